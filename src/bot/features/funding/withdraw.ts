/**
 * Withdrawing from the Exchange funding balance to an external address: asset (those with a funding
 * balance and an open withdrawal network) → network (from the asset's networks) → address (the
 * network's format) → amount (within the route's quota, the fee shown in its asset) → the shared
 * confirmation → one createFundingWithdrawal under the operation's id as its client id, read back by
 * that id when the outcome is unknown.
 */
import { copyable } from "../../../domain/copyable.js";
import { InlineKeyboard } from "grammy";
import { clientsFor } from "../../../accounts/clients.js";
import { formatAmount, money } from "../../../domain/money.js";
import type { NetworkCode } from "../../../domain/networks.js";
import { quotedField } from "../../../domain/user-text.js";
import { createOnce, reconcile } from "../../../service/reconcile.js";
import { ExchangeWithdrawal, Network } from "../../../service/schemas.js";
import type { BotConversation, BotDeps, ConvContext } from "../../context.js";
import { attempt, tellFailure } from "../../shared/attempt.js";
import { type ActionDefinition, type ActionRegistry, proposeAction } from "../../shared/confirm.js";
import { askAmount, askAsset, askChoice } from "../../shared/inputs.js";
import {
  type AddressWithdrawalPayload,
  amountLines,
  askAddress,
  cannotAfford,
  withdrawalRequest,
} from "../../shared/withdrawal-steps.js";
import { networkOf, topUpReply } from "../../shared/top-up.js";
import { keptWorth, withWorthThen, worthLines, worthOf } from "../../shared/worth.js";
import { FUNDING_DATA } from "./callback-data.js";

export const FUNDING_WITHDRAW_CONVERSATION = "funding-withdraw";
export const FUNDING_WITHDRAWAL_KIND = "funding_withdrawal";

export type FundingWithdrawalPayload = AddressWithdrawalPayload;

/** Assets with something available on the funding balance and at least one open withdrawal network. */
interface Start {
  assets: { asset: string; available: string; networks: NetworkCode[] }[];
}

async function loadStart(deps: BotDeps, telegramId: number): Promise<Start> {
  const { exchange } = await clientsFor(deps, telegramId);
  const [{ balances }, assets] = await Promise.all([exchange.getFundingBalances(), exchange.getAssets()]);
  const available = new Map(balances.map((b) => [b.asset, b.available]));
  return {
    assets: assets.flatMap((a) => {
      const has = available.get(a.asset) ?? "0";
      const networks = a.networks.filter((n) => n.withdrawalEnabled).map((n) => Network.parse(n.network));
      return money.isPositive(has) && networks.length > 0 ? [{ asset: a.asset, available: has, networks }] : [];
    }),
  };
}

/** The route's quota and what the funding balance has of the asset and of the fee's asset now. */
async function loadTerms(deps: BotDeps, telegramId: number, asset: string, network: NetworkCode) {
  const { exchange } = await clientsFor(deps, telegramId);
  const [quota, { balances }] = await Promise.all([
    exchange.getFundingWithdrawalQuotas({ network, asset }),
    exchange.getFundingBalances(),
  ]);
  const availableOf = (a: string) => balances.find((b) => b.asset === a)?.available ?? "0";
  return { quota, available: availableOf(asset), feeAvailable: availableOf(quota.feeAsset) };
}

