/**
 * Money as decimal strings. Every amount the bot reads, shows or sends passes through here; arithmetic
 * uses decimal.js and results are written with `toFixed()` so that no exponent notation appears.
 */
import { Decimal } from "decimal.js";

/** Enough precision for any asset amount; exponent notation is never produced by `toFixed()`. */
const D = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_DOWN, toExpNeg: -100, toExpPos: 100 });
type Dec = InstanceType<typeof D>;

export type AmountError =
  | "not_a_number"
  | "ambiguous"
  | "not_positive"
  | "too_many_decimals"
  | "below_minimum"
  | "above_maximum";

const USER_AMOUNT = /^(?:0|[1-9][0-9]*)(?:\.[0-9]+)?$/;

/** "1,000" could be one thousand or one: such input is refused rather than guessed ("0,001" and "1,5" are clear). */
export function isAmbiguousAmount(text: string): boolean {
  return /^\s*[1-9][0-9]*,[0-9]{3}\s*$/.test(text);
}

/** Normalises what a person typed ("1,5", " 10 ", "0.50") into a plain decimal string, or null. */
export function normaliseAmountInput(text: string): string | null {
  if (isAmbiguousAmount(text)) return null;
  const compact = text
    .trim()
    .replace(/[\s_']/g, "")
    .replace(",", ".");
  const withLeadingZero = compact.startsWith(".") ? `0${compact}` : compact;
  const stripped = withLeadingZero.replace(/^0+(?=\d)/, "");
  if (!USER_AMOUNT.test(stripped)) return null;
  return new D(stripped).toFixed();
}

/** Decimal places accepted when the service does not say (the most any asset here has). */
export const MAX_DECIMALS = 18;

export interface AmountRules {
  /** Largest number of decimal places. */
  decimals: number;
  /** Smallest amount accepted (inclusive). */
  min?: string;
  /** Largest amount accepted (inclusive). */
  max?: string;
}

/** Validates a typed amount against an asset's rules: a plain decimal string, or the reason it is refused. */
export function parseAmount(
  text: string,
  rules: AmountRules,
): { ok: true; amount: string } | { ok: false; error: AmountError } {
  if (isAmbiguousAmount(text)) return { ok: false, error: "ambiguous" };
  const amount = normaliseAmountInput(text);
  if (amount === null) return { ok: false, error: "not_a_number" };
  const value = new D(amount);
  if (value.lte(0)) return { ok: false, error: "not_positive" };
  if (value.decimalPlaces() > rules.decimals) return { ok: false, error: "too_many_decimals" };
  if (rules.min !== undefined && value.lt(rules.min)) return { ok: false, error: "below_minimum" };
  if (rules.max !== undefined && value.gt(rules.max)) return { ok: false, error: "above_maximum" };
  return { ok: true, amount };
}

export const money = {
  add: (a: string, b: string): string => new D(a).plus(b).toFixed(),
  sub: (a: string, b: string): string => new D(a).minus(b).toFixed(),
  mul: (a: string, b: string): string => new D(a).times(b).toFixed(),
  /** Division rounded down (towards minus infinity) to `decimals` places. */
  div: (a: string, b: string, decimals: number): string =>
    new D(a).div(b).toDecimalPlaces(decimals, D.ROUND_FLOOR).toFixed(),
  sum: (values: Iterable<string>): string => {
    let total: Dec = new D(0);
    for (const v of values) total = total.plus(v);
    return total.toFixed();
  },
  cmp: (a: string, b: string): -1 | 0 | 1 => new D(a).cmp(b) as -1 | 0 | 1,
  eq: (a: string, b: string): boolean => new D(a).eq(b),
  gt: (a: string, b: string): boolean => new D(a).gt(b),
  gte: (a: string, b: string): boolean => new D(a).gte(b),
  lt: (a: string, b: string): boolean => new D(a).lt(b),
  lte: (a: string, b: string): boolean => new D(a).lte(b),
  isZero: (a: string): boolean => new D(a).isZero(),
  isPositive: (a: string): boolean => new D(a).gt(0),
  max: (a: string, b: string): string => (new D(a).gte(b) ? a : b),
  min: (a: string, b: string): string => (new D(a).lte(b) ? a : b),
  decimalPlaces: (a: string): number => new D(a).decimalPlaces(),
  /** Rounds down to `decimals` places (never up, negative values included: "-1.5" → "-2"). */
  floor: (a: string, decimals: number): string => new D(a).toDecimalPlaces(decimals, D.ROUND_FLOOR).toFixed(),
  /** Whether `a` is a whole multiple of `step`. */
  isMultipleOf: (a: string, step: string): boolean => new D(a).mod(step).isZero(),
  /** Exactly `decimals` places, rounded half to even ("0.1" → "0.10"): for percentages, never amounts. */
  fixed: (a: string, decimals: number): string => new D(a).toFixed(decimals, D.ROUND_HALF_EVEN),
  /** Canonical plain form: no exponent, no trailing zeros ("1.50" → "1.5"). */
  normalise: (a: string): string => new D(a).toFixed(),
};

/** The one place an amount is formatted for people: grouped thousands, no exponent, asset code after. */
export function formatAmount(amount: string, asset?: string): string {
  const plain = new D(amount).toFixed();
  const [int = "0", frac] = plain.replace(/^-/, "").split(".");
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, "\u00a0");
  const sign = plain.startsWith("-") ? "-" : "";
  const text = `${sign}${grouped}${frac ? `.${frac}` : ""}`;
  return asset ? `${text} ${asset}` : text;
}

/**
 * An amount a service reply may leave out (real replies guarantee little beyond the id): "—" when
 * absent, without its asset when that is absent.
 */
export function formatOptionalAmount(amount: string | null | undefined, asset: string | null | undefined): string {
  if (amount === null || amount === undefined) return "—";
  return formatAmount(amount, asset ?? undefined);
}
