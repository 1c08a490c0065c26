/**
 * Texts and keyboards of the market screens: a pair's ticker card, the order book and recent trades
 * as monospace tables, the pair list, assets, fees and service status. Pure functions of service
 * replies (already validated by the service module). A card of testnet's market names testnet with
 * its pair (`pairOn`).
 */
import { InlineKeyboard } from "grammy";
import { formatAmount, formatPercent, money } from "../../../domain/money.js";
import { type NetworkName, pairOn } from "../../../domain/networks.js";
import { typedPair } from "../../../domain/symbols.js";
import type { Translate } from "../../../domain/translate.js";
import type { Asset, Orderbook, SymbolInfo, Ticker, Trade, TradeFee } from "../../../service/schemas.js";
import { formatTime, shareUrl, zoneLabel } from "../../shared/format.js";
import { formatWallTime } from "../../../domain/time-zones.js";
import { priceLink } from "../../shared/link-payloads.js";
import { menu } from "../../menu-data.js";
import { ALERTS_DATA } from "../alerts/callback-data.js";
import { MARKET_DATA } from "./callback-data.js";


export const BOOK_DEPTH = 10;
export const TRADES_SHOWN = 20;
export const SYMBOLS_PER_PAGE = 10;

export const assetsOf = (symbol: string) => {
  const [base = symbol, quote = symbol] = symbol.split("-");
  return { base, quote };
};

/** Text for `<pre>` blocks and HTML messages. */
export const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * "+1.23%" from a rate such as "0.0123" (two places, the sign of a change), as the reader writes it;
 * a change too small for two places keeps its first significant digit ("+0.0005%"), so a move up or
 * down never reads as an unsigned 0.
 */
export function percent(rate: string): string {
  const points = money.mul(rate.replace(/^-/, ""), "100");
  const tiny = !money.isZero(points) && money.lt(points, "0.005");
  const decimals = tiny ? Math.min(8, money.decimalPlaces(money.significant(points, 1))) : 2;
  return formatPercent(rate, decimals, true, 2);
}

/** A 24 h volume to read: two places from 1 up ("1 234.57"), four significant digits below ("0.001235"). */
export function volume(amount: string): string {
  return money.gte(amount, "1") ? money.round(amount, 2) : money.significant(amount, 4);
}

/** A fee rate as a percentage without a sign ("0.08%"): a fee is no change up or down. */
export function feePercent(rate: string): string {
  return formatPercent(rate, 2);
}

/** The ticker card: last price, 24 h change, range, volume, best bid and ask. */
export function tickerText(
  t: Translate,
  tk: Ticker,
  book: Pick<Orderbook, "bids" | "asks">,
  zone: string | undefined,
  network: NetworkName,
): string {
  const { base, quote } = assetsOf(tk.symbol);
  const falling = tk.changePrice.startsWith("-");
  const arrow = falling ? "🔻" : "🔺";
  return [
    t("market-ticker-title", { pair: pairOn(t, tk.symbol, network) }),
    t("market-ticker-last", { price: formatAmount(tk.last, quote) }),
    t("market-ticker-change", {
      arrow,
      change: `${falling ? "-" : "+"}${formatAmount(tk.changePrice.replace(/^-/, ""), quote)}`,
      percent: percent(tk.changeRate),
    }),
    t("market-ticker-range", { high: formatAmount(tk.high, quote), low: formatAmount(tk.low, quote) }),
    t("market-ticker-volume", {
      base: formatAmount(volume(tk.baseVolume), base),
      quote: formatAmount(volume(tk.quoteVolume), quote),
    }),
    t("market-ticker-book", {
      bid: book.bids[0] ? formatAmount(book.bids[0][0], quote) : "—",
      ask: book.asks[0] ? formatAmount(book.asks[0][0], quote) : "—",
    }),
    t("market-ticker-time", { time: formatTime(tk.endTime, zone) }),
  ].join("\n");
}

/** Chart · Book · Trades · Alert · Rules · Trade under a ticker card, then Share and Back. */
export function tickerKeyboard(t: Translate, symbol: string, botUsername: string): InlineKeyboard {
  return new InlineKeyboard()
    .text(t("market-button-chart"), MARKET_DATA.chart.build({ symbol, interval: "1h" }))
    .text(t("market-button-book"), MARKET_DATA.book.build({ symbol }))
    .row()
    .text(t("market-button-trades"), MARKET_DATA.trades.build({ symbol }))
    .text(t("market-button-alert"), ALERTS_DATA.createFor.build({ symbol }))
    .row()
    .text(t("market-button-info"), MARKET_DATA.info.build({ symbol }))
    .text(t("market-button-trade"), MARKET_DATA.trade.build({ symbol }))
    .row()
    .url(t("common-share"), shareUrl(priceLink(botUsername, symbol)))
    .text(t("common-back"), menu("main"));
}

