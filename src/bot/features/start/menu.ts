/** The language buttons. */
import { InlineKeyboard } from "grammy";
import type { Language } from "../../i18n.js";
import { START_DATA } from "./callback-data.js";

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
