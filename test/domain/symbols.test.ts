/** Pair codes as people type them, and suggestions for unknown ones. */
import { describe, expect, it } from "vitest";
import { closestSymbols, resolveSymbol, searchSymbols } from "../../src/domain/symbols.js";

const KNOWN = ["BTC-USDT", "ETH-USDT", "ETH-BTC", "TONCOIN-USDT", "SOL-USDT"];

describe("symbols", () => {
  it.each(["btc-usdt", "BTC/USDT", "btcusdt", " BTC_USDT ", "btc usdt"])("reads %s as BTC-USDT", (typed) => {
    expect(resolveSymbol(typed, KNOWN)).toEqual({ ok: true, symbol: "BTC-USDT" });
  });

  it.each(["btc", "BTC", " Btc "])("reads the base %s alone as its pair with the default quote", (typed) => {
    expect(resolveSymbol(typed, KNOWN)).toEqual({ ok: true, symbol: "BTC-USDT" });
  });

  it("reads a base alone as its only pair when there is none with the default quote", () => {
    expect(resolveSymbol("doge", [...KNOWN, "DOGE-BTC"])).toEqual({ ok: true, symbol: "DOGE-BTC" });
    expect(resolveSymbol("doge", [...KNOWN, "DOGE-BTC", "DOGE-ETH"])).toMatchObject({ ok: false });
  });

  it.each(["ton", "TON", "ton-usdt", "TON/USDT", "tonusdt", "toncoin"])("reads %s as TONCOIN-USDT: TON is how people name TONCOIN", (typed) => {
    expect(resolveSymbol(typed, KNOWN)).toEqual({ ok: true, symbol: "TONCOIN-USDT" });
  });

  it("reads TON as TONCOIN on either side of a pair, and only as a whole code", () => {
    expect(resolveSymbol("btc/ton", [...KNOWN, "BTC-TONCOIN"])).toEqual({ ok: true, symbol: "BTC-TONCOIN" });
    // A market that lists TON itself keeps it.
    expect(resolveSymbol("ton", ["TON-USDT", "TONCOIN-USDT"])).toEqual({ ok: true, symbol: "TON-USDT" });
    expect(resolveSymbol("tonx", KNOWN)).toMatchObject({ ok: false });
  });

  it("suggests the closest pairs for a typo", () => {
    expect(resolveSymbol("BTC-USTD", KNOWN)).toEqual({ ok: false, suggestions: ["BTC-USDT"] });
    expect(closestSymbols("eth", KNOWN)).toEqual(["ETH-BTC", "ETH-USDT"]);
    expect(resolveSymbol("qqqqqqqqqq", KNOWN)).toEqual({ ok: false, suggestions: [] });
    expect(resolveSymbol("", KNOWN)).toEqual({ ok: false, suggestions: [] });
  });

  it("searches by part of a name in any spelling", () => {
    expect(searchSymbols("usdt", KNOWN)).toEqual(["BTC-USDT", "ETH-USDT", "TONCOIN-USDT", "SOL-USDT"]);
    expect(searchSymbols("eth/b", KNOWN)).toEqual(["ETH-BTC"]);
    expect(searchSymbols("", KNOWN)).toEqual(KNOWN);
  });
});

describe("resolveSymbol, with a base alone", () => {
  const known = ["BTC-USDT", "ETH-BTC", "ETH-USDT", "TONCOIN-BTC", "TONCOIN-USDT", "XAU-EUR"];

  it("takes a base alone, in any case, as its pair in the default quote", () => {
    expect(resolveSymbol("btc", known)).toEqual({ ok: true, symbol: "BTC-USDT" });
    expect(resolveSymbol(" Eth ", known)).toEqual({ ok: true, symbol: "ETH-USDT" });
  });

  it("takes a base with one pair only as that pair, and any spelling of a full pair as itself", () => {
    expect(resolveSymbol("xau", known)).toEqual({ ok: true, symbol: "XAU-EUR" });
    expect(resolveSymbol("eth/btc", known)).toEqual({ ok: true, symbol: "ETH-BTC" });
  });

  it("suggests the pairs of a base that has several but none in the default quote", () => {
    expect(resolveSymbol("eth", ["ETH-BTC", "ETH-EUR"])).toEqual({ ok: false, suggestions: ["ETH-BTC", "ETH-EUR"] });
    expect(resolveSymbol("btx", known).ok).toBe(false);
  });
});
