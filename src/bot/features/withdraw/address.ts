/**
 * Withdrawing to an external address: asset → network → address → memo → amount (checked against the
 * quota and the available balance, fee included) → the shared confirmation → one createWithdrawal
 * under the operation's id as its client id.
 */
import { InlineKeyboard } from "grammy";
import type { NetworkCode } from "../../../domain/addresses.js";
import { formatAmount, money } from "../../../domain/money.js";
import { createOnce, reconcile } from "../../../service/reconcile.js";
import { PayWithdrawal } from "../../../service/schemas.js";
import type { BotConversation, BotDeps, ConvContext } from "../../context.js";
import { attempt, tellFailure } from "../../shared/attempt.js";
import { type ActionDefinition, type ActionRegistry, proposeAction } from "../../shared/confirm.js";
import type { Translate } from "../../shared/errors.js";
import { askAmount } from "../../shared/inputs.js";
import { amountPlusFee, askRoute, minimumOf, routeLines } from "./steps.js";

export const WITHDRAW_TO_ADDRESS = "withdraw-address";
export const WITHDRAWAL_KIND = "withdrawal";

type WithdrawalPayload = {
  network: NetworkCode;
  address: string;
  comment?: string;
  asset: string;
  amount: string;
  /** The fee quoted in the summary, for the result message. */
  fee: string;
  feeAsset: string;
};

/** The confirmed withdrawal: sent once under `op.id`, read back by it when the outcome is unclear. */
export function withdrawalAction(): ActionDefinition<WithdrawalPayload> {
  return {
    kind: WITHDRAWAL_KIND,
    idPrefix: "wdr",
    execute: ({ op, payload, clients }) =>
      createOnce({
        send: () =>
          clients.pay.createWithdrawal({
            clientWithdrawalId: op.id,
            network: payload.network,
            address: payload.address,
            asset: payload.asset,
            amount: payload.amount,
            ...(payload.comment === undefined ? {} : { comment: payload.comment }),
          }),
        lookup: () => reconcile.withdrawal(clients.pay, op.id),
      }),
    reconcile: ({ op, clients }) => reconcile.withdrawal(clients.pay, op.id),
    describeDone: (t, payload, result) => {
      const w = PayWithdrawal.safeParse(result);
      return t("withdraw-done", {
        amount: formatAmount(payload.amount, payload.asset),
        address: payload.address,
        network: payload.network,
        fee: formatAmount(w.success ? w.data.fee : payload.fee, payload.feeAsset),
        status: w.success ? t(`withdraw-status-${w.data.status}`) : "—",
      });
    },
    doneKeyboard: (t: Translate, _payload, result) => {
      const w = PayWithdrawal.safeParse(result);
      return w.success
        ? new InlineKeyboard().text(t("withdraw-details"), `wdr:show:${w.data.withdrawalId}`)
        : undefined;
    },
  };
}

/** The withdraw-to-address conversation; it ends by proposing the withdrawal for confirmation. */
export function withdrawToAddressConversation(deps: BotDeps, actions: ActionRegistry) {
  return async (conversation: BotConversation, ctx: ConvContext): Promise<void> => {
    const route = await askRoute(conversation, ctx, deps);
    if (!route) return;
    const { dest } = route;
    const { quota, available, feeAvailable } = route.terms;
    const asset = dest.currency.asset;
    const feeInAsset = quota.feeAsset === asset;
    const min = minimumOf(dest, quota);

    // Refuse at once what no amount could satisfy, rather than refusing every amount typed.
    if (
      money.lt(available, feeInAsset ? money.add(min, quota.fee) : min) ||
      (!feeInAsset && money.lt(feeAvailable, quota.fee))
    ) {
      await ctx.reply(
        ctx.t("withdraw-not-enough", {
          available: formatAmount(available, asset),
          min: formatAmount(min, asset),
          fee: formatAmount(quota.fee, quota.feeAsset),
        }),
      );
      return;
    }

    const amount = await askAmount(conversation, ctx, {
      asset,
      decimals: quota.precision,
      min,
      max: quota.maxAmount,
      available,
      ...(feeInAsset ? { fee: quota.fee } : {}),
      prompt: ctx.t("withdraw-ask-amount", {
        asset,
        available: formatAmount(available, asset),
        min: formatAmount(min, asset),
        max: formatAmount(quota.maxAmount, asset),
        fee: formatAmount(quota.fee, quota.feeAsset),
      }),
    });

    const stays = feeInAsset
      ? formatAmount(money.sub(available, money.add(amount, quota.fee)), asset)
      : `${formatAmount(money.sub(available, amount), asset)}, ${formatAmount(money.sub(feeAvailable, quota.fee), quota.feeAsset)}`;
    const summary = [
      ctx.t("withdraw-summary-title"),
      ...routeLines(ctx, dest),
      ctx.t("withdraw-field-amount", { amount: formatAmount(amount, asset) }),
      ctx.t("withdraw-field-fee", { fee: formatAmount(quota.fee, quota.feeAsset) }),
      ctx.t("withdraw-field-total", { total: amountPlusFee(amount, asset, quota.fee, quota.feeAsset) }),
      ctx.t("withdraw-field-stays", { stays }),
      "",
      ctx.t("withdraw-irreversible"),
    ].join("\n");
    const payload: WithdrawalPayload = {
      network: dest.network,
      address: dest.address,
      ...(dest.comment === undefined ? {} : { comment: dest.comment }),
      asset,
      amount,
      fee: quota.fee,
      feeAsset: quota.feeAsset,
    };
    const proposed = await conversation.external((octx) =>
      attempt(octx, () => proposeAction(octx, deps, actions, { kind: WITHDRAWAL_KIND, payload, summary })),
    );
    if (!proposed.ok) await tellFailure(ctx, proposed);
  };
}
