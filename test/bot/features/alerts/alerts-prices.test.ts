/** The price buttons of the alert flow and the one-line form of /alert, without Telegram. */
import { describe, expect, it } from "vitest";
import { alertArgsReader, alertWords, priceChoices, readPrice } from "../../../../src/bot/features/alerts/prices.js";
import { createI18n, Languages } from "../../../../src/bot/i18n.js";

describe("priceChoices", () => {
  it("offers +1/5/10 % above, rounded up to the step, and −1/5/10 % below, rounded down", () => {
    expect(priceChoices("65032.5", "above", "0.1")).toEqual([
      { percent: "1", price: "65682.9" },
      { percent: "5", price: "68284.2" },
      { percent: "10", price: "71535.8" },
    ]);
    expect(priceChoices("3012.34", "below", "0.01")).toEqual([
      { percent: "1", price: "2982.21" },
      { percent: "5", price: "2861.72" },
      { percent: "10", price: "2711.1" },
    ]);
  });

  it("never offers a price on the wrong side, twice, or at zero when the step is coarse", () => {
    // A step of 1 on a price of 5: +1 % and +5 % both round up to 6.
    expect(priceChoices("5", "above", "1")).toEqual([
      { percent: "1", price: "6" },
    ]);
    // −1 %, −5 % and −10 % of 5 all round down to 4.
    expect(priceChoices("5", "below", "1")).toEqual([{ percent: "1", price: "4" }]);
    // Below a price smaller than the step: nothing above zero is left.
    expect(priceChoices("0.5", "below", "1")).toEqual([]);
    expect(priceChoices("0", "above", "0.1")).toEqual([]);
  });

  it("keeps small prices as plain decimals, never in exponent notation", () => {
    expect(priceChoices("0.00000123", "above", "0.00000001").map((c) => c.price)).toEqual([
      "0.00000125",
      "0.0000013",
      "0.00000136",
    ]);
  });
});

describe("readPrice", () => {
  it("takes the pair's decimals at most", () => {
    expect(readPrice("70 000,5", "0.1")).toEqual({ ok: true, price: "70000.5" });
    expect(readPrice("70000.55", "0.1")).toEqual({ ok: false, error: "too_many_decimals", decimals: 1 });
    expect(readPrice("0", "0.1")).toMatchObject({ ok: false, error: "not_positive" });
  });
});

describe("the one-line form of /alert", () => {
  const languages = new Languages(createI18n());
  const readAlertArgs = alertArgsReader(alertWords((key) => languages.inEvery(key)));

  it("reads the pair in any spelling, the direction in any language and the repeat word", () => {
    expect(readAlertArgs("btc above 1.5")).toEqual({ pair: "btc", direction: "above", price: "1.5", repeat: false });
    expect(readAlertArgs("BTC USDT < 100 000 every")).toEqual({
      pair: "BTC USDT",
      direction: "below",
      price: "100 000",
      repeat: true,
    });
    expect(readAlertArgs("eth-usdt ниже 0,25 каждый")).toEqual({
      pair: "eth-usdt",
      direction: "below",
      price: "0,25",
      repeat: true,
    });
    expect(readAlertArgs("btc 100")).toBeUndefined();
  });

  it("takes its words from the locales' alerts-words-* messages, and refuses a word with two meanings", () => {
    const words = (texts: Record<string, string[]>) => alertWords((key) => texts[key] ?? []);
    const read = alertArgsReader(words({ "alerts-words-above": ["over"], "alerts-words-below": ["under"], "alerts-words-every": ["always"] }));
    expect(read("btc over 5 always")).toEqual({ pair: "btc", direction: "above", price: "5", repeat: true });
    expect(read("btc > 5")).toEqual({ pair: "btc", direction: "above", price: "5", repeat: false });
    expect(read("btc above 5")).toBeUndefined();
    expect(() => words({ "alerts-words-above": ["up", "вгору"], "alerts-words-below": ["вгору"] })).toThrow(/two meanings: вгору/);
  });
});
