/**
 * Transfers to users (payouts on the wire): the amount moves at once from the sender's available Pay
 * balance to the target account's. Single and mass payouts share one client-id space per account; a
 * mass payout applies each item on its own and lists it under `successPayouts` or, with the problem
 * that refused it, under `errorPayouts`.
 */
import type { Callback, MassTransferError, Transfer } from "../../../service/schemas.js";
import { announce } from "../callbacks.js";
import type { CatalogueAsset } from "../catalogue.js";
import { defineHandlers } from "../define.js";
import { pageNewestFirst, within } from "../paging.js";
import { onTheWire, problemBody, problems } from "../problems.js";
import { type SimAccount, SimProblem, type World } from "../types.js";
import { credit, debit, requireAccount } from "../world.js";
import { checkAmount, parseUserId, requireAsset, requireNewClientId } from "./rules.js";
import { lookup, payAccount, record, type TransferRecord } from "./state.js";

interface TransferTerms {
  target: string;
  targetType: string;
  amount: string;
  clientPayoutId?: string | undefined;
  description?: string | undefined;
  callback?: Callback | undefined;
}

export const transferHandlers = defineHandlers({
  createTransfer: (input, { account, world }) =>
    applyTransfer(world, requireAccount(account), requireAsset(input.asset), input).transfer,

  createMassTransfer: ({ asset, payouts }, { account, world }) => {
    const sender = requireAccount(account);
    const entry = requireAsset(asset);
    const successPayouts: Transfer[] = [];
    const errorPayouts: MassTransferError[] = [];
    for (const item of payouts) {
      try {
        successPayouts.push(applyTransfer(world, sender, entry, item).transfer);
      } catch (err) {
        if (!(err instanceof SimProblem)) throw err;
        errorPayouts.push({
          ...item,
          clientPayoutId: item.clientPayoutId ?? null,
          reason: problemBody(onTheWire(err, "pay", "createMassTransfer")),
        });
      }
    }
    return { successPayouts, errorPayouts };
  },

  getTransfers: ({ cursor, limit, fromDate, toDate }, { account, world }) => {
    const { transfers } = payAccount(world, requireAccount(account).userId);
    const created = within(fromDate, toDate);
    const page = pageNewestFirst(transfers.list, { cursor, limit }, (r) => created(r.transfer.createdAt));
    return { items: page.items.map((r) => r.transfer), pagination: page.pagination };
  },

  getTransfer: ({ payoutId, clientPayoutId }, { account, world }) => {
    const rec = lookup(payAccount(world, requireAccount(account).userId).transfers, payoutId, clientPayoutId);
    if (rec === undefined) throw problems.notFound("payout");
    return rec.transfer;
  },
});

/** Checks and carries out one transfer, or throws the problem that refuses it (nothing moved). */
function applyTransfer(
  world: World,
  sender: SimAccount,
  asset: CatalogueAsset,
  terms: TransferTerms,
): TransferRecord {
  const { transfers } = payAccount(world, sender.userId);
  requireNewClientId(transfers, "clientPayoutId", terms.clientPayoutId);
  checkAmount(terms.amount, asset.precision, asset.pay.minTransfer);
  if (terms.targetType === "telegram_username") {
    throw problems.validation("targetType", "The simulator knows recipients by user id only.");
  }
  const targetId = parseUserId(terms.target, "target");
  if (targetId === sender.userId) {
    throw problems.validation("target", "A transfer to oneself is not allowed.");
  }
  const receiver = world.accounts.get(targetId);
  if (receiver === undefined) throw problems.notFound("user with this id", { target: terms.target });

  debit(sender.pay, asset.asset, terms.amount);
  credit(receiver.pay, asset.asset, terms.amount);
  const now = world.now();
  const payoutId = world.nextId("pyt");
  const rec = record(transfers, payoutId, terms.clientPayoutId, {
    owner: sender.userId,
    transfer: {
      payoutId,
      clientPayoutId: terms.clientPayoutId ?? null,
      target: terms.target,
      targetType: terms.targetType,
      asset: asset.asset,
      amount: terms.amount,
      description: terms.description ?? null,
      // A simulated payout settles at once; the real service reports its own status values.
      status: "paid",
      createdAt: now.toISOString(),
      ...(terms.callback === undefined ? {} : { callback: terms.callback }),
    },
  });
  // Settled at once: the one status change there is to tell.
  announce(world, sender.userId, terms.callback?.callbackUrl, "payout", rec.transfer);
  return rec;
}
