/**
 * The market screens as functions of a context: a pair's card, its book, its trades, its chart and
 * the pair list. They need no key (public data, on the network the person acts on: production until
 * they choose testnet, whose cards say so), and each edits the pressed button's message in place or
 * sends a new one. Deep links open them too.
 */
import { InlineKeyboard } from "grammy";
import { publicClientsFor } from "../../../accounts/clients.js";
import type { NetworkName } from "../../../domain/networks.js";
import { resolveSymbol, searchSymbols } from "../../../domain/symbols.js";
import type { BotContext, BotDeps } from "../../context.js";
import { keptReads } from "../../shared/kept-reads.js";
import { showInPlace } from "../../shared/show.js";
import { MARKET_DATA } from "./callback-data.js";
import { type ChartInterval, chartCacheOf, DEFAULT_INTERVAL, intervalLabel, showChart } from "./chart.js";
import {
  BOOK_DEPTH,
  bookKeyboard,
  bookText,
  symbolsPage,
  symbolText,
  tickerKeyboard,
  tickerText,
  TRADES_SHOWN,
  tradesKeyboard,
  tradesText,
  unknownSymbol,
} from "./view.js";
import { zoneOf } from "../../shared/user-on-arrival.js";

/** How long the pair list is reused before it is read again. */
const SYMBOLS_TTL_MS = 60_000;

/** The screens a command opens on a pair (and its suggestions' buttons open). */
export type PairScreen = "price" | "book" | "trades" | "chart";

export function marketScreens(deps: BotDeps) {
  const charts = chartCacheOf(deps);
  const symbolLists = keptReads(deps, SYMBOLS_TTL_MS, async (network: NetworkName) =>
    (await deps.services.public(network).exchange.getSymbols()).symbols.map((s) => s.symbol).sort(),
  );

  const clients = (ctx: BotContext) => publicClientsFor(deps, ctx.from!.id);

  /** The pair codes of the user's network (read at most once a minute). */
  async function knownSymbols(ctx: BotContext): Promise<string[]> {
    return symbolLists((await clients(ctx)).network);
  }

  /**
   * The pair the user named, in any spelling; undefined after telling them it is unknown (with the
   * closest pairs as buttons that open `screen` for them).
   */
  async function pairOrSuggest(ctx: BotContext, typed: string, screen: PairScreen): Promise<string | undefined> {
    const found = resolveSymbol(typed, await knownSymbols(ctx));
    if (found.ok) return found.symbol;
    const view = unknownSymbol(ctx.t, typed, found.suggestions, (symbol) =>
      screen === "chart"
        ? MARKET_DATA.chart.build({ symbol, interval: DEFAULT_INTERVAL })
        : MARKET_DATA[screen].build({ symbol }),
    );
    await ctx.reply(view.text, { reply_markup: view.keyboard });
    return undefined;
  }

  const botName = (ctx: BotContext) => ctx.me.username;

  return {
    knownSymbols,
    pairOrSuggest,

    async price(ctx: BotContext, symbol: string, edit = true): Promise<void> {
      const { exchange, network } = await clients(ctx);
      // The ticker has no best bid and ask: the top of the book gives them.
      const [{ tickers }, book] = await Promise.all([
        exchange.getTicker({ tickerType: "24h", symbols: [symbol] }),
        exchange.getOrderbook({ symbol, depth: 5 }),
      ]);
      const ticker = tickers[0];
      if (!ticker) return void (await ctx.reply(ctx.t("market-unknown-symbol", { typed: symbol })));
      await showInPlace(ctx, tickerText(ctx.t, ticker, book, await zoneOf(deps.storage.users, ctx), network), { reply_markup: tickerKeyboard(ctx.t, symbol, botName(ctx)) }, { edit });
    },

    async book(ctx: BotContext, symbol: string): Promise<void> {
      const { exchange, network } = await clients(ctx);
      const book = await exchange.getOrderbook({ symbol, depth: BOOK_DEPTH });
      await showInPlace(ctx, bookText(ctx.t, symbol, book, deps.now(), await zoneOf(deps.storage.users, ctx), network), { parse_mode: "HTML", reply_markup: bookKeyboard(ctx.t, symbol) });
    },

    async trades(ctx: BotContext, symbol: string): Promise<void> {
      const { exchange, network } = await clients(ctx);
      const { trades } = await exchange.getTrades({ symbol });
      const latest = [...trades].sort((a, b) => b.time.localeCompare(a.time)).slice(0, TRADES_SHOWN);
      const zone = await zoneOf(deps.storage.users, ctx);
      await showInPlace(ctx, tradesText(ctx.t, symbol, latest, network, zone, deps.now().getTime()), {
        parse_mode: "HTML",
        reply_markup: tradesKeyboard(ctx.t, symbol),
      });
    },

    async chart(ctx: BotContext, symbol: string, interval: ChartInterval): Promise<void> {
      const c = await clients(ctx);
      const shown = await showChart(ctx, charts, c, symbol, interval, deps.now());
      if (!shown) await ctx.reply(ctx.t("market-chart-empty", { pair: symbol, interval: intervalLabel(ctx.t, interval) }));
    },

    async info(ctx: BotContext, symbol: string): Promise<void> {
      const { exchange, network } = await clients(ctx);
      const info = await exchange.getSymbol({ symbol });
      // The rules are opened from the pair's card: back leads there.
      await showInPlace(ctx, symbolText(ctx.t, info, network), {
        reply_markup: new InlineKeyboard().text(ctx.t("common-back"), MARKET_DATA.price.build({ symbol })),
      });
    },

    async symbols(ctx: BotContext, query: string, page: number): Promise<void> {
      const matches = searchSymbols(query, await knownSymbols(ctx));
      const view = symbolsPage(ctx.t, matches, page, query);
      await showInPlace(ctx, view.text, { reply_markup: view.keyboard });
    },
  };
}
