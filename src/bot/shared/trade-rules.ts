/**
 * A pair's rules applied to what a user types for a limit price, an order size or the funds of a
 * market buy, before anything is estimated or proposed. Pure functions of the pair and the balances
 * read earlier: each returns the normalised amount or the locale key (with variables) that explains
 * the refusal, so the conversation can say why and ask again. Trade and swap both apply them.
 */
import type { z } from "zod";
import { floorToStep, formatAmount, money, parseAmount } from "../../domain/money.js";
import type { Order, OrderEstimate, SymbolInfo } from "../../service/schemas.js";
import type { UserMessage } from "./errors.js";

export type Side = Order["side"];
/** The Exchange's estimate of an order (what it would fill, cost and charge). */
export type Estimate = z.infer<typeof OrderEstimate>;
export type Checked = { ok: true; value: string } | { ok: false; error: UserMessage };

type Vars = Record<string, string | number>;
const refuse = (key: string, vars: Vars = {}): Checked => ({ ok: false, error: { key, vars } });

/**
 * A positive plain decimal, or the shared amount-* refusal. Places and bounds are checked by the
 * callers, in the order that gives the most useful message.
 */
function parsePositive(text: string, asset: string, what: "amount" | "price" = "amount"): Checked {
  // Generous places here: too many places is reported against the pair's own rule below.
  const parsed = parseAmount(text, { decimals: 60 });
  if (parsed.ok) return { ok: true, value: parsed.amount };
  // A price prompt says "not a price", not "not an amount".
  if (what === "price" && (parsed.error === "not_a_number" || parsed.error === "not_positive")) return refuse(`trade-price-${parsed.error}`);
  return refuse(`amount-${parsed.error}`, { asset, decimals: 0, min: "0", max: "-" });
}

/**
 * A limit price: positive, at most the places of `priceIncrement` and a multiple of `priceIncrement`. Both
 * faults get the tick message with the nearest price below as an example, which says more than a
 * count of decimal places.
 */
export function checkPrice(text: string, pair: SymbolInfo): Checked {
  const quote = pair.quoteAsset;
  const parsed = parsePositive(text, quote, "price");
  if (!parsed.ok) return parsed;
  const price = parsed.value;
  if (money.decimalPlaces(price) > money.decimalPlaces(pair.priceIncrement) || !money.isMultipleOf(price, pair.priceIncrement)) {
    const below = floorToStep(price, pair.priceIncrement);
    return refuse("trade-price-off-tick", {
      step: formatAmount(pair.priceIncrement, quote),
      example: formatAmount(money.isPositive(below) ? below : pair.priceIncrement, quote),
    });
  }
  return { ok: true, value: price };
}

/** The quote funds of a market buy: on the quote grid, at least quoteMinSize, at most what is available. */
export function checkFunds(text: string, pair: SymbolInfo, availableQuote: string): Checked {
  const quote = pair.quoteAsset;
  const parsed = parsePositive(text, quote);
  if (!parsed.ok) return parsed;
  const funds = parsed.value;
  const decimals = money.decimalPlaces(pair.quoteIncrement);
  if (money.decimalPlaces(funds) > decimals) {
    return refuse("amount-too_many_decimals", { asset: quote, decimals });
  }
  if (!money.isMultipleOf(funds, pair.quoteIncrement)) {
    return refuse("trade-off-step", { step: formatAmount(pair.quoteIncrement, quote) });
  }
  if (money.lt(funds, pair.quoteMinSize)) {
    return refuse("amount-below_minimum", { min: formatAmount(pair.quoteMinSize), asset: quote });
  }
  if (money.gt(funds, availableQuote)) {
    return refuse("trade-insufficient", { available: formatAmount(availableQuote, quote) });
  }
  return { ok: true, value: funds };
}

export interface SizeContext {
  side: Side;
  /** The limit price already chosen; absent for a market order. */
  price?: string;
  availableBase: string;
  availableQuote: string;
}

/**
 * An order size in the base asset: the places of baseIncrement, a multiple of baseIncrement, within
 * baseMinSize..baseMaxSize; a sell at most the available base; with a limit price, a value (size × price) of
 * at least quoteMinSize, which a limit buy must also be able to pay from the available quote.
 */
export function checkSize(text: string, pair: SymbolInfo, c: SizeContext): Checked {
  const { baseAsset: base, quoteAsset: quote } = pair;
  const parsed = parsePositive(text, base);
  if (!parsed.ok) return parsed;
  const size = parsed.value;
  if (money.decimalPlaces(size) > money.decimalPlaces(pair.baseIncrement)) {
    return refuse("amount-too_many_decimals", { asset: base, decimals: money.decimalPlaces(pair.baseIncrement) });
  }
  if (!money.isMultipleOf(size, pair.baseIncrement)) {
    return refuse("trade-off-step", { step: formatAmount(pair.baseIncrement, base) });
  }
  if (money.lt(size, pair.baseMinSize)) {
    return refuse("amount-below_minimum", { min: formatAmount(pair.baseMinSize), asset: base });
  }
  if (money.gt(size, pair.baseMaxSize)) {
    return refuse("amount-above_maximum", { max: formatAmount(pair.baseMaxSize), asset: base });
  }
  if (c.side === "sell" && money.gt(size, c.availableBase)) {
    return refuse("trade-insufficient", { available: formatAmount(c.availableBase, base) });
  }
  if (c.price !== undefined) {
    const value = money.mul(size, c.price);
    if (money.lt(value, pair.quoteMinSize)) {
      return refuse("trade-below-min-funds", {
        value: formatAmount(value, quote),
        min: formatAmount(pair.quoteMinSize, quote),
      });
    }
    if (c.side === "buy" && money.gt(value, c.availableQuote)) {
      return refuse("trade-insufficient-cost", {
        cost: formatAmount(value, quote),
        available: formatAmount(c.availableQuote, quote),
      });
    }
  }
  return { ok: true, value: size };
}

/** The largest size a limit buy at `price` can pay for (on the size grid, within baseMaxSize). */
export function affordableSize(pair: SymbolInfo, price: string, availableQuote: string): string {
  const size = floorToStep(money.div(availableQuote, price, money.decimalPlaces(pair.baseIncrement)), pair.baseIncrement);
  return money.min(size, pair.baseMaxSize);
}

/**
 * What the order takes from the trading balance when placed, in the asset it spends: a market buy
 * its funds, a limit buy size × price, a sell its size.
 */
export function committed(order: {
  side: Side;
  size?: string;
  funds?: string;
  price?: string;
  stopPrice?: string;
}): string {
  if (order.side === "sell") return order.size ?? "0";
  if (order.funds !== undefined) return order.funds;
  // A stop-market buy has no price of its own: it costs about its size at the stop price.
  return money.mul(order.size ?? "0", order.price ?? order.stopPrice ?? "0");
}

/**
 * A stop price: on the pair's price grid (as a limit price) and not the last price itself, since a
 * stop there would trigger at once. Which way it triggers follows from where it is against the last
 * price: above it the order waits for the price to rise, below it for the price to fall.
 */
export function checkStopPrice(text: string, pair: SymbolInfo, last: string): Checked {
  const checked = checkPrice(text, pair);
  if (!checked.ok) return checked;
  if (money.eq(checked.value, last)) {
    return refuse("trade-stop-at-last", { last: formatAmount(last, pair.quoteAsset) });
  }
  return checked;
}

/** Whether a stop at `stopPrice` waits for the price to rise to it (else to fall to it). */
export const triggersOnRise = (stopPrice: string, last: string): boolean => money.gt(stopPrice, last);
