import { describe, expect, it } from "vitest";
import { fiatDecimals, formatAmount, formatFiat, formatFiatRate, formatPercent, money, normaliseAmountInput, parseAmount } from "../../src/domain/money.js";
import { formattingFor } from "../../src/domain/format-locale.js";

const NBSP = "\u00a0";
const BIG = "123456789012345678901234567890.123456789";

describe("normaliseAmountInput", () => {
  it.each([
    ["1,5", "1.5"],
    [" 10 ", "10"],
    [".5", "0.5"],
    ["0010", "10"],
    ["00.5", "0.5"],
    ["1 000", "1000"],
    ["1\u00a0000", "1000"],
    ["1_000", "1000"],
    ["1'000.25", "1000.25"],
    ["0.50", "0.5"],
    ["0", "0"],
    ["0.00000001", "0.00000001"],
    [BIG, BIG],
  ])("reads %j as %j", (text, expected) => {
    expect(normaliseAmountInput(text)).toBe(expected);
  });

  it.each([
    "1e5",
    "1E5",
    "-1",
    "+5",
    "1.2.3",
    "1.",
    "",
    "   ",
    "abc",
    "0x10",
    "Infinity",
    "NaN",
    "５",
    "1/2",
  ])("refuses %j", (text) => {
    expect(normaliseAmountInput(text)).toBeNull();
  });
});

describe("parseAmount", () => {
  const rules = { decimals: 2, min: "0.1", max: "100" };

  it("accepts an amount within the rules and returns it normalised", () => {
    expect(parseAmount(" 1,50 ", rules)).toEqual({ ok: true, amount: "1.5" });
    expect(parseAmount("0.1", rules)).toEqual({ ok: true, amount: "0.1" });
    expect(parseAmount("100", rules)).toEqual({ ok: true, amount: "100" });
  });

  it.each([
    ["abc", "not_a_number"],
    ["1e5", "not_a_number"],
    ["-5", "not_a_number"],
    ["0", "not_positive"],
    ["0.000", "not_positive"],
    ["1.234", "too_many_decimals"],
    ["0.09", "below_minimum"],
    ["100.01", "above_maximum"],
  ])("refuses %j with %s", (text, error) => {
    expect(parseAmount(text, rules)).toEqual({ ok: false, error });
  });

  it("does not count trailing zeros as decimals", () => {
    expect(parseAmount("1.2300", { decimals: 2 })).toEqual({ ok: true, amount: "1.23" });
  });

  it("has no bounds when the rules give none", () => {
    expect(parseAmount(BIG, { decimals: 9 })).toEqual({ ok: true, amount: BIG });
    expect(parseAmount("0.000000001", { decimals: 9 })).toEqual({ ok: true, amount: "0.000000001" });
  });
});

