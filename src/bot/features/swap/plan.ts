/**
 * What a swap is on the Exchange, as pure functions of the pairs and the balances: the pair and side
 * that turn one asset into another (selling it for the quote asset, or spending it as the funds of a
 * market buy), the amount's rules, its Max, and how much must first come over from the funding
 * balance.
 */
import { money } from "../../../domain/money.js";
import type { SymbolInfo } from "../../../service/schemas.js";
import type { CheckedAmount, QuickAmounts } from "../../shared/inputs.js";
import { checkFunds, checkSize, floorToStep, type Side } from "../trade/rules.js";

/** The one pair and side that give `to` for `from`. */
export interface SwapRoute {
  symbol: string;
  side: Side;
  from: string;
  to: string;
}

/** Market order terms of a swap: a sell spends its size, a buy its funds (both in the `from` asset). */
export type SwapOrder =
  | { symbol: string; side: "sell"; type: "market"; timeInForce: "IOC"; size: string }
  | { symbol: string; side: "buy"; type: "market"; timeInForce: "IOC"; funds: string };

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

/** The market order that gives `amount` of `from`. */
export function orderOf(route: SwapRoute, amount: string): SwapOrder {
  return route.side === "sell"
    ? { symbol: route.symbol, side: "sell", type: "market", timeInForce: "IOC", size: amount }
    : { symbol: route.symbol, side: "buy", type: "market", timeInForce: "IOC", funds: amount };
}

/** What must come over from funding first: the part of `amount` the trading balance does not have. */
export function shortfall(amount: string, trading: string): string {
  const missing = money.sub(amount, trading);
  return money.isPositive(missing) ? missing : "0";
}
