/**
 * Swap: /swap and the main menu's Swap button convert one asset into another on the Exchange with one
 * fill-or-kill limit order at the worst price the summary states, moving the missing part from funding
 * to trading first, all under one confirmation.
 */
import { Composer } from "grammy";
import type { BotContext } from "../../context.js";
import type { Feature, FeatureKit } from "../../feature.js";
import { enterFlow } from "../../flows.js";
import { menu } from "../../menu-data.js";
import { swapAction } from "./action.js";
import { SWAP_CONVERSATION, swapConversation } from "./flow.js";
import { manifest } from "./manifest.js";

export function swapFeature({ deps, actions }: FeatureKit): Feature {
  actions.register(swapAction);
  const composer = new Composer<BotContext>();
  const pm = composer.chatType("private");
  // A flow already under way is left for the new one.
  const start = async (ctx: BotContext) => {
    await ctx.conversation.exitAll();
    await enterFlow(ctx, SWAP_CONVERSATION);
  };
  pm.command("swap", start);
  pm.callbackQuery(menu("swap"), async (ctx) => {
    await ctx.answerCallbackQuery();
    await start(ctx);
  });
  return {
    manifest,
    composer,
    conversations: [{ id: SWAP_CONVERSATION, builder: swapConversation(deps, actions) }],
  };
}
