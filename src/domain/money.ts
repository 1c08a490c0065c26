/**
 * Money as decimal strings. Every amount the bot reads, shows or sends passes through here; arithmetic
 * uses decimal.js and results are written with `toFixed()` so that no exponent notation appears.
 */
import { cachedFormat, formatLocale } from "./format-locale.js";
import { Decimal } from "decimal.js";

/** Enough precision for any asset amount; exponent notation is never produced by `toFixed()`. */
const D = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_DOWN, toExpNeg: -100, toExpPos: 100 });
type Dec = InstanceType<typeof D>;

export type AmountError =
  | "not_a_number"
  | "ambiguous"
  | "misplaced_separator"
  | "invisible_character"
  | "not_positive"
  | "too_many_decimals"
  | "below_minimum"
  | "above_maximum";

const USER_AMOUNT = /^(?:0|[1-9][0-9]*)(?:\.[0-9]+)?$/;
/**
 * Characters that show nothing: format characters (U+FEFF, zero-width spaces and joiners, direction
 * marks, the soft hyphen) and controls other than line breaks and tabs. An amount holding one is
 * refused rather than read without it.
 */
const INVISIBLE = /\p{Cf}|(?![\t\n\r])\p{Cc}/u;
/** Thousands separators people type: spaces (plain, no-break, thin, narrow no-break), apostrophes, underscore. */
const GROUP_CHARS = " \u00a0\u2009\u202f'’_";
const GROUP_CHAR = new RegExp(`[${GROUP_CHARS}]`);
const GROUP_CHAR_ALL = new RegExp(`[${GROUP_CHARS}]`, "g");
/** Whole thousands groups with one separator throughout: 1 000, 12'345'678. */
const GROUPED = new RegExp(`^[0-9]{1,3}([${GROUP_CHARS}])[0-9]{3}(?:\\1[0-9]{3})*$`);
/** English grouping, as the bot writes amounts in English: 1,234.5 and 1,234,567 (one group alone is ambiguous). */
const COMMA_GROUPED = /^[1-9][0-9]{0,2}(?:,[0-9]{3})+(?:\.[0-9]+)?$/;
/** Digits and separators only: a number whose separators stand where no thousands group ends. */
const DIGITS_AND_SEPARATORS = new RegExp(`^[0-9${GROUP_CHARS}]+$`);

/** Why typed text is not an amount at all (before any rule of the asset is applied). */
export type AmountReadError = Extract<
  AmountError,
  "not_a_number" | "ambiguous" | "misplaced_separator" | "invisible_character"
>;

/** "1,000" could be one thousand or one: such input is refused rather than guessed ("0,001" and "1,5" are clear). */
export function isAmbiguousAmount(text: string): boolean {
  return /^\s*[1-9][0-9]*,[0-9]{3}\s*$/.test(text);
}

/**
 * Reads what a person typed ("1,5", " 10 ", "0.50", "1 000", "1,234.5") as a plain decimal string. Nothing is
 * dropped from it but the spaces around it and separators that mark whole thousands groups: a
 * separator anywhere else, or an invisible character anywhere, is refused with its own reason.
 */
export function readAmountInput(
  text: string,
): { ok: true; amount: string } | { ok: false; error: AmountReadError } {
  if (INVISIBLE.test(text)) return { ok: false, error: "invisible_character" };
  const trimmed = text.trim();
  if (isAmbiguousAmount(trimmed)) return { ok: false, error: "ambiguous" };
  if (COMMA_GROUPED.test(trimmed)) return { ok: true, amount: new D(trimmed.replaceAll(",", "")).toFixed() };
  const parts = trimmed.split(/[.,]/);
  if (parts.length > 2) return { ok: false, error: "not_a_number" };
  const [whole = "", fraction] = parts;
  const badSeparators = (part: string) =>
    ({ ok: false, error: DIGITS_AND_SEPARATORS.test(part) ? "misplaced_separator" : "not_a_number" }) as const;
  if (fraction !== undefined && GROUP_CHAR.test(fraction)) return badSeparators(fraction);
  let digits = whole;
  if (GROUP_CHAR.test(whole)) {
    if (!GROUPED.test(whole)) return badSeparators(whole);
    digits = whole.replace(GROUP_CHAR_ALL, "");
  }
  const compact = fraction === undefined ? digits : `${digits || "0"}.${fraction}`;
  const stripped = compact.replace(/^0+(?=\d)/, "");
  if (!USER_AMOUNT.test(stripped)) return { ok: false, error: "not_a_number" };
  return { ok: true, amount: new D(stripped).toFixed() };
}

