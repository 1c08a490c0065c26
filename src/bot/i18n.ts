/**
 * Fluent translations from locales/*.ftl. The user's language comes from the users table, else from
 * Telegram's language_code, else English.
 */
import { fileURLToPath } from "node:url";
import { I18n, type I18nFlavor } from "@grammyjs/i18n";
import type { Context, MiddlewareFn } from "grammy";
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

/** One I18n instance for the bot and its conversations (the locale is chosen by `translations`). */
export function createI18n<C extends Context>(): I18n<C> {
  const i18n = new I18n<C>({ defaultLocale: DEFAULT_LOCALE, fluentBundleOptions: { useIsolating: false } });
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

/** Most messages have no variables (every button of a menu): each is formatted once per locale. */
const MAX_PLAIN_MESSAGES = 10_000;

/**
 * `ctx.t` in the update's language, through the public `I18n.t`: the locale is negotiated once per
 * update (the user's stored choice, else Telegram's language_code, else English), and a message
 * without variables is formatted once per locale and kept (decision 018).
 */
export function translations(i18n: BotI18n, users: UsersRepo): MiddlewareFn<Context & I18nFlavor> {
  const plain = new Map<string, Map<string, string>>();
  let kept = 0;
  const translatorFor = new Map<string, Translate>();
  const translatorOf = (locale: string): Translate => {
    let t = translatorFor.get(locale);
    if (t !== undefined) return t;
    const texts = new Map<string, string>();
    plain.set(locale, texts);
    t = (key, vars) => {
      if (vars !== undefined && hasOwnKeys(vars)) return i18n.t(locale, key, vars);
      let text = texts.get(key);
      if (text === undefined) {
        text = i18n.t(locale, key);
        // Keys come from the code and locales from pickLocale: bounded; the cap guards any other caller.
        if (kept++ < MAX_PLAIN_MESSAGES) texts.set(key, text);
      }
      return text;
    };
    translatorFor.set(locale, t);
    return t;
  };
  return async (ctx, next) => {
    const negotiate = async () => pickLocale((await userOnArrival(users, ctx))?.language ?? ctx.from?.language_code);
    let locale: string = await negotiate();
    const use = (next: string) => {
      locale = pickLocale(next);
      ctx.t = ctx.translate = translatorOf(locale) as I18nFlavor["t"];
    };
    use(locale);
    ctx.i18n = {
      fluent: i18n.fluent,
      getLocale: async () => locale,
      setLocale: async (l) => use(l),
      useLocale: use,
      renegotiateLocale: async () => use(await negotiate()),
    };
    await next();
  };
}

function hasOwnKeys(object: object): boolean {
  for (const key in object) if (Object.hasOwn(object, key)) return true;
  return false;
}
