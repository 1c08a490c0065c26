/**
 * Public market data of the Exchange interface: pairs, tickers, candles, order book, trades, assets
 * and fee rates. Unknown pairs are 404, except in the ticker's `symbols` filter, where a typo is a 400.
 */
import { money } from "../../../domain/money.js";
import type { Ticker } from "../../../service/schemas.js";
import { CATALOGUE, type CatalogueAsset, findAsset } from "../catalogue.js";
import { defineHandlers } from "../define.js";
import { problems } from "../problems.js";
import { SimProblem, type World } from "../types.js";
import { candles, INTERVAL_MS, priceAt } from "./curve.js";
import { history, market } from "./market.js";
import { assetPrecision, findPair, PAIRS, type PairSpec, requirePair, symbolView } from "./symbols.js";

const DEFAULT_DEPTH = 20;
const DEFAULT_TRADES = 50;
const DAY_MS = INTERVAL_MS["1day"];

const assetView = (a: CatalogueAsset) => ({
  asset: a.asset,
  name: a.name,
  precision: a.precision,
  networks: a.networks.map(({ network, withdrawalEnabled, depositEnabled }) => ({
    network,
    withdrawalEnabled,
    depositEnabled,
  })),
  availableTransfers: [...a.availableTransfers],
});

/** 24-hour statistics, from the hourly candles (which include the trades made on the book). */
function ticker(world: World, spec: PairSpec): Ticker {
  const m = market(world, spec.symbol);
  const now = world.now().getTime();
  const h = history(m, spec, now);
  const hours = candles(h, "1hour", { from: now - DAY_MS, to: now });
  const open = priceAt(h, now - DAY_MS);
  const prices = [open, m.lastPrice, ...hours.flatMap((c) => [c[3], c[4]])];
  const change = money.sub(m.lastPrice, open);
  return {
    symbol: spec.symbol,
    startTime: new Date(now - DAY_MS).toISOString(),
    endTime: new Date(now).toISOString(),
    open,
    close: m.lastPrice,
    high: prices.reduce((a, b) => money.max(a, b)),
    low: prices.reduce((a, b) => money.min(a, b)),
    last: m.lastPrice,
    changePrice: change,
    changeRate: money.div(change, open, 4),
    baseVolume: money.sum(hours.map((c) => c[5])),
    quoteVolume: money.floor(
      money.sum(hours.map((c) => money.mul(c[5], c[2]))),
      assetPrecision(spec.quoteAsset),
    ),
  };
}

export const marketHandlers = defineHandlers({
  getSymbols: () => ({ symbols: PAIRS.map(symbolView) }),

  getSymbol: ({ symbol }) => symbolView(requirePair(symbol)),

  getTicker: ({ symbols }, { world }) => {
    const specs = (symbols ?? PAIRS.map((p) => p.symbol)).map((code) => {
      const spec = findPair(code);
      if (!spec) throw problems.validation("symbols", `Unknown trading pair ${code}.`);
      return spec;
    });
    return { tickers: specs.map((spec) => ticker(world, spec)) };
  },

  getCandles: ({ symbol, type, startAt, endAt }, { world }) => {
    const spec = requirePair(symbol);
    const from = startAt === undefined ? undefined : Date.parse(startAt);
    const to = endAt === undefined ? undefined : Date.parse(endAt);
    if (from !== undefined && to !== undefined && from > to) {
      throw problems.validation("startAt", "startAt must not be later than endAt.");
    }
    const now = world.now().getTime();
    return { candles: candles(history(market(world, symbol), spec, now), type, { from, to }) };
  },

  getOrderbook: ({ symbol, depth, precision }, { world }) => {
    const spec = requirePair(symbol);
    const step = precision ?? spec.priceIncrement;
    if (!money.isPositive(step) || !money.isMultipleOf(step, spec.priceIncrement)) {
      throw problems.validation(
        "precision",
        `precision must be a positive multiple of ${spec.priceIncrement}.`,
      );
    }
    const { book } = market(world, symbol);
    const bids = book.levels("buy", depth ?? DEFAULT_DEPTH, step);
    const asks = book.levels("sell", depth ?? DEFAULT_DEPTH, step);
    return {
      bids,
      asks,
      bidTotalAmount: money.sum(bids.map((l) => l[1])),
      askTotalAmount: money.sum(asks.map((l) => l[1])),
    };
  },

  getTrades: ({ symbol }, { world }) => {
    const { trades } = market(world, symbol);
    return {
      trades: trades
        .slice(-DEFAULT_TRADES)
        .reverse()
        .map(({ id, price, size, side, time }) => ({ tradeId: id, price, size, side, time })),
    };
  },

  getAssets: () => CATALOGUE.map(assetView),

  getAsset: ({ asset }) => {
    const entry = findAsset(asset);
    if (!entry) {
      const hint = asset === "TON" ? " Toncoin is listed as TONCOIN." : "";
      throw new SimProblem(404, "not_found", `No asset ${asset} found.${hint}`, { asset });
    }
    return assetView(entry);
  },

  getTradeFees: ({ symbols }) => ({
    fees: (symbols === undefined ? PAIRS : symbols.map(requirePair)).map((p) => ({
      symbol: p.symbol,
      standard: { maker: p.makerFeeRate, taker: p.takerFeeRate },
    })),
  }),
});
