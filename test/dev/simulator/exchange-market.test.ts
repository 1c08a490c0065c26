/**
 * Public market data of the Exchange interface over real HTTP: pairs, tickers, candles, the order
 * book at each depth and precision, trades, assets and fees.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { money } from "../../../src/domain/money.js";
import { createExchangeClient, type ExchangeClient } from "../../../src/service/client.js";
import { rejection, TestSim } from "../../helpers/simulator.js";

const T0 = Date.parse("2025-03-03T10:17:30Z");
let sim: TestSim;
let ex: ExchangeClient;

beforeAll(async () => {
  sim = await TestSim.start({ now: () => new Date(T0) });
  ex = createExchangeClient({ baseUrl: sim.running.baseUrls.exchange, backoffMs: 5 });
});
afterAll(() => sim.close());

describe("pairs, assets and fees", () => {
  it("every pair has rules whose size × price fits the quote asset's precision", async () => {
    const [{ symbols }, assets] = [await ex.getSymbols(), await ex.getAssets()];
    expect(symbols.map((s) => s.symbol)).toContain("TONCOIN-USDT");
    const precision = new Map(assets.map((a) => [a.asset, a.precision]));
    for (const s of symbols) {
      expect(s.symbol).toBe(`${s.baseAsset}-${s.quoteAsset}`);
      const places = money.decimalPlaces(s.priceIncrement) + money.decimalPlaces(s.baseIncrement);
      expect(places).toBeLessThanOrEqual(precision.get(s.quoteAsset) ?? -1);
      expect(money.lte(s.baseMinSize, s.baseMaxSize)).toBe(true);
      expect(await ex.getSymbol({ symbol: s.symbol })).toEqual(s);
    }
    expect(symbols.some((s) => !s.enableTrading)).toBe(true);
    expect(await rejection(ex.getSymbol({ symbol: "TON-USDT" }))).toMatchObject({
      status: 404,
      kind: "exchange_symbol_not_found",
      reason: "not_found",
    });
  });

  it("Toncoin is TONCOIN; TON is a network, not an asset", async () => {
    expect(await ex.getAsset({ asset: "TONCOIN" })).toMatchObject({
      name: "Toncoin",
      networks: [{ network: "TON" }],
    });
    const err = await rejection(ex.getAsset({ asset: "TON" }));
    expect(err).toMatchObject({ status: 404, detail: expect.stringContaining("TONCOIN") });
    expect((await ex.getAssets()).map((a) => a.asset)).not.toContain("TON");
  });

  it("trade fees per pair, filtered by symbol", async () => {
    const all = await ex.getTradeFees();
    expect(all.fees).toHaveLength((await ex.getSymbols()).symbols.length);
    expect(await ex.getTradeFees({ symbols: ["TONCOIN-USDT"] })).toEqual({
      fees: [{ symbol: "TONCOIN-USDT", standard: { maker: "0.0008", taker: "0.001" } }],
    });
    expect((await ex.getTradeFees({ symbols: ["TONCOIN-USDT", "BTC-USDT"] })).fees).toHaveLength(2);
    expect(await rejection(ex.getTradeFees({ symbols: ["NOPE-USDT"] }))).toMatchObject({ status: 404 });
  });
});

describe("order book, trades and tickers", () => {
  it("the order book comes at the asked depth, best first, grouped by the asked precision", async () => {
    for (const depth of [5, 10, 20, 50] as const) {
      const book = await ex.getOrderbook({ symbol: "TONCOIN-USDT", depth });
      expect([book.bids.length, book.asks.length]).toEqual([depth, depth]);
    }
    const full = await ex.getOrderbook({ symbol: "TONCOIN-USDT", depth: 100 });
    expect(full.bids.length).toBeGreaterThan(20);
    const prices = (levels: [string, string][]) => levels.map(([p]) => p);
    const sorted = (levels: [string, string][], dir: 1 | -1) =>
      [...prices(levels)].sort((a, b) => dir * money.cmp(a, b));
    expect(prices(full.bids)).toEqual(sorted(full.bids, -1));
    expect(prices(full.asks)).toEqual(sorted(full.asks, 1));
    expect(money.lt(full.bids[0]?.[0] ?? "0", full.asks[0]?.[0] ?? "0")).toBe(true);
    expect((await ex.getOrderbook({ symbol: "TONCOIN-USDT" })).bids).toHaveLength(20);

    const grouped = await ex.getOrderbook({ symbol: "TONCOIN-USDT", depth: 100, precision: "0.01" });
    for (const [price] of [...grouped.bids, ...grouped.asks])
      expect(money.isMultipleOf(price, "0.01")).toBe(true);
    const [bidPrice, bidSize] = grouped.bids[0] as [string, string];
    const inGroup = full.bids.filter(([p]) => money.gte(p, bidPrice));
    expect(money.sum(inGroup.map(([, s]) => s))).toBe(bidSize);
    expect(money.sum(grouped.asks.map(([, s]) => s))).toBe(money.sum(full.asks.map(([, s]) => s)));
    expect(await rejection(ex.getOrderbook({ symbol: "TONCOIN-USDT", precision: "0.00015" }))).toMatchObject({
      status: 400,
      info: { field: "precision" },
    });
  });

  it("trades come newest first, the last 50", async () => {
    const { trades } = await ex.getTrades({ symbol: "BTC-USDT" });
    expect(trades).toHaveLength(50);
    const times = trades.map((t) => Date.parse(t.time));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(times[0]).toBe(T0);
  });

  it("tickers agree with the book and the trades", async () => {
    const { tickers } = await ex.getTicker({ tickerType: "24h" });
    expect(tickers.map((t) => t.symbol)).toEqual((await ex.getSymbols()).symbols.map((s) => s.symbol));
    const [ton] = (await ex.getTicker({ tickerType: "24h", symbols: ["TONCOIN-USDT"] })).tickers;
    const [last] = (await ex.getTrades({ symbol: "TONCOIN-USDT" })).trades;
    expect(ton).toMatchObject({ last: last?.price, close: last?.price, endTime: new Date(T0).toISOString() });
    expect(ton?.changePrice).toBe(money.sub(ton?.last ?? "0", ton?.open ?? "0"));
    expect(money.lte(ton?.low ?? "0", ton?.high ?? "0")).toBe(true);
    expect(await rejection(ex.getTicker({ tickerType: "24h", symbols: ["NOPE-USDT"] }))).toMatchObject({
      status: 400,
    });
  });
});

describe("candles", () => {
  it("are [start, open, close, high, low, volume], oldest first, continuous and consistent", async () => {
    const { candles: rows } = await ex.getCandles({ symbol: "TONCOIN-USDT", type: "15min" });
    expect(rows).toHaveLength(100);
    const starts = rows.map((r) => Date.parse(r[0]));
    expect(starts.at(-1)).toBe(Date.parse("2025-03-03T10:15:00Z"));
    starts.slice(1).forEach((start, i) => {
      expect(start - (starts[i] as number)).toBe(15 * 60_000);
      expect(rows[i + 1]?.[1]).toBe(rows[i]?.[2]);
    });
    for (const [, open, close, high, low] of rows) {
      expect(money.gte(high, money.max(open, close)) && money.lte(low, money.min(open, close))).toBe(true);
    }
    // The history runs into the live market: the current candle closes at the last trade price.
    const [last] = (await ex.getTrades({ symbol: "TONCOIN-USDT" })).trades;
    expect(rows.at(-1)?.[2]).toBe(last?.price);
  });

  it("follow startAt and endAt, are the same every time, and are capped in number", async () => {
    const range = {
      symbol: "BTC-USDT",
      type: "1hour" as const,
      startAt: "2025-03-01T00:00:00Z",
      endAt: "2025-03-01T05:30:00Z",
    };
    const rows = (await ex.getCandles(range)).candles;
    expect(rows.map((r) => r[0])).toEqual([0, 1, 2, 3, 4, 5].map((h) => `2025-03-01T0${h}:00:00.000Z`));
    expect((await ex.getCandles(range)).candles).toEqual(rows);
    const testnet = createExchangeClient({ baseUrl: sim.running.baseUrls.exchangeTestnet });
    expect((await testnet.getCandles(range)).candles).toEqual(rows);

    const { candles: weeks } = await ex.getCandles({
      symbol: "BTC-USDT",
      type: "1week",
      startAt: "2025-01-01T00:00:00Z",
    });
    expect(new Date(weeks[0]?.[0] ?? "").getUTCDay()).toBe(1);
    const { candles: minutes } = await ex.getCandles({
      symbol: "BTC-USDT",
      type: "1min",
      startAt: "2024-01-01T00:00:00Z",
    });
    expect(minutes).toHaveLength(1500);
    expect(minutes.at(-1)?.[0]).toBe("2025-03-03T10:17:00.000Z");
    expect(
      await rejection(ex.getCandles({ ...range, startAt: range.endAt, endAt: range.startAt })),
    ).toMatchObject({ status: 400 });
  });
});
