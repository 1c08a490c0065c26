/**
 * The order-history filter: what it holds, how it rides in callback data (a few characters, so every
 * button carries the exact filter its page was shown with), how it is kept in the session, and the
 * period presets turned into startAt/endAt.
 */
import { z } from "zod";
import { DEFAULT_ZONE, startOfDay } from "../../../domain/time-zones.js";
import type { Field } from "../../../telegram/callback-data.js";

export const SIDES = ["any", "buy", "sell"] as const;
export const PERIODS = ["today", "7d", "30d", "all"] as const;
export type SideFilter = (typeof SIDES)[number];
export type PeriodPreset = (typeof PERIODS)[number];

export interface OrderFilter {
  /** A trading pair, or null for all pairs. */
  symbol: string | null;
  side: SideFilter;
  period: PeriodPreset;
  hideCancelled: boolean;
}

export const DEFAULT_FILTER: OrderFilter = { symbol: null, side: "any", period: "all", hideCancelled: false };

/** Pairs a button may carry: "ord:h:9999:" + 5 filter characters + at most 41 stays within 64 bytes. */
const SYMBOL_SOURCE = "[A-Z0-9]{1,20}-[A-Z0-9]{1,20}";
const SYMBOL_PATTERN = new RegExp(`^${SYMBOL_SOURCE}$`);

/** Whether a pair fits in callback data (a longer one is left out of the pair picker). */
export function fitsButton(symbol: string): boolean {
  return SYMBOL_PATTERN.test(symbol);
}

const SIDE_CODE: Record<SideFilter, string> = { any: "a", buy: "b", sell: "s" };
const PERIOD_CODE: Record<PeriodPreset, string> = { today: "t", "7d": "w", "30d": "m", all: "a" };
const reverse = <K extends string>(codes: Record<K, string>) =>
  Object.fromEntries(Object.entries(codes).map(([k, v]) => [v, k])) as Record<string, K>;
const SIDE_OF = reverse(SIDE_CODE);
const PERIOD_OF = reverse(PERIOD_CODE);
const FILTER_PATTERN = new RegExp(`^([abs])([twma])([01])\\.(\\*|${SYMBOL_SOURCE})$`);

/**
 * The filter as a callback-data field: "bw1.BTC-USDT" is side, period, hide-cancelled, then the pair
 * or `*` for all.
 */
export const filterField: Field<OrderFilter> = {
  source: `[abs][twma][01]\\.(?:\\*|${SYMBOL_SOURCE})`,
  write: (f) => `${SIDE_CODE[f.side]}${PERIOD_CODE[f.period]}${f.hideCancelled ? "1" : "0"}.${f.symbol ?? "*"}`,
  read(text) {
    const match = FILTER_PATTERN.exec(text);
    if (!match) return undefined;
    const [, side, period, hide, symbol] = match;
    return {
      side: SIDE_OF[side!]!,
      period: PERIOD_OF[period!]!,
      hideCancelled: hide === "1",
      symbol: symbol === "*" ? null : symbol!,
    };
  },
  longest: `bw1.${"X".repeat(20)}-${"X".repeat(20)}`,
};

const SessionFilter = z.object({
  symbol: z.string().regex(SYMBOL_PATTERN).nullable().catch(DEFAULT_FILTER.symbol),
  side: z.enum(SIDES).catch(DEFAULT_FILTER.side),
  period: z.enum(PERIODS).catch(DEFAULT_FILTER.period),
  hideCancelled: z.boolean().catch(DEFAULT_FILTER.hideCancelled),
});

/** The filter kept in the session; anything missing or malformed falls back to the default. */
export function filterFromSession(stored: Record<string, unknown> | undefined): OrderFilter {
  const parsed = SessionFilter.safeParse(stored ?? {});
  return parsed.success ? parsed.data : { ...DEFAULT_FILTER };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * startAt/endAt of a preset at `now`: "today" starts at 00:00 on the person's clock (`zone`, UTC when
 * none); "all" sends neither.
 */
export function periodRange(period: PeriodPreset, now: Date, zone: string = DEFAULT_ZONE): { startAt?: string; endAt?: string } {
  if (period === "all") return {};
  const endAt = now.toISOString();
  if (period === "today") return { startAt: new Date(startOfDay(now.getTime(), zone)).toISOString(), endAt };
  const days = period === "7d" ? 7 : 30;
  return { startAt: new Date(now.getTime() - days * DAY_MS).toISOString(), endAt };
}
