/**
 * Market data in chat, with or without a linked key: /price, /book, /trades, /chart, /symbols,
 * /assets, /fees and /status, and the buttons between them (Chart · Book · Trades · Trade under a
 * pair's card, the chart's interval buttons, Refresh). Pairs are accepted in any usual spelling;
 * an unknown one gets the closest pairs as buttons.
 */
import { Composer, InlineKeyboard } from "grammy";
import { clientsFor, publicClientsFor } from "../../../accounts/clients.js";
import { inlineUserText } from "../../../domain/user-text.js";
import type { BotContext } from "../../context.js";
import type { Feature, FeatureKit } from "../../feature.js";
import { declare } from "../../entries.js";
import { showInPlace } from "../../shared/show.js";
import { startTrade } from "../trade/index.js";
import { DEFAULT_INTERVAL, isChartInterval } from "./chart.js";
import { marketScreens, type PairScreen } from "./screens.js";
import { assetsKeyboard, assetText, feesText, type HealthLine, statusText } from "./view.js";
import { menu } from "../../menu-data.js";
import { MARKET_DATA } from "./callback-data.js";

// What other features show of the market: a pair's screens (deep links open them) and, for inline
// mode, the ticker text and the chart.
export { chartCacheOf, chartCaption, chartOf, DEFAULT_INTERVAL } from "./chart.js";
export { marketScreens } from "./screens.js";
export { assetsOf, percent, tickerText } from "./view.js";

/** What fits in the pair list's callback data: letters, digits and dashes, at most 20. */
const searchQuery = (text: string) => text.replace(/[^A-Za-z0-9-]/g, "").slice(0, 20);

const backToMenu = (ctx: BotContext) => new InlineKeyboard().text(ctx.t("common-back"), menu("main"));

