/**
 * Texts and keyboards of trading: the order summary shown above Confirm, what the user sees once the
 * order is placed or cancelled, and the Cancel order button of an order's details. Pure functions of
 * service replies and the confirmed payload.
 */
import { copyable } from "../../../domain/copyable.js";
import { InlineKeyboard } from "grammy";
import { formatAmount, formatPercent, money } from "../../../domain/money.js";
import type { Translate } from "../../../domain/translate.js";
import type { Order } from "../../../service/schemas.js";
import type { FeeRates } from "../../shared/trade-fees.js";
import { committed, type Estimate } from "../../shared/trade-rules.js";
import { rateLines, withWorthOf, type Worth } from "../../shared/worth.js";
import { ORDERS_DATA } from "../orders/callback-data.js";
import { TRADE_DATA } from "./callback-data.js";


/** What the summary and the action need to know about an order to place (plain JSON). */
export interface OrderTerms {
  symbol: string;
  side: Order["side"];
  type: "market" | "limit" | "stopLimit" | "stopMarket";
  timeInForce: "IOC" | "GTC";
  size?: string;
  funds?: string;
  price?: string;
  stopPrice?: string;
}

/** The orders feature shows an order's details on this button (none for an id too long for one). */
export const detailsData = (orderId: string): string | undefined => ORDERS_DATA.show.tryBuild({ orderId });

/** Statuses in which an order can still be cancelled. */
const CANCELLABLE: readonly Order["status"][] = ["working", "pending"];

/** Base and quote asset of a symbol code ("BTC-USDT" → BTC, USDT). */
export function assetsOf(symbol: string): { base: string; quote: string } {
  const [base = symbol, quote = symbol] = symbol.split("-");
  return { base, quote };
}

/** "Buy · Limit · GTC (…)" in the user's language. */
function kindLine(t: Translate, o: { side: string; type: string; timeInForce: string }): string {
  return t("trade-summary-kind", {
    side: t(`trade-side-${o.side}`),
    type: t(`trade-type-${o.type}`),
    tif: t(`trade-tif-${o.timeInForce}`),
  });
}

const available = (balances: Record<string, string>, asset: string) => balances[asset] ?? "0";

/** A fee rate as people read it: "0.001" → "0.1 %". */
const ratePercent = (rate: string) => formatPercent(rate, 4, false, 0);

/**
 * The fee line: a market order's as estimated; a limit order's taker fee on what fills now and maker
 * fee on what waits on the book (paid when it fills); a stop order's at the price it will meet. The
 * fee is taken from what the order receives: base for a buy, quote for a sell.
 */
function feeLine(t: Translate, o: OrderTerms, est: Estimate, rates: FeeRates | undefined): string {
  const { base, quote } = assetsOf(o.symbol);
  const buy = o.side === "buy";
  const feeAsset = buy ? base : quote;
  /** The fee on `size` of base at `price`, at `rate`, in what the order receives. */
  const feeOf = (size: string, price: string, rate: string) =>
    formatAmount(money.mul(buy ? size : money.mul(size, price), rate), feeAsset);
  const size = o.size ?? "0";
  if (o.type === "market") return t("trade-summary-fee", { fee: formatAmount(est.fee, est.feeAsset) });
  if (!rates) return t("trade-summary-fee-unknown");
  const maker = ratePercent(rates.maker);
  const taker = ratePercent(rates.taker);
  if (o.type === "stopMarket") {
    return t("trade-stop-summary-fee", { fee: feeOf(size, o.stopPrice ?? "0", rates.taker), taker });
  }
  if (o.type === "stopLimit") {
    const price = o.price ?? "0";
    return t("trade-stop-summary-fee-limit", {
      makerFee: feeOf(size, price, rates.maker),
      maker,
      takerFee: feeOf(size, price, rates.taker),
      taker,
    });
  }
  const rest = money.sub(size, est.size);
  if (!money.isPositive(rest)) return t("trade-summary-fee", { fee: formatAmount(est.fee, est.feeAsset) });
  const restFee = feeOf(rest, o.price ?? "0", rates.maker);
  if (!money.isPositive(est.size)) return t("trade-summary-fee-maker", { fee: restFee, maker });
  return t("trade-summary-fee-split", { now: formatAmount(est.fee, est.feeAsset), taker, rest: restFee, maker });
}

/**
 * What a stop order brings once it triggers: a stop-market about its size at the stop price (it then
 * takes the book's prices), a stop-limit its size at its limit price.
 */
