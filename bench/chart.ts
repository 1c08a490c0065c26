/**
 * Render time of a candlestick chart: 200 candles → SVG → PNG, as /chart makes it. Prints the
 * median, the 95th percentile and the slowest of RUNS renders (after a warm-up), and what the
 * per-minute cache saves when 100 people ask for the same chart at once.
 */
import { performance } from "node:perf_hooks";
import { ChartCache } from "../src/charts/cache.js";
import { CHART_HEIGHT, CHART_WIDTH, type Ohlcv, renderCandleChart } from "../src/charts/candles.js";
import { money } from "../src/domain/money.js";

const RUNS = Number(process.env.RUNS ?? 50);
const CANDLES = Number(process.env.CANDLES ?? 200);

function series(count: number): Ohlcv[] {
  const out: Ohlcv[] = [];
  let price = "65000";
  const start = Date.UTC(2026, 0, 1);
  for (let i = 0; i < count; i++) {
    // A deterministic wiggle: prices are decimal strings, as the service sends them.
    const move = String(((i * 7919) % 401) - 200);
    const close = money.add(price, move);
    const high = money.add(money.max(price, close), String((i * 31) % 90));
    const low = money.sub(money.min(price, close), String((i * 17) % 90));
    out.push({
      start: new Date(start + i * 3_600_000).toISOString(),
      open: price,
      high,
      low,
      close,
      volume: String(((i * 13) % 50) + 1) + ".25",
    });
    price = close;
  }
  return out;
}

const candles = series(CANDLES);
const spec = { symbol: "BTC-USDT", interval: "1h", candles, last: candles.at(-1)!.close, dateOnly: false };
for (let i = 0; i < 5; i++) await renderCandleChart(spec);

const times: number[] = [];
let bytes = 0;
// CPU time (all threads) as well as wall time: on a shared, busy machine the wall time includes
// waiting for a core, while the CPU time is what one render costs.
const cpu0 = process.cpuUsage();
for (let i = 0; i < RUNS; i++) {
  const t0 = performance.now();
  const png = await renderCandleChart(spec);
  times.push(performance.now() - t0);
  bytes = png.length;
}
const cpu = process.cpuUsage(cpu0);
const cpuPerRender = ((cpu.user + cpu.system) / 1000 / RUNS).toFixed(1);
times.sort((a, b) => a - b);
const pick = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
console.log(
  `chart ${CHART_WIDTH}×${CHART_HEIGHT}, ${CANDLES} candles, ${RUNS} renders: median ${pick(0.5)} ms, p95 ${pick(0.95)} ms, max ${pick(1)} ms CPU ${cpuPerRender} ms per render (PNG ${Math.round(bytes / 1024)} KiB; target ≤ 50 ms)`,
);

const cache = new ChartCache(() => new Date());
let renders = 0;
const t0 = performance.now();
await Promise.all(
  Array.from({ length: 100 }, () =>
    cache.get("BTC-USDT", "1h", async () => {
      renders++;
      return { png: await renderCandleChart(spec) };
    }),
  ),
);
console.log(
  `100 simultaneous asks for one chart: ${renders} render, ${(performance.now() - t0).toFixed(1)} ms in all`,
);
