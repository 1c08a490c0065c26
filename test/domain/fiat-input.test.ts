import { Decimal } from "decimal.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readFiatInput } from "../../src/domain/fiat-input.js";
import { formattingFor } from "../../src/domain/format-locale.js";
import { formatFiat } from "../../src/domain/money.js";

const FIATS = ["USD", "EUR", "RUB"];

describe("an amount typed in fiat", () => {
  it.each([
    ["$10", "USD", "10"],
    ["10$", "USD", "10"],
    ["10 usd", "USD", "10"],
    ["USD 10.5", "USD", "10.5"],
    ["10 ₽", "RUB", "10"],
    ["1 000,5 rub", "RUB", "1000.5"],
    ["€ 2,50", "EUR", "2.5"],
    ["US$12.50", "USD", "12.5"],
    ["us$ 3", "USD", "3"],
  ])("reads %j as %s %s", (text, fiat, amount) => {
    expect(readFiatInput(text, FIATS)).toEqual({ ok: true, fiat, amount });
  });

  it("leaves a plain number and an asset's amount to the asset's own reading", () => {
    expect(readFiatInput("10", FIATS)).toEqual({ ok: false, error: "not_fiat" });
    expect(readFiatInput("10 TON", FIATS)).toEqual({ ok: false, error: "not_fiat" });
    expect(readFiatInput("hello", FIATS)).toEqual({ ok: false, error: "not_fiat" });
  });

  it("refuses a currency it cannot convert from, and a number it cannot read", () => {
    expect(readFiatInput("£5", FIATS)).toEqual({ ok: false, error: "unknown_fiat" });
    expect(readFiatInput("$1,000", FIATS)).toEqual({ ok: false, error: "not_a_number" });
    expect(readFiatInput("$1.2.3", FIATS)).toEqual({ ok: false, error: "not_a_number" });
  });

  it("reads back any amount written with a symbol or a code, before or after it", () => {
    const amount = fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.option(fc.stringMatching(/^[0-9]{1,6}$/), { nil: undefined }))
      .map(([whole, frac]) => (frac === undefined ? whole.toString() : `${whole}.${frac}`));
    const form = fc.constantFrom((a: string) => `$${a}`, (a: string) => `${a} usd`, (a: string) => `USD ${a}`, (a: string) => `${a}$`);
    fc.assert(
      fc.property(amount, form, (a, f) => {
        const read = readFiatInput(f(a), FIATS);
        expect(read).toEqual({ ok: true, fiat: "USD", amount: new Decimal(a).toFixed() });
      }),
    );
  });

  it("reads back every value as each language shows it, symbol and grouping included", () => {
    const value = fc.bigInt({ min: 0n, max: 10n ** 12n }).map((cents) => new Decimal(cents.toString()).div(100).toFixed());
    fc.assert(
      fc.property(value, fc.constantFrom("en-GB", "ru", "uk"), fc.constantFrom(...FIATS), (v, tag, fiat) => {
        const shown = formattingFor(tag, () => formatFiat(v, fiat));
        expect(readFiatInput(shown, FIATS), shown).toEqual({ ok: true, fiat, amount: new Decimal(v).toFixed() });
      }),
    );
  });

  it("never throws on any text", () => {
    fc.assert(fc.property(fc.string({ unit: "grapheme" }), (s) => void readFiatInput(s, FIATS)));
  });
});
