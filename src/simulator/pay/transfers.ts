/**
 * Transfers to users: the amount moves at once from the sender's available Pay balance to the
 * target account's. Single and mass transfers share one client-id space per account; a mass
 * transfer applies each item on its own and reports a problem per refused item.
 */
import type { MassTransferItemResult } from "../../service/schemas.js";
import type { CatalogueAsset } from "../catalogue.js";
import { defineHandlers } from "../define.js";
import { pageNewestFirst } from "../paging.js";
import { onTheWire, problemBody, problems } from "../problems.js";
import { type SimAccount, SimProblem, type World } from "../types.js";
import { credit, debit, requireAccount } from "../world.js";
import { checkAmount, parseUserId, requireAsset, requireNewClientId } from "./rules.js";
import { lookup, payAccount, record, type TransferRecord } from "./state.js";

interface TransferTerms {
  target: string;
  targetType: "messenger_user_id";
  amount: string;
  clientTransferId: string;
  description?: string | undefined;
}

export const transferHandlers = defineHandlers({
  createTransfer: (input, { account, world }) =>
    applyTransfer(world, requireAccount(account), requireAsset(input.asset), input).transfer,

  createMassTransfer: ({ asset, transfers }, { account, world }) => {
    const sender = requireAccount(account);
    const entry = requireAsset(asset);
    const results = transfers.map((item): MassTransferItemResult => {
      try {
        const rec = applyTransfer(world, sender, entry, item);
        return {
          clientTransferId: item.clientTransferId,
          status: "completed",
          transferId: rec.transfer.transferId,
          error: null,
        };
      } catch (err) {
        if (!(err instanceof SimProblem)) throw err;
        return {
          clientTransferId: item.clientTransferId,
          status: "failed",
          transferId: null,
          error: problemBody(onTheWire(err, "pay", "createMassTransfer")),
        };
      }
    });
    return { results };
  },

  getTransfers: ({ cursor, limit, fromDate, toDate }, { account, world }) => {
    const { transfers } = payAccount(world, requireAccount(account).userId);
    const from = fromDate === undefined ? -Infinity : Date.parse(fromDate);
    const to = toDate === undefined ? Infinity : Date.parse(toDate);
    const page = pageNewestFirst(
      transfers.list,
      { cursor, limit },
      (r) => r.createdMs >= from && r.createdMs <= to,
    );
    return { items: page.items.map((r) => r.transfer), pagination: page.pagination };
  },

  getTransfer: ({ transferId, clientTransferId }, { account, world }) => {
    const rec = lookup(
      payAccount(world, requireAccount(account).userId).transfers,
      transferId,
      clientTransferId,
    );
    if (rec === undefined) throw problems.notFound("transfer");
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
  requireNewClientId(transfers, "clientTransferId", terms.clientTransferId);
  checkAmount(terms.amount, asset.precision, asset.pay.minTransfer);
  const targetId = parseUserId(terms.target, "target");
  if (targetId === sender.userId) {
    throw problems.validation("target", "A transfer to oneself is not allowed.");
  }
  const receiver = world.accounts.get(targetId);
  if (receiver === undefined) throw problems.notFound("user with this id", { target: terms.target });

  debit(sender.pay, asset.asset, terms.amount);
  credit(receiver.pay, asset.asset, terms.amount);
  const now = world.now();
  const transferId = world.nextId("trf");
  return record(transfers, transferId, terms.clientTransferId, {
    owner: sender.userId,
    createdMs: now.getTime(),
    transfer: {
      transferId,
      clientTransferId: terms.clientTransferId,
      target: terms.target,
      targetType: terms.targetType,
      asset: asset.asset,
      amount: terms.amount,
      ...(terms.description === undefined ? {} : { description: terms.description }),
      createdAt: now.toISOString(),
      status: "completed",
    },
  });
}
