/**
 * The /swap conversation: what you give (assets on the Exchange balances, funding and trading
 * together, that an open pair trades) → what you want (the assets such a pair gives for it, or typed)
 * → the amount or 25 % / 50 % / Max → the order estimate → one summary with rate, fee and the least
 * you receive, and, when the trading balance lacks part of the amount, the move from funding that
 * comes first → the shared confirmation. Service reads and the proposal run in `conversation.external`
 * and return plain JSON; nothing moves before Confirm (see action.ts).
 */
import { clientsFor } from "../../../accounts/clients.js";
import { newClientId } from "../../../domain/ids.js";
import { formatAmount, money } from "../../../domain/money.js";
import type { Translate } from "../../../domain/translate.js";
import { inlineUserText } from "../../../domain/user-text.js";
import type { SymbolInfo } from "../../../service/schemas.js";
import type { BotConversation, BotDeps, ConvContext } from "../../context.js";
import { attempt, tellFailure } from "../../shared/attempt.js";
import { type ActionRegistry, proposeAction } from "../../shared/confirm.js";
import { askCheckedAmount, askChoice, choiceKeyboard, waitAnswer } from "../../shared/inputs.js";
import type { Estimate as OrderEstimate } from "../trade/view.js";
import { SWAP_KIND, type SwapPayload } from "./action.js";
import { amountRules, checkSwapAmount, orderOf, partnersOf, quickOf, routeOf, type SwapOrder, shortfall } from "./plan.js";

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

async function loadBalances(deps: BotDeps, telegramId: number): Promise<Balances> {
  const { exchange } = await clientsFor(deps, telegramId);
  const [funding, trading] = await Promise.all([exchange.getFundingBalances(), exchange.getTradingBalances()]);
  return { funding: availableOf(funding.balances), trading: availableOf(trading.balances) };
}

/** What both balances hold of `asset` together. */
const totalOf = (b: Balances, asset: string) => money.add(b.funding[asset] ?? "0", b.trading[asset] ?? "0");

/** The pairs (routeOf and partnersOf keep those open for trading) and both balances. */
async function loadStart(deps: BotDeps, telegramId: number): Promise<{ pairs: SymbolInfo[]; balances: Balances }> {
  const { exchange } = await clientsFor(deps, telegramId);
  const [{ symbols }, balances] = await Promise.all([exchange.getSymbols(), loadBalances(deps, telegramId)]);
  return { pairs: symbols, balances };
}

/** The order's estimate and both balances as they are now. */
async function loadEstimate(
  deps: BotDeps,
  telegramId: number,
  order: SwapOrder,
): Promise<{ estimate: OrderEstimate; balances: Balances }> {
  const { exchange } = await clientsFor(deps, telegramId);
  const [estimate, balances] = await Promise.all([exchange.estimateOrder(order), loadBalances(deps, telegramId)]);
  return { estimate, balances };
}

/** What the estimate says the order receives, less the fee when it is taken from it. */
function netReceived(order: SwapOrder, est: OrderEstimate, to: string): string {
  const gross = order.side === "buy" ? est.size : est.funds;
  const net = est.feeAsset === to ? money.sub(gross, est.fee) : gross;
  return money.isPositive(net) ? net : "0";
}

/** The summary above Confirm: what you give, the rate, the fee, the least you receive and any move first. */
export function swapSummary(t: Translate, p: SwapPayload, est: OrderEstimate): string {
  const [base, quote] = p.order.symbol.split("-") as [string, string];
  return [
    t("swap-summary-title"),
    t("swap-summary-give", { amount: formatAmount(p.amount, p.from) }),
    ...(p.move ? [t("swap-summary-move", { amount: formatAmount(p.move.amount, p.from) })] : []),
    t("swap-summary-rate", { base, price: formatAmount(est.price, quote) }),
    t("swap-summary-fee", { fee: formatAmount(est.fee, est.feeAsset) }),
    t("swap-summary-least", { received: formatAmount(netReceived(p.order, est, p.to), p.to) }),
    t("swap-summary-order", { pair: p.order.symbol, side: t(`trade-side-${p.order.side}`) }),
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

    const askAmountNow = (known: Balances, changed: boolean) => {
      const total = totalOf(known, from);
      const vars = { asset: from, available: formatAmount(total, from), min: formatAmount(rules.min, from) };
      return askCheckedAmount(
        conversation,
        ctx,
        ctx.t(changed ? "swap-balance-changed" : "swap-ask-amount", vars),
        (text) => checkSwapAmount(text, route, pair, total),
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
      const order = orderOf(route, amount);
      const quoted = await conversation.external((octx) =>
        attempt(octx, () => loadEstimate(deps, telegramId, order)),
      );
      if (!quoted.ok) return tellFailure(ctx, quoted);
      balances = quoted.value.balances;
      const estimate = quoted.value.estimate;
      // The balances may have moved while the person typed: the amount must still be covered now.
      if (money.gt(amount, totalOf(balances, from))) {
        if (money.lt(totalOf(balances, from), rules.min)) {
          await ctx.reply(ctx.t("swap-no-funds"));
          return;
        }
        amount = await askAmountNow(balances, true);
        continue;
      }
      if (!money.isPositive(estimate.size)) {
        await ctx.reply(ctx.t("swap-no-liquidity", { pair: route.symbol }));
        return;
      }
      const missing = shortfall(amount, balances.trading[from] ?? "0");
      const proposed = await conversation.external((octx) =>
        attempt(octx, async () => {
          const payload: SwapPayload = {
            from,
            to,
            amount,
            order,
            // Chosen now, with the summary, and kept: every send of the move carries this id.
            ...(money.isPositive(missing) ? { move: { id: newClientId("swpmv"), amount: missing } } : {}),
          };
          return proposeAction(octx, deps, actions, {
            kind: SWAP_KIND,
            payload,
            summary: swapSummary(octx.t, payload, estimate),
          });
        }),
      );
      if (!proposed.ok) await tellFailure(ctx, proposed);
      return;
    }
  };
}
