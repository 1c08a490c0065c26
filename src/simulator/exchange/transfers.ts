/**
 * Moves of an asset between the funding and the trading balance of one account. A move is applied
 * at once and in full, so its record is always `completed`; a refused move leaves no record.
 */
import { money } from "../../domain/money.js";
import { findAsset } from "../catalogue.js";
import { defineHandlers } from "../define.js";
import { problems } from "../problems.js";
import { credit, debit, requireAccount, requireAvailable } from "../world.js";
import { clientKey, exchangeState, type SimTransfer, transferView } from "./model.js";
import { newestFirst, page, period } from "./paging.js";

/** The balance a move in each direction starts from. */
const SOURCE = { fundingToTrading: "funding", tradingToFunding: "trading" } as const;

export const transferHandlers = defineHandlers({
  createBalanceTransfer: (input, { world, account }) => {
    const owner = requireAccount(account);
    const state = exchangeState(world);
    const key = clientKey(owner.userId, input.clientTransferId);
    if (state.transfersByClientId.has(key))
      throw problems.duplicate("clientTransferId", input.clientTransferId);
    const asset = findAsset(input.asset);
    if (!asset) throw problems.validation("asset", `Unknown asset ${input.asset}.`);
    if (money.decimalPlaces(input.amount) > asset.precision) throw problems.decimals(asset.precision);
    if (!money.isPositive(input.amount)) throw problems.outOfRange(money.normalise(`1e-${asset.precision}`));
    const from = input.from === "funding" ? owner.funding : owner.trading;
    const to = input.to === "funding" ? owner.funding : owner.trading;
    requireAvailable(from, input.asset, input.amount);

    debit(from, input.asset, input.amount);
    credit(to, input.asset, input.amount);
    state.seq += 1;
    const transfer: SimTransfer = {
      seq: state.seq,
      userId: owner.userId,
      id: world.nextId("xtr"),
      clientTransferId: input.clientTransferId,
      asset: input.asset,
      amount: money.normalise(input.amount),
      from: input.from,
      to: input.to,
      status: "completed",
      createdAt: world.now().toISOString(),
    };
    state.transfers.set(transfer.id, transfer);
    state.transfersByClientId.set(key, transfer);
    return transferView(transfer);
  },

  getBalanceTransfer: (input, { world, account }) => {
    const owner = requireAccount(account);
    const state = exchangeState(world);
    const t =
      input.transferId !== undefined
        ? state.transfers.get(input.transferId)
        : state.transfersByClientId.get(clientKey(owner.userId, input.clientTransferId ?? ""));
    if (!t || t.userId !== owner.userId) throw problems.notFound("transfer", { ...input });
    return transferView(t);
  },

  getBalanceTransfersHistory: (input, { world, account }) => {
    const owner = requireAccount(account);
    const inPeriod = period(input);
    const list = [...exchangeState(world).transfers.values()]
      .filter((t) => t.userId === owner.userId && inPeriod(t.createdAt))
      .filter((t) => input.direction === undefined || t.from === SOURCE[input.direction])
      .sort(newestFirst);
    const { records, meta } = page(list, input);
    return { transfers: records.map(transferView), ...meta };
  },
});
