/**
 * Fluent translations from locales/*.ftl. The user's language comes from the users table, else from
 * Telegram's language_code, else English.
 */
import { fileURLToPath } from "node:url";
import { I18n } from "@grammyjs/i18n";
import type { Context } from "grammy";
import type { Translate } from "../domain/translate.js";
import type { UsersRepo } from "../storage/types.js";
import { userOnArrival } from "./shared/user-on-arrival.js";

export const LOCALES_DIR = fileURLToPath(new URL("../../locales", import.meta.url));
export const SUPPORTED_LOCALES = ["en", "ru"] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

export function pickLocale(code: string | undefined | null): Locale {
  const base = (code ?? "").toLowerCase().split("-")[0];
  return (SUPPORTED_LOCALES as readonly string[]).includes(base ?? "") ? (base as Locale) : DEFAULT_LOCALE;
}

/** One I18n instance for the bot and its conversations. */
export function createI18n<C extends Context>(users: UsersRepo): I18n<C> {
  const i18n = new I18n<C>({
    defaultLocale: DEFAULT_LOCALE,
    fluentBundleOptions: { useIsolating: false },
    localeNegotiator: async (ctx) => {
      const stored = (await userOnArrival(users, ctx))?.language;
      return pickLocale(stored ?? ctx.from?.language_code);
    },
  });
  i18n.loadLocalesDirSync(LOCALES_DIR);
  return i18n;
}

/** The bot's translations. */
export type BotI18n = I18n<Context>;

/**
 * A translate function in a user's language, for messages sent outside an update; `fallback` (e.g.
 * the language Telegram reported when the user last wrote) applies when the user chose none.
 */
export type TranslatorFor = (telegramId: number, fallback?: string) => Promise<Translate>;

export function translatorsFor(i18n: BotI18n, users: UsersRepo): TranslatorFor {
  return async (telegramId, fallback) => {
    const user = telegramId ? await users.get(telegramId) : undefined;
    const locale = pickLocale(user?.language ?? fallback);
    return (key, vars) => i18n.t(locale, key, vars);
  };
}
