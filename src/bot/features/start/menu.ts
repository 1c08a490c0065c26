import { InlineKeyboard } from "grammy";
import type { Translate } from "../../../domain/translate.js";
import { START_DATA } from "./callback-data.js";
import { menu } from "../../menu-data.js";

/** The main menu: one button per feature; each feature answers its own `menu:<name>` press. */
export function mainMenu(t: Translate): InlineKeyboard {
  return new InlineKeyboard()
    .text(t("menu-balances"), menu("balances"))
    .text(t("menu-cheques"), menu("cheques"))
    .row()
    .text(t("menu-send"), menu("send"))
    .text(t("menu-invoices"), menu("invoices"))
    .row()
    .text(t("menu-withdraw"), menu("withdraw"))
    .text(t("menu-orders"), menu("orders"))
    .row()
    .text(t("menu-trade"), menu("trade"))
    .text(t("menu-rates"), menu("rates"))
    .text(t("menu-settings"), menu("settings"))
    .row()
    .text(t("menu-market"), "mkt:syms:1:");
}

export function languageKeyboard(): InlineKeyboard {
  return new InlineKeyboard().text("English", START_DATA.language.build({ locale: "en" })).text("Русский", START_DATA.language.build({ locale: "ru" }));
}
