/**
 * The main menu's buttons (`menu:<button>`): each is answered by the feature whose manifest names
 * the button, so the router keys on the whole data, not on the `menu` prefix.
 */
import { callbackData, oneOf } from "../telegram/callback-data.js";

export const MENU_BUTTONS = [
  "main",
  "language",
  "balances",
  "cheques",
  "send",
  "receive",
  "history",
  "invoices",
  "withdraw",
  "orders",
  "trade",
  "swap",
  "rates",
  "settings",
  "mass",
] as const;
export type MenuButton = (typeof MENU_BUTTONS)[number];

export const MENU = callbackData("menu", { button: oneOf(MENU_BUTTONS) });

/** The data of a main-menu button. */
export const menu = (button: MenuButton): string => MENU.build({ button });
