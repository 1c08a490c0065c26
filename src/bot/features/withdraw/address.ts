/**
 * Withdrawing to an external address: asset → network → address → memo → amount (checked against the
 * quota and the available balance, fee included) → the shared confirmation → one createWithdrawal
 * under the operation's id as its client id.
 */
import { copyable } from "../../../domain/copyable.js";
import { InlineKeyboard } from "grammy";
import { formatAmount, formatOptionalAmount } from "../../../domain/money.js";
import type { Translate } from "../../../domain/translate.js";
import { createOnce, reconcile } from "../../../service/reconcile.js";
import { PayWithdrawal } from "../../../service/schemas.js";
import type { BotConversation, BotDeps, ConvContext } from "../../context.js";
import { attempt, tellFailure } from "../../shared/attempt.js";
import { type ActionDefinition, type ActionRegistry, proposeAction } from "../../shared/confirm.js";
import { askAmount } from "../../shared/inputs.js";
import { keptWorth, withWorthThen, worthLines, worthOf } from "../../shared/worth.js";
import { withdrawalStatusLabel } from "./history.js";
import { WITHDRAW_DATA } from "./callback-data.js";
import {
  type AddressWithdrawalPayload,
  amountLines,
  askRoute,
  minimumOf,
  routeLines,
  withdrawalRequest,
} from "../../shared/withdrawal-steps.js";

export const WITHDRAW_TO_ADDRESS = "withdraw-address";
export const WITHDRAWAL_KIND = "withdrawal";

type WithdrawalPayload = AddressWithdrawalPayload;

/** The confirmed withdrawal: sent once under `op.id`, read back by it when the outcome is unclear. */
export function withdrawalAction(): ActionDefinition<WithdrawalPayload> {
  return {
    kind: WITHDRAWAL_KIND,
    idPrefix: "wdr",
    execute: ({ op, payload, clients }) =>
      createOnce({
        send: () => clients.pay.createWithdrawal(withdrawalRequest(op.id, payload)),
        lookup: () => reconcile.withdrawal(clients.pay, op.id),
      }),
    reconcile: ({ op, clients }) => reconcile.withdrawal(clients.pay, op.id),
    describeDone: (t, payload, result) => {
      const w = PayWithdrawal.safeParse(result);
      const text = t("withdraw-done", {
        amount: formatAmount(payload.amount, payload.asset),
        address: copyable(payload.address),
        network: payload.network,
        fee: formatAmount((w.success ? w.data.fee : null) ?? payload.fee, payload.feeAsset),
        status: w.success ? withdrawalStatusLabel(t, w.data.status) : "—",
      });
      return withWorthThen(t, text, payload.amount, keptWorth(payload));
    },
    doneKeyboard: (t: Translate, _payload, result) => {
      const w = PayWithdrawal.safeParse(result);
      // An id too long for a button's data leaves the message without one.
      const details = w.success ? WITHDRAW_DATA.show.tryBuild({ withdrawalId: w.data.withdrawalId }) : undefined;
      return details === undefined ? undefined : new InlineKeyboard().text(t("withdraw-details"), details);
    },
  };
}

/** The withdraw-to-address conversation; it ends by proposing the withdrawal for confirmation. */
export function withdrawToAddressConversation(deps: BotDeps, actions: ActionRegistry) {
  return async (conversation: BotConversation, ctx: ConvContext): Promise<void> => {
    // Whether the wallet can pay the route's minimum with its fee is checked before the address.
    const route = await askRoute(conversation, ctx, deps, true);
    if (!route) return;
    const { dest } = route;
    const { quota, available, feeAvailable } = route.terms;
    const asset = dest.currency.code;
    const feeInAsset = quota.withdrawFeeAsset === asset;
    const min = minimumOf(dest, quota);
    const funds = { asset, available, fee: quota.withdrawFee, feeAsset: quota.withdrawFeeAsset, feeAvailable };
    // Read once: the prompt's rate, a fiat amount's conversion and the summary's worth agree.
    const self = ctx.from?.id ?? 0;
    const worth = (await conversation.external(async () => (await worthOf(deps, self, asset)) ?? null)) ?? undefined;

    const amount = await askAmount(conversation, ctx, {
      asset,
      decimals: quota.precision,
      min,
      max: quota.withdrawMaxSize,
      available,
      ...(feeInAsset ? { fee: quota.withdrawFee } : {}),
      quick: true,
      ...(worth ? { worth } : {}),
      prompt: ctx.t("withdraw-ask-amount", {
        asset,
        available: formatAmount(available, asset),
        min: formatAmount(min, asset),
        max: formatOptionalAmount(quota.withdrawMaxSize, asset),
        fee: formatAmount(quota.withdrawFee, quota.withdrawFeeAsset),
      }),
    });

    const summary = [
      ctx.t("withdraw-summary-title"),
      ...routeLines(ctx, dest),
      ...amountLines(ctx, funds, amount, "withdraw-field-stays"),
      ...worthLines(ctx.t, amount, worth),
      "",
      ctx.t("withdraw-irreversible"),
    ].join("\n");
    const payload: WithdrawalPayload = {
      network: dest.network,
      address: dest.address,
      ...(dest.comment === undefined ? {} : { comment: dest.comment }),
      asset,
      amount,
      fee: quota.withdrawFee,
      feeAsset: quota.withdrawFeeAsset,
      ...(worth ? { worth } : {}),
    };
    const proposed = await conversation.external((octx) =>
      attempt(octx, () => proposeAction(octx, deps, actions, { kind: WITHDRAWAL_KIND, payload, summary })),
    );
    if (!proposed.ok) await tellFailure(ctx, proposed);
  };
}
