import { InlineKeyboard } from "grammy";
import type { Translate } from "../../../domain/translate.js";

/** The main menu: one button per feature; each feature answers its own `menu:<name>` press. */
export function mainMenu(t: Translate): InlineKeyboard {
  return new InlineKeyboard()
    .text(t("menu-balances"), "menu:balances")
    .text(t("menu-cheques"), "menu:cheques")
    .row()
    .text(t("menu-send"), "menu:send")
    .text(t("menu-invoices"), "menu:invoices")
    .row()
    .text(t("menu-withdraw"), "menu:withdraw")
    .text(t("menu-orders"), "menu:orders")
    .row()
    .text(t("menu-trade"), "menu:trade")
    .text(t("menu-rates"), "menu:rates")
    .text(t("menu-settings"), "menu:settings")
    .row()
    .text(t("menu-market"), "mkt:syms:1:");
}

/** Each language named in itself; `suffix` ":w" marks the welcome's buttons (it is redrawn in place). */
export function languageKeyboard(suffix: "" | ":w" = ""): InlineKeyboard {
  return new InlineKeyboard().text("English", `lang:en${suffix}`).text("Русский", `lang:ru${suffix}`);
}
