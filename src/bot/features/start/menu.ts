import { InlineKeyboard } from "grammy";
import type { Translate } from "../../../domain/translate.js";
import { START_DATA } from "./callback-data.js";
import { menu } from "../../menu-data.js";
import { MARKET_DATA } from "../market/callback-data.js";

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
    .text(t("menu-swap"), menu("swap"))
    .text(t("menu-market"), MARKET_DATA.symbols.build({ page: 1, query: "" }));
}

/**
 * Each language named in itself, `chosen` marked ✓; the welcome's own buttons redraw the welcome in
 * place.
 */
export function languageKeyboard(onWelcome = false, chosen?: string): InlineKeyboard {
  const codec = onWelcome ? START_DATA.welcomeLanguage : START_DATA.language;
  const label = (locale: string, name: string) => (locale === chosen ? `✓ ${name}` : name);
  return new InlineKeyboard()
    .text(label("en", "English"), codec.build({ locale: "en" }))
    .text(label("ru", "Русский"), codec.build({ locale: "ru" }));
}
