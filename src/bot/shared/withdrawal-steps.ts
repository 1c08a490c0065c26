/**
 * Steps both withdrawal conversations share: where the money goes (asset → network → address →
 * memo) and the terms of that route (quota, fee, what is available).
 */
import { copyable } from "../../domain/copyable.js";
import { clientsFor } from "../../accounts/clients.js";
import { isValidAddress } from "../../domain/addresses.js";
import { formatAmount, money } from "../../domain/money.js";
import type { NetworkCode, NetworkName } from "../../domain/networks.js";
import { quotedField } from "../../domain/user-text.js";
import { type Currency, Network, type PayWithdrawalQuota } from "../../service/schemas.js";
import type { BotConversation, BotDeps, ConvContext } from "../context.js";
import { type Attempt, attempt, tellFailure } from "./attempt.js";
import { askAsset, askChoice, askText } from "./inputs.js";
import { topUpReply } from "./top-up.js";
import type { Worth } from "./worth.js";

/** The networks of a currency that the contract knows (others cannot be sent to). */
function networksOf(currency: Currency): NetworkCode[] {
  return currency.networks.flatMap((n) => {
    const parsed = Network.safeParse(n.code);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * The currencies of the user's network that the wallet has an available balance of, as plain JSON
 * for the conversation, with the network (for the way to top up when there are none).
 */
function loadCurrencies(
  conversation: BotConversation,
  deps: BotDeps,
): Promise<Attempt<{ currencies: Currency[]; network: NetworkName }>> {
  return conversation.external((octx) =>
    attempt(octx, async () => {
      const { pay, network } = await clientsFor(deps, octx.from!.id);
      const [currencies, { balances }] = await Promise.all([pay.getCurrencies({ kind: "crypto" }), pay.getAppBalances()]);
      const held = new Set(balances.filter((b) => money.isPositive(b.available)).map((b) => b.asset));
      return { currencies: currencies.filter((c) => held.has(c.code)), network };
    }),
  );
}

export interface Destination {
  currency: Currency;
  network: NetworkCode;
  address: string;
  /** Memo for TON destinations (exchanges tell deposits apart by it). */
  comment?: string;
}

/** Asks the asset and the network (skipped when there is one). */
async function askAssetAndNetwork(
  conversation: BotConversation,
  ctx: ConvContext,
  currencies: Currency[],
): Promise<Pick<Destination, "currency" | "network">> {
  const withdrawable = currencies.filter((c) => networksOf(c).length > 0);
  const asset = await askAsset(
    conversation,
    ctx,
    withdrawable.map((c) => c.code),
    ctx.t("withdraw-ask-asset"),
  );
  const currency = withdrawable.find((c) => c.code === asset)!;
  const networks = networksOf(currency);
  const network =
    networks.length === 1
      ? networks[0]!
      : ((await askChoice(
          conversation,
          ctx,
          ctx.t("withdraw-ask-network", { asset }),
          networks.map((n) => ({ label: n, value: n })),
        )) as NetworkCode);
  return { currency, network };
}

/**
 * Asks for an address on `network` until it has that network's format and, for TON, an optional memo
 * (exchanges tell deposits apart by it). Shared by every withdrawal to an address.
 */
export async function askAddress(
  conversation: BotConversation,
  ctx: ConvContext,
  network: NetworkCode,
): Promise<{ address: string; comment?: string }> {
  const format = ctx.t(`withdraw-format-${network}`);
  let prompt = ctx.t("withdraw-ask-address", { network, format });
  let address: string;
  for (;;) {
    address = (await askText(conversation, ctx, prompt, { maxLength: 200 })) ?? "";
    if (isValidAddress(network, address)) break;
    prompt = ctx.t("withdraw-bad-address", { network, format });
  }
  const comment =
    network === "TON"
      ? await askText(conversation, ctx, ctx.t("withdraw-ask-memo"), { optional: true, maxLength: 120 })
      : undefined;
  return { address: address.trim(), ...(comment === undefined ? {} : { comment }) };
}

export interface Terms {
  quota: PayWithdrawalQuota;
  /** Available balance of the asset withdrawn. */
  available: string;
  /** Available balance of the fee's asset (the same as `available` when the fee is in the asset). */
  feeAvailable: string;
}

/** Reads the route's quota and the wallet's available balances. */
function loadTerms(
  conversation: BotConversation,
  deps: BotDeps,
  dest: Pick<Destination, "currency" | "network">,
): Promise<Attempt<Terms>> {
  return conversation.external((octx) =>
    attempt(octx, async () => {
      const { pay } = await clientsFor(deps, octx.from!.id);
      const [quota, { balances }] = await Promise.all([
        pay.getWithdrawalQuotas({ network: dest.network, asset: dest.currency.code }),
        pay.getAppBalances(),
      ]);
      const availableOf = (asset: string) => balances.find((b) => b.asset === asset)?.available ?? "0";
      return { quota, available: availableOf(dest.currency.code), feeAvailable: availableOf(quota.withdrawFeeAsset) };
    }),
  );
}

/**
 * The opening both flows share: the asset and network (asked), the route's terms (read) and, unless
 * `mustAfford` finds the wallet cannot pay the route's minimum with its fee, the address (asked).
 * Undefined once a failure to read, or that there is not enough, has been told to the user.
 */
export async function askRoute(
  conversation: BotConversation,
  ctx: ConvContext,
  deps: BotDeps,
  mustAfford = false,
): Promise<{ dest: Destination; terms: Terms } | undefined> {
  const loaded = await loadCurrencies(conversation, deps);
  if (!loaded.ok) return void (await tellFailure(ctx, loaded));
  const { currencies, network } = loaded.value;
  // Only what the wallet holds can be withdrawn: with nothing, say so before asking anything.
  if (!currencies.some((c) => networksOf(c).length > 0)) {
    const reply = topUpReply(ctx.t, network, ctx.t("withdraw-no-funds"), "pay");
    return void (await ctx.reply(reply.text, { reply_markup: reply.keyboard }));
  }
  const route = await askAssetAndNetwork(conversation, ctx, currencies);
  const terms = await loadTerms(conversation, deps, route);
  if (!terms.ok) return void (await tellFailure(ctx, terms));
  const { quota, available, feeAvailable } = terms.value;
  const asset = route.currency.code;
  const min = minimumOf(route, quota);
  const funds = { asset, available, fee: quota.withdrawFee, feeAsset: quota.withdrawFeeAsset, feeAvailable };
  // Too little for this route: said before the address is asked, with the way to top up.
  if (mustAfford && cannotAfford(funds, min)) {
    const why = ctx.t("withdraw-not-enough", {
      available: formatAmount(available, asset),
      min: formatAmount(min, asset),
      fee: formatAmount(quota.withdrawFee, quota.withdrawFeeAsset),
    });
    const short = money.lt(available, min) || quota.withdrawFeeAsset === asset ? asset : quota.withdrawFeeAsset;
    const reply = topUpReply(ctx.t, network, why, "pay", short);
    return void (await ctx.reply(reply.text, { reply_markup: reply.keyboard }));
  }
  const { address, comment } = await askAddress(conversation, ctx, route.network);
  return { dest: { ...route, address, ...(comment === undefined ? {} : { comment }) }, terms: terms.value };
}

/** The smallest amount the route accepts: the stricter of the currency's and the quota's minimums. */
export function minimumOf(dest: Pick<Destination, "currency">, quota: PayWithdrawalQuota): string {
  return money.max(dest.currency.minWithdrawal ?? "0", quota.withdrawMinSize);
}

/** The lines naming the route, shared by summaries and results. */
export function routeLines(ctx: ConvContext, dest: Destination): string[] {
  return [
    ctx.t("withdraw-field-network", { network: dest.network }),
    ctx.t("withdraw-field-address", { address: copyable(dest.address) }),
    ...(dest.network === "TON" ? [quotedField(ctx.t("withdraw-field-memo"), dest.comment)] : []),
  ];
}

/** "1 USDT" or "1 USDT + 0.1 TONCOIN" when the fee is in another asset. */
export function amountPlusFee(amount: string, asset: string, fee: string, feeAsset: string): string {
  return feeAsset === asset
    ? formatAmount(money.add(amount, fee), asset)
    : `${formatAmount(amount, asset)} + ${formatAmount(fee, feeAsset)}`;
}

/** What a confirmed withdrawal to an address carries (Pay and Exchange funding alike). */
export type AddressWithdrawalPayload = {
  network: NetworkCode;
  address: string;
  comment?: string;
  asset: string;
  amount: string;
  /** The fee quoted in the summary, for the result message. */
  fee: string;
  feeAsset: string;
  /** What the summary showed it worth (the result and the receipt say so). */
  worth?: Worth;
};

/** The create request of a confirmed withdrawal, under the operation's id as its client id. */
export function withdrawalRequest(clientWithdrawalId: string, p: AddressWithdrawalPayload) {
  return {
    clientWithdrawalId,
    network: p.network,
    address: p.address,
    asset: p.asset,
    amount: p.amount,
    ...(p.comment === undefined ? {} : { comment: p.comment }),
  };
}

/** A route's fee and what the balance has of the asset and of the fee's asset. */
export interface Funds {
  asset: string;
  available: string;
  fee: string;
  feeAsset: string;
  feeAvailable: string;
}

/** Whether no amount of at least `min` can be paid with its fee: then refuse at once, not per amount typed. */
export function cannotAfford(f: Funds, min: string): boolean {
  const feeInAsset = f.feeAsset === f.asset;
  return (
    money.lt(f.available, feeInAsset ? money.add(min, f.fee) : min) ||
    (!feeInAsset && money.lt(f.feeAvailable, f.fee))
  );
}

/** The summary's amount, fee, total and what stays (`staysKey` names the balance it stays on). */
export function amountLines(ctx: ConvContext, f: Funds, amount: string, staysKey: string): string[] {
  const stays =
    f.feeAsset === f.asset
      ? formatAmount(money.sub(f.available, money.add(amount, f.fee)), f.asset)
      : `${formatAmount(money.sub(f.available, amount), f.asset)}, ${formatAmount(money.sub(f.feeAvailable, f.fee), f.feeAsset)}`;
  return [
    ctx.t("withdraw-field-amount", { amount: formatAmount(amount, f.asset) }),
    ctx.t("withdraw-field-fee", { fee: formatAmount(f.fee, f.feeAsset) }),
    ctx.t("withdraw-field-total", { total: amountPlusFee(amount, f.asset, f.fee, f.feeAsset) }),
    ctx.t(staysKey, { stays }),
  ];
}
