/**
 * Fluent translations from locales/*.ftl. The user's language comes from the users table, else from
 * Telegram's language_code, else English.
 */
import { fileURLToPath } from "node:url";
import { I18n } from "@grammyjs/i18n";
import type { Context } from "grammy";
import type { UsersRepo } from "../storage/types.js";

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
      const id = ctx.from?.id;
      const stored = id === undefined ? undefined : (await users.get(id))?.language;
      return pickLocale(stored ?? ctx.from?.language_code);
    },
  });
  i18n.loadLocalesDirSync(LOCALES_DIR);
  memoizeBundleMatching(i18n);
  return i18n;
}

/**
 * @grammyjs/i18n negotiates the bundles for every single translation (building Intl.Locale objects),
 * which cost more than the translation itself. The bundles never change once loaded, so each locale
 * list is matched once. (Relies on Fluent.matchBundles of @grammyjs/i18n 1.1, pinned in package.json.)
 */
function memoizeBundleMatching(i18n: I18n<never>): void {
  const fluent = i18n.fluent as unknown as { matchBundles?: (locales: string[]) => unknown };
  const match = fluent.matchBundles?.bind(fluent);
  if (!match) return;
  const matched = new Map<string, unknown>();
  fluent.matchBundles = (locales) => {
    const key = locales.join(",");
    let bundles = matched.get(key);
    if (bundles === undefined) {
      bundles = match(locales);
      // Locales come from pickLocale, so this stays tiny; the cap guards against any other caller.
      if (matched.size < 64) matched.set(key, bundles);
    }
    return bundles;
  };
}
