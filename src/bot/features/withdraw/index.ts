/**
 * Withdraw: /withdraw and the main menu's Withdraw button offer a withdrawal link, a withdrawal to an
 * external address (confirmed, irreversible) and the list of past withdrawals.
 */
import { Composer, InlineKeyboard } from "grammy";
import { enterFlow } from "../../flows.js";
import type { BotContext } from "../../context.js";
import type { Feature, FeatureKit } from "../../feature.js";
import { declare } from "../../entries.js";
import { WITHDRAW_TO_ADDRESS, withdrawalAction, withdrawToAddressConversation } from "./address.js";
import { withdrawalHistory } from "./history.js";
import { WITHDRAWAL_LINK, withdrawalLinkConversation } from "./link.js";
import { menu } from "../../menu-data.js";
import { WITHDRAW_DATA } from "./callback-data.js";

/** The Withdraw feature. */
export function withdrawFeature({ deps, actions }: FeatureKit): Feature {
  const composer = new Composer<BotContext>();
  const pm = composer.chatType("private");
  const entries = declare(pm, { name: "withdraw", needsKey: true, helpTopic: "wallet" });
  actions.register(withdrawalAction());
  const history = withdrawalHistory(deps, entries);

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

  entries.command({ command: "withdraw", descriptionKey: "withdraw-cmd-withdraw" }, showMenu);
  entries.menuButton({ button: "withdraw", menu: { labelKey: "menu-withdraw", row: 2, column: 0 } }, answered(showMenu));
  entries.command({ command: "withdraw_link", descriptionKey: "withdraw-cmd-link" }, enter(WITHDRAWAL_LINK));
  entries.callback(WITHDRAW_DATA.link, answered(enter(WITHDRAWAL_LINK)));
  entries.command({ command: "withdraw_to", descriptionKey: "withdraw-cmd-to" }, enter(WITHDRAW_TO_ADDRESS));
  entries.callback(WITHDRAW_DATA.create, answered(enter(WITHDRAW_TO_ADDRESS)));
  // The list's own button (WITHDRAW_DATA.list) is handled with the list.
  entries.command({ command: "withdrawals", descriptionKey: "withdraw-cmd-list" }, history.showList);

  return {
    manifest: entries.manifest,
    composer,
    conversations: [
      { id: WITHDRAWAL_LINK, builder: withdrawalLinkConversation(deps) },
      { id: WITHDRAW_TO_ADDRESS, builder: withdrawToAddressConversation(deps, actions) },
    ],
  };
}
