/**
 * An amount typed in a fiat currency ("$10", "10 usd", "10 ₽", "€ 2,50"): the currency and the number
 * as typed, before any asset's rules. The number is read as every amount is (readAmountInput), so a
 * comma, grouping and what is ambiguous are handled the same way.
 */
import { readAmountInput } from "./money.js";

/** Symbols people type for the fiat currencies the service values in (and a few more it may add). */
const SYMBOLS: Readonly<Record<string, string>> = {
  // British English writes the dollar "US$" (formatFiat), so what is shown can be typed back.
  US$: "USD",
  $: "USD",
  "€": "EUR",
  "₽": "RUB",
  "£": "GBP",
  "₴": "UAH",
  "₸": "KZT",
};
/** A currency code or symbol before or after the number, with or without a space. */
const SHAPE = /^\s*(?:([A-Za-z]{3}|US\$|[$€₽£₴₸])\s*([0-9][0-9 .,'\u00a0\u202f]*)|([0-9][0-9 .,'\u00a0\u202f]*?)\s*([A-Za-z]{3}|US\$|[$€₽£₴₸]))\s*$/iu;

/** The fiat codes a typed amount may name; only the person's own can be converted (its rate is read). */
export const FIAT_CODES: readonly string[] = [...new Set(Object.values(SYMBOLS)), "CNY", "INR", "TRY", "BRL"];

export type FiatInput =
  | { ok: true; fiat: string; amount: string }
  | { ok: false; error: "not_fiat" | "unknown_fiat" | "not_a_number" };

/**
 * Reads `text` as a fiat amount in one of `fiats` (upper-case codes). "not_fiat": no currency marks it
 * (a plain number is the asset's own amount); "unknown_fiat": a currency the bot cannot convert from.
 */
export function readFiatInput(text: string, fiats: readonly string[]): FiatInput {
  const m = SHAPE.exec(text);
  if (!m) return { ok: false, error: "not_fiat" };
  const mark = (m[1] ?? m[4])!;
  const number = (m[2] ?? m[3])!.trim();
  const fiat = SYMBOLS[mark.toUpperCase()] ?? mark.toUpperCase();
  // Three letters that are no fiat of ours may be an asset ("10 TON"): not a fiat amount at all.
  if (!fiats.includes(fiat)) return { ok: false, error: SYMBOLS[mark.toUpperCase()] ? "unknown_fiat" : "not_fiat" };
  const read = readAmountInput(number);
  if (!read.ok) return { ok: false, error: "not_a_number" };
  return { ok: true, fiat, amount: read.amount };
}
