/**
 * Withdrawals to blockchain addresses. Creating one takes amount + fee from available into hold and
 * answers `created`; the first read of it afterwards completes it (the hold leaves the balance and a
 * txHash appears), which keeps the lifecycle visible yet deterministic.
 */
import { createHash } from "node:crypto";
import { money } from "../../../domain/money.js";
import type { OperationInput } from "../../../service/operations.js";
import { isValidAddress } from "../addresses.js";
import { announce } from "../callbacks.js";
import { type CatalogueNetwork, findAsset, findNetwork } from "../catalogue.js";
import { defineHandlers } from "../define.js";
import { pageNewestFirst, within } from "../paging.js";
import { problems } from "../problems.js";
import type { SimAccount, World } from "../types.js";
import { requireAccount, reserve, spendHeld } from "../world.js";
import { paymentLinks } from "./links.js";
import { checkAmount, requireAsset, requireNewClientId } from "./rules.js";
import { lookup, payAccount, payModule, record, type WithdrawalRecord } from "./state.js";

export const withdrawalHandlers = defineHandlers({
  getWithdrawalQuotas: ({ asset, network }) => {
    const entry = findAsset(asset);
    const terms = findNetwork(asset, network);
    if (entry === undefined || terms === undefined)
      throw problems.notFound("quota for this asset and network");
    return {
      withdrawMinSize: terms.minWithdrawal,
      withdrawFee: terms.fee,
      withdrawFeeAsset: asset,
      precision: entry.precision,
      withdrawMaxSize: terms.maxWithdrawal,
    };
  },

  createWithdrawalLink: (input, { account, world }) => {
    const creator = requireAccount(account);
    checkTerms(input);
    const id = world.nextId("wdl");
    const { network, address, asset, amount, comment } = input;
    payModule(world).withdrawalLinksById.set(id, { id, creator: creator.userId, terms: { network, address, asset, amount, comment } });
    return paymentLinks(world, "withdrawal", id);
  },

  createWithdrawal: (input, { account, world }) => {
    const owner = requireAccount(account);
    const { withdrawals } = payAccount(world, owner.userId);
    requireNewClientId(withdrawals, "clientWithdrawalId", input.clientWithdrawalId);
    const terms = checkTerms(input);
    const total = money.add(input.amount, terms.fee);
    reserve(owner.pay, input.asset, total);
    const withdrawalId = world.nextId("wdr");
    const rec: WithdrawalRecord = {
      owner: owner.userId,
      withdrawal: {
        withdrawalId,
        clientWithdrawalId: input.clientWithdrawalId,
        network: input.network,
        address: input.address,
        asset: input.asset,
        amount: input.amount,
        fee: terms.fee,
        status: "CREATED",
        comment: input.comment ?? null,
        txHash: null,
        txLink: null,
        createdAt: world.now().toISOString(),
        // Echoed as sent (S3 reads it back); told of the completion.
        ...(input.callback === undefined ? {} : { callback: input.callback }),
      },
    };
    // A copy: the stored record moves on at the next read, the reply must still say `CREATED`.
    return { ...record(withdrawals, withdrawalId, input.clientWithdrawalId, rec).withdrawal };
  },

  getWithdrawals: ({ cursor, limit, status, fromDate, toDate }, { account, world }) => {
    const owner = requireAccount(account);
    const { withdrawals } = payAccount(world, owner.userId);
    const created = within(fromDate, toDate);
    const page = pageNewestFirst(withdrawals.list, { cursor, limit }, (r) => {
      settle(world, owner, r);
      return (!status || r.withdrawal.status === status) && created(r.withdrawal.createdAt);
    });
    return { items: page.items.map((r) => r.withdrawal), pagination: page.pagination };
  },

  getWithdrawal: ({ withdrawalId, clientWithdrawalId }, { account, world }) => {
    const owner = requireAccount(account);
    const rec = lookup(payAccount(world, owner.userId).withdrawals, withdrawalId, clientWithdrawalId);
    if (rec === undefined) throw problems.notFound("withdrawal");
    return settle(world, owner, rec).withdrawal;
  },
});

/**
 * What the service's bot does when `userId` (an account of `world`) opens a withdrawal link and
 * confirms it: a withdrawal of the link's terms from that person's own Pay balance (amount + fee),
 * completed at once. A link is used once: 409 `invalid_state` afterwards; 404 for an unknown link or
 * user; 422 `insufficient_funds` when the balance does not cover amount + fee (nothing moves).
 */
export function completeWithdrawalLink(world: World, linkId: string, userId: number): WithdrawalRecord {
  const link = payModule(world).withdrawalLinksById.get(linkId);
  if (link === undefined) throw problems.notFound("withdrawal link");
  const opener = world.accounts.get(userId);
  if (opener === undefined) throw problems.notFound("user", { userId });
  if (link.completed !== undefined) {
    throw problems.invalidState("The withdrawal link was already used.", { withdrawalId: link.completed.withdrawalId });
  }
  const { terms } = link;
  const fee = checkTerms(terms).fee;
  reserve(opener.pay, terms.asset, money.add(terms.amount, fee));
  const withdrawalId = world.nextId("wdr");
  const clientWithdrawalId = `link-${linkId}`;
  const rec: WithdrawalRecord = {
    owner: userId,
    withdrawal: {
      withdrawalId,
      clientWithdrawalId,
      network: terms.network,
      address: terms.address,
      asset: terms.asset,
      amount: terms.amount,
      fee,
      status: "CREATED",
      comment: terms.comment ?? null,
      txHash: null,
      txLink: null,
      createdAt: world.now().toISOString(),
    },
  };
  record(payAccount(world, userId).withdrawals, withdrawalId, clientWithdrawalId, rec);
  link.completed = { userId, withdrawalId };
  return settle(world, opener, rec);
}

/** Validates asset, network, address and amount of a withdrawal; returns the network's terms. */
function checkTerms(input: Pick<OperationInput<"createWithdrawalLink">, "asset" | "network" | "address" | "amount">): CatalogueNetwork {
  const asset = requireAsset(input.asset);
  const terms = findNetwork(input.asset, input.network);
  if (terms === undefined || !terms.withdrawalEnabled) {
    throw problems.validation("network", `${input.asset} cannot be withdrawn on ${input.network}.`);
  }
  if (!isValidAddress(input.network, input.address)) {
    throw problems.validation("address", `Not a valid ${input.network} address.`);
  }
  checkAmount(input.amount, asset.precision, terms.minWithdrawal, terms.maxWithdrawal);
  return terms;
}

/** Completes a created withdrawal: the held amount + fee leaves the balance; its callback is told. */
function settle(world: World, owner: SimAccount, rec: WithdrawalRecord): WithdrawalRecord {
  const w = rec.withdrawal;
  if (w.status === "CREATED") {
    spendHeld(owner.pay, w.asset, money.add(w.amount, w.fee));
    w.status = "COMPLETED";
    w.txHash = createHash("sha256").update(w.withdrawalId).digest("hex");
    w.txLink = `https://xrocket-sim.invalid/tx/${w.txHash}`;
    announce(world, rec.owner, w.callback?.callbackUrl, "withdrawal", w);
  }
  return rec;
}