function stopEstimateLine(t: Translate, o: OrderTerms): string {
  const { base, quote } = assetsOf(o.symbol);
  const size = o.size ?? "0";
  if (o.type === "stopLimit") {
    return t("trade-stop-summary-at-limit", {
      size: formatAmount(size, base),
      price: formatAmount(o.price ?? "0", quote),
      funds: formatAmount(money.mul(size, o.price ?? "0"), quote),
    });
  }
  return t("trade-stop-summary-at-stop", {
    size: formatAmount(size, base),
    funds: formatAmount(money.mul(size, o.stopPrice ?? "0"), quote),
    stop: formatAmount(o.stopPrice ?? "0", quote),
  });
}

/**
 * The summary of an order to place: pair, side, type and time in force, size or funds, limit price,
 * the estimate (size, funds, average price; a stop order's at its stop or limit price), the fee (a
 * resting part's at the maker rate), the trading balance now and roughly after, and a note that
 * fills depend on the market.
 */
export function orderSummary(
  t: Translate,
  o: OrderTerms,
  est: Estimate,
  balances: Record<string, string>,
  /** The last price, for a stop order's trigger line. */
  last?: string,
  /** The pair's maker and taker rates for this account (undefined when the Exchange lists none). */
  rates?: FeeRates,
  /** The pair's assets' worth in the person's fiat (those the service rates). */
  worths: readonly Worth[] = [],
): string {
  const { base, quote } = assetsOf(o.symbol);
  const buy = o.side === "buy";
  const stop = o.stopPrice !== undefined;
  const [spent, received] = buy ? [quote, base] : [base, quote];
  const lines = [t("trade-summary-title"), t("trade-summary-pair", { pair: o.symbol }), kindLine(t, o)];
  if (o.funds !== undefined) {
    lines.push(t("trade-summary-funds", { funds: formatAmount(o.funds, quote) + withWorthOf(t, o.funds, quote, worths) }));
  }
  if (o.size !== undefined) {
    lines.push(t("trade-summary-size", { size: formatAmount(o.size, base) + withWorthOf(t, o.size, base, worths) }));
  }
  if (o.stopPrice !== undefined) {
    lines.push(
      t(last !== undefined && money.gt(o.stopPrice, last) ? "trade-stop-summary-rise" : "trade-stop-summary-fall", {
        stop: formatAmount(o.stopPrice, quote),
        last: last === undefined ? "—" : formatAmount(last, quote),
        then: t(o.type === "stopLimit" ? "trade-stop-then-limit" : "trade-stop-then-market"),
      }),
    );
  }
  if (o.price !== undefined) lines.push(t("trade-summary-price", { price: formatAmount(o.price, quote) }));

  if (stop) {
    // Today's book says nothing of what a stop order meets: it runs only once the price reaches its stop.
    lines.push(stopEstimateLine(t, o));
  } else if (money.isPositive(est.size)) {
    lines.push(
      t("trade-summary-estimate", {
        size: formatAmount(est.size, base),
        funds: formatAmount(est.funds, quote) + withWorthOf(t, est.funds, quote, worths),
        price: formatAmount(est.price, quote),
      }),
    );
  } else {
    lines.push(t("trade-summary-estimate-none"));
  }
  const rest = o.type === "limit" ? money.sub(o.size ?? "0", est.size) : "0";
  if (stop) lines.push(t("trade-stop-summary-reserved", { reserved: formatAmount(committed(o), spent) }));
  if (money.isPositive(rest)) {
    lines.push(
      t("trade-summary-rests", {
        rest: formatAmount(rest, base),
        reserved: formatAmount(buy ? money.mul(rest, o.price ?? "0") : rest, spent),
      }),
    );
  }
  lines.push(feeLine(t, o, est, rates));

  // A market order spends about what the estimate says; a limit order reserves all it may spend; a
  // stop order reserves it and receives nothing until it triggers.
  const estSpent = buy ? est.funds : est.size;
  const estReceived = stop ? "0" : buy ? est.size : est.funds;
  const out = o.type === "market" ? estSpent : committed(o);
  const feeIn = (asset: string) => (!stop && est.feeAsset === asset ? est.fee : "0");
  const spentAfter = money.sub(money.sub(available(balances, spent), out), feeIn(spent));
  const receivedAfter = money.sub(money.add(available(balances, received), estReceived), feeIn(received));
  lines.push(
    t("trade-summary-available", {
      spent: formatAmount(available(balances, spent), spent),
      received: formatAmount(available(balances, received), received),
    }),
    t("trade-summary-after", {
      spent: formatAmount(money.max(spentAfter, "0"), spent),
      received: formatAmount(receivedAfter, received),
    }),
    ...rateLines(t, worths),
    "",
    t("trade-summary-note"),
  );
  return lines.join("\n");
}

