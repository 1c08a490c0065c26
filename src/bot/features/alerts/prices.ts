/**
 * The arithmetic and reading of alerts, without Telegram: the one-line form of /alert, the price
 * buttons at ±1 / 5 / 10 % of the current price rounded to the pair's price step, and the check of a
 * typed price against that step. Prices stay decimal strings throughout.
 */
import { type AmountError, ceilToStep, floorToStep, money, parseAmount } from "../../../domain/money.js";
import type { AlertDirection } from "../../../notifications/alerts.js";

/** The distances from the current price offered as buttons, in percent. */
export const PRICE_STEPS_PERCENT = ["1", "5", "10"] as const;

export interface PriceChoice {
  /** "1", "5" or "10". */
  percent: string;
  /** On the pair's price step, strictly on the alert's side of the current price. */
  price: string;
}

/**
 * Prices 1, 5 and 10 % above the current one for an "above" alert (rounded up to the step), or below
 * it for a "below" alert (rounded down): so each is really that far away or farther, never on the
 * wrong side. A price that rounds to one already offered, or to zero, is left out.
 */
export function priceChoices(last: string, direction: AlertDirection, step: string): PriceChoice[] {
  const choices: PriceChoice[] = [];
  if (!money.isPositive(last) || !money.isPositive(step)) return choices;
  for (const percent of PRICE_STEPS_PERCENT) {
    const factor = direction === "above" ? money.add("1", money.div(percent, "100", 4)) : money.sub("1", money.div(percent, "100", 4));
    const exact = money.mul(last, factor);
    const price = direction === "above" ? ceilToStep(exact, step) : floorToStep(exact, step);
    const rightSide = direction === "above" ? money.gt(price, last) : money.lt(price, last);
    if (!rightSide || !money.isPositive(price) || choices.some((c) => money.eq(c.price, price))) continue;
    choices.push({ percent, price: money.normalise(price) });
  }
  return choices;
}

/** A typed price checked against the pair's price step (its decimal places). */
export function readPrice(
  text: string,
  step: string,
): { ok: true; price: string } | { ok: false; error: AmountError; decimals: number } {
  const decimals = money.decimalPlaces(step);
  const parsed = parseAmount(text, { decimals });
  return parsed.ok ? { ok: true, price: parsed.amount } : { ok: false, error: parsed.error, decimals };
}

/** What `/alert <pair> above|below <price> [every]` says, before the pair and price are checked. */
export interface AlertArgs {
  pair: string;
  direction: AlertDirection;
  price: string;
  repeat: boolean;
}

/**
 * The words that give an alert's direction and ask for every crossing, in lower case: those of every
 * language the bot speaks (the locales' `alerts-words-*`), so a person may type them in any of them.
 */
export interface AlertWords {
  above: readonly string[];
  below: readonly string[];
  every: readonly string[];
}

/**
 * The alert words from the locales' `alerts-words-above`, `-below` and `-every` messages (each a list
 * separated by spaces) in every language, plus the signs `>` and `<`. A word with two meanings (in
 * two languages, say) stops the start.
 */
export function alertWords(inEveryLanguage: (key: string) => string[]): AlertWords {
  const list = (key: string) => [
    ...new Set(inEveryLanguage(key).flatMap((text) => text.toLowerCase().split(/\s+/u).filter((w) => w !== ""))),
  ];
  const words = { above: [">", ...list("alerts-words-above")], below: ["<", ...list("alerts-words-below")], every: list("alerts-words-every") };
  const all = [...words.above, ...words.below, ...words.every];
  const twice = all.filter((w, i) => all.indexOf(w) !== i);
  if (twice.length > 0) throw new Error(`alert words with two meanings: ${twice.join(", ")}`);
  return words;
}

/** Which direction a typed word names, if any. */
export function directionOf(word: string, words: AlertWords): AlertDirection | undefined {
  const typed = word.trim().toLowerCase();
  if (words.above.includes(typed)) return "above";
  if (words.below.includes(typed)) return "below";
  return undefined;
}

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const anyOf = (words: readonly string[]) => words.map(escape).join("|");

/** A reader of the one-line form; it returns undefined when the text is not that form (the usage is shown then). */
export function alertArgsReader(words: AlertWords): (text: string) => AlertArgs | undefined {
  const args = new RegExp(`^(.+?)\\s+(${anyOf([...words.above, ...words.below])})\\s+(.+?)(?:\\s+(${anyOf(words.every)}))?$`, "iu");
  return (text) => {
    const m = args.exec(text.trim());
    if (!m) return undefined;
    const [, pair = "", word = "", price = "", every] = m;
    return { pair: pair.trim(), direction: directionOf(word, words) === "above" ? "above" : "below", price: price.trim(), repeat: every !== undefined };
  };
}
