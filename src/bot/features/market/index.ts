/**
 * Market data in chat, with or without a linked key: /price, /book, /trades, /chart, /symbols,
 * /assets, /fees and /status, and the buttons between them (Chart · Book · Trades · Trade under a
 * pair's card, the chart's interval buttons, Refresh). Pairs are accepted in any usual spelling;
 * an unknown one gets the closest pairs as buttons.
 */
import { Composer, InlineKeyboard } from "grammy";
import { clientsFor, publicClientsFor } from "../../../accounts/clients.js";
import { enterFlow } from "../../flows.js";
import type { BotContext } from "../../context.js";
import type { Feature, FeatureKit } from "../../feature.js";
import { manifest } from "./manifest.js";
import { showInPlace } from "../../shared/show.js";
import { TRADE_CONVERSATION } from "../trade/flow.js";
import { DEFAULT_INTERVAL, isChartInterval } from "./chart.js";
import { marketScreens } from "./screens.js";
import { assetsKeyboard, assetText, feesText, type HealthLine, statusText } from "./view.js";
import { menu } from "../../menu-data.js";

const SYMBOL = "([A-Z0-9]{1,20}-[A-Z0-9]{1,20})";
const PRICE_DATA = new RegExp(`^mkt:price:${SYMBOL}$`);
const BOOK_DATA = new RegExp(`^mkt:book:${SYMBOL}$`);
const TRADES_DATA = new RegExp(`^mkt:trades:${SYMBOL}$`);
const TRADE_DATA = new RegExp(`^mkt:trade:${SYMBOL}$`);
const INFO_DATA = new RegExp(`^mkt:info:${SYMBOL}$`);
const CHART_DATA = new RegExp(`^mkt:chart:${SYMBOL}:([0-9a-z]{2,3})$`);
const SYMBOLS_DATA = /^mkt:syms:([1-9][0-9]{0,3}):([A-Za-z0-9-]{0,20})$/;
const ASSET_DATA = /^mkt:asset:([A-Za-z0-9]{1,32})$/;

/** What fits in the pair list's callback data: letters, digits and dashes, at most 20. */
const searchQuery = (text: string) => text.replace(/[^A-Za-z0-9-]/g, "").slice(0, 20);

const backToMenu = (ctx: BotContext) => new InlineKeyboard().text(ctx.t("common-back"), menu("main"));

export function marketFeature({ deps }: FeatureKit): Feature {
  const composer = new Composer<BotContext>();
  const pm = composer.chatType("private");
  const screens = marketScreens(deps);

  /** A command that names a pair: resolves it, or lists pairs when none was given. */
  const withPair =
    (screen: string, show: (ctx: BotContext, symbol: string, rest: string[]) => Promise<void>) =>
    async (ctx: BotContext) => {
      const [typed, ...rest] = String(ctx.match ?? "").trim().split(/\s+/).filter(Boolean);
      if (!typed) {
        await ctx.reply(ctx.t("market-ask-pair", { command: screen }));
        return screens.symbols(ctx, "", 1);
      }
      const symbol = await screens.pairOrSuggest(ctx, typed, screen);
      if (symbol) await show(ctx, symbol, rest);
    };

  pm.command("price", withPair("price", (ctx, s) => screens.price(ctx, s)));
  pm.command("book", withPair("book", (ctx, s) => screens.book(ctx, s)));
  pm.command("trades", withPair("trades", (ctx, s) => screens.trades(ctx, s)));
  pm.command(
    "chart",
    withPair("chart", async (ctx, s, [interval]) => {
      const asked = interval?.toLowerCase();
      if (asked !== undefined && !isChartInterval(asked)) {
        await ctx.reply(ctx.t("market-chart-bad-interval", { interval: asked.slice(0, 10) }));
      }
      await screens.chart(ctx, s, asked !== undefined && isChartInterval(asked) ? asked : DEFAULT_INTERVAL);
    }),
  );

  pm.callbackQuery(PRICE_DATA, async (ctx) => {
    await ctx.answerCallbackQuery();
    // From a photo (the chart) the card comes as a new message: a photo cannot become text.
    await screens.price(ctx, ctx.match[1]!, !ctx.callbackQuery.message?.photo);
  });
  pm.callbackQuery(BOOK_DATA, async (ctx) => {
    await ctx.answerCallbackQuery();
    await screens.book(ctx, ctx.match[1]!);
  });
  pm.callbackQuery(TRADES_DATA, async (ctx) => {
    await ctx.answerCallbackQuery();
    await screens.trades(ctx, ctx.match[1]!);
  });
  pm.callbackQuery(CHART_DATA, async (ctx) => {
    const interval = ctx.match[2]!;
    if (!isChartInterval(interval)) return ctx.answerCallbackQuery({ text: ctx.t("common-button-outdated") });
    await ctx.answerCallbackQuery();
    await screens.chart(ctx, ctx.match[1]!, interval);
  });
  pm.callbackQuery(INFO_DATA, async (ctx) => {
    await ctx.answerCallbackQuery();
    await screens.info(ctx, ctx.match[1]!);
  });
  pm.callbackQuery(TRADE_DATA, async (ctx) => {
    await ctx.answerCallbackQuery();
    await ctx.conversation.exitAll();
    await enterFlow(ctx, TRADE_CONVERSATION, ctx.match[1]!);
  });

  pm.command("symbols", (ctx) => screens.symbols(ctx, searchQuery(ctx.match), 1));
  pm.callbackQuery(SYMBOLS_DATA, async (ctx) => {
    await ctx.answerCallbackQuery();
    await screens.symbols(ctx, ctx.match[2]!, Number(ctx.match[1]));
  });

  const showAssets = async (ctx: BotContext) => {
    const { exchange } = await publicClientsFor(deps, ctx.from!.id);
    const assets = await exchange.getAssets();
    await showInPlace(ctx, ctx.t("market-assets-title"), { reply_markup: assetsKeyboard(ctx.t, assets) });
  };
  pm.command("assets", showAssets);
  pm.callbackQuery("mkt:assets", async (ctx) => {
    await ctx.answerCallbackQuery();
    await showAssets(ctx);
  });
  pm.callbackQuery(ASSET_DATA, async (ctx) => {
    await ctx.answerCallbackQuery();
    const { exchange } = await publicClientsFor(deps, ctx.from.id);
    const asset = await exchange.getAsset({ asset: ctx.match[1]! });
    await showInPlace(ctx, assetText(ctx.t, asset), {
      reply_markup: new InlineKeyboard().text(ctx.t("common-back"), "mkt:assets"),
    });
  });

  pm.command("fees", async (ctx) => {
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
  pm.command("status", showStatus);

  return {
    manifest,
    composer,
  };
}
