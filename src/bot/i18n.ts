/**
 * Fluent translations from locales/*.ftl. The user's language comes from the users table, else from
 * Telegram's language_code, else English.
 */
import { fileURLToPath } from "node:url";
import { I18n } from "@grammyjs/i18n";
import type { Context } from "grammy";
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
  memoizeBundleMatching(i18n);
  memoizePlainMessages(i18n);
  return i18n;
}

/**
 * A message without variables formats to the same text every time, and most of what the bot shows
 * are such texts (every button of a menu): each is formatted once per locale. Messages with
 * variables are formatted every time. (Relies on Fluent.translate of @grammyjs/i18n 1.1.)
 */
function memoizePlainMessages(i18n: I18n<never>): void {
  type Translate = (locales: string | string[], path: string, context?: Record<string, unknown>) => string;
  const fluent = i18n.fluent as unknown as { translate?: Translate };
  const translate = fluent.translate?.bind(fluent);
  if (!translate) return;
  // Per locale, then per message id: both are short strings kept by the code, so no key is built.
  const plain = new Map<string, Map<string, string>>();
  let size = 0;
  fluent.translate = (locales, path, context) => {
    if (typeof locales !== "string" || (context !== undefined && hasOwnKeys(context))) {
      return translate(locales, path, context);
    }
    let texts = plain.get(locales);
    let text = texts?.get(path);
    if (text === undefined) {
      text = translate(locales, path, context);
      // Keys come from the code and locales from pickLocale: bounded; the cap guards any other caller.
      if (size < 10_000) {
        if (!texts) plain.set(locales, (texts = new Map()));
        texts.set(path, text);
        size++;
      }
    }
    return text;
  };
}

function hasOwnKeys(object: object): boolean {
  for (const key in object) if (Object.hasOwn(object, key)) return true;
  return false;
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
