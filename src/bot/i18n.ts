/**
 * Fluent translations from locales/<code>/*.ftl. Every folder of locales/ is a language, which names
 * itself in its own `language-name` message; the person's language is their stored choice, else the
 * one Telegram reports, else English (docs/decisions/049-languages-are-folders.md).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { I18n, type I18nFlavor } from "@grammyjs/i18n";
import type { Context, MiddlewareFn } from "grammy";
import { DEFAULT_FORMAT_LOCALE, formattingFor, switchFormatLocale, withFormatTag } from "../domain/format-locale.js";
import type { Translate } from "../domain/translate.js";
import type { PeopleRepo } from "../storage/people.js";
import type { UsersRepo } from "../storage/types.js";
import { userOnArrival } from "./shared/user-on-arrival.js";

export const LOCALES_DIR = fileURLToPath(new URL("../../locales", import.meta.url));
/** The language of a person whose language the bot does not speak, and of a message a locale lacks. */
export const DEFAULT_LOCALE = "en";
/** The message in which each locale writes its own name ("Українська"). */
export const LANGUAGE_NAME_KEY = "language-name";
/** The message in which each locale names how it writes numbers and dates (an Intl tag: "en-GB"). */
const LANGUAGE_FORMAT_KEY = "language-format";

/** What a language folder may be called: a language tag short enough for a button's data. */
const LANGUAGE_TAG = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})?$/;

/** The bot's translations. */
export type BotI18n = I18n<Context>;

/**
 * One I18n over the folders of `dir` (locales/ by default): each folder is a language, its .ftl files
 * one bundle. A folder without a `language-name` of its own, or no folder for the default language,
 * stops the start.
 */
export function createI18n<C extends Context>(dir = LOCALES_DIR): I18n<C> {
  const i18n = new I18n<C>({ defaultLocale: DEFAULT_LOCALE, fluentBundleOptions: { useIsolating: false } });
  const folders = readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
  for (const code of folders) {
    if (!LANGUAGE_TAG.test(code)) throw new Error(`${join(dir, code)}: a language folder is named by its tag ("uk", "pt-br")`);
    const files = readdirSync(join(dir, code)).filter((f) => f.endsWith(".ftl")).sort();
    const source = files.map((f) => readFileSync(join(dir, code, f), "utf8")).join("\n");
    if (!new RegExp(`^${LANGUAGE_NAME_KEY}\\s*=`, "m").test(source))
      throw new Error(`${join(dir, code)} does not name its language (a "${LANGUAGE_NAME_KEY} = …" message)`);
    i18n.loadLocaleSync(code, { source });
  }
  if (!i18n.locales.includes(DEFAULT_LOCALE)) throw new Error(`${dir} has no folder for the default language "${DEFAULT_LOCALE}"`);
  return i18n;
}

/** A language the bot speaks: its code (the folder's name) and its name as it writes it. */
export interface Language {
  code: string;
  name: string;
  /** How it writes numbers and dates (its folder's code when it names none). */
  format: string;
}

/**
 * The languages the bot speaks, read from its translations: the default first, then the others in
 * the order of their codes. Everything that lists, offers or checks a language asks this.
 */
export class Languages {
  readonly codes: readonly string[];
  readonly list: readonly Language[];
  readonly #known: Set<string>;

  constructor(readonly i18n: BotI18n) {
    this.codes = [DEFAULT_LOCALE, ...i18n.locales.filter((c) => c !== DEFAULT_LOCALE).sort()];
    this.#known = new Set(this.codes.map((c) => c.toLowerCase()));
    this.list = this.codes.map((code) => ({ code, name: i18n.t(code, LANGUAGE_NAME_KEY), format: formatTagOf(i18n, code) }));
  }

  /** The Intl tag the language `code` (one of `codes`) writes numbers and dates with. */
  formatOf(code: string): string {
    return this.list.find((l) => l.code === code)?.format ?? DEFAULT_FORMAT_LOCALE;
  }