/** The withdraw-from-funding conversation; it ends by proposing the withdrawal for confirmation. */
export function fundingWithdrawConversation(deps: BotDeps, actions: ActionRegistry) {
  return async (conversation: BotConversation, ctx: ConvContext): Promise<void> => {
    const telegramId = ctx.from!.id;
    const start = await conversation.external((octx) => attempt(octx, () => loadStart(deps, telegramId)));
    if (!start.ok) return tellFailure(ctx, start);
    if (start.value.assets.length === 0) {
      const network = await conversation.external(() => networkOf(deps, telegramId));
      const reply = topUpReply(ctx.t, network, ctx.t("funding-nothing"), "exchange");
      await ctx.reply(reply.text, { reply_markup: reply.keyboard });
      return;
    }
    const asset = await askAsset(
      conversation,
      ctx,
      start.value.assets.map((a) => a.asset),
      ctx.t("funding-ask-asset"),
    );
    const entry = start.value.assets.find((a) => a.asset === asset)!;
    const network =
      entry.networks.length === 1
        ? entry.networks[0]!
        : ((await askChoice(
            conversation,
            ctx,
            ctx.t("withdraw-ask-network", { asset }),
            entry.networks.map((n) => ({ label: n, value: n })),
          )) as NetworkCode);

    const terms = await conversation.external((octx) =>
      attempt(octx, () => loadTerms(deps, telegramId, asset, network)),
    );
    if (!terms.ok) return tellFailure(ctx, terms);
    const { quota, available, feeAvailable } = terms.value;
    const feeInAsset = quota.feeAsset === asset;
    // The most one withdrawal may carry: the route's maximum, within what today's limit still allows.
    const max = money.min(quota.maxAmount, quota.available);
    const funds = { asset, available, fee: quota.fee, feeAsset: quota.feeAsset, feeAvailable };
    if (money.lt(max, quota.minAmount) || cannotAfford(funds, quota.minAmount)) {
      await ctx.reply(
        ctx.t("funding-not-enough", {
          available: formatAmount(available, asset),
          min: formatAmount(quota.minAmount, asset),
          fee: formatAmount(quota.fee, quota.feeAsset),
          limit: formatAmount(quota.available, asset),
        }),
      );
      return;
    }

    const { address, comment } = await askAddress(conversation, ctx, network);
    // Read once: the prompt's rate, a fiat amount's conversion and the summary's worth agree.
    const worth = (await conversation.external(async () => (await worthOf(deps, telegramId, asset)) ?? null)) ?? undefined;
    const amount = await askAmount(conversation, ctx, {
      asset,
      decimals: quota.precision,
      min: quota.minAmount,
      max,
      available,
      ...(feeInAsset ? { fee: quota.fee } : {}),
      quick: true,
      ...(worth ? { worth } : {}),
      prompt: ctx.t("funding-ask-amount", {
        asset,
        available: formatAmount(available, asset),
        min: formatAmount(quota.minAmount, asset),
        max: formatAmount(max, asset),
        fee: formatAmount(quota.fee, quota.feeAsset),
      }),
    });

    const summary = [
      ctx.t("funding-summary-title"),
      ctx.t("withdraw-field-network", { network }),
      ctx.t("withdraw-field-address", { address: copyable(address) }),
      ...(network === "TON" ? [quotedField(ctx.t("withdraw-field-memo"), comment)] : []),
      ...amountLines(ctx, funds, amount, "funding-field-stays"),
      ...worthLines(ctx.t, amount, worth),
      "",
      ctx.t("withdraw-irreversible"),
    ].join("\n");
    const payload: FundingWithdrawalPayload = {
      network,
      address,
      ...(comment === undefined ? {} : { comment }),
      asset,
      amount,
      fee: quota.fee,
      feeAsset: quota.feeAsset,
      ...(worth ? { worth } : {}),
    };
    const proposed = await conversation.external((octx) =>
      attempt(octx, () =>
        proposeAction(octx, deps, actions, { kind: FUNDING_WITHDRAWAL_KIND, payload, summary }),
      ),
    );
    if (!proposed.ok) await tellFailure(ctx, proposed);
  };
}

/** The confirmed withdrawal: sent once under `op.id`, read back by it when the outcome is unclear. */
export const fundingWithdrawalAction: ActionDefinition<FundingWithdrawalPayload> = {
  kind: FUNDING_WITHDRAWAL_KIND,
  idPrefix: "fwd",
  execute: ({ op, payload, clients }) =>
    createOnce({
      send: () =>
        clients.exchange.createFundingWithdrawal(withdrawalRequest(op.id, payload)),
      lookup: () => reconcile.fundingWithdrawal(clients.exchange, op.id),
    }),
  reconcile: ({ op, clients }) => reconcile.fundingWithdrawal(clients.exchange, op.id),
  describeDone: (t, payload, result) => {
    const w = ExchangeWithdrawal.safeParse(result);
    const text = t("funding-done", {
      amount: formatAmount(payload.amount, payload.asset),
      address: copyable(payload.address),
      network: payload.network,
      fee: w.success ? formatAmount(w.data.fee, w.data.feeAsset) : formatAmount(payload.fee, payload.feeAsset),
      status: w.success ? t(`funding-status-${w.data.status}`) : "—",
    });
    return withWorthThen(t, text, payload.amount, keptWorth(payload));
  },
  doneKeyboard: (t, _payload, result) => {
    const w = ExchangeWithdrawal.safeParse(result);
    // An id too long for a button's data leaves the message without one.
    const details = w.success ? FUNDING_DATA.withdrawal.tryBuild({ id: w.data.id }) : undefined;
    return details === undefined ? undefined : new InlineKeyboard().text(t("funding-details-button"), details);
  },
};
