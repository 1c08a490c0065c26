/**
 * Moving an asset between the Exchange funding and trading balances: asset → direction → amount (at
 * most what the source balance has available) → the shared confirmation. The move is sent with the
 * operation id as its client transfer id, exactly once, and read back by that id when the outcome is
 * unknown.
 */
import { InlineKeyboard } from "grammy";
import { clientsFor } from "../../../accounts/clients.js";
import { formatAmount, money } from "../../../domain/money.js";
import type { Translate } from "../../../domain/translate.js";
import { createOnce, reconcile } from "../../../service/reconcile.js";
import type { BalanceKind } from "../../../service/schemas.js";
import type { BotConversation, BotDeps, ConvContext } from "../../context.js";
import { type ActionDefinition, type ActionRegistry, proposeAction } from "../../shared/confirm.js";
import { askAmount, askAsset, askChoice } from "../../shared/inputs.js";
import { BALANCE_DATA } from "./callback-data.js";
import { byAssetOrder } from "./view.js";
import { networkOf, topUpReply } from "../../shared/top-up.js";
import { menu } from "../../menu-data.js";

export const MOVE_CONVERSATION = "balances-move";
export const MOVE_KIND = "balance_transfer";

type Direction = "fundingToTrading" | "tradingToFunding";
const ENDS: Record<Direction, { from: BalanceKind; to: BalanceKind }> = {
  fundingToTrading: { from: "funding", to: "trading" },
  tradingToFunding: { from: "trading", to: "funding" },
};

export type MovePayload = { asset: string; amount: string; from: BalanceKind; to: BalanceKind };

/** Money for trading that sits on the funding balance: say so, with the Move button. */
export function moveReply(t: Translate, why: string, available: string): { text: string; keyboard: InlineKeyboard } {
  return {
    text: `${why}\n\n${t("topup-move", { available })}`,
    keyboard: new InlineKeyboard().text(t("balances-move-button"), BALANCE_DATA.move.build({})),
  };
}

/** What the conversation needs to know, as plain JSON (it is stored with the conversation). */
interface MoveSnapshot {
  assets: { asset: string; decimals: number; funding: string; trading: string }[];
}

/** Available funding and trading amounts per asset, with the asset's decimal places. */
async function loadSnapshot(deps: BotDeps, telegramId: number): Promise<MoveSnapshot> {
  const { exchange } = await clientsFor(deps, telegramId);
  const [{ balances: funding }, { balances: trading }, assets] = await Promise.all([
    exchange.getFundingBalances(),
    exchange.getTradingBalances(),
    exchange.getAssets(),
  ]);
  const precision = new Map(assets.map((a) => [a.asset, a.precision]));
  const available = (list: typeof funding) => new Map(list.map((b) => [b.asset, b.available]));
  const f = available(funding);
  const tr = available(trading);
  const codes = [...new Set([...f.keys(), ...tr.keys()])].sort(byAssetOrder);
  return {
    assets: codes.map((asset) => ({
      asset,
      // An asset the catalogue does not list: allow as many places as its balances show.
      decimals:
        precision.get(asset) ??
        Math.max(money.decimalPlaces(f.get(asset) ?? "0"), money.decimalPlaces(tr.get(asset) ?? "0")),
      funding: f.get(asset) ?? "0",
      trading: tr.get(asset) ?? "0",
    })),
  };
}

const kindLabel = (t: Translate, kind: BalanceKind) => t(`balances-kind-${kind}`);

/** The summary shown above Confirm: what, where from and to, amount, fee and what stays on both sides. */
export function moveSummary(
  t: Translate,
  p: MovePayload,
  before: { funding: string; trading: string },
): string {
  const sourceAfter = money.sub(before[p.from], p.amount);
  const targetAfter = money.add(before[p.to], p.amount);
  return [
    t("balances-move-summary-title"),
    t("balances-move-summary-asset", { asset: p.asset }),
    t("balances-move-summary-from", {
      kind: kindLabel(t, p.from),
      after: formatAmount(sourceAfter, p.asset),
    }),
    t("balances-move-summary-to", { kind: kindLabel(t, p.to), after: formatAmount(targetAfter, p.asset) }),
    t("balances-move-summary-amount", { amount: formatAmount(p.amount, p.asset) }),
    t("balances-move-summary-fee"),
  ].join("\n");
}

/** The conversation behind /move and the Move button. */
export function moveConversation(deps: BotDeps, actions: ActionRegistry) {
  return async (conversation: BotConversation, ctx: ConvContext): Promise<void> => {
    const telegramId = ctx.from!.id;
    const snapshot = await conversation.external(() => loadSnapshot(deps, telegramId));
    const movable = snapshot.assets.filter((a) => money.isPositive(a.funding) || money.isPositive(a.trading));
    if (movable.length === 0) {
      const network = await conversation.external(() => networkOf(deps, telegramId));
      const reply = topUpReply(ctx.t, network, ctx.t("balances-move-nothing"), "exchange");
      await ctx.reply(reply.text, { reply_markup: reply.keyboard });
      return;
    }
    const asset = await askAsset(
      conversation,
      ctx,
      movable.map((a) => a.asset),
      ctx.t("balances-move-ask-asset"),
    );
    const entry = movable.find((a) => a.asset === asset)!;

    const directions = (Object.keys(ENDS) as Direction[])
      .filter((d) => money.isPositive(entry[ENDS[d].from]))
      .map((d) => ({
        value: d,
        label: ctx.t(`balances-move-direction-${d}`, { available: formatAmount(entry[ENDS[d].from], asset) }),
      }));
    const direction = (await askChoice(
      conversation,
      ctx,
      ctx.t("balances-move-ask-direction"),
      directions,
      1,
    )) as Direction;
    const { from, to } = ENDS[direction];

    const amount = await askAmount(conversation, ctx, {
      asset,
      decimals: entry.decimals,
      available: entry[from],
      quick: true,
      prompt: ctx.t("balances-move-ask-amount", {
        asset,
        // The balance's name takes the case the sentence needs: the message selects it by kind.
        kind: from,
        available: formatAmount(entry[from], asset),
      }),
    });

    const payload: MovePayload = { asset, amount, from, to };
    const summary = moveSummary(ctx.t, payload, entry);
    await conversation.external((octx) =>
      proposeAction(octx, deps, actions, { kind: MOVE_KIND, payload, summary }),
    );
  };
}

/** The irreversible part: one createBalanceTransfer per confirmed operation, reconciled by its id. */
export const moveAction: ActionDefinition<MovePayload> = {
  kind: MOVE_KIND,
  idPrefix: "mv",
  execute: ({ op, payload, clients }) =>
    createOnce({
      send: () =>
        clients.exchange.createBalanceTransfer({
          clientTransferId: op.id,
          asset: payload.asset,
          amount: payload.amount,
          from: payload.from,
          to: payload.to,
        }),
      lookup: () => reconcile.balanceTransfer(clients.exchange, op.id),
    }),
  reconcile: ({ op, clients }) => reconcile.balanceTransfer(clients.exchange, op.id),
  describeDone: (t, p, result) =>
    result.status === "failed"
      ? t("balances-move-failed")
      : t("balances-move-done", { amount: formatAmount(p.amount, p.asset), from: p.from, to: p.to }),
  doneKeyboard: (t) => new InlineKeyboard().text(t("menu-balances"), menu("balances")),
};
