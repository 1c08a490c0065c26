/**
 * Price alerts in chat, with or without a key: `/alert` opens the flow (pair → above/below → price),
 * `/alert btc above 70000 [every]` sets one in a line (asking only what is missing or doubtful),
 * the 🔔 Alert button under a pair's price card opens the flow at that pair, and `/alerts` lists them
 * a page at a time with a remove button each. The watcher that fires them and
 * its notices are in src/notifications/alerts.ts.
 */
import { Composer } from "grammy";
import { MAX_DECIMALS, parseAmount } from "../../../domain/money.js";
import { createAlertStore, MAX_ALERTS_PER_USER } from "../../../notifications/alerts.js";
import type { BotContext } from "../../context.js";
import type { Feature, FeatureKit } from "../../feature.js";
import { showInPlace } from "../../shared/show.js";
import { ALERT_FLOW, type AlertPreset, alertFlow } from "./flow.js";
import { alertMarket } from "./market.js";
import { alertArgsReader, alertWords } from "./prices.js";
import { enterFlow } from "../../flows.js";
import { ALERTS_DATA } from "./callback-data.js";
import { declare } from "../../entries.js";
import { alertLine, alertsPage, setAlertKeyboard } from "./views.js";

export function alertsFeature({ deps, languages }: FeatureKit): Feature {
  const composer = new Composer<BotContext>();
  const pm = composer.chatType("private");
  // Public prices: alerts work without a key.
  const entries = declare(pm, { name: "alerts", needsKey: false, helpTopic: "notices" });
  const alerts = createAlertStore(deps.storage.db);
  const market = alertMarket(deps);
  // "above", "выше" …: whatever language the person writes them in (locales' alerts-words-*).
  const words = alertWords((key) => languages.inEvery(key));
  const readAlertArgs = alertArgsReader(words);

  const showList = async (ctx: BotContext, page: number, inPlace: boolean) => {
    const view = alertsPage(ctx.t, await alerts.list(ctx.from!.id), MAX_ALERTS_PER_USER, page);
    if (inPlace) await showInPlace(ctx, view.text, { reply_markup: view.keyboard });
    else await ctx.reply(view.text, { reply_markup: view.keyboard });
  };

  // A flow already under way is left for the new one (entering would fail while another waits).
  const startFlow = async (ctx: BotContext, preset: AlertPreset = {}) => {
    await ctx.conversation.exitAll();
    await enterFlow(ctx, ALERT_FLOW, preset);
  };

  entries.command({ command: "alert", descriptionKey: "cmd-alert", featured: true }, async (ctx) => {
    const text = ctx.match.trim();
    if (text === "") return startFlow(ctx);
    const args = readAlertArgs(text);
    if (!args) return void (await ctx.reply(ctx.t("alerts-usage")));
    // The number itself is checked now; its decimals against the pair's price step in the flow.
    const price = parseAmount(args.price, { decimals: MAX_DECIMALS });
    if (!price.ok) {
      const key = price.error === "not_a_number" || price.error === "not_positive" || price.error === "too_many_decimals"
        ? "alerts-bad-price"
        : `amount-${price.error}`;
      return void (await ctx.reply(ctx.t(key)));
    }
    await startFlow(ctx, { ...args, price: price.amount });
  });
  entries.callback(ALERTS_DATA.create, async (ctx) => {
    await ctx.answerCallbackQuery();
    await startFlow(ctx);
  });
  entries.callback(ALERTS_DATA.createFor, async (ctx) => {
    const { symbol } = ALERTS_DATA.createFor.parse(ctx.callbackQuery.data)!;
    await ctx.answerCallbackQuery();
    await startFlow(ctx, { pair: symbol });
  });

  entries.command({ command: "alerts", descriptionKey: "cmd-alerts" }, (ctx) => showList(ctx, 0, false));
  entries.callback(ALERTS_DATA.list, async (ctx) => {
    await ctx.answerCallbackQuery();
    await showList(ctx, 0, false);
  });
  entries.callback(ALERTS_DATA.page, async (ctx) => {
    const { page } = ALERTS_DATA.page.parse(ctx.callbackQuery.data)!;
    await ctx.answerCallbackQuery();
    await showList(ctx, page, true);
  });
  // Once ⇄ every time, under an alert just set: the message then says which it is now.
  entries.callback(ALERTS_DATA.repeat, async (ctx) => {
    const { id, every } = ALERTS_DATA.repeat.parse(ctx.callbackQuery.data)!;
    const alert = await alerts.setRepeat(ctx.from.id, id, every === "1");
    if (!alert) return void (await ctx.answerCallbackQuery({ text: ctx.t("alerts-gone") }));
    await ctx.answerCallbackQuery();
    await showInPlace(ctx, ctx.t("alerts-set", { line: alertLine(ctx.t, alert) }), {
      reply_markup: setAlertKeyboard(ctx.t, alert),
    });
  });
  entries.callback([ALERTS_DATA.remove, ALERTS_DATA.removeUnpaged], async (ctx) => {
    const data = ctx.callbackQuery.data;
    const { id, page } = ALERTS_DATA.remove.parse(data) ?? { ...ALERTS_DATA.removeUnpaged.parse(data)!, page: 0 };
    const removed = await alerts.remove(ctx.from.id, id);
    await ctx.answerCallbackQuery({ text: ctx.t(removed ? "alerts-removed" : "alerts-gone") });
    await showList(ctx, page, true);
  });

  return {
    manifest: entries.manifest,
    composer,
    conversations: [{ id: ALERT_FLOW, builder: alertFlow(market, alerts, words, () => deps.now().getTime()) }],
  };
}
