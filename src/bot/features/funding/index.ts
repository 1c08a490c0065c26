/**
 * The Exchange funding balance beyond moves: /fund_withdraw (and the button under balances) withdraws
 * to an external address through the shared confirmation; /fund_withdrawals and /moves page through
 * the withdrawals and the moves between funding and trading, each with its details.
 */
import { Composer, InlineKeyboard } from "grammy";
import { clientsFor } from "../../../accounts/clients.js";
import { enterFlow } from "../../flows.js";
import type { BotContext } from "../../context.js";
import type { Feature, FeatureKit } from "../../feature.js";
import { declare } from "../../entries.js";
import { showInPlace } from "../../shared/show.js";
import { FUNDING_DATA } from "./callback-data.js";
import { HISTORY_PAGE_SIZE, moveDetails, movesPage, withdrawalDetails, withdrawalsPage } from "./history.js";
import {
  FUNDING_WITHDRAW_CONVERSATION,
  fundingWithdrawalAction,
  fundingWithdrawConversation,
} from "./withdraw.js";
import { zoneOf } from "../../shared/user-on-arrival.js";

export function fundingFeature({ deps, actions }: FeatureKit): Feature {
  actions.register(fundingWithdrawalAction);
  const composer = new Composer<BotContext>();
  const pm = composer.chatType("private");
  const entries = declare(pm, { name: "funding", needsKey: true, helpTopic: "exchange" });

  const startWithdraw = async (ctx: BotContext) => {
    await ctx.conversation.exitAll();
    await enterFlow(ctx, FUNDING_WITHDRAW_CONVERSATION);
  };
  entries.command({ command: "fund_withdraw", descriptionKey: "funding-cmd-withdraw" }, startWithdraw);
  entries.callback(FUNDING_DATA.withdraw, async (ctx) => {
    await ctx.answerCallbackQuery();
    await startWithdraw(ctx);
  });

  const showWithdrawals = async (ctx: BotContext, page: number) => {
    const { exchange } = await clientsFor(deps, ctx.from!.id);
    const reply = await exchange.getFundingWithdrawalsHistory({ currentPage: page, pageSize: HISTORY_PAGE_SIZE });
    const view = withdrawalsPage(ctx.t, reply, await zoneOf(deps.storage.users, ctx), deps.now().getTime());
    await showInPlace(ctx, view.text, { reply_markup: view.keyboard });
  };
  entries.command({ command: "fund_withdrawals", descriptionKey: "funding-cmd-withdrawals" }, (ctx) => showWithdrawals(ctx, 1));
  entries.callback(FUNDING_DATA.withdrawalsPage, async (ctx, next) => {
    const pressed = FUNDING_DATA.withdrawalsPage.parse(ctx.callbackQuery.data);
    if (!pressed) return next();
    await ctx.answerCallbackQuery();
    await showWithdrawals(ctx, pressed.page);
  });
  entries.callback(FUNDING_DATA.withdrawal, async (ctx) => {
    await ctx.answerCallbackQuery();
    const { exchange } = await clientsFor(deps, ctx.from.id);
    const { id } = FUNDING_DATA.withdrawal.parse(ctx.callbackQuery.data)!;
    const w = await exchange.getFundingWithdrawal({ withdrawalId: id });
    await ctx.reply(withdrawalDetails(ctx.t, w, await zoneOf(deps.storage.users, ctx)), {
      reply_markup: new InlineKeyboard()
        .text(ctx.t("market-refresh"), FUNDING_DATA.withdrawal.build({ id }))
        .text(ctx.t("funding-withdrawals-button"), FUNDING_DATA.withdrawalsPage.build({ page: 1 })),
    });
  });

  const showMoves = async (ctx: BotContext, page: number) => {
    const { exchange } = await clientsFor(deps, ctx.from!.id);
    const reply = await exchange.getBalanceTransfersHistory({ currentPage: page, pageSize: HISTORY_PAGE_SIZE });
    const view = movesPage(ctx.t, reply, await zoneOf(deps.storage.users, ctx), deps.now().getTime());
    await showInPlace(ctx, view.text, { reply_markup: view.keyboard });
  };
  entries.command({ command: "moves", descriptionKey: "funding-cmd-moves" }, (ctx) => showMoves(ctx, 1));
  entries.callback(FUNDING_DATA.movesPage, async (ctx, next) => {
    const pressed = FUNDING_DATA.movesPage.parse(ctx.callbackQuery.data);
    if (!pressed) return next();
    await ctx.answerCallbackQuery();
    await showMoves(ctx, pressed.page);
  });
  entries.callback(FUNDING_DATA.move, async (ctx) => {
    await ctx.answerCallbackQuery();
    const { exchange } = await clientsFor(deps, ctx.from.id);
    const { id } = FUNDING_DATA.move.parse(ctx.callbackQuery.data)!;
    const m = await exchange.getBalanceTransfer({ transferId: id });
    await ctx.reply(moveDetails(ctx.t, m, await zoneOf(deps.storage.users, ctx)), {
      reply_markup: new InlineKeyboard().text(ctx.t("funding-moves-button"), FUNDING_DATA.movesPage.build({ page: 1 })),
    });
  });

  return {
    manifest: entries.manifest,
    composer,
    conversations: [
      { id: FUNDING_WITHDRAW_CONVERSATION, builder: fundingWithdrawConversation(deps, actions) },
    ],
  };
}
