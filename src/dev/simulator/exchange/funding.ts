/**
 * Withdrawals from the funding balance. A withdrawal holds amount + fee on the funding balance at
 * once, then moves on by the world's clock: `processing` after 10 s, `completed` (with a transaction
 * hash, the hold spent) after 60 s. Each asset has a daily limit per account across its networks.
 */
import { createHash } from "node:crypto";
import { money } from "../../../domain/money.js";
import { isValidAddress } from "../addresses.js";
import { type CatalogueNetwork, findAsset, findNetwork, type Network } from "../catalogue.js";
import { defineHandlers } from "../define.js";
import { problems } from "../problems.js";
import { type SimAccount, SimProblem, type World } from "../types.js";
import { requireAccount, requireAvailable, reserve, spendHeld } from "../world.js";
import { exchangeState, type SimWithdrawal, withdrawalView } from "./model.js";
import { historyPage } from "./paging.js";

const PROCESSING_AFTER_MS = 10_000;
const COMPLETED_AFTER_MS = 60_000;
/** The daily limit of an asset, as a multiple of its largest single-withdrawal maximum. */
const DAILY_LIMIT_FACTOR = "2";

function withdrawalTerms(
  asset: string,
  network: Network,
): { terms: CatalogueNetwork; precision: number } | undefined {
  const entry = findAsset(asset);
  const terms = findNetwork(asset, network);
  return entry && terms ? { terms, precision: entry.precision } : undefined;
}

function dailyLimit(asset: string): string {
  const nets = findAsset(asset)?.networks ?? [];
  const largest = nets.map((n) => n.maxWithdrawal).reduce((a, b) => money.max(a, b), "0");
  return money.mul(largest, DAILY_LIMIT_FACTOR);
}

/** What the account may still withdraw of `asset` today (UTC day of the world clock). */
function remainingToday(world: World, account: SimAccount | undefined, asset: string): string {
  const limit = dailyLimit(asset);
  if (!account) return limit;
  const day = world.now().toISOString().slice(0, 10);
  const used = exchangeState(world)
    .withdrawals.of(account.userId)
    .filter(
      (w) =>
        w.asset === asset && w.createdAt.startsWith(day) && w.status !== "failed" && w.status !== "cancelled",
    )
    .map((w) => w.amount);
  return money.max(money.sub(limit, money.sum(used)), "0");
}

/** Moves withdrawals along by the world's clock; a completed one spends its hold. */
export function advanceWithdrawals(world: World): void {
  const now = world.now().getTime();
  for (const w of exchangeState(world).withdrawals.all()) {
    if (w.status !== "pending" && w.status !== "processing") continue;
    const age = now - Date.parse(w.createdAt);
    if (age >= COMPLETED_AFTER_MS) {
      const account = world.accounts.get(w.userId);
      if (account) spendHeld(account.funding, w.asset, money.add(w.amount, w.fee));
      w.status = "completed";
      w.txHash = createHash("sha256").update(w.id).digest("hex");
      w.updatedAt = new Date(Date.parse(w.createdAt) + COMPLETED_AFTER_MS).toISOString();
    } else if (age >= PROCESSING_AFTER_MS && w.status === "pending") {
      w.status = "processing";
      w.updatedAt = new Date(Date.parse(w.createdAt) + PROCESSING_AFTER_MS).toISOString();
    }
  }
}

export const fundingHandlers = defineHandlers({
  createFundingWithdrawal: (input, { world, account }) => {
    const owner = requireAccount(account);
    const { withdrawals } = exchangeState(world);
    if (withdrawals.hasClientId(owner.userId, input.clientWithdrawalId)) {
      throw problems.duplicate("clientWithdrawalId", input.clientWithdrawalId);
    }
    if (!findAsset(input.asset)) throw problems.validation("asset", `Unknown asset ${input.asset}.`);
    const found = withdrawalTerms(input.asset, input.network);
    if (!found?.terms.withdrawalEnabled) {
      throw problems.validation("network", `${input.asset} cannot be withdrawn over ${input.network}.`);
    }
    if (!isValidAddress(input.network, input.address)) {
      throw problems.validation("address", `This is not a ${input.network} address.`);
    }
    const { terms, precision } = found;
    if (money.decimalPlaces(input.amount) > precision) throw problems.decimals(precision);
    if (money.lt(input.amount, terms.minWithdrawal) || money.gt(input.amount, terms.maxWithdrawal)) {
      throw problems.outOfRange(terms.minWithdrawal, terms.maxWithdrawal);
    }
    const left = remainingToday(world, owner, input.asset);
    if (money.gt(input.amount, left)) {
      throw new SimProblem(
        422,
        "amount_out_of_range",
        "The amount exceeds what the daily limit still allows.",
        {
          min: terms.minWithdrawal,
          max: left,
          dailyLimit: dailyLimit(input.asset),
        },
      );
    }
    const total = money.add(input.amount, terms.fee);
    requireAvailable(owner.funding, input.asset, total);

    reserve(owner.funding, input.asset, total);
    const now = world.now().toISOString();
    const withdrawal: SimWithdrawal = {
      seq: 0,
      userId: owner.userId,
      id: world.nextId("xwd"),
      clientWithdrawalId: input.clientWithdrawalId,
      network: input.network,
      address: input.address,
      asset: input.asset,
      amount: money.normalise(input.amount),
      fee: terms.fee,
      feeAsset: input.asset,
      status: "pending",
      txHash: null,
      createdAt: now,
      updatedAt: now,
    };
    return withdrawalView(withdrawals.add(withdrawal, input.clientWithdrawalId));
  },

  getFundingWithdrawal: (input, { world, account }) => {
    const { userId } = requireAccount(account);
    const ids = { serverId: input.withdrawalId, clientId: input.clientWithdrawalId };
    return withdrawalView(exchangeState(world).withdrawals.find(userId, ids));
  },

  getFundingWithdrawalsHistory: (input, { world, account }) => {
    const mine = exchangeState(world).withdrawals.of(requireAccount(account).userId);
    const { records, meta } = historyPage(
      mine,
      input,
      (w) => input.assets === undefined || input.assets.includes(w.asset),
    );
    return { withdrawals: records.map(withdrawalView), ...meta };
  },

  getFundingWithdrawalQuotas: ({ network, asset }, { world, account }) => {
    const found = withdrawalTerms(asset, network);
    if (!found) throw problems.notFound(`withdrawal terms for ${asset} on ${network}`, { asset, network });
    return {
      network,
      asset,
      minAmount: found.terms.minWithdrawal,
      maxAmount: found.terms.maxWithdrawal,
      available: remainingToday(world, account, asset),
      precision: found.precision,
      fee: found.terms.fee,
      feeAsset: asset,
    };
  },
});
