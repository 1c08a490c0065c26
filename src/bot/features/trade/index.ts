/**
 * Trading on the Exchange from chat: /trade (and the Trade button of the order-history panel) runs
 * the order conversation ending in the shared confirmation; the Cancel order button of an active
 * order's details (TRADE_DATA.cancel) proposes its cancellation through the same confirmation.
 */
import { Composer } from "grammy";
import { clientsFor } from "../../../accounts/clients.js";
import { enterFlow } from "../../flows.js";
import type { BotContext } from "../../context.js";
import type { Feature, FeatureKit } from "../../feature.js";
import { declare } from "../../entries.js";
import { proposeAction } from "../../shared/confirm.js";
import { CANCEL_KIND, type CancelPayload, cancelOrderAction, placeOrderAction } from "./actions.js";
import { TRADE_CONVERSATION, tradeConversation } from "./flow.js";
import { TRADE_DATA } from "./callback-data.js";
import { cancelSummary, isCancellable } from "./view.js";

export { cancelOrderKeyboard } from "./view.js";

/**
 * Opens the order conversation, on `symbol` when one is given (the market's Trade button). A flow
 * already under way is left for the new one (entering would fail while another waits).
 */
export async function startTrade(ctx: BotContext, symbol?: string): Promise<void> {
  await ctx.conversation.exitAll();
  if (symbol === undefined) await enterFlow(ctx, TRADE_CONVERSATION);
  else await enterFlow(ctx, TRADE_CONVERSATION, symbol);
}

/** The trade feature: the order conversation, order cancellation, and both confirmed actions. */
export function tradeFeature({ deps, actions }: FeatureKit): Feature {
  actions.register(placeOrderAction);
  actions.register(cancelOrderAction);
  const composer = new Composer<BotContext>();
  const entries = declare(composer.chatType("private"), { name: "trade", needsKey: true, helpTopic: "exchange" });

  entries.command({ command: "trade", descriptionKey: "trade-cmd", featured: true }, (ctx) => startTrade(ctx));
  entries.menuButton({ button: "trade", menu: { labelKey: "menu-trade", row: 3, column: 0 } }, async (ctx) => {
    await ctx.answerCallbackQuery();
    await startTrade(ctx);
  });

  entries.callback(TRADE_DATA.cancel, async (ctx) => {
    await ctx.answerCallbackQuery();
    const { exchange } = await clientsFor(deps, ctx.from.id);
    const { orderId } = TRADE_DATA.cancel.parse(ctx.callbackQuery.data)!;
    const order = await exchange.getOrder({ orderId });
    if (!isCancellable(order)) {
      await ctx.reply(ctx.t("trade-cancel-not-active", { status: ctx.t(`trade-status-${order.status}`) }));
      return;
    }
    const { balances } = await exchange.getTradingBalances();
    await proposeAction<CancelPayload>(ctx, deps, actions, {
      kind: CANCEL_KIND,
      payload: { orderId: order.id, symbol: order.symbol },
      summary: cancelSummary(ctx.t, order, Object.fromEntries(balances.map((b) => [b.asset, b.available]))),
    });
  });

  return {
    manifest: entries.manifest,
    composer,
    conversations: [{ id: TRADE_CONVERSATION, builder: tradeConversation(deps, actions) }],
  };
}
