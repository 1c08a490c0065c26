/**
 * Rendered charts kept per symbol, interval and minute: 100 people asking for the same chart in the
 * same minute cost one service read and one render (they all await the same promise), and once
 * Telegram has the image its file id is reused instead of uploading it again.
 */

export interface CachedChart {
  png: Buffer;
  /** Telegram's id of the uploaded photo, once known. */
  fileId?: string;
}

export class ChartCache<T extends CachedChart = CachedChart> {
  readonly #entries = new Map<string, { minute: number; chart: Promise<T | null> }>();

  constructor(
    private readonly now: () => Date,
    private readonly maxEntries = 500,
  ) {}

  static key(symbol: string, interval: string): string {
    return `${symbol}|${interval}`;
  }

  /**
   * The chart for `symbol` and `interval` in the current minute, made by `make` when nobody has made
   * it yet; `null` (no candles) is cached too. A failed `make` is not kept, so the next ask retries.
   */
  get(symbol: string, interval: string, make: () => Promise<T | null>): Promise<T | null> {
    const minute = Math.floor(this.now().getTime() / 60_000);
    const key = ChartCache.key(symbol, interval);
    const hit = this.#entries.get(key);
    if (hit && hit.minute === minute) return hit.chart;
    const chart = make();
    this.#entries.set(key, { minute, chart });
    chart.catch(() => {
      if (this.#entries.get(key)?.chart === chart) this.#entries.delete(key);
    });
    this.#evict(minute);
    return chart;
  }

  /** Remembers Telegram's file id for the chart of this minute, so it is not uploaded again. */
  async rememberFileId(symbol: string, interval: string, png: Buffer, fileId: string): Promise<void> {
    const hit = this.#entries.get(ChartCache.key(symbol, interval));
    const chart = hit ? await hit.chart : null;
    if (chart && chart.png === png) chart.fileId = fileId;
  }

  get size(): number {
    return this.#entries.size;
  }

  #evict(minute: number): void {
    for (const [key, entry] of this.#entries) if (entry.minute !== minute) this.#entries.delete(key);
    while (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }
}