/** A pair's trading rules: whether it trades, sizes, funds, steps and the price range. */
export function symbolText(t: Translate, s: SymbolInfo, network: NetworkName): string {
  const { baseAsset: base, quoteAsset: quote } = s;
  return [
    t("market-info-title", { pair: pairOn(t, s.symbol, network) }),
    t(s.enableTrading ? "market-info-trading" : "market-info-closed"),
    t("market-info-size", {
      min: formatAmount(s.baseMinSize, base),
      max: formatAmount(s.baseMaxSize, base),
      step: formatAmount(s.baseIncrement, base),
    }),
    t("market-info-funds", {
      min: formatAmount(s.quoteMinSize, quote),
      max: formatAmount(s.quoteMaxSize, quote),
      step: formatAmount(s.quoteIncrement, quote),
    }),
    t("market-info-price", {
      min: formatAmount(s.minPrice, quote),
      max: formatAmount(s.maxPrice, quote),
      step: formatAmount(s.priceIncrement, quote),
    }),
  ].join("\n");
}

/** Right-aligns the columns of `rows` (each a list of cells). */
function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  return rows.map((r) => r.map((c, i) => c.padStart(widths[i]!)).join("  ")).join("\n");
}

/** The top of both sides of the book in a monospace table (HTML). */
export function bookText(
  t: Translate,
  symbol: string,
  book: Orderbook,
  now: Date,
  zone: string | undefined,
  network: NetworkName,
): string {
  const { base, quote } = assetsOf(symbol);
  const head = t("market-book-title", { pair: pairOn(t, symbol, network) });
  if (book.bids.length === 0 && book.asks.length === 0) return `${head}\n${t("market-book-empty")}`;
  const rows: string[][] = [[t("market-book-bid-size"), t("market-book-bid"), t("market-book-ask"), t("market-book-ask-size")]];
  for (let i = 0; i < Math.max(book.bids.length, book.asks.length); i++) {
    const bid = book.bids[i];
    const ask = book.asks[i];
    rows.push([
      bid ? formatAmount(bid[1]) : "",
      bid ? formatAmount(bid[0]) : "",
      ask ? formatAmount(ask[0]) : "",
      ask ? formatAmount(ask[1]) : "",
    ]);
  }
  return [
    escapeHtml(head),
    escapeHtml(t("market-book-units", { base, quote })),
    `<pre>${escapeHtml(table(rows))}</pre>`,
    escapeHtml(t("market-updated", { time: formatTime(now.toISOString(), zone) })),
  ].join("\n");
}

export function bookKeyboard(t: Translate, symbol: string): InlineKeyboard {
  return new InlineKeyboard()
    .text(t("market-refresh"), MARKET_DATA.book.build({ symbol }))
    .text(t("market-button-price"), MARKET_DATA.price.build({ symbol }))
    .row()
    .text(t("common-back"), menu("main"));
}

/** A trade's time of day (hh:mm:ss) in `zone`; as the service wrote it when it is not a date-time. */
function clockOf(iso: string, zone: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso.slice(11, 19) : formatWallTime(ms, zone, true).slice(11);
}

/** The latest trades, newest first, in a monospace table (HTML), their times on the person's clock. */
export function tradesText(t: Translate, symbol: string, trades: Trade[], network: NetworkName, zone = "UTC", now = Date.now()): string {
  const { base, quote } = assetsOf(symbol);
  const head = t("market-trades-title", { pair: pairOn(t, symbol, network) });
  if (trades.length === 0) return escapeHtml(`${head}\n${t("market-trades-none")}`);
  const rows = [
    [t("market-trades-time"), t("market-trades-side"), t("market-trades-price"), t("market-trades-size")],
    ...trades.map((tr) => [
      clockOf(tr.time, zone),
      t(`market-side-${tr.side}`),
      formatAmount(tr.price),
      formatAmount(tr.size),
    ]),
  ];
  return [
    escapeHtml(head),
    escapeHtml(t("market-trades-units", { base, quote, zone: zoneLabel(t, zone, now) })),
    `<pre>${escapeHtml(table(rows))}</pre>`,
  ].join("\n");
}

