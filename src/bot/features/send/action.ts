/**
 * The transfer as an irreversible action of the shared confirmation step. The operation row id is
 * the `clientTransferId`, so the service deduplicates every resend and a lost reply is found by it.
 */
import { InlineKeyboard } from "grammy";
import { copyable } from "../../../domain/copyable.js";
import { formatAmount } from "../../../domain/money.js";
import type { Translate } from "../../../domain/translate.js";
import { createOnce, reconcile } from "../../../service/reconcile.js";
import type { ActionDefinition } from "../../shared/confirm.js";
import { keptWorth, withWorth } from "../../shared/worth.js";
import { SEND_DATA } from "./callback-data.js";
import { recipientLabel, type TransferPayload } from "./format.js";

export const TRANSFER_KIND = "transfer";
/** Prefix of our client transfer ids: `trf-<32 hex>`. */
export const TRANSFER_ID_PREFIX = "trf";
/** A client id this bot generated for a transfer (see newClientId). */
export const OUR_CLIENT_ID = /^trf-[0-9a-f]{32}$/;
export const HISTORY_FIRST_PAGE = SEND_DATA.page.build({ page: 0 });

/**
 * Adds "Send again" (same person, asset and amount) to `kb` when it fits a button's data; an amount
 * too long for one is left without it.
 */
export function withSendAgain(
  t: Translate,
  kb: InlineKeyboard,
  transfer: { target: string | null; asset: string | null; amount: string | null | undefined },
): InlineKeyboard {
  const userId = Number(transfer.target);
  if (!transfer.amount || !transfer.asset || !Number.isSafeInteger(userId) || userId <= 0) return kb;
  const data = SEND_DATA.again.tryBuild({ userId, asset: transfer.asset, amount: transfer.amount });
  return data === undefined ? kb : kb.text(t("send-again"), data).row();
}

/** Sends the transfer exactly once: createTransfer with the row id, reconciled by it. */
export const transferAction: ActionDefinition<TransferPayload> = {
  kind: TRANSFER_KIND,
  idPrefix: TRANSFER_ID_PREFIX,
  async execute({ op, payload, clients }) {
    const request = {
      target: payload.target,
      targetType: "telegram_user_id" as const,
      asset: payload.asset,
      amount: payload.amount,
      clientPayoutId: op.id,
      ...(payload.description ? { description: payload.description } : {}),
    };
    return createOnce({
      send: () => clients.pay.createTransfer(request),
      lookup: () => reconcile.transfer(clients.pay, op.id),
    });
  },
  reconcile: ({ op, clients }) => reconcile.transfer(clients.pay, op.id),
  // The recipient finds it in their history too, when they use this bot.
  counterparty: (payload) => {
    const id = Number(payload.target);
    return Number.isSafeInteger(id) && id > 0 ? id : undefined;
  },
  describeDone(t, payload, result) {
    return t("send-done", {
      amount: formatAmount(payload.amount, payload.asset) + withWorth(t, payload.amount, keptWorth(payload)),
      recipient: recipientLabel(t, payload),
      // Journal rows written before transfers became payouts carry `transferId`.
      id: copyable([result.payoutId, result.transferId].find((v) => typeof v === "string") ?? "-"),
    });
  },
  doneKeyboard: (t, payload) => withSendAgain(t, new InlineKeyboard(), payload).text(t("send-list"), HISTORY_FIRST_PAGE),
};
