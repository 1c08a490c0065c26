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
import { manifest } from "./manifest.js";
import { showInPlace } from "../../shared/show.js";
import {
  HISTORY_PAGE_SIZE,
  MOVE_DETAILS,
  MOVES_PAGE,
  moveDetails,
  movesPage,
  WITHDRAWAL_DETAILS,
  WITHDRAWALS_PAGE,
  withdrawalDetails,
  withdrawalsPage,
} from "./history.js";
import {
  FUNDING_WITHDRAW_CONVERSATION,
  fundingWithdrawalAction,
  fundingWithdrawConversation,
} from "./withdraw.js";
import { zoneOf } from "../../shared/user-on-arrival.js";

const ID = "([A-Za-z0-9_-]{1,56})";
const PAGE = "([1-9][0-9]{0,4})";
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const data = (prefix: string, group: string) => new RegExp(`^${escape(prefix)}${group}$`);

export function fundingFeature({ deps, actions }: FeatureKit): Feature {
  actions.register(fundingWithdrawalAction);
  const composer = new Composer<BotContext>();
  const pm = composer.chatType("private");

  const startWithdraw = async (ctx: BotContext) => {
    await ctx.conversation.exitAll();
    await enterFlow(ctx, FUNDING_WITHDRAW_CONVERSATION);
  };
  pm.command("fund_withdraw", startWithdraw);
  pm.callbackQuery("fnd:new", async (ctx) => {
    await ctx.answerCallbackQuery();
    await startWithdraw(ctx);
  });

  const showWithdrawals = async (ctx: BotContext, page: number) => {
    const { exchange } = await clientsFor(deps, ctx.from!.id);
    const reply = await exchange.getFundingWithdrawalsHistory({ currentPage: page, pageSize: HISTORY_PAGE_SIZE });
    const view = withdrawalsPage(ctx.t, reply, await zoneOf(deps.storage.users, ctx));
    await showInPlace(ctx, view.text, { reply_markup: view.keyboard });
  };
  pm.command("fund_withdrawals", (ctx) => showWithdrawals(ctx, 1));
  pm.callbackQuery(data(WITHDRAWALS_PAGE, PAGE), async (ctx) => {
    await ctx.answerCallbackQuery();
    await showWithdrawals(ctx, Number(ctx.match[1]));
  });
  pm.callbackQuery(data(WITHDRAWAL_DETAILS, ID), async (ctx) => {
    await ctx.answerCallbackQuery();
    const { exchange } = await clientsFor(deps, ctx.from.id);
    const w = await exchange.getFundingWithdrawal({ withdrawalId: ctx.match[1]! });
    await ctx.reply(withdrawalDetails(ctx.t, w, await zoneOf(deps.storage.users, ctx)), {
      reply_markup: new InlineKeyboard()
        .text(ctx.t("market-refresh"), `${WITHDRAWAL_DETAILS}${w.id}`)
        .text(ctx.t("funding-withdrawals-button"), `${WITHDRAWALS_PAGE}1`),
    });
  });

  const showMoves = async (ctx: BotContext, page: number) => {
    const { exchange } = await clientsFor(deps, ctx.from!.id);
    const reply = await exchange.getBalanceTransfersHistory({ currentPage: page, pageSize: HISTORY_PAGE_SIZE });
    const view = movesPage(ctx.t, reply, await zoneOf(deps.storage.users, ctx));
    await showInPlace(ctx, view.text, { reply_markup: view.keyboard });
  };
  pm.command("moves", (ctx) => showMoves(ctx, 1));
  pm.callbackQuery(data(MOVES_PAGE, PAGE), async (ctx) => {
    await ctx.answerCallbackQuery();
    await showMoves(ctx, Number(ctx.match[1]));
  });
  pm.callbackQuery(data(MOVE_DETAILS, ID), async (ctx) => {
    await ctx.answerCallbackQuery();
    const { exchange } = await clientsFor(deps, ctx.from.id);
    const m = await exchange.getBalanceTransfer({ transferId: ctx.match[1]! });
    await ctx.reply(moveDetails(ctx.t, m, await zoneOf(deps.storage.users, ctx)), {
      reply_markup: new InlineKeyboard().text(ctx.t("funding-moves-button"), `${MOVES_PAGE}1`),
    });
  });

  return {
    manifest,
    composer,
    conversations: [
      { id: FUNDING_WITHDRAW_CONVERSATION, builder: fundingWithdrawConversation(deps, actions) },
    ],
  };
}
