/**
 * One answer for everyone without a linked key: every entry that the owning feature's manifest marks
 * as needing a key (its commands, main-menu buttons, callback buttons and other updates, and the
 * deep-link kinds that say so) gets "link your key with /connect", or the reply the manifest names,
 * with the Connect button, before any feature runs (no feature menu that leads nowhere, no flow that
 * fails at its first service call, nothing logged as an error). Whether a key is linked is decided
 * here, once per update.
 */
import { InlineKeyboard, type MiddlewareFn } from "grammy";
import type { BotContext, BotDeps } from "./context.js";
import type { Router } from "./router.js";
import { addLinkKeyButton } from "./shared/link-key.js";
import { addSwitchButton } from "./shared/networks.js";
import { userOnArrival } from "./shared/user-on-arrival.js";

export function keyGate(deps: BotDeps, router: Router): MiddlewareFn<BotContext> {
  const isAdmin = (ctx: BotContext) => ctx.from !== undefined && deps.config.ADMIN_IDS.includes(ctx.from.id);
  return async (ctx, next) => {
    if (ctx.chat?.type !== "private") return next();
    const need = router.needsKey(ctx);
    if (need === undefined || (need.adminOnly && !isAdmin(ctx))) return next();
    const user = await userOnArrival(deps.storage.users, ctx);
    if (user?.hasKey) return next();
    ctx.log.info("no key linked; asked to link one");
    if (ctx.callbackQuery) await ctx.answerCallbackQuery();
    // A key of the other network only: offer to switch to it, beside linking one here.
    const otherNetwork = user !== undefined && user.linkedNetworks.length > 0;
    const text = ctx.t(need.noKeyReply ?? (otherNetwork ? `error-no-key-here-${user.network}` : "error-no-key"));
    const kb = addLinkKeyButton(new InlineKeyboard(), ctx.t);
    await ctx.reply(text, { reply_markup: otherNetwork ? addSwitchButton(kb, ctx.t, user) : kb });
  };
}