describe("money", () => {
  it("adds without float error", () => {
    expect(money.add("0.1", "0.2")).toBe("0.3");
    expect(money.sum(["0.1", "0.2", "0.3"])).toBe("0.6");
    expect(money.sum([])).toBe("0");
    expect(money.sub("0.3", "0.1")).toBe("0.2");
    expect(money.mul("1.1", "1.1")).toBe("1.21");
    expect(money.eq(money.add("0.1", "0.2"), "0.3")).toBe(true);
  });

  it("keeps every digit of very large and very small amounts, without exponent notation", () => {
    expect(money.add(BIG, "0.000000001")).toBe("123456789012345678901234567890.12345679");
    expect(money.sub(BIG, BIG)).toBe("0");
    expect(money.mul("0.00000001", "0.00000001")).toBe("0.0000000000000001");
    expect(money.add("0.00000001", "0")).toBe("0.00000001");
    expect(money.mul("1000000000000", "1000000000000")).toBe("1000000000000000000000000");
    expect(money.normalise("0.00000001")).toBe("0.00000001");
    expect(money.normalise("1e-7")).toBe("0.0000001");
    expect(money.normalise("1.50")).toBe("1.5");
    for (const v of [
      money.add(BIG, BIG),
      money.mul(BIG, BIG),
      money.div("1", "3", 30),
      money.mul("0.000000001", "0.000000001"),
    ]) {
      expect(v).toMatch(/^-?\d+(\.\d+)?$/);
    }
  });

  it("divides rounding down to the given places", () => {
    expect(money.div("1", "3", 8)).toBe("0.33333333");
    expect(money.div("2", "3", 2)).toBe("0.66");
    expect(money.div("10", "4", 0)).toBe("2");
    expect(money.div("1", "8", 10)).toBe("0.125");
    expect(money.div("-1", "3", 2)).toBe("-0.34");
  });

  it("floor never rounds up", () => {
    expect(money.floor("1.999999", 2)).toBe("1.99");
    expect(money.floor("0.000000019", 8)).toBe("0.00000001");
    expect(money.floor("0.009", 2)).toBe("0");
    expect(money.floor("5", 2)).toBe("5");
    expect(money.floor(BIG, 0)).toBe("123456789012345678901234567890");
    expect(money.floor("-1.5", 0)).toBe("-2");
    expect(money.floor("-0.001", 2)).toBe("-0.01");
  });

  it("compares by value, not by text", () => {
    expect(money.cmp("1.0", "1")).toBe(0);
    expect(money.cmp("0.3", "0.25")).toBe(1);
    expect(money.cmp("9", "10")).toBe(-1);
    expect(money.gt("10", "9")).toBe(true);
    expect(money.gte("1", "1.000")).toBe(true);
    expect(money.lt("0.00000001", "0.0000001")).toBe(true);
    expect(money.lte("2", "1")).toBe(false);
    expect(money.max("9", "10")).toBe("10");
    expect(money.min("9", "10")).toBe("9");
  });

  it("answers questions about one amount", () => {
    expect(money.isZero("0.000")).toBe(true);
    expect(money.isPositive("0")).toBe(false);
    expect(money.isPositive("0.00000001")).toBe(true);
    expect(money.decimalPlaces("1.2300")).toBe(2);
    expect(money.isMultipleOf("0.3", "0.1")).toBe(true);
    expect(money.isMultipleOf("0.35", "0.1")).toBe(false);
  });

  it("never writes negative zero", () => {
    expect(money.mul("0", "-1")).toBe("0");
    expect(money.sub("0", "0")).toBe("0");
  });
});

describe("formatAmount", () => {
  it.each([
    ["0", "0"],
    ["999", "999"],
    ["1000", "1,000"],
    ["1234567.891", "1,234,567.891"],
    ["-1234.5", "-1,234.5"],
    ["0.00000001", "0.00000001"],
    ["0.123456789", "0.123456789"],
    ["1.50", "1.5"],
    ["1e21", "1,000,000,000,000,000,000,000"],
    ["-0", "0"],
  ])("formats %j as %j in English (outside any reader's context)", (amount, expected) => {
    expect(formatAmount(amount)).toBe(expected);
  });

  it.each([
    ["1000", `1${NBSP}000`],
    ["1234567.891", `1${NBSP}234${NBSP}567,891`],
    ["-1234.5", `-1${NBSP}234,5`],
    ["0.00000001", "0,00000001"],
  ])("formats %j as %j for a Russian reader", (amount, expected) => {
    expect(formattingFor("ru", () => formatAmount(amount))).toBe(expected);
  });

  it("puts the asset code after the amount", () => {
    expect(formatAmount("1234.5", "USDT")).toBe("1,234.5 USDT");
    expect(formattingFor("uk", () => formatAmount("1234.5", "USDT"))).toBe(`1${NBSP}234,5 USDT`);
  });

  it("keeps every digit of a large amount and never uses exponent notation, in every language", () => {
    expect(formatAmount(BIG).replaceAll(",", "")).toBe(BIG);
    expect(formattingFor("ru", () => formatAmount(BIG)).replaceAll(NBSP, "").replace(",", ".")).toBe(BIG);
    expect(formatAmount("0.000000000000000000000000001")).toBe("0.000000000000000000000000001");
    expect(formatAmount(BIG)).not.toMatch(/e/i);
  });

  it("writes fiat with its minor unit and percentages the reader's way", () => {
    expect(formattingFor("ru", () => formatFiat("1234.5", "RUB"))).toBe(`1${NBSP}234,50${NBSP}₽`);
    expect(formattingFor("ru", () => formatFiat("92.5", "USD"))).toBe(`92,50${NBSP}$`);
    expect(formattingFor("en-GB", () => formatFiat("1234.5", "USD"))).toBe("US$1,234.50");
    expect(formattingFor("en-GB", () => formatFiat("5", "EUR"))).toBe("€5.00");
    // A currency the language has no symbol for keeps its code.
    expect(formattingFor("en-GB", () => formatFiat("92.5", "RUB"))).toBe(`RUB${NBSP}92.50`);
    expect(formattingFor("en-GB", () => formatFiat("0.001", "USD"))).toBe("< US$0.01");
    // Not a currency (an asset): the number, then its code.
    expect(formatFiat("1.5", "TON")).toBe("1.50 TON");
    // A rate keeps every digit the service gave; quoted in an asset, it is that asset's amount.
    expect(formatFiatRate("0.0061", "USD")).toBe("US$0.0061");
    expect(formatFiatRate("65000", "USD")).toBe("US$65,000.00");
    expect(formattingFor("ru", () => formatFiatRate("92.5", "RUB"))).toBe(`92,50${NBSP}₽`);
    expect(formatFiatRate("2.5", "USDT")).toBe("2.5 USDT");
    expect(formattingFor("ru", () => formatPercent("0.0075", 2, true))).toBe(`+0,75${NBSP}%`);
    expect(formatPercent("0.0075", 2, true)).toBe("+0.75%");
    expect(formatPercent("-0.0123", 2, true)).toBe("-1.23%");
  });
});

