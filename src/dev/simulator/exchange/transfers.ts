/**
 * Moves of an asset between the funding and the trading balance of one account. A move is applied
 * at once and in full, so its record is always `completed`; a refused move leaves no record.
 */
import { money } from "../../../domain/money.js";
import { findAsset } from "../catalogue.js";
import { defineHandlers } from "../define.js";
import { problems } from "../problems.js";
import { credit, debit, requireAccount, requireAvailable } from "../world.js";
import { exchangeState, type SimTransfer, transferView } from "./model.js";
import { historyPage } from "./paging.js";

export const transferHandlers = defineHandlers({
  createBalanceTransfer: (input, { world, account }) => {
    const owner = requireAccount(account);
    const { transfers } = exchangeState(world);
    const clientId = input.clientTransferId;
    if (clientId !== undefined && transfers.hasClientId(owner.userId, clientId)) {
      throw problems.duplicate("clientTransferId", clientId);
    }
    const asset = findAsset(input.asset);
    if (!asset) throw problems.validation("asset", `Unknown asset ${input.asset}.`);
    if (money.decimalPlaces(input.amount) > asset.precision) throw problems.decimals(asset.precision);
    if (!money.isPositive(input.amount)) throw problems.outOfRange(money.normalise(`1e-${asset.precision}`));
    const from = input.from === "funding" ? owner.funding : owner.trading;
    const to = input.to === "funding" ? owner.funding : owner.trading;
    requireAvailable(from, input.asset, input.amount);

    debit(from, input.asset, input.amount);
    credit(to, input.asset, input.amount);
    const transfer: SimTransfer = {
      seq: 0,
      userId: owner.userId,
      id: world.nextId("xtr"),
      clientTransferId: input.clientTransferId ?? null,
      asset: input.asset,
      amount: money.normalise(input.amount),
      from: input.from,
      to: input.to,
      status: "completed",
      createdAt: world.now().toISOString(),
    };
    return transferView(transfers.add(transfer, input.clientTransferId));
  },

  getBalanceTransfer: (input, { world, account }) => {
    const { userId } = requireAccount(account);
    const ids = { serverId: input.transferId, clientId: input.clientTransferId };
    return transferView(exchangeState(world).transfers.find(userId, ids));
  },

  getBalanceTransfersHistory: (input, { world, account }) => {
    const mine = exchangeState(world).transfers.of(requireAccount(account).userId);
    const { assets, from, to } = input;
    const { records, meta } = historyPage(
      mine,
      input,
      (t) =>
        (assets === undefined || assets.includes(t.asset)) &&
        (from === undefined || t.from === from) &&
        (to === undefined || t.to === to),
    );
    return { transfers: records.map(transferView), ...meta };
  },
});