  /** Whether `code` is exactly one of the languages (as a button or a stored choice names it). */
  has(code: string): boolean {
    return this.codes.includes(code);
  }

  /**
   * The language for a stored choice or a Telegram language_code: the tag itself ("pt-br") when a
   * folder has that name, else its language ("pt"), else the default.
   */
  pick(code: string | undefined | null): string {
    const tag = (code ?? "").toLowerCase().replace(/_/g, "-");
    for (const candidate of [tag, tag.split("-")[0] ?? ""])
      if (this.#known.has(candidate)) return this.codes.find((c) => c.toLowerCase() === candidate)!;
    return DEFAULT_LOCALE;
  }

  /** One message in every language, the default's first (words the bot reads whoever types them). */
  inEvery(key: string): string[] {
    return this.codes.map((code) => this.i18n.t(code, key));
  }
}
/** The locale's own "language-format" when it is a tag Intl knows, else its folder's code. */
function formatTagOf(i18n: BotI18n, code: string): string {
  const named = i18n.t(code, LANGUAGE_FORMAT_KEY).trim();
  for (const tag of [named, code]) {
    try {
      if (Intl.NumberFormat.supportedLocalesOf([tag]).length > 0) return tag;
    } catch {
      // Not a well-formed tag (a missing message reads as its key): try the next.
    }
  }
  return DEFAULT_FORMAT_LOCALE;
}

/**
 * A translate function in a user's language, for messages sent outside an update; `fallback` (e.g.
 * the language Telegram reported when the user last wrote) applies when the user chose none.
 */
export type TranslatorFor = (telegramId: number, fallback?: string) => Promise<Translate>;

export function translatorsFor(languages: Languages, users: UsersRepo, people?: PeopleRepo): TranslatorFor {
  return async (telegramId, fallback) => {
    const user = telegramId ? await users.get(telegramId) : undefined;
    // Not chosen in /language: the language their Telegram app last said it uses, as in a reply.
    const seen = user?.language || fallback || !telegramId ? undefined : await people?.languageOf(telegramId);
    const locale = languages.pick(user?.language ?? fallback ?? seen);
    const t: Translate = (key, vars) => languages.i18n.t(locale, key, vars);
    return withFormatTag(t, languages.formatOf(locale));
  };
}

/** Most messages have no variables (every button of a menu): each is formatted once per locale. */
const MAX_PLAIN_MESSAGES = 10_000;

/**
 * `ctx.t` in the update's language, through the public `I18n.t`: the locale is negotiated once per
 * update (the user's stored choice, else Telegram's language_code, else English), and a message
 * without variables is formatted once per locale and kept (decision 018).
 */
export function translations(languages: Languages, users: UsersRepo): MiddlewareFn<Context & I18nFlavor> {
  const { i18n } = languages;
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
        // Keys come from the code and locales from `languages.pick`: bounded; the cap guards any other caller.
        if (kept++ < MAX_PLAIN_MESSAGES) texts.set(key, text);
      }
      return text;
    };
    translatorFor.set(locale, withFormatTag(t, languages.formatOf(locale)));
    return t;
  };
  return async (ctx, next) => {
    const negotiate = async () => languages.pick((await userOnArrival(users, ctx))?.language ?? ctx.from?.language_code);
    let locale: string = await negotiate();
    const use = (next: string) => {
      locale = languages.pick(next);
      ctx.t = ctx.translate = translatorOf(locale) as I18nFlavor["t"];
      // A language picked mid-update: the rest of its replies write figures its way.
      switchFormatLocale(languages.formatOf(locale));
    };
    use(locale);
    ctx.i18n = {
      fluent: i18n.fluent,
      getLocale: async () => locale,
      setLocale: async (l) => use(l),
      useLocale: use,
      renegotiateLocale: async () => use(await negotiate()),
    };
    // Every figure the update's replies show is written as the person's language writes it.
    await formattingFor(languages.formatOf(locale), next);
  };
}

function hasOwnKeys(object: object): boolean {
  for (const key in object) if (Object.hasOwn(object, key)) return true;
  return false;
}
