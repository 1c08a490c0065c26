/**
 * /chart and the chart buttons: a candlestick PNG of a pair, with buttons that switch the interval by
 * editing the photo in place. Charts come from the shared per-minute cache, so a crowd asking for the
 * same chart costs one read and one render, and Telegram's file id is reused after the first upload.
 */
import { InlineKeyboard, InputFile } from "grammy";
import type { InputMediaPhoto } from "grammy/types";
import { ChartCache } from "../../../charts/cache.js";
import { candleFromService, renderCandleChart } from "../../../charts/candles.js";
import { formatAmount } from "../../../domain/money.js";
import { type NetworkName, pairOn } from "../../../domain/networks.js";
import type { Translate } from "../../../domain/translate.js";
import type { ServiceClients } from "../../../service/factory.js";
import type { CandleType } from "../../../service/schemas.js";
import type { BotContext } from "../../context.js";
import { assetsOf } from "./view.js";
import { menu } from "../../menu-data.js";
import { MARKET_DATA } from "./callback-data.js";

/** The interval buttons, in order: label → the service's interval value and its length. */
export const CHART_INTERVALS = {
  "15m": { service: "15min", ms: 15 * 60_000 },
  "1h": { service: "1hour", ms: 3_600_000 },
  "4h": { service: "4hour", ms: 4 * 3_600_000 },
  "1d": { service: "1day", ms: 86_400_000 },
  "1w": { service: "1week", ms: 7 * 86_400_000 },
} as const satisfies Record<string, { service: CandleType; ms: number }>;
export type ChartInterval = keyof typeof CHART_INTERVALS;
export const DEFAULT_INTERVAL: ChartInterval = "1h";
/** Candles drawn per chart. */
export const CHART_CANDLES = 120;

export const isChartInterval = (v: string): v is ChartInterval => Object.hasOwn(CHART_INTERVALS, v);

/** An interval as a person reads it ("1 ч" in Russian); callback data and /chart keep the machine value. */
export const intervalLabel = (t: Translate, interval: ChartInterval) => t(`market-interval-${interval}`);

/** The interval buttons (the current one marked), Price and Back. */
export function chartKeyboard(t: Translate, symbol: string, current: ChartInterval): InlineKeyboard {
  const kb = new InlineKeyboard();
  for (const interval of Object.keys(CHART_INTERVALS) as ChartInterval[]) {
    const label = intervalLabel(t, interval);
    kb.text(interval === current ? `• ${label}` : label, MARKET_DATA.chart.build({ symbol, interval }));
  }
  return kb
    .row()
    .text(t("market-button-price"), MARKET_DATA.price.build({ symbol }))
    .text(t("common-back"), menu("main"));
}

export interface ChartImage {
  png: Buffer;
  fileId?: string;
  last: string;
}

/** Reads the candles and the last price and renders them; null when there are no candles. */
export async function makeChart(
  exchange: ServiceClients["exchange"],
  symbol: string,
  interval: ChartInterval,
  now: Date,
): Promise<ChartImage | null> {
  const { service, ms } = CHART_INTERVALS[interval];
  const iso = (t: number) => new Date(t).toISOString().replace(/\.\d+Z$/, "Z");
  // The service wants both ends of the period.
  const [{ candles }, { tickers }] = await Promise.all([
    exchange.getCandles({
      symbol,
      type: service,
      startAt: iso(now.getTime() - CHART_CANDLES * ms),
      endAt: iso(now.getTime()),
    }),
    exchange.getTicker({ tickerType: "24h", symbols: [symbol] }),
  ]);
  if (candles.length === 0) return null;
  const ohlc = candles.map(candleFromService).sort((a, b) => a.start.localeCompare(b.start));
  const last = tickers[0]?.last ?? ohlc.at(-1)!.close;
  const png = await renderCandleChart({
    symbol,
    interval,
    candles: ohlc.slice(-CHART_CANDLES),
    last,
    dateOnly: interval === "1d" || interval === "1w",
  });
  return { png, last };
}

const caches = new WeakMap<object, ChartCache<ChartImage>>();

/** The chart cache of one bot (keyed by its dependencies), shared by /chart and inline mode. */
export function chartCacheOf(deps: { now: () => Date }): ChartCache<ChartImage> {
  let cache = caches.get(deps);
  if (!cache) caches.set(deps, (cache = new ChartCache<ChartImage>(deps.now)));
  return cache;
}

/** Where a chart is: which network's market, so that testnet and production charts never mix. */
export interface ChartSource {
  network: NetworkName;
  exchange: ServiceClients["exchange"];
}

/** The chart of this minute from the cache, drawn when nobody asked for it yet; null when no candles. */
export function chartOf(
  cache: ChartCache<ChartImage>,
  source: ChartSource,
  symbol: string,
  interval: ChartInterval,
  now: Date,
): Promise<ChartImage | null> {
  return cache.get(`${source.network}:${symbol}`, interval, () =>
    makeChart(source.exchange, symbol, interval, now),
  );
}

/** The caption under a chart (a testnet chart's says so). */
export const chartCaption = (t: Translate, symbol: string, interval: ChartInterval, last: string, network: NetworkName) =>
  t("market-chart-caption", { pair: pairOn(t, symbol, network), interval: intervalLabel(t, interval), last: formatAmount(last, assetsOf(symbol).quote) });

/**
 * Shows the chart: edits the pressed photo in place when there is one, sends a new photo otherwise.
 * Returns false when there was nothing to draw (the caller says so).
 */
export async function showChart(
  ctx: BotContext,
  cache: ChartCache<ChartImage>,
  source: ChartSource,
  symbol: string,
  interval: ChartInterval,
  now: Date,
): Promise<boolean> {
  const key = `${source.network}:${symbol}`;
  const chart = await chartOf(cache, source, symbol, interval, now);
  if (!chart) return false;
  const caption = chartCaption(ctx.t, symbol, interval, chart.last, source.network);
  const reply_markup = chartKeyboard(ctx.t, symbol, interval);
  const media = chart.fileId ?? new InputFile(chart.png, `${symbol}-${interval}.png`);
  const pressed = ctx.callbackQuery?.message;
  let sent;
  if (pressed && "photo" in pressed && pressed.photo) {
    const photo: InputMediaPhoto = { type: "photo", media, caption };
    sent = await ctx.editMessageMedia(photo, { reply_markup });
  } else {
    sent = await ctx.replyWithPhoto(media, { caption, reply_markup });
  }
  const fileId = typeof sent === "object" && "photo" in sent ? sent.photo?.at(-1)?.file_id : undefined;
  if (fileId && !chart.fileId) await cache.rememberFileId(key, interval, chart.png, fileId);
  return true;
}
