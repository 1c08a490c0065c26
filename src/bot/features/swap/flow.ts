/**
 * The /swap conversation: what you give (assets on the Exchange balances, funding and trading
 * together, that an open pair trades) → what you want (the assets such a pair gives for it, or typed)
 * → the amount or 25 % / 50 % / Max → the price now and the fill-or-kill order at the worst price the
 * swap accepts → one summary with what leaves each balance, rate, fee, what you receive and the least
 * you receive, and, when the trading balance lacks part of the amount, the move from funding that
 * comes first → the shared confirmation. Service reads and the proposal run in `conversation.external`
 * and return plain JSON; nothing moves before Confirm (see action.ts).
 */
import { clientsFor } from "../../../accounts/clients.js";
import { newClientId } from "../../../domain/ids.js";
import { formatAmount, formatPercent, money } from "../../../domain/money.js";
import type { Translate } from "../../../domain/translate.js";
import { inlineUserText } from "../../../domain/user-text.js";
import type { ExchangeClient } from "../../../service/client.js";
import type { SymbolInfo } from "../../../service/schemas.js";
import type { BotConversation, BotDeps, ConvContext } from "../../context.js";
import { attempt, tellFailure } from "../../shared/attempt.js";
import { type ActionRegistry, proposeAction } from "../../shared/confirm.js";
import { acceptingFiat, askCheckedAmount, askChoice, choiceKeyboard, fiatHint, waitAnswer } from "../../shared/inputs.js";
import { rateLines, withWorthOf, worthFor, worthsOf } from "../../shared/worth.js";
import { feeRatesOf } from "../../shared/trade-fees.js";
import type { Estimate as OrderEstimate } from "../../shared/trade-rules.js";
import { SWAP_KIND, type SwapPayload } from "./action.js";
import {
  amountRules,
  checkSwapAmount,
  impliedFeeRate,
  leastReceived,
  leftAfter,
  limitOrderOf,
  netReceived,
  orderOf,
  partnersOf,
  quickOf,
  routeOf,
  shortfall,
  SWAP_PRICE_MARGIN,
  type SwapLimitOrder,
  type SwapRoute,
  worstPrice,
} from "./plan.js";

export const SWAP_CONVERSATION = "swap-new";

/** Available amounts per asset on each Exchange balance. */
interface Balances {
  funding: Record<string, string>;
  trading: Record<string, string>;
}

/** Characters of a typed asset that "No pair … exchanges X for …" shows. */
const TYPED_ASSET_SHOWN = 32;

const availableOf = (list: { asset: string; available: string }[]) =>
  Object.fromEntries(list.map((b) => [b.asset, b.available]));

/** Both balances through the caller's client: the key is read and decrypted once per step. */
async function loadBalances(exchange: ExchangeClient): Promise<Balances> {
  const [funding, trading] = await Promise.all([exchange.getFundingBalances(), exchange.getTradingBalances()]);
  return { funding: availableOf(funding.balances), trading: availableOf(trading.balances) };
}

/** What both balances hold of `asset` together. */
const totalOf = (b: Balances, asset: string) => money.add(b.funding[asset] ?? "0", b.trading[asset] ?? "0");

/** The pairs (routeOf and partnersOf keep those open for trading) and both balances. */
async function loadStart(deps: BotDeps, telegramId: number): Promise<{ pairs: SymbolInfo[]; balances: Balances }> {
  const { exchange } = await clientsFor(deps, telegramId);
  const [{ symbols }, balances] = await Promise.all([exchange.getSymbols(), loadBalances(exchange)]);
  return { pairs: symbols, balances };
}

/** The swap's order with its estimate now and the least it brings, or why there is none. */
type Quote =
  | { kind: "ok"; order: SwapLimitOrder; estimate: OrderEstimate; least: string }
  /** Nothing on the book takes it. */
  | { kind: "none" }
  /** The book cannot fill it whole within the margin of the price now. */
  | { kind: "deep" }
  /** At the worst price it is below the pair's smallest order. */
  | { kind: "small" };

/**
 * The price now (the market order's estimate), the fill-or-kill limit at the worst price the swap
 * accepts and its own estimate, the least it brings, and both balances as they are now.
 */