/** What a person typed as a plain decimal string, or null when it is not one (see readAmountInput). */
export function normaliseAmountInput(text: string): string | null {
  const read = readAmountInput(text);
  return read.ok ? read.amount : null;
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
  const read = readAmountInput(text);
  if (!read.ok) return read;
  const { amount } = read;
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
  /** Rounded half up to at most `decimals` places, trailing zeros dropped ("1.005" → "1.01"): figures to read, never to send. */
  round: (a: string, decimals: number): string => new D(a).toDecimalPlaces(decimals, D.ROUND_HALF_UP).toFixed(),
  /** Rounded half up to `digits` significant digits ("0.00123456" → "0.001235" at 4): figures to read, never to send. */
  significant: (a: string, digits: number): string => new D(a).toSignificantDigits(digits, D.ROUND_HALF_UP).toFixed(),
  /** Canonical plain form: no exponent, no trailing zeros ("1.50" → "1.5"). */
  normalise: (a: string): string => new D(a).toFixed(),
};

/** The largest multiple of `step` not above `a` (for non-negative `a`): an amount or price on its grid. */
export function floorToStep(a: string, step: string): string {
  return money.mul(money.div(a, step, 0), step);
}

/** The smallest multiple of `step` not below `a` (for non-negative `a`). */
export function ceilToStep(a: string, step: string): string {
  const down = floorToStep(a, step);
  return money.eq(down, a) ? down : money.add(down, step);
}

const amountFormats = new Map<string, Intl.NumberFormat>();
/** Intl formats a decimal string exactly, whatever its digits (never through a float). */
const exactly = (decimal: string) => decimal as Intl.StringNumericLiteral;

/**
 * A plain number as the reader's language writes it (src/domain/format-locale.ts): every digit kept,
 * no exponent, its grouping and decimal sign ("1,003.5" in English, "1 003,5" in Russian).
 */
export function formatNumber(value: string): string {
  const f = cachedFormat(amountFormats, formatLocale(), (tag) => new Intl.NumberFormat(tag, { maximumFractionDigits: 100 }));
  return f.format(exactly(new D(value).toFixed()));
}

/** The one place an amount is formatted for people: as their language writes numbers, asset code after. */
export function formatAmount(amount: string, asset?: string): string {
  const text = formatNumber(amount);
  return asset ? `${text} ${asset}` : text;
}

/** Places a value in a fiat currency is shown with when Intl does not know the currency. */
const FIAT_DECIMALS = 2;

const fiatPlaces = new Map<string, number>();

/** The places of a fiat currency's minor unit, as Intl knows it (2 for USD and RUB, 0 for JPY). */
export function fiatDecimals(fiat: string): number {
  return cachedFormat(fiatPlaces, fiat, () => {
    try {
      return new Intl.NumberFormat("en", { style: "currency", currency: fiat }).resolvedOptions().maximumFractionDigits ?? FIAT_DECIMALS;
    } catch {
      return FIAT_DECIMALS;
    }
  });
}

const fiatFormats = new Map<string, (value: Intl.StringNumericLiteral) => string>();

const currencies = new Set(Intl.supportedValuesOf("currency"));

