/**
 * The seeded price history of a pair: a smooth deterministic curve around the reference price, from
 * which candles are cut. The same pair, interval and start always give the same candle.
 */
import { money } from "../../domain/money.js";
import { type PairSpec, referencePrice, usdPrice } from "./symbols.js";
import { hash32, unit } from "./random.js";
import { floorToStep } from "./steps.js";

export type Interval = "1m" | "5m" | "15m" | "30m" | "1h" | "4h" | "1d" | "1w";
export type CandleRow = [string, string, string, string, string, string];

const MINUTE = 60_000;
export const INTERVAL_MS: Record<Interval, number> = {
  "1m": MINUTE,
  "5m": 5 * MINUTE,
  "15m": 15 * MINUTE,
  "30m": 30 * MINUTE,
  "1h": 60 * MINUTE,
  "4h": 240 * MINUTE,
  "1d": 1440 * MINUTE,
  "1w": 10080 * MINUTE,
};
/** Most candles one reply carries; a longer range keeps its newest candles. */
export const MAX_CANDLES = 1500;
/** Candles returned when the client gives no start. */
const DEFAULT_CANDLES = 100;
// 1970-01-01 was a Thursday; weekly candles start on Mondays.
const WEEK_OFFSET = 4 * 1440 * MINUTE;

/** The curve's price at time `t` (ms), on the pair's price grid and never below one tick. */
export function curvePrice(spec: PairSpec, t: number): string {
  const seed = hash32(spec.symbol, "curve");
  const phase1 = (seed % 1000) / 159;
  const phase2 = ((seed >>> 10) % 1000) / 159;
  const wave =
    0.02 * Math.sin((2 * Math.PI * t) / (3 * 1440 * MINUTE) + phase1) +
    0.008 * Math.sin((2 * Math.PI * t) / (7 * 60 * MINUTE) + phase2) +
    0.002 * (2 * unit(spec.symbol, "noise", Math.floor(t / MINUTE)) - 1);
  const price = floorToStep(money.mul(referencePrice(spec), (1 + wave).toFixed(8)), spec.priceIncrement);
  return money.max(price, spec.priceIncrement);
}

function align(t: number, interval: Interval): number {
  const size = INTERVAL_MS[interval];
  const offset = interval === "1w" ? WEEK_OFFSET : 0;
  return Math.floor((t - offset) / size) * size + offset;
}

/** One candle starting at `start`: [start, open, close, high, low, base volume]. */
export function candleAt(spec: PairSpec, interval: Interval, start: number): CandleRow {
  const size = INTERVAL_MS[interval];
  const open = curvePrice(spec, start);
  const close = curvePrice(spec, start + size);
  // Wicks widen slowly with the interval: about 0.1 % for a minute, 1.4 % for a week.
  const reach = 0.001 * (1 + Math.log2(size / MINUTE));
  const up = (1 + reach * unit(spec.symbol, interval, start, "high")).toFixed(8);
  const down = (1 - reach * unit(spec.symbol, interval, start, "low")).toFixed(8);
  const high = floorToStep(money.mul(money.max(open, close), up), spec.priceIncrement);
  const low = money.max(
    floorToStep(money.mul(money.min(open, close), down), spec.priceIncrement),
    spec.priceIncrement,
  );
  const usd = (300 * (0.3 + 1.4 * unit(spec.symbol, interval, start, "volume")) * (size / MINUTE)).toFixed(2);
  const volume = floorToStep(money.div(usd, usdPrice(spec.baseAsset), 12), spec.baseIncrement);
  return [new Date(start).toISOString(), open, close, high, low, volume];
}

/**
 * Candles whose interval overlaps `from`..`to` (ms), oldest first, none starting after `now`; at most
 * MAX_CANDLES, keeping the newest. Without `from`, the last 100 intervals before `to`.
 */
export function candles(
  spec: PairSpec,
  interval: Interval,
  range: { from?: number; to?: number },
  now: number,
): CandleRow[] {
  const size = INTERVAL_MS[interval];
  const last = align(Math.min(range.to ?? now, now), interval);
  let first = align(range.from ?? last - (DEFAULT_CANDLES - 1) * size, interval);
  first = Math.max(first, last - (MAX_CANDLES - 1) * size);
  const rows: CandleRow[] = [];
  for (let start = first; start <= last; start += size) rows.push(candleAt(spec, interval, start));
  return rows;
}
