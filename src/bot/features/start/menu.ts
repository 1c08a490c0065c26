import { InlineKeyboard } from "grammy";
import type { Translate } from "../../../domain/translate.js";
import type { Language } from "../../i18n.js";
import { START_DATA } from "./callback-data.js";
import { menu } from "../../menu-data.js";
import { MARKET_DATA } from "../market/callback-data.js";

/** The main menu: one button per feature; each feature answers its own `menu:<name>` press. */
export function mainMenu(t: Translate): InlineKeyboard {
  return new InlineKeyboard()
    .text(t("menu-balances"), menu("balances"))
    .text(t("menu-history"), menu("history"))
    .text(t("menu-cheques"), menu("cheques"))
    .row()
    .text(t("menu-send"), menu("send"))
    .text(t("menu-receive"), menu("receive"))
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

/** Language buttons on one row, at most this many (their names stay readable on a phone). */
const LANGUAGES_PER_ROW = 3;

/**
 * A button per language of locales/, each named in itself, `chosen` marked ✓; the welcome's own
 * buttons redraw the welcome in place.
 */
export function languageKeyboard(languages: readonly Language[], onWelcome = false, chosen?: string): InlineKeyboard {
  const codec = onWelcome ? START_DATA.welcomeLanguage : START_DATA.language;
  const keyboard = new InlineKeyboard();
  languages.forEach(({ code, name }, i) => {
    if (i > 0 && i % LANGUAGES_PER_ROW === 0) keyboard.row();
    keyboard.text(code === chosen ? `✓ ${name}` : name, codec.build({ locale: code }));
  });
  return keyboard;
}
