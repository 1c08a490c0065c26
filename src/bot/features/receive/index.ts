/**
 * Receive: how money comes to this person, on one screen (/receive or the main menu): a payment
 * request for an amount they choose (an invoice paid once, as a link, a QR code and a message to send
 * into a chat), their pay-me link into this bot, and the deposit link into xRocket for money from
 * outside.
 */
import { Composer, InlineKeyboard } from "grammy";
import type { Translate } from "../../../domain/translate.js";
import type { BotContext } from "../../context.js";
import type { Feature, FeatureKit } from "../../feature.js";
import { menu } from "../../menu-data.js";
import { shareUrl } from "../../shared/format.js";
import { replyWithQr } from "../../shared/qr.js";
import { showInPlace } from "../../shared/show.js";
import { networkOf, topUpReply } from "../../shared/top-up.js";
import { copyable } from "../../../domain/copyable.js";
import { startPaymentRequest } from "../invoices/index.js";
import { sendLink } from "../../shared/link-payloads.js";
import { RECEIVE_DATA } from "./callback-data.js";
import { manifest } from "./manifest.js";

function receiveKeyboard(t: Translate): InlineKeyboard {
  return new InlineKeyboard()
    .text(t("receive-request"), RECEIVE_DATA.request.build({}))
    .row()
    .text(t("receive-pay-me"), RECEIVE_DATA.payMe.build({}))
    .row()
    .text(t("receive-top-up"), RECEIVE_DATA.topUp.build({}))
    .row()
    .text(t("common-back"), menu("main"));
}

/** The Receive feature. */
export function receiveFeature({ deps }: FeatureKit): Feature {
  const composer = new Composer<BotContext>();
  const pm = composer.chatType("private");

  const showMenu = (ctx: BotContext, edit: boolean) =>
    showInPlace(ctx, ctx.t("receive-title"), { reply_markup: receiveKeyboard(ctx.t) }, { edit });

  pm.command("receive", (ctx) => showMenu(ctx, false));
  pm.callbackQuery([menu("receive"), RECEIVE_DATA.menu.build({})], async (ctx) => {
    await ctx.answerCallbackQuery();
    await showMenu(ctx, true);
  });

  pm.callbackQuery(RECEIVE_DATA.request.build({}), async (ctx) => {
    await ctx.answerCallbackQuery();
    await startPaymentRequest(ctx);
  });

  // The link others open in this bot to send this person a transfer, as a QR code too.
  pm.callbackQuery(RECEIVE_DATA.payMe.build({}), async (ctx) => {
    await ctx.answerCallbackQuery();
    const link = sendLink(ctx.me.username, ctx.from.id);
    await replyWithQr(ctx, link, {
      caption: ctx.t("receive-pay-me-caption", { link: copyable(link) }),
      reply_markup: new InlineKeyboard()
        .url(ctx.t("common-share"), shareUrl(link))
        .row()
        .text(ctx.t("common-back"), RECEIVE_DATA.menu.build({})),
    });
  });

  // Money from outside (another wallet, an exchange) is deposited in xRocket itself: its deep link.
  pm.callbackQuery(RECEIVE_DATA.topUp.build({}), async (ctx) => {
    await ctx.answerCallbackQuery();
    const network = await networkOf(deps, ctx.from.id);
    const reply = topUpReply(ctx.t, network, ctx.t("receive-top-up-why"), "pay");
    const keyboard = reply.keyboard.row().text(ctx.t("common-back"), RECEIVE_DATA.menu.build({}));
    await showInPlace(ctx, reply.text, { reply_markup: keyboard }, { edit: true });
  });

  return { manifest, composer, conversations: [] };
}