/** Filled size and funds (with what the summary showed them worth), fee and id: every outcome's lines. */
function fillLines(t: Translate, o: Order, worths?: readonly Worth[]): string[] {
  const { base, quote } = assetsOf(o.symbol);
  const filled = money.isPositive(o.dealFunds) ? withWorthOf(t, o.dealFunds, quote, worths) : "";
  return [
    t("trade-done-filled", { size: formatAmount(o.dealSize, base), funds: formatAmount(o.dealFunds, quote) + filled }),
    t("trade-done-fee", { fee: formatAmount(o.fee, o.feeAsset) }),
    t("trade-done-id", { id: copyable(o.id) }),
  ];
}

/** What the user sees once the order is placed: its status, what filled, the fee and its id. */
export function placedText(t: Translate, o: Order, worths?: readonly Worth[]): string {
  const { quote } = assetsOf(o.symbol);
  const waitingStop = o.stopPrice != null && o.stopTriggered !== true && isCancellable(o);
  const head = waitingStop
    ? t("trade-done-stop-waiting", { stop: formatAmount(o.stopPrice!, quote) })
    : o.status === "completed" || o.status === "working" || o.status === "cancelled"
      ? t(`trade-done-${o.status}`)
      : t("trade-done-other", { status: t(`trade-status-${o.status}`) });
  return [head, ...fillLines(t, o, worths)].join("\n");
}

/** Whether the order can still be cancelled (it rests on the book or waits to be accepted). */
export function isCancellable(o: Pick<Order, "status">): boolean {
  return CANCELLABLE.includes(o.status);
}

/** Order details, and Cancel order while the order is active. */
export function placedKeyboard(t: Translate, o: Order): InlineKeyboard {
  const kb = new InlineKeyboard();
  const details = detailsData(o.id);
  if (details !== undefined) kb.text(t("trade-details-button"), details);
  const cancel = cancelData(o);
  if (cancel !== undefined) kb.text(t("trade-cancel-button"), cancel);
  return kb;
}

/** The Cancel order button under an order's details, for an active order; undefined otherwise. */
export function cancelOrderKeyboard(t: Translate, o: Order): InlineKeyboard | undefined {
  const cancel = cancelData(o);
  return cancel === undefined ? undefined : new InlineKeyboard().text(t("trade-cancel-button"), cancel);
}

/** The Cancel order button's data: none for an order no longer active, or an id too long for it. */
function cancelData(o: Order): string | undefined {
  return isCancellable(o) ? TRADE_DATA.cancel.tryBuild({ orderId: o.id }) : undefined;
}

/**
 * What cancelling gives back to the trading balance: the unfilled part of a sell, or of a limit buy
 * at its price. Undefined when the order does not say (a market buy by funds).
 */
export function releasedBy(o: Order): { amount: string; asset: string } | undefined {
  const { base, quote } = assetsOf(o.symbol);
  if (o.size == null) return undefined;
  const rest = money.max(money.sub(o.size, o.dealSize), "0");
  if (o.side === "sell") return { amount: rest, asset: base };
  if (o.price == null) return undefined;
  return { amount: money.mul(rest, o.price), asset: quote };
}

/** The summary of a cancellation: the order, what filled so far, what is released and what stays. */
export function cancelSummary(t: Translate, o: Order, balances: Record<string, string>): string {
  const { base, quote } = assetsOf(o.symbol);
  const lines = [t("trade-cancel-title"), t("trade-summary-pair", { pair: o.symbol }), kindLine(t, o)];
  if (o.size != null) lines.push(t("trade-summary-size", { size: formatAmount(o.size, base) }));
  if (o.price != null) lines.push(t("trade-summary-price", { price: formatAmount(o.price, quote) }));
  lines.push(
    t("trade-cancel-filled", {
      size: formatAmount(o.dealSize, base),
      funds: formatAmount(o.dealFunds, quote),
    }),
  );
  const released = releasedBy(o);
  if (released) {
    const now = available(balances, released.asset);
    lines.push(
      t("trade-cancel-released", { amount: formatAmount(released.amount, released.asset) }),
      t("trade-cancel-available", {
        now: formatAmount(now, released.asset),
        after: formatAmount(money.add(now, released.amount), released.asset),
      }),
    );
  } else {
    lines.push(t("trade-cancel-released-rest"));
  }
  lines.push(t("trade-cancel-fee"), "", t("trade-cancel-keeps"));
  return lines.join("\n");
}

/** What the user sees once the order is cancelled. */
export function cancelledText(t: Translate, o: Order): string {
  const released = releasedBy(o);
  return [
    t("trade-cancel-done"),
    ...(released
      ? [t("trade-cancel-done-released", { amount: formatAmount(released.amount, released.asset) })]
      : []),
    ...fillLines(t, o),
  ].join("\n");
}

/** Order details after a cancellation. */
export function cancelledKeyboard(t: Translate, o: Order): InlineKeyboard {
  const details = detailsData(o.id);
  return details === undefined ? new InlineKeyboard() : new InlineKeyboard().text(t("trade-details-button"), details);
}
