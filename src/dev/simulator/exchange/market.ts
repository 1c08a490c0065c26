/**
 * Markets of a world, seeded on first use: an order book of market-maker liquidity around the pair's
 * reference price and a short history of trades ending at that price. The seed depends only on the
 * symbol, so both worlds and every run start from the same book.
 */
import { money } from "../../../domain/money.js";
import type { World } from "../types.js";
import { Book, type Side } from "./book.js";
import { curvePrice, type History } from "./curve.js";
import { exchangeState, type MarketState, type SimOrder, type SimTrade } from "./model.js";
import { generator, hash32 } from "./random.js";
import { floorToStep } from "./steps.js";
import { type PairSpec, referencePrice, requirePair, usdPrice } from "./symbols.js";

/** Price levels the market maker quotes on each side. */
const LEVELS = 50;
/** Typical value of one level, in USD. */
const LEVEL_USD = 2000;
/** Distance between the market maker's levels, as a fraction of the price. */
const LEVEL_SPACING = 0.0005;
const SEEDED_TRADES = 60;

/** The market of `symbol` in `world` (404 for an unknown pair), seeded on first use. */
export function market(world: World, symbol: string): MarketState {
  const state = exchangeState(world);
  let m = state.markets.get(symbol);
  if (!m) {
    const spec = requirePair(symbol);
    const anchor = world.now().getTime();
    m = { anchor, book: new Book<SimOrder>(), trades: [], lastPrice: referencePrice(spec), stops: [], counter: 0 };
    seedBook(m, spec);
    seedTrades(m, spec);
    state.markets.set(symbol, m);
  }
  return m;
}

/** Next number of the market's counter (trade ids, book arrival order). */
export function nextInMarket(m: MarketState): number {
  m.counter += 1;
  return m.counter;
}

/** A base-asset size worth about `usd` dollars, on the pair's size grid and at least its minimum. */
function sizeWorth(spec: PairSpec, usd: number): string {
  const size = floorToStep(money.div(usd.toFixed(2), usdPrice(spec.baseAsset), 12), spec.baseIncrement);
  return money.max(size, spec.minSize);
}

function seedBook(m: MarketState, spec: PairSpec): void {
  const random = generator(hash32(spec.symbol, "book"));
  const ref = referencePrice(spec);
  const spacing = money.max(
    floorToStep(money.mul(ref, String(LEVEL_SPACING)), spec.priceIncrement),
    spec.priceIncrement,
  );
  for (let i = 1; i <= LEVELS; i++) {
    const offset = money.mul(spacing, String(i));
    for (const side of ["buy", "sell"] as Side[]) {
      const price = side === "buy" ? money.sub(ref, offset) : money.add(ref, offset);
      if (!money.isPositive(price)) continue;
      m.book.add({
        id: `mm-${spec.symbol}-${side}-${i}`,
        side,
        price,
        size: sizeWorth(spec, LEVEL_USD * (0.5 + 2.5 * random())),
        seq: nextInMarket(m),
      });
    }
  }
}

/** Trades on the seeded curve over the hour or so before the market opened, the newest at the reference price. */
function seedTrades(m: MarketState, spec: PairSpec): void {
  const random = generator(hash32(spec.symbol, "trades"));
  const trades: SimTrade[] = [];
  let time = m.anchor;
  for (let k = 0; k < SEEDED_TRADES; k++) {
    trades.push({
      seeded: true,
      id: "",
      symbol: spec.symbol,
      price: curvePrice(spec, time, m.anchor),
      size: sizeWorth(spec, LEVEL_USD * (0.05 + 0.5 * random())),
      side: random() < 0.5 ? "buy" : "sell",
      time: new Date(time).toISOString(),
    });
    time -= Math.floor(20_000 + 100_000 * random());
  }
  for (const trade of trades.reverse()) {
    trade.id = `${spec.symbol}-${nextInMarket(m)}`;
    m.trades.push(trade);
  }
}

/** The market's price history for candles and tickers. */
export function history(m: MarketState, spec: PairSpec, now: number): History {
  const trades = m.trades
    .filter((t) => !t.seeded)
    .map((t) => ({ t: Date.parse(t.time), price: t.price, size: t.size }));
  return { spec, anchor: m.anchor, now, trades };
}