describe("characters that are not part of an amount", () => {
  it.each([
    ["1'5"],
    ["1 5"],
    ["12 34"],
    ["1_5"],
    ["1'0000"],
    ["1  000"],
    ["1 000'000"],
    ["1.000 5"],
    ["1,5 5"],
  ])("refuses %j instead of dropping a separator that marks no thousands", (text) => {
    expect(parseAmount(text, { decimals: 6 })).toEqual({ ok: false, error: "misplaced_separator" });
    expect(normaliseAmountInput(text)).toBeNull();
  });

  it.each([
    ["1\uFEFF5"],
    ["\uFEFF15"],
    ["15\uFEFF"],
    ["1\u200B5"],
    ["1\u200C5"],
    ["1\u200D5"],
    ["1\u20605"],
    ["\u200E15"],
    ["1\u00AD5"],
  ])("refuses %j, which holds an invisible character, instead of reading 15", (escaped) => {
    const text = JSON.parse(`"${escaped}"`) as string;
    expect(parseAmount(text, { decimals: 6 })).toEqual({ ok: false, error: "invisible_character" });
    expect(normaliseAmountInput(text)).toBeNull();
  });

  it.each([
    ["1 000", "1000"],
    ["1'000", "1000"],
    ["1’000", "1000"],
    ["12\u202F345\u202F678", "12345678"],
    ["1\u2009000", "1000"],
    ["1 000 000,25", "1000000.25"],
    // As the bot writes amounts in English: commas between groups, a point before the decimals.
    ["70,000.55", "70000.55"],
    ["5,470.06", "5470.06"],
    ["1,234,567", "1234567"],
    ["1'000'000.5", "1000000.5"],
  ])("reads thousands groups %j as %j", (escaped, expected) => {
    const text = JSON.parse(`"${escaped}"`) as string;
    expect(parseAmount(text, { decimals: 6 })).toEqual({ ok: true, amount: expected });
  });
});

describe("ambiguous separators", () => {
  it("refuses a comma followed by exactly three digits instead of guessing", () => {
    expect(parseAmount("1,000", { decimals: 6 })).toEqual({ ok: false, error: "ambiguous" });
    expect(parseAmount("12,345", { decimals: 6 })).toEqual({ ok: false, error: "ambiguous" });
    expect(parseAmount("0,001", { decimals: 6 })).toEqual({ ok: true, amount: "0.001" });
    expect(parseAmount("1,5", { decimals: 6 })).toEqual({ ok: true, amount: "1.5" });
    expect(parseAmount("1,0005", { decimals: 6 })).toEqual({ ok: true, amount: "1.0005" });
  });
});

describe("figures rounded for reading", () => {
  it("rounds half up to places or significant digits, without trailing zeros", () => {
    expect(money.round("1234.567891", 2)).toBe("1234.57");
    expect(money.round("5.000000", 2)).toBe("5");
    expect(money.significant("0.00123456", 4)).toBe("0.001235");
  });

  it("takes a currency's minor unit from Intl", () => {
    expect(fiatDecimals("RUB")).toBe(2);
    expect(fiatDecimals("JPY")).toBe(0);
    expect(formatFiat("1234.5", "JPY")).toBe("JP¥1,235");
    expect(formatFiat("1234.5", "RUB")).toBe(`RUB${NBSP}1,234.50`);
  });
});
