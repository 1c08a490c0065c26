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
import { declare } from "../../entries.js";

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
  // A request is made with the person's key; the pay-me link and the deposit link are theirs to share
  // whether or not a key is linked, and the screen itself says what each needs.
  const entries = declare(pm, { name: "receive", needsKey: true, helpTopic: "wallet" });

  const showMenu = (ctx: BotContext, edit: boolean) =>
    showInPlace(ctx, ctx.t("receive-title"), { reply_markup: receiveKeyboard(ctx.t) }, { edit });

  entries.command({ command: "receive", descriptionKey: "receive-cmd", openWithoutKey: true }, (ctx) => showMenu(ctx, false));
  const openMenu = async (ctx: BotContext) => {
    await ctx.answerCallbackQuery();
    await showMenu(ctx, true);
  };
  entries.menuButton({ button: "receive", menu: { labelKey: "menu-receive", row: 1, column: 1 }, openWithoutKey: true }, openMenu);
  entries.callback({ codec: RECEIVE_DATA.menu, open: true }, openMenu);

  entries.callback(RECEIVE_DATA.request, async (ctx) => {
    await ctx.answerCallbackQuery();
    await startPaymentRequest(ctx);
  });

  // The link others open in this bot to send this person a transfer, as a QR code too.
  entries.callback({ codec: RECEIVE_DATA.payMe, open: true }, async (ctx) => {
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
  entries.callback({ codec: RECEIVE_DATA.topUp, open: true }, async (ctx) => {
    await ctx.answerCallbackQuery();
    const network = await networkOf(deps, ctx.from.id);
    const reply = topUpReply(ctx.t, network, ctx.t("receive-top-up-why"), "pay");
    const keyboard = reply.keyboard.row().text(ctx.t("common-back"), RECEIVE_DATA.menu.build({}));
    await showInPlace(ctx, reply.text, { reply_markup: keyboard }, { edit: true });
  });

  return { manifest: entries.manifest, composer, conversations: [] };
}