/** Whether `code` is an ISO 4217 currency Intl knows (USD, RUB), not an asset (USDT, TON). */
function isCurrency(code: string): boolean {
  return currencies.has(code.toUpperCase());
}

/**
 * Money in `fiat` as the reader's language writes it, with at least the currency's minor unit and at
 * most `maxPlaces`: the symbol the language uses for it, the code where it has none.
 */
function fiatFormat(fiat: string, maxPlaces: number): (value: Intl.StringNumericLiteral) => string {
  const places = fiatDecimals(fiat);
  const tag = formatLocale();
  return cachedFormat(fiatFormats, `${tag}|${fiat}|${maxPlaces}`, () => {
    const digits = { minimumFractionDigits: places, maximumFractionDigits: Math.max(places, maxPlaces) };
    if (isCurrency(fiat)) {
      const f = new Intl.NumberFormat(tag, { style: "currency", currency: fiat, ...digits });
      return (n) => f.format(n);
    }
    // Not a currency Intl knows: the number as the language writes it, the code after.
    const f = new Intl.NumberFormat(tag, digits);
    return (n) => `${f.format(n)} ${fiat}`;
  });
}

/**
 * A value in a fiat currency, rounded half up to its minor unit and shown with all its places, as the
 * reader's language writes money: with the symbol the language uses for that currency ("US$1,344.50"
 * and "€5.00" in British English, "1 344,50 $" and "92,50 ₽" in Russian), the code where it has none
 * ("RUB 92.50"); a value above zero that rounds to nothing reads "< US$0.01", never "US$0.00".
 */
export function formatFiat(value: string, fiat: string): string {
  const places = fiatDecimals(fiat);
  const format = fiatFormat(fiat, places);
  const exact = new D(value);
  const rounded = exact.toDecimalPlaces(places, D.ROUND_HALF_UP);
  if (rounded.isZero() && exact.gt(0)) return `< ${format(exactly(new D(10).pow(-places).toFixed()))}`;
  return format(exactly(rounded.isZero() ? "0" : rounded.toFixed()));
}

/** The most fraction digits Intl.NumberFormat takes. */
const MAX_INTL_PLACES = 100;

/**
 * A rate in a fiat currency (the price of one unit of an asset) with every digit the service gave, at
 * least the minor unit's ("US$5.20", "US$0.0061"): a cheap asset's rate never reads as nothing.
 */
export function formatFiatRate(rate: string, fiat: string): string {
  // Rates may be quoted in an asset ("1 TON = 2.5 USDT"): that is an amount, not money in a currency.
  if (!isCurrency(fiat)) return formatAmount(rate, fiat);
  return fiatFormat(fiat, MAX_INTL_PLACES)(exactly(new D(rate).toFixed()));
}

const percentFormats = new Map<string, Intl.NumberFormat>();

/**
 * A rate ("0.0123") as a percentage the reader's language writes, to `decimals` places: "1.23%",
 * "1,23 %" (at least `minDecimals` places); with `signed`, "+1.23%" for a change.
 */
export function formatPercent(rate: string, decimals = 2, signed = false, minDecimals = decimals): string {
  const tag = formatLocale();
  const f = cachedFormat(percentFormats, `${tag}|${decimals}|${signed}|${minDecimals}`, () =>
    new Intl.NumberFormat(tag, {
      style: "percent",
      minimumFractionDigits: minDecimals,
      maximumFractionDigits: decimals,
      signDisplay: signed ? "exceptZero" : "auto",
    }),
  );
  return f.format(exactly(new D(rate).toFixed()));
}

/**
 * An amount a service reply may leave out (real replies guarantee little beyond the id): "—" when
 * absent, without its asset when that is absent.
 */
export function formatOptionalAmount(amount: string | null | undefined, asset: string | null | undefined): string {
  if (amount === null || amount === undefined) return "—";
  return formatAmount(amount, asset ?? undefined);
}
