/**
 * Swap: /swap and the main menu's Swap button convert one asset into another on the Exchange with one
 * fill-or-kill limit order at the worst price the summary states, moving the missing part from funding
 * to trading first, all under one confirmation.
 */
import { Composer } from "grammy";
import type { BotContext } from "../../context.js";
import type { Feature, FeatureKit } from "../../feature.js";
import { enterFlow } from "../../flows.js";
import { swapAction } from "./action.js";
import { SWAP_CONVERSATION, swapConversation } from "./flow.js";
import { declare } from "../../entries.js";

export function swapFeature({ deps, actions }: FeatureKit): Feature {
  actions.register(swapAction);
  const composer = new Composer<BotContext>();
  const entries = declare(composer.chatType("private"), { name: "swap", needsKey: true, helpTopic: "exchange" });
  // A flow already under way is left for the new one.
  const start = async (ctx: BotContext) => {
    await ctx.conversation.exitAll();
    await enterFlow(ctx, SWAP_CONVERSATION);
  };
  entries.command({ command: "swap", descriptionKey: "swap-cmd" }, start);
  entries.menuButton({ button: "swap", menu: { labelKey: "menu-swap", row: 4, column: 0 } }, async (ctx) => {
    await ctx.answerCallbackQuery();
    await start(ctx);
  });
  return {
    manifest: entries.manifest,
    composer,
    conversations: [{ id: SWAP_CONVERSATION, builder: swapConversation(deps, actions) }],
  };
}