export function tradesKeyboard(t: Translate, symbol: string): InlineKeyboard {
  return new InlineKeyboard()
    .text(t("market-refresh"), MARKET_DATA.trades.build({ symbol }))
    .text(t("market-button-price"), MARKET_DATA.price.build({ symbol }))
    .row()
    .text(t("common-back"), menu("main"));
}

/** A page of pairs: a button per pair (opens its card), Previous / Next, Back. */
export function symbolsPage(
  t: Translate,
  matches: string[],
  page: number,
  query: string,
): { text: string; keyboard: InlineKeyboard } {
  const pages = Math.max(1, Math.ceil(matches.length / SYMBOLS_PER_PAGE));
  const current = Math.min(Math.max(page, 1), pages);
  const shown = matches.slice((current - 1) * SYMBOLS_PER_PAGE, current * SYMBOLS_PER_PAGE);
  const kb = new InlineKeyboard();
  shown.forEach((s, i) => {
    if (i > 0 && i % 2 === 0) kb.row();
    kb.text(s, MARKET_DATA.price.build({ symbol: s }));
  });
  kb.row();
  if (current > 1) kb.text(t("common-prev"), MARKET_DATA.symbols.build({ page: current - 1, query }));
  if (current < pages) kb.text(t("common-next"), MARKET_DATA.symbols.build({ page: current + 1, query }));
  kb.row().text(t("common-back"), menu("main"));
  const head = query ? t("market-symbols-search", { query }) : t("market-symbols-title");
  const body = matches.length === 0 ? t("market-symbols-none") : t("market-symbols-page", { page: current, pages, total: matches.length });
  return { text: [head, body, t("market-symbols-hint")].join("\n"), keyboard: kb };
}

/** The asset list: a button per asset. */
export function assetsKeyboard(t: Translate, assets: Asset[]): InlineKeyboard {
  const kb = new InlineKeyboard();
  assets.forEach((a, i) => {
    if (i > 0 && i % 3 === 0) kb.row();
    kb.text(a.asset, MARKET_DATA.asset.build({ asset: a.asset }));
  });
  return kb.row().text(t("common-back"), menu("main"));
}

/** One asset: name, precision, and per network whether deposits and withdrawals are open. */
export function assetText(t: Translate, a: Asset): string {
  const state = (on: boolean) => t(on ? "market-asset-open" : "market-asset-closed");
  return [
    a.name === undefined
      ? t("market-asset-title-unnamed", { asset: a.asset })
      : t("market-asset-title", { asset: a.asset, name: a.name }),
    t("market-asset-precision", { decimals: a.precision }),
    ...(a.networks.length === 0
      ? [t("market-asset-no-networks")]
      : a.networks.map((n) =>
          t("market-asset-network", {
            network: n.network,
            deposit: state(n.depositEnabled),
            withdrawal: state(n.withdrawalEnabled),
          }),
        )),
  ].join("\n");
}

/** Maker and taker fee rates per pair, as percentages. */
export function feesText(t: Translate, fees: TradeFee[], own: boolean): string {
  return [
    t(own ? "market-fees-own" : "market-fees-default"),
    ...fees.map((f) =>
      t("market-fees-line", { pair: f.symbol, maker: feePercent(f.standard.maker), taker: feePercent(f.standard.taker) }),
    ),
  ].join("\n");
}

export interface HealthLine {
  api: "exchange" | "pay";
  ok: boolean;
  ms: number;
}

/** Whether each interface of the network answers. */
export function statusText(t: Translate, network: string, lines: HealthLine[]): string {
  return [
    t("market-status-title", { network: t(`market-network-${network}`) }),
    ...lines.map((l) =>
      t(l.ok ? "market-status-up" : "market-status-down", { api: t(`market-api-${l.api}`), ms: l.ms }),
    ),
  ].join("\n");
}

/** "Did you mean …?" with a button per suggestion. */
export function unknownSymbol(
  t: Translate,
  typed: string,
  suggestions: string[],
  dataOf: (symbol: string) => string,
): { text: string; keyboard: InlineKeyboard } {
  const kb = new InlineKeyboard();
  for (const s of suggestions) kb.text(s, dataOf(s));
  kb.row().text(t("market-button-all-symbols"), MARKET_DATA.symbols.build({ page: 1, query: "" }));
  return {
    text: suggestions.length
      ? t("market-unknown-symbol-suggest", { typed: typedPair(typed) })
      : t("market-unknown-symbol", { typed: typedPair(typed) }),
    keyboard: kb,
  };
}
