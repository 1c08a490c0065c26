/**
 * What a swap is on the Exchange, as pure functions of the pairs and the balances: the pair and side
 * that turn one asset into another (selling it for the quote asset, or buying the base with it), the
 * amount's rules, its Max, how much must first come over from the funding balance, and the order that
 * keeps the summary's promise: a limit at the worst price the summary states, fill or kill
 * (docs/decisions/031-swap-limit-fill-or-kill.md).
 */
import { ceilToStep, floorToStep, money } from "../../../domain/money.js";
import type { SymbolInfo } from "../../../service/schemas.js";
import type { CheckedAmount, QuickAmounts } from "../../shared/inputs.js";
import { checkFunds, checkSize, type Estimate, type Side } from "../../shared/trade-rules.js";

/**
 * How far the worst price the swap accepts lies from the average price of the estimate: the room the
 * book has to move between the summary and Confirm before the swap is refused whole.
 */
export const SWAP_PRICE_MARGIN = "0.005";

/** The one pair and side that give `to` for `from`. */
export interface SwapRoute {
  symbol: string;
  side: Side;
  from: string;
  to: string;
}

/**
 * Market order terms for the amount given: a sell spends its size, a buy its funds (both in the `from`
 * asset). Only estimated, to learn the price now; swaps confirmed before the limit order existed
 * carry them in their journal rows.
 */
export type SwapMarketOrder =
  | { symbol: string; side: "sell"; type: "market"; timeInForce: "IOC"; size: string }
  | { symbol: string; side: "buy"; type: "market"; timeInForce: "IOC"; funds: string };

/** The order a swap places: a limit at its worst price, filled whole at once or not at all. */
export interface SwapLimitOrder {
  symbol: string;
  side: Side;
  type: "limit";
  timeInForce: "FOK";
  size: string;
  price: string;
}


/** The pair that trades `from` for `to` (selling `from` as base, or buying `to` with `from` as quote). */
export function routeOf(pairs: SymbolInfo[], from: string, to: string): { route: SwapRoute; pair: SymbolInfo } | undefined {
  const open = pairs.filter((p) => p.enableTrading);
  const sell = open.find((p) => p.baseAsset === from && p.quoteAsset === to);
  if (sell) return { route: { symbol: sell.symbol, side: "sell", from, to }, pair: sell };
  const buy = open.find((p) => p.baseAsset === to && p.quoteAsset === from);
  if (buy) return { route: { symbol: buy.symbol, side: "buy", from, to }, pair: buy };
  return undefined;
}

/** The assets a pair open for trading exchanges `from` for, in the pairs' order. */
export function partnersOf(pairs: SymbolInfo[], from: string): string[] {
  const partners = pairs
    .filter((p) => p.enableTrading)
    .flatMap((p) => (p.baseAsset === from ? [p.quoteAsset] : p.quoteAsset === from ? [p.baseAsset] : []));
  return [...new Set(partners)];
}

/** The grid, minimum and maximum of the amount given: a sell's size or a buy's funds. */
export function amountRules(route: SwapRoute, pair: SymbolInfo): { step: string; min: string; max?: string } {
  return route.side === "sell"
    ? { step: pair.baseIncrement, min: pair.baseMinSize, max: pair.baseMaxSize }
    : { step: pair.quoteIncrement, min: pair.quoteMinSize };
}

/**
 * A typed amount against the pair's rules and what both Exchange balances hold together (the part the
 * trading balance lacks comes over from funding in the same confirmation).
 */
export function checkSwapAmount(text: string, route: SwapRoute, pair: SymbolInfo, total: string): CheckedAmount {
  const checked =
    route.side === "sell"
      ? checkSize(text, pair, { side: "sell", availableBase: total, availableQuote: "0" })
      : checkFunds(text, pair, total);
  if (checked.ok || checked.error.key !== "trade-insufficient") return checked;
  return { ok: false, error: { key: "swap-insufficient", vars: checked.error.vars ?? {} } };
}

/**
 * Max and the quick fractions: everything on both balances, on the amount's grid. The Exchange takes
 * its fee from what the order receives, and a move between balances is free, so nothing is kept back.
 */
export function quickOf(route: SwapRoute, pair: SymbolInfo, total: string): QuickAmounts {
  const { step, max } = amountRules(route, pair);
  const all = floorToStep(total, step);
  return { max: max === undefined ? all : money.min(all, max), step, asset: route.from };
}

