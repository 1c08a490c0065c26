/**
 * One answer for everyone without a linked key: every command and main-menu button that the owning
 * feature's manifest marks as needing a key gets "link your key with /connect" before any feature
 * runs (no feature menu that leads nowhere, no flow that fails at its first service call, nothing
 * logged as an error). Whether a key is linked is decided here, once per update.
 */
import type { MiddlewareFn } from "grammy";
import type { BotContext, BotDeps } from "../context.js";
import type { Router } from "../router.js";
import { userOnArrival } from "./user-on-arrival.js";

export function keyGate(deps: BotDeps, router: Router): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    if (ctx.chat?.type !== "private" || !router.needsKey(ctx)) return next();
    const user = await userOnArrival(deps.storage.users, ctx);
    if (user?.hasKey) return next();
    ctx.log.info("no key linked; asked to link one");
    if (ctx.callbackQuery) await ctx.answerCallbackQuery();
    await ctx.reply(ctx.t("error-no-key"));
  };
}