export function marketFeature({ deps }: FeatureKit): Feature {
  const composer = new Composer<BotContext>();
  const pm = composer.chatType("private");
  // Public market data: works without a key.
  const entries = declare(pm, { name: "market", needsKey: false, helpTopic: "exchange" });
  const screens = marketScreens(deps);

  /** A command that names a pair: resolves it, or lists pairs when none was given. */
  const withPair =
    (screen: PairScreen, show: (ctx: BotContext, symbol: string, rest: string[]) => Promise<void>) =>
    async (ctx: BotContext) => {
      const [typed, ...rest] = String(ctx.match ?? "").trim().split(/\s+/).filter(Boolean);
      if (!typed) {
        await ctx.reply(ctx.t("market-ask-pair", { command: screen }));
        return screens.symbols(ctx, "", 1);
      }
      const symbol = await screens.pairOrSuggest(ctx, typed, screen);
      if (symbol) await show(ctx, symbol, rest);
    };

  entries.command({ command: "price", descriptionKey: "market-cmd-price", featured: true }, withPair("price", (ctx, s) => screens.price(ctx, s)));
  entries.command(
    { command: "chart", descriptionKey: "market-cmd-chart" },
    withPair("chart", async (ctx, s, [interval]) => {
      const asked = interval?.toLowerCase();
      if (asked !== undefined && !isChartInterval(asked)) {
        await ctx.reply(ctx.t("market-chart-bad-interval", { interval: inlineUserText(asked, 10) }));
      }
      await screens.chart(ctx, s, asked !== undefined && isChartInterval(asked) ? asked : DEFAULT_INTERVAL);
    }),
  );
  entries.command({ command: "book", descriptionKey: "market-cmd-book" }, withPair("book", (ctx, s) => screens.book(ctx, s)));
  entries.command({ command: "trades", descriptionKey: "market-cmd-trades" }, withPair("trades", (ctx, s) => screens.trades(ctx, s)));

  entries.callback(MARKET_DATA.price, async (ctx) => {
    const { symbol } = MARKET_DATA.price.parse(ctx.callbackQuery.data)!;
    await ctx.answerCallbackQuery();
    // From a photo (the chart) the card comes as a new message: a photo cannot become text.
    await screens.price(ctx, symbol, !ctx.callbackQuery.message?.photo);
  });
  entries.callback(MARKET_DATA.book, async (ctx) => {
    const { symbol } = MARKET_DATA.book.parse(ctx.callbackQuery.data)!;
    await ctx.answerCallbackQuery();
    await screens.book(ctx, symbol);
  });
  entries.callback(MARKET_DATA.trades, async (ctx) => {
    const { symbol } = MARKET_DATA.trades.parse(ctx.callbackQuery.data)!;
    await ctx.answerCallbackQuery();
    await screens.trades(ctx, symbol);
  });
  entries.callback(MARKET_DATA.chart, async (ctx) => {
    const { symbol, interval } = MARKET_DATA.chart.parse(ctx.callbackQuery.data)!;
    if (!isChartInterval(interval)) return ctx.answerCallbackQuery({ text: ctx.t("common-button-outdated") });
    await ctx.answerCallbackQuery();
    await screens.chart(ctx, symbol, interval);
  });
  entries.callback(MARKET_DATA.info, async (ctx) => {
    const { symbol } = MARKET_DATA.info.parse(ctx.callbackQuery.data)!;
    await ctx.answerCallbackQuery();
    await screens.info(ctx, symbol);
  });
  entries.callback(MARKET_DATA.trade, async (ctx) => {
    const { symbol } = MARKET_DATA.trade.parse(ctx.callbackQuery.data)!;
    await ctx.answerCallbackQuery();
    await startTrade(ctx, symbol);
  });

  entries.command({ command: "symbols", descriptionKey: "market-cmd-symbols" }, (ctx) => screens.symbols(ctx, searchQuery(ctx.match), 1));
  // Data that matches the pattern but does not read back (page 0) goes on to the fallback.
  // The main menu's Market button opens the first page of the pairs.
  const menuSpot = { labelKey: "menu-market", row: 4, column: 1, data: MARKET_DATA.symbols.build({ page: 1, query: "" }) };
  entries.callback({ codec: MARKET_DATA.symbols, menu: menuSpot }, async (ctx, next) => {
    const data = MARKET_DATA.symbols.parse(ctx.callbackQuery.data);
    if (!data) return next();
    await ctx.answerCallbackQuery();
    await screens.symbols(ctx, data.query, data.page);
  });

  const showAssets = async (ctx: BotContext) => {
    const { exchange } = await publicClientsFor(deps, ctx.from!.id);
    const assets = await exchange.getAssets();
    await showInPlace(ctx, ctx.t("market-assets-title"), { reply_markup: assetsKeyboard(ctx.t, assets) });
  };
  entries.command({ command: "assets", descriptionKey: "market-cmd-assets" }, showAssets);
  entries.callback(MARKET_DATA.assets, async (ctx) => {
    await ctx.answerCallbackQuery();
    await showAssets(ctx);
  });
  entries.callback(MARKET_DATA.asset, async (ctx) => {
    const { asset: code } = MARKET_DATA.asset.parse(ctx.callbackQuery.data)!;
    await ctx.answerCallbackQuery();
    const { exchange } = await publicClientsFor(deps, ctx.from.id);
    const asset = await exchange.getAsset({ asset: code });
    await showInPlace(ctx, assetText(ctx.t, asset), {
      reply_markup: new InlineKeyboard().text(ctx.t("common-back"), MARKET_DATA.assets.build({})),
    });
  });

  entries.command({ command: "fees", descriptionKey: "market-cmd-fees" }, async (ctx) => {
    const user = await deps.storage.users.get(ctx.from.id);
    // With a key, the account's own rates; without one, the public defaults.
    const { exchange } = user?.hasKey
      ? await clientsFor(deps, ctx.from.id)
      : await publicClientsFor(deps, ctx.from.id);
    const { fees } = await exchange.getTradeFees({});
    await ctx.reply(feesText(ctx.t, fees, user?.hasKey === true), { reply_markup: backToMenu(ctx) });
  });

  const showStatus = async (ctx: BotContext) => {
    const c = await publicClientsFor(deps, ctx.from!.id);
    const probe = async (api: HealthLine["api"]): Promise<HealthLine> => {
      const started = Date.now();
      try {
        const health = await c[api].getHealth();
        return { api, ok: health.status === "ok", ms: Date.now() - started };
      } catch (err) {
        ctx.log.info({ err, api }, "health check failed");
        return { api, ok: false, ms: Date.now() - started };
      }
    };
    const lines = await Promise.all([probe("exchange"), probe("pay")]);
    await showInPlace(ctx, statusText(ctx.t, c.network, lines), { reply_markup: backToMenu(ctx) });
  };
  entries.command({ command: "status", descriptionKey: "market-cmd-status" }, showStatus);

  return {
    manifest: entries.manifest,
    composer,
  };
}
