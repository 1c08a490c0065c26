/** What no flow and no feature took: /cancel outside a flow's own waits, stale buttons, stray messages. */
import { Composer } from "grammy";
import type { BotContext } from "./context.js";
import { mainMenu } from "./features/start/index.js";

/** /cancel, before any flow resumes: leaves whatever flow is active. */
export const leaveFlows = new Composer<BotContext>();
leaveFlows.chatType("private").command("cancel", async (ctx) => {
  await ctx.conversation.exitAll();
  await ctx.reply(ctx.t("common-cancelled"), { reply_markup: mainMenu(ctx.t) });
});

/** Last: a button nobody answers is outdated; a message nobody understood gets the main menu. */
export const fallback = new Composer<BotContext>();
fallback.on("callback_query", (ctx) => ctx.answerCallbackQuery({ text: ctx.t("common-button-outdated") }));
fallback
  .chatType("private")
  .on("message", (ctx) => ctx.reply(ctx.t("common-unknown-message"), { reply_markup: mainMenu(ctx.t) }));
