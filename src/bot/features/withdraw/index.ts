/**
 * Withdraw: /withdraw and the main menu's Withdraw button offer a withdrawal link, a withdrawal to an
 * external address (confirmed, irreversible) and the list of past withdrawals.
 */
import { Composer, InlineKeyboard } from "grammy";
import { enterFlow } from "../../flows.js";
import type { BotContext } from "../../context.js";
import type { Feature, FeatureKit } from "../../feature.js";
import { manifest } from "./manifest.js";
import { WITHDRAW_TO_ADDRESS, withdrawalAction, withdrawToAddressConversation } from "./address.js";
import { withdrawalHistory } from "./history.js";
import { WITHDRAWAL_LINK, withdrawalLinkConversation } from "./link.js";
import { menu } from "../../menu-data.js";
import { WITHDRAW_DATA } from "./callback-data.js";

/** The Withdraw feature. */
export function withdrawFeature({ deps, actions }: FeatureKit): Feature {
  const composer = new Composer<BotContext>();
  const pm = composer.chatType("private");
  actions.register(withdrawalAction());
  const history = withdrawalHistory(deps);
  composer.use(history.composer);

  const showMenu = (ctx: BotContext) =>
    ctx.reply(ctx.t("withdraw-menu"), {
      reply_markup: new InlineKeyboard()
        .text(ctx.t("withdraw-menu-link"), WITHDRAW_DATA.link.build({}))
        .row()
        .text(ctx.t("withdraw-menu-address"), WITHDRAW_DATA.create.build({}))
        .row()
        .text(ctx.t("withdraw-menu-history"), WITHDRAW_DATA.list.build({}))
        .row()
        .text(ctx.t("common-back"), menu("main")),
    });
  // A new flow replaces whatever flow was waiting for an answer.
  const enter = (id: string) => async (ctx: BotContext) => {
    await ctx.conversation.exitAll();
    await enterFlow(ctx, id);
  };
  const answered = (run: (ctx: BotContext) => Promise<unknown>) => async (ctx: BotContext) => {
    await ctx.answerCallbackQuery();
    await run(ctx);
  };

  pm.command("withdraw", showMenu);
  pm.callbackQuery(menu("withdraw"), answered(showMenu));
  pm.command("withdraw_link", enter(WITHDRAWAL_LINK));
  pm.callbackQuery(WITHDRAW_DATA.link.build({}), answered(enter(WITHDRAWAL_LINK)));
  pm.command("withdraw_to", enter(WITHDRAW_TO_ADDRESS));
  pm.callbackQuery(WITHDRAW_DATA.create.build({}), answered(enter(WITHDRAW_TO_ADDRESS)));
  // The list's own button (WITHDRAW_DATA.list) is handled with the list.
  pm.command("withdrawals", history.showList);

  return {
    manifest,
    composer,
    conversations: [
      { id: WITHDRAWAL_LINK, builder: withdrawalLinkConversation(deps) },
      { id: WITHDRAW_TO_ADDRESS, builder: withdrawToAddressConversation(deps, actions) },
    ],
  };
}
