/**
 * Candlestick charts as PNG, rendered on the server: the SVG is built here in code and rasterised by
 * resvg (no browser). Prices stay decimal strings up to the moment they become pixel positions; axis
 * labels are formatted from decimals, so nothing shown ever has float noise or an exponent. The font
 * ships with the project (DejaVu Sans from the registry), so labels render the same on every machine.
 */
import { createRequire } from "node:module";
import { renderAsync } from "@resvg/resvg-js";
import { Decimal } from "decimal.js";
import { formatAmount } from "../domain/money.js";

export const CHART_WIDTH = 800;
export const CHART_HEIGHT = 480;

/** One candle with named fields. */
export interface Ohlcv {
  /** ISO timestamp of the candle's start. */
  start: string;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

/**
 * The service sends a candle as `[start, open, close, high, low, volume]`: close comes second, not
 * fourth as in most APIs. This is the one place that order is read.
 */
export function candleFromService(c: readonly [string, string, string, string, string, string]): Ohlcv {
  const [start, open, close, high, low, volume] = c;
  return { start, open, high, low, close, volume };
}

export interface ChartSpec {
  symbol: string;
  /** Interval label shown in the title, e.g. "1h". */
  interval: string;
  /** Candles oldest first. */
  candles: Ohlcv[];
  /** Last traded price, marked with a line and a label. */
  last: string;
  /** Whether time labels show the date only (daily and weekly candles). */
  dateOnly: boolean;
}

const FONT_FILE = createRequire(import.meta.url).resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf");
const FONT = "DejaVu Sans";

const PAD = { left: 12, right: 92, top: 40, bottom: 28 };
const VOLUME_HEIGHT = 70;
const GAP = 8;
const UP = "#26a69a";
const DOWN = "#ef5350";

/** A "nice" step (1, 2 or 5 × 10^n) that splits `range` into about `count` parts. */
function niceStep(range: Decimal, count: number): Decimal {
  if (range.lte(0)) return new Decimal(1);
  const rough = range.div(count);
  const exponent = Math.floor(Math.log10(rough.toNumber()));
  const base = new Decimal(10).pow(exponent);
  for (const m of [1, 2, 5, 10]) if (base.times(m).gte(rough)) return base.times(m);
  return base.times(10);
}

const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const fixed = (n: number) => n.toFixed(1);

function timeLabel(iso: string, dateOnly: boolean): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})/.exec(iso);
  if (!m) return iso;
  return dateOnly ? `${m[1]}-${m[2]}-${m[3]}` : `${m[2]}-${m[3]} ${m[4]}`;
}

