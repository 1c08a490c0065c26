/**
 * The main menu's buttons (`menu:<button>`): each is answered by the feature that declared the button
 * (entries.ts), so the router keys on the whole data, not on the `menu` prefix.
 */
import { callbackData, text } from "../telegram/callback-data.js";

export const MENU = callbackData("menu", { button: text("[a-z_]", 20) });

/** The data of a main-menu button. */
export const menu = (button: string): string => MENU.build({ button });
