/**
 * The chart renderer: the service's candle order is pinned, the SVG carries prices and times as
 * decimals, the PNG has the chart's size, and the per-minute cache makes one render for a crowd.
 */
import { describe, expect, it } from "vitest";
import { ChartCache } from "../../src/charts/cache.js";
import { CHART_HEIGHT, CHART_WIDTH, candleFromService, candleSvg, renderCandleChart } from "../../src/charts/candles.js";
import { Candle } from "../../src/service/schemas.js";

const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

describe("candle charts", () => {
  it("reads the service's [start, open, close, high, low, volume] order", () => {
    const wire = Candle.parse(["2026-01-01T00:00:00Z", "10", "12", "13", "9", "5.5"]);
    expect(candleFromService(wire)).toEqual({
      start: "2026-01-01T00:00:00Z",
      open: "10",
      close: "12",
      high: "13",
      low: "9",
      volume: "5.5",
    });
  });

  const candles = Array.from({ length: 200 }, (_, i) =>
    candleFromService([
      new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString(),
      "0.000012",
      i % 2 ? "0.000013" : "0.000011",
      "0.000014",
      "0.00001",
      "1000",
    ]),
  );

  it("labels prices from decimals: no exponent, no float noise; the last price is marked", () => {
    const svg = candleSvg({ symbol: "X-Y", interval: "1h", candles, last: "0.0000123", dateOnly: false });
    expect(svg).toContain(">0.0000123<");
    expect(svg).toContain(">0.00001<");
    expect(svg).not.toMatch(/>[^<]*e-\d[^<]*</);
    expect(svg).toContain("01-01 ");
  });

  it("renders a PNG of the chart's size", async () => {
    const png = await renderCandleChart({ symbol: "BTC-USDT", interval: "1d", candles, last: "0.000012", dateOnly: true });
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect(pngSize(png)).toEqual({ width: CHART_WIDTH, height: CHART_HEIGHT });
  });

  it("refuses to draw nothing", () => {
    expect(() => candleSvg({ symbol: "X-Y", interval: "1h", candles: [], last: "1", dateOnly: false })).toThrow();
  });

  it("makes a chart once per symbol, interval and minute, and again in the next minute", async () => {
    let now = new Date("2026-01-01T10:00:05Z");
    const cache = new ChartCache(() => now);
    let made = 0;
    const make = async () => ({ png: Buffer.from(String(++made)) });
    await Promise.all(Array.from({ length: 100 }, () => cache.get("BTC-USDT", "1h", make)));
    expect(made).toBe(1);
    await cache.get("BTC-USDT", "4h", make);
    expect(made).toBe(2);
    now = new Date("2026-01-01T10:01:00Z");
    await cache.get("BTC-USDT", "1h", make);
    expect(made).toBe(3);
    expect(cache.size).toBe(1);
  });

  it("does not keep a failed render", async () => {
    const cache = new ChartCache(() => new Date());
    await expect(cache.get("A-B", "1h", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    const chart = await cache.get("A-B", "1h", async () => ({ png: Buffer.from("ok") }));
    expect(chart?.png.toString()).toBe("ok");
  });
});