/** The chart as SVG text. `candles` must not be empty. */
export function candleSvg(spec: ChartSpec): string {
  const { candles } = spec;
  if (candles.length === 0) throw new Error("a chart needs at least one candle");
  let low = new Decimal(spec.last);
  let high = new Decimal(spec.last);
  let maxVolume = new Decimal(0);
  for (const c of candles) {
    low = Decimal.min(low, c.low);
    high = Decimal.max(high, c.high);
    maxVolume = Decimal.max(maxVolume, c.volume);
  }
  if (high.eq(low)) {
    high = high.plus(high.abs().times("0.01").plus("0.00000001"));
    low = Decimal.max(0, low.minus(low.abs().times("0.01")));
  }
  const step = niceStep(high.minus(low), 6);
  const bottomTick = low.div(step).floor().times(step);
  const topTick = high.div(step).ceil().times(step);

  const plotW = CHART_WIDTH - PAD.left - PAD.right;
  const priceTop = PAD.top;
  const priceH = CHART_HEIGHT - PAD.top - PAD.bottom - VOLUME_HEIGHT - GAP;
  const volTop = priceTop + priceH + GAP;
  const span = topTick.minus(bottomTick);
  const y = (p: string | Decimal) =>
    priceTop + priceH - new Decimal(p).minus(bottomTick).div(span).toNumber() * priceH;
  const slot = plotW / candles.length;
  const bodyW = Math.max(1, slot * 0.7);
  const x = (i: number) => PAD.left + slot * i + slot / 2;

  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CHART_WIDTH}" height="${CHART_HEIGHT}" font-family="${FONT}" font-size="12">`,
    `<rect width="100%" height="100%" fill="#131722"/>`,
    `<text x="${PAD.left}" y="24" fill="#d1d4dc" font-size="16">${escape(`${spec.symbol} · ${spec.interval}`)}</text>`,
  ];
  // Price grid and labels.
  for (let tick = bottomTick; tick.lte(topTick); tick = tick.plus(step)) {
    const ty = fixed(y(tick));
    out.push(
      `<line x1="${PAD.left}" x2="${PAD.left + plotW}" y1="${ty}" y2="${ty}" stroke="#2a2e39"/>`,
      `<text x="${PAD.left + plotW + 6}" y="${fixed(y(tick) + 4)}" fill="#8a8f98">${escape(formatAmount(tick.toFixed()))}</text>`,
    );
  }
  // Time labels: about six, evenly spaced.
  const every = Math.max(1, Math.ceil(candles.length / 6));
  for (let i = Math.floor(every / 2); i < candles.length; i += every) {
    out.push(
      `<text x="${fixed(x(i))}" y="${CHART_HEIGHT - 8}" fill="#8a8f98" text-anchor="middle">${escape(timeLabel(candles[i]!.start, spec.dateOnly))}</text>`,
    );
  }
  // Candles and volume bars.
  candles.forEach((c, i) => {
    const up = new Decimal(c.close).gte(c.open);
    const colour = up ? UP : DOWN;
    const cx = fixed(x(i));
    const top = y(up ? c.close : c.open);
    const bottom = y(up ? c.open : c.close);
    out.push(
      `<line x1="${cx}" x2="${cx}" y1="${fixed(y(c.high))}" y2="${fixed(y(c.low))}" stroke="${colour}"/>`,
      `<rect x="${fixed(x(i) - bodyW / 2)}" y="${fixed(top)}" width="${fixed(bodyW)}" height="${fixed(Math.max(1, bottom - top))}" fill="${colour}"/>`,
    );
    if (maxVolume.gt(0)) {
      const h = new Decimal(c.volume).div(maxVolume).toNumber() * VOLUME_HEIGHT;
      out.push(
        `<rect x="${fixed(x(i) - bodyW / 2)}" y="${fixed(volTop + VOLUME_HEIGHT - h)}" width="${fixed(bodyW)}" height="${fixed(Math.max(h, 0.5))}" fill="${colour}" fill-opacity="0.45"/>`,
      );
    }
  });
  // The last price: a dashed line across and a label on the axis.
  const ly = y(spec.last);
  out.push(
    `<line x1="${PAD.left}" x2="${PAD.left + plotW}" y1="${fixed(ly)}" y2="${fixed(ly)}" stroke="#f0b90b" stroke-dasharray="4 3"/>`,
    `<rect x="${PAD.left + plotW + 2}" y="${fixed(ly - 9)}" width="${PAD.right - 4}" height="18" rx="3" fill="#f0b90b"/>`,
    `<text x="${PAD.left + plotW + 6}" y="${fixed(ly + 4)}" fill="#131722">${escape(formatAmount(spec.last))}</text>`,
    "</svg>",
  );
  return out.join("");
}

/** Renders the chart to PNG (off the event loop, in resvg's worker pool). */
export async function renderCandleChart(spec: ChartSpec): Promise<Buffer> {
  const image = await renderAsync(candleSvg(spec), {
    font: { loadSystemFonts: false, fontFiles: [FONT_FILE], defaultFontFamily: FONT },
    fitTo: { mode: "original" },
    // Axis-aligned bars and lines: crisp edges look sharper and render faster than anti-aliasing.
    shapeRendering: 1,
  });
  return image.asPng();
}
