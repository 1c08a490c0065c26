/**
 * Price history of a pair. Before the market opened in this world (its `anchor`, the moment it was
 * seeded) the history is a smooth seeded curve that ends exactly at the reference price; from then on
 * the price moves only by trades on the book. Candles are cut from both, so the chart runs into the
 * live book without a jump, and the same question always gets the same candles.
 */
import { money } from "../../../domain/money.js";
import type { CandleType } from "../../../service/schemas.js";
import { unit } from "./random.js";
import { floorToStep } from "./steps.js";
import { type PairSpec, referencePrice, usdPrice } from "./symbols.js";

export type Interval = CandleType;
export type CandleRow = [string, string, string, string, string, string];

const MINUTE = 60_000;
// A simulated month is 30 days: the simulator needs fixed-size buckets, not calendar months.
export const INTERVAL_MS: Record<Interval, number> = {
  "1min": MINUTE,
  "5min": 5 * MINUTE,
  "15min": 15 * MINUTE,
  "30min": 30 * MINUTE,
  "1hour": 60 * MINUTE,
  "2hour": 120 * MINUTE,
  "4hour": 240 * MINUTE,
  "8hour": 480 * MINUTE,
  "12hour": 720 * MINUTE,
  "1day": 1440 * MINUTE,
  "1week": 10080 * MINUTE,
  "1month": 43200 * MINUTE,
};
/** Most candles one reply carries; a longer range keeps its newest candles. */
export const MAX_CANDLES = 1500;
/** Candles returned when the client gives no start. */
const DEFAULT_CANDLES = 100;
// 1970-01-01 was a Thursday; weekly candles start on Mondays.
const WEEK_OFFSET = 4 * 1440 * MINUTE;

/** What the history of one market in one world is made of. */
export interface History {
  spec: PairSpec;
  /** When the market opened in this world (ms): the curve ends here at the reference price. */
  anchor: number;
  now: number;
  /** Trades made on the book since the anchor, oldest first, with their times in ms. */
  trades: readonly { t: number; price: string; size: string }[];
}

function wave(symbol: string, t: number): number {
  const phase1 = unit(symbol, "phase1") * 2 * Math.PI;
  const phase2 = unit(symbol, "phase2") * 2 * Math.PI;
  return (
    0.02 * Math.sin((2 * Math.PI * t) / (3 * 1440 * MINUTE) + phase1) +
    0.008 * Math.sin((2 * Math.PI * t) / (7 * 60 * MINUTE) + phase2) +
    0.002 * (2 * unit(symbol, "noise", Math.floor(t / MINUTE)) - 1)
  );
}

/** The seeded curve at `t` (ms), equal to the reference price at `anchor`; on the price grid, at least one tick. */
export function curvePrice(spec: PairSpec, t: number, anchor: number): string {
  const factor = (1 + wave(spec.symbol, t) - wave(spec.symbol, anchor)).toFixed(8);
  const price = floorToStep(money.mul(referencePrice(spec), factor), spec.priceIncrement);
  return money.max(price, spec.priceIncrement);
}

/** The price at `t`: the curve before the anchor, afterwards the last trade at or before `t`. */
export function priceAt(h: History, t: number): string {
  if (t <= h.anchor) return curvePrice(h.spec, t, h.anchor);
  let price = referencePrice(h.spec);
  for (const trade of h.trades) {
    if (trade.t > t) break;
    price = trade.price;
  }
  return price;
}

function align(t: number, interval: Interval): number {
  const size = INTERVAL_MS[interval];
  const offset = interval === "1week" ? WEEK_OFFSET : 0;
  return Math.floor((t - offset) / size) * size + offset;
}

/** One candle starting at `start`: [start, open, close, high, low, base volume]. */
export function candleAt(h: History, interval: Interval, start: number): CandleRow {
  const { spec } = h;
  const size = INTERVAL_MS[interval];
  const end = start + size;
  const open = priceAt(h, start);
  const close = priceAt(h, Math.min(end, h.now));
  const prices = [open, close];
  let volume = "0";
  if (start < h.anchor) {
    // The seeded part: wicks widen slowly with the interval (about 0.1 % a minute, 1.4 % a week).
    const seededEnd = Math.min(end, h.anchor);
    const a = open;
    const b = seededEnd === Math.min(end, h.now) ? close : curvePrice(spec, seededEnd, h.anchor);
    const reach = 0.001 * (1 + Math.log2(size / MINUTE));
    const up = (1 + reach * unit(spec.symbol, interval, start, "high")).toFixed(8);
    const down = (1 - reach * unit(spec.symbol, interval, start, "low")).toFixed(8);
    prices.push(floorToStep(money.mul(money.max(a, b), up), spec.priceIncrement));
    prices.push(
      money.max(floorToStep(money.mul(money.min(a, b), down), spec.priceIncrement), spec.priceIncrement),
    );
    const minutes = (seededEnd - start) / MINUTE;
    const usd = (300 * (0.3 + 1.4 * unit(spec.symbol, interval, start, "volume")) * minutes).toFixed(2);
    volume = floorToStep(money.div(usd, usdPrice(spec.baseAsset), 12), spec.baseIncrement);
  }
  for (const trade of h.trades) {
    if (trade.t < start || trade.t >= end) continue;
    prices.push(trade.price);
    volume = money.add(volume, trade.size);
  }
  const high = prices.reduce((x, y) => money.max(x, y));
  const low = prices.reduce((x, y) => money.min(x, y));
  return [new Date(start).toISOString(), open, close, high, low, volume];
}

/**
 * Candles whose interval overlaps `from`..`to` (ms), oldest first, none starting after now; at most
 * MAX_CANDLES, keeping the newest. Without `from`, the last 100 intervals up to `to`.
 */
export function candles(h: History, interval: Interval, range: { from?: number; to?: number }): CandleRow[] {
  const size = INTERVAL_MS[interval];
  const last = align(Math.min(range.to ?? h.now, h.now), interval);
  let first = align(range.from ?? last - (DEFAULT_CANDLES - 1) * size, interval);
  first = Math.max(first, last - (MAX_CANDLES - 1) * size);
  const rows: CandleRow[] = [];
  for (let start = first; start <= last; start += size) rows.push(candleAt(h, interval, start));
  return rows;
}
