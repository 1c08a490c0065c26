/**
 * Render time of a QR code picture, as the bot sends one: the value → PNG (bot/shared/qr.ts). Three
 * values of the sizes the bot encodes: a cheque link, an invoice's web link and a long on-chain
 * address with a memo-sized tail. Prints the median, the 95th percentile and the slowest of RUNS
 * renders each (after a warm-up), with the CPU time per render. Target: ≤ 20 ms each.
 */
import { performance } from "node:perf_hooks";
import { qrPng } from "../src/bot/shared/qr.js";

const RUNS = Number(process.env.RUNS ?? 200);
const VALUES = {
  "cheque link": "https://t.me/xrocket?start=mc_2Kq7ZpVxY3nTfR8wLdA4",
  "invoice web link": "https://pay.xrocket.tg/invoice/inv_8f1c2d3e4a5b6c7d8e9f0a1b2c3d4e5f",
  "TON address": "UQDk2VTvn04SUKJrW7rXahzdF8_Qi6utb0wj43InCu9vdjrR",
  "long address": "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdqbc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
};

for (const [name, value] of Object.entries(VALUES)) {
  for (let i = 0; i < 10; i++) qrPng(value);
  const times: number[] = [];
  let bytes = 0;
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const png = qrPng(value);
    times.push(performance.now() - t0);
    bytes = png.length;
  }
  const cpu = process.cpuUsage(cpu0);
  times.sort((a, b) => a - b);
  const pick = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
  console.log(
    `qr ${name} (${value.length} chars), ${RUNS} renders: median ${pick(0.5)} ms, p95 ${pick(0.95)} ms, max ${pick(1)} ms, CPU ${((cpu.user + cpu.system) / 1000 / RUNS).toFixed(2)} ms per render (PNG ${bytes} B; target ≤ 20 ms)`,
  );
}