async function loadQuote(
  deps: BotDeps,
  telegramId: number,
  route: SwapRoute,
  pair: SymbolInfo,
  amount: string,
): Promise<{ quote: Quote; balances: Balances }> {
  const { exchange } = await clientsFor(deps, telegramId);
  const [now, balances, rates] = await Promise.all([
    exchange.estimateOrder(orderOf(route, amount)),
    loadBalances(exchange),
    feeRatesOf(exchange, route.symbol),
  ]);
  if (!money.isPositive(now.size)) return { quote: { kind: "none" }, balances };
  const order = limitOrderOf(route, pair, amount, worstPrice(route, pair, now.price));
  if (!order) return { quote: { kind: "small" }, balances };
  const estimate = await exchange.estimateOrder(order);
  // Fill or kill: an estimate short of the whole size is an order the book would refuse now.
  if (!money.eq(estimate.size, order.size)) return { quote: { kind: "deep" }, balances };
  const feeRate = rates?.taker ?? impliedFeeRate(order, estimate);
  return { quote: { kind: "ok", order, estimate, least: leastReceived(order, pair, feeRate) }, balances };
}

/**
 * The summary above Confirm: what you give (exactly for a sell; for a buy what the estimate spends and
 * the most the limit lets it spend), any move first, the rate, the fee, what you receive and the least
 * you receive at the order's limit, what stays of the given asset on each balance (and why a remainder
 * cannot be swapped), and the order.
 */
export function swapSummary(
  t: Translate,
  p: SwapPayload & { order: SwapLimitOrder },
  quote: { estimate: OrderEstimate; least: string },
  balances: Balances,
  pair: SymbolInfo,
): string {
  const { order } = p;
  const est = quote.estimate;
  const [base, quoteAsset] = order.symbol.split("-") as [string, string];
  const sell = order.side === "sell";
  const worst = formatAmount(order.price, quoteAsset);
  const left = leftAfter(
    { funding: balances.funding[p.from] ?? "0", trading: balances.trading[p.from] ?? "0" },
    p.move?.amount ?? "0",
    sell ? order.size : est.funds,
  );
  const remainder = money.add(left.funding, left.trading);
  return [
    t("swap-summary-title"),
    sell
      ? t("swap-summary-give", { amount: formatAmount(order.size, p.from) + withWorthOf(t, order.size, p.from, p.worths) })
      : t("swap-summary-give-buy", {
          estimate: formatAmount(est.funds, p.from) + withWorthOf(t, est.funds, p.from, p.worths),
          most: formatAmount(money.mul(order.size, order.price), p.from),
        }),
    ...(p.move ? [t("swap-summary-move", { amount: formatAmount(p.move.amount, p.from) })] : []),
    t("swap-summary-rate", { base, price: formatAmount(est.price, quoteAsset) }),
    t("swap-summary-fee", { fee: formatAmount(est.fee, est.feeAsset) }),
    t("swap-summary-receive", {
      received: formatAmount(netReceived(order, est, p.to), p.to) + withWorthOf(t, netReceived(order, est, p.to), p.to, p.worths),
    }),
    t(sell ? "swap-summary-least-sell" : "swap-summary-least-buy", {
      least: formatAmount(quote.least, p.to) + withWorthOf(t, quote.least, p.to, p.worths),
      worst,
      base,
    }),
    t(sell ? "swap-summary-left" : "swap-summary-left-buy", {
      asset: p.from,
      funding: formatAmount(left.funding, p.from),
      trading: formatAmount(left.trading, p.from),
    }),
    ...(sell && money.isPositive(remainder) && money.lt(remainder, pair.baseIncrement)
      ? [
          t("swap-summary-dust", {
            amount: formatAmount(remainder, p.from),
            pair: order.symbol,
            asset: p.from,
            step: formatAmount(pair.baseIncrement, p.from),
          }),
        ]
      : []),
    t("swap-summary-order", { pair: order.symbol, side: t(`trade-side-${order.side}`), worst }),
    ...rateLines(t, p.worths ?? []),
    "",
    t("swap-summary-note"),
  ].join("\n");
}

/** Asks what to get for `from`: a partner's button, or any asset typed; one no pair trades is refused. */
async function askTarget(
  conversation: BotConversation,
  ctx: ConvContext,
  pairs: SymbolInfo[],
  from: string,
): Promise<string> {
  const partners = partnersOf(pairs, from);
  const keyboard = () => choiceKeyboard(ctx, partners.map((a) => ({ label: a, value: a })), 3);
  await ctx.reply(ctx.t("swap-ask-to", { asset: from }), { reply_markup: keyboard() });
  for (;;) {
    const answer = await waitAnswer(conversation);
    const to = (answer.kind === "pick" ? answer.value : answer.text).trim().toUpperCase();
    if (to !== "" && to !== from && routeOf(pairs, from, to)) return to;
    await answer.ctx.reply(ctx.t(to === from ? "swap-same-asset" : "swap-no-pair", { from, to: inlineUserText(to, TYPED_ASSET_SHOWN) }), {
      reply_markup: keyboard(),
    });
  }
}