/** The market order that gives `amount` of `from` (estimated for the price now, never placed). */
export function orderOf(route: SwapRoute, amount: string): SwapMarketOrder {
  return route.side === "sell"
    ? { symbol: route.symbol, side: "sell", type: "market", timeInForce: "IOC", size: amount }
    : { symbol: route.symbol, side: "buy", type: "market", timeInForce: "IOC", funds: amount };
}

/** What must come over from funding first: the part of `amount` the trading balance does not have. */
export function shortfall(amount: string, trading: string): string {
  const missing = money.sub(amount, trading);
  return money.isPositive(missing) ? missing : "0";
}

/**
 * The worst price the swap accepts: the estimate's average price less the margin for a sell, plus it
 * for a buy, on the pair's price grid and within its bounds. It is rounded away from the average
 * (down for a sell, up for a buy), so the book keeps at least the margin's room; the floor the
 * summary states is worked out from the rounded price.
 */
export function worstPrice(route: SwapRoute, pair: SymbolInfo, average: string): string {
  const step = pair.priceIncrement;
  if (route.side === "sell") {
    const price = floorToStep(money.mul(average, money.sub("1", SWAP_PRICE_MARGIN)), step);
    return money.max(price, money.max(pair.minPrice, step));
  }
  return money.min(ceilToStep(money.mul(average, money.add("1", SWAP_PRICE_MARGIN)), step), pair.maxPrice);
}

/**
 * The fill-or-kill limit order for `amount` at `worst`: a sell of the amount itself; a buy of the
 * largest size the amount pays for at the worst price, so the Exchange's hold (size × price) fits in
 * it. Undefined when that is below the pair's smallest order.
 */
export function limitOrderOf(route: SwapRoute, pair: SymbolInfo, amount: string, worst: string): SwapLimitOrder | undefined {
  const size =
    route.side === "sell"
      ? amount
      : money.min(floorToStep(money.div(amount, worst, money.decimalPlaces(pair.baseIncrement)), pair.baseIncrement), pair.baseMaxSize);
  if (!money.isPositive(size) || money.lt(size, pair.baseMinSize) || money.lt(money.mul(size, worst), pair.quoteMinSize)) {
    return undefined;
  }
  return { symbol: route.symbol, side: route.side, type: "limit", timeInForce: "FOK", size, price: worst };
}

/**
 * The least the order can bring, net of the fee, when it fills: a sell receives at least size × its
 * limit, a buy exactly its size; the fee is at most `feeRate` of what is received. Rounded down to
 * eight places (or the quote's step for a sell), so it is never above what arrives.
 */
export function leastReceived(order: SwapLimitOrder, pair: SymbolInfo, feeRate: string): string {
  const keep = money.sub("1", feeRate);
  return order.side === "sell"
    ? money.floor(money.mul(money.mul(order.size, order.price), keep), money.decimalPlaces(pair.quoteIncrement))
    : money.floor(money.mul(order.size, keep), 8);
}

/** What stays of `from` on each balance after the order: exact for a sell; for a buy, with its unspent part. */
export function leftAfter(
  balances: { funding: string; trading: string },
  move: string,
  spent: string,
): { funding: string; trading: string } {
  return {
    funding: money.sub(balances.funding, move),
    trading: money.max(money.sub(money.add(balances.trading, move), spent), "0"),
  };
}

/** What an estimate says the order receives, less the fee when it is taken from it; never below 0. */
export function netReceived(order: { side: Side }, est: Pick<Estimate, "size" | "funds" | "fee" | "feeAsset">, to: string): string {
  const gross = order.side === "buy" ? est.size : est.funds;
  const net = est.feeAsset === to ? money.sub(gross, est.fee) : gross;
  return money.isPositive(net) ? net : "0";
}

/**
 * The fee rate an estimate implies (its fee over what it receives), rounded up: the floor's rate when
 * the Exchange lists no rates for the pair.
 */
export function impliedFeeRate(order: { side: Side }, est: Pick<Estimate, "size" | "funds" | "fee">): string {
  const gross = order.side === "buy" ? est.size : est.funds;
  if (!money.isPositive(gross)) return "0";
  const rate = money.div(est.fee, gross, 8);
  return money.lt(money.mul(rate, gross), est.fee) ? money.add(rate, "0.00000001") : rate;
}
