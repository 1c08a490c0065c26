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

const ARGS =
  /^(.+?)\s+(above|below|выше|ниже|>|<)\s+(.+?)(?:\s+(every|always|каждый|всегда))?$/iu;

/** Reads the one-line form; undefined when it is not that form (the usage is shown then). */
export function readAlertArgs(text: string): AlertArgs | undefined {
  const m = ARGS.exec(text.trim());
  if (!m) return undefined;
  const [, pair = "", word = "", price = "", every] = m;
  return {
    pair: pair.trim(),
    direction: /^(above|выше|>)$/iu.test(word) ? "above" : "below",
    price: price.trim(),
    repeat: every !== undefined,
  };
}
