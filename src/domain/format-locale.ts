/**
 * The locale people's numbers and dates are written in, for the text being made now: set where an
 * update is handled (the person's language) and where a message is written outside one (a notice, a
 * report: its reader's), and read by the formatters in money.ts and time-zones.ts, so every figure
 * in a message follows its reader's language without each call naming it. Outside any (logs, CSV,
 * tests) it is English.
 */
import { AsyncLocalStorage } from "node:async_hooks";

/** The BCP 47 tag figures are formatted with when no reader is known: English as locales/en writes it. */
export const DEFAULT_FORMAT_LOCALE = "en-GB";

/** Mutable: a person who picks another language mid-update gets the rest of it in that one. */
interface Holder {
  tag: string;
}
const current = new AsyncLocalStorage<Holder>();

/** Runs `fn` (and everything it awaits) formatting figures for `tag`; returns what `fn` returns. */
export function formattingFor<T>(tag: string, fn: () => T): T {
  return current.run({ tag }, fn);
}

/** Switches the figures of the text being made now (inside formattingFor) to `tag`. */
export function switchFormatLocale(tag: string): void {
  const holder = current.getStore();
  if (holder) holder.tag = tag;
}

/** The tag figures are formatted with now. */
export function formatLocale(): string {
  return current.getStore()?.tag ?? DEFAULT_FORMAT_LOCALE;
}

/** One formatter (or what one resolved) per locale and options: building one is costly, using it is not. */
export function cachedFormat<F>(cache: Map<string, F>, key: string, make: (key: string) => F): F {
  if (!cache.has(key)) cache.set(key, make(key));
  return cache.get(key)!;
}

/** The tag each translator's reader formats figures with (set where the translator is made). */
const tagOfTranslator = new WeakMap<object, string>();

/** Records that `t`'s reader formats figures with `tag`; returns `t`. */
export function withFormatTag<T extends object>(t: T, tag: string): T {
  tagOfTranslator.set(t, tag);
  return t;
}

/** Runs `fn` formatting figures as the reader of `t` writes them (English for a translator without a tag). */
export function formattingAs<R>(t: object, fn: () => R): R {
  return formattingFor(tagOfTranslator.get(t) ?? DEFAULT_FORMAT_LOCALE, fn);
}