/** Builds the conversation; `deps` and `actions` are closed over, never stored in conversation state. */
export function swapConversation(deps: BotDeps, actions: ActionRegistry) {
  return async function swap(conversation: BotConversation, ctx: ConvContext): Promise<void> {
    const telegramId = ctx.from?.id;
    if (telegramId === undefined) return;
    const start = await conversation.external((octx) => attempt(octx, () => loadStart(deps, telegramId)));
    if (!start.ok) return tellFailure(ctx, start);
    const { pairs } = start.value;
    let balances = start.value.balances;

    const givable = [...new Set([...Object.keys(balances.funding), ...Object.keys(balances.trading)])].filter(
      (asset) => money.isPositive(totalOf(balances, asset)) && partnersOf(pairs, asset).length > 0,
    );
    if (givable.length === 0) {
      await ctx.reply(ctx.t("swap-no-funds"));
      return;
    }
    const from = await askChoice(
      conversation,
      ctx,
      ctx.t("swap-ask-from"),
      givable.map((asset) => ({
        label: ctx.t("swap-from-option", { asset, available: formatAmount(totalOf(balances, asset)) }),
        value: asset,
      })),
      2,
    );
    const to = await askTarget(conversation, ctx, pairs, from);
    const { route, pair } = routeOf(pairs, from, to)!;
    const rules = amountRules(route, pair);
    // Read once: the prompt's rate, a fiat amount's conversion and the summary's worths agree.
    const worths = await conversation.external(() => worthsOf(deps, telegramId, [from, to]));
    const fromWorth = worthFor(worths, from);

    const askAmountNow = (known: Balances, changed: boolean) => {
      const total = totalOf(known, from);
      const vars = { asset: from, available: formatAmount(total, from), min: formatAmount(rules.min, from) };
      return askCheckedAmount(
        conversation,
        ctx,
        ctx.t(changed ? "swap-balance-changed" : "swap-ask-amount", vars) + fiatHint(ctx, fromWorth),
        acceptingFiat((text) => checkSwapAmount(text, route, pair, total), fromWorth, rules.step),
        quickOf(route, pair, total),
      );
    };
    if (money.lt(totalOf(balances, from), rules.min)) {
      await ctx.reply(
        ctx.t("swap-below-minimum", {
          available: formatAmount(totalOf(balances, from), from),
          min: formatAmount(rules.min, from),
        }),
      );
      return;
    }

    let amount = await askAmountNow(balances, false);
    for (;;) {
      const quoted = await conversation.external((octx) =>
        attempt(octx, () => loadQuote(deps, telegramId, route, pair, amount)),
      );
      if (!quoted.ok) return tellFailure(ctx, quoted);
      balances = quoted.value.balances;
      const quote = quoted.value.quote;
      // The balances may have moved while the person typed: the amount must still be covered now.
      if (money.gt(amount, totalOf(balances, from))) {
        if (money.lt(totalOf(balances, from), rules.min)) {
          await ctx.reply(ctx.t("swap-no-funds"));
          return;
        }
        amount = await askAmountNow(balances, true);
        continue;
      }
      if (quote.kind === "none") {
        await ctx.reply(ctx.t("swap-no-liquidity", { pair: route.symbol }));
        return;
      }
      if (quote.kind !== "ok") {
        await ctx.reply(
          ctx.t(quote.kind === "deep" ? "swap-too-deep" : "swap-too-small", {
            pair: route.symbol,
            amount: formatAmount(amount, from),
            margin: formatPercent(SWAP_PRICE_MARGIN, 4, false, 0),
          }),
        );
        amount = await askAmountNow(balances, false);
        continue;
      }
      const { order } = quote;
      const missing = shortfall(amount, balances.trading[from] ?? "0");
      const proposed = await conversation.external((octx) =>
        attempt(octx, async () => {
          const payload: SwapPayload & { order: SwapLimitOrder } = {
            from,
            to,
            amount,
            order,
            // Chosen now, with the summary, and kept: every send of the move carries this id.
            ...(money.isPositive(missing) ? { move: { id: newClientId("swpmv"), amount: missing } } : {}),
            ...(worths.length > 0 ? { worths } : {}),
          };
          return proposeAction(octx, deps, actions, {
            kind: SWAP_KIND,
            payload,
            summary: swapSummary(octx.t, payload, quote, balances, pair),
          });
        }),
      );
      if (!proposed.ok) await tellFailure(ctx, proposed);
      return;
    }
  };
}
