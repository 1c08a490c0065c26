/**
 * Order operations: place, estimate, read, cancel and list. Placement checks, in this order, the
 * client id (409), the pair (404, halted → 409), the pair's rules (422) and the trading balance
 * (422); a refused placement leaves nothing behind, so its client id stays free.
 */
import { money } from "../../../domain/money.js";
import { FINAL_ORDER_STATUSES, type OrderParams } from "../../../service/schemas.js";
import { defineHandlers } from "../define.js";
import { problems } from "../problems.js";
import type { SimAccount, World } from "../types.js";
import { nextUuid, requireAccount, requireAvailable, reserve } from "../world.js";
import { armStop, cancel, takingOf, triggerStops, work } from "./engine.js";
import { market } from "./market.js";
import { walk } from "./matching.js";
import { ACTIVE_STATUSES, exchangeState, type MarketState, orderView, type SimOrder } from "./model.js";
import { historyPage, newestFirst } from "./paging.js";
import { checkOrderTerms } from "./rules.js";
import { ceilToStep, floorToStep } from "./steps.js";
import { assetPrecision, type PairSpec, requirePair } from "./symbols.js";

/** How far from its stop price a triggered stop-market order may execute (and so what a buy holds). */
const STOP_MARKET_BAND = "0.1";

/** An order with the given terms, not yet placed: nothing held, nothing registered. */
function draft(
  world: World,
  spec: PairSpec,
  p: OrderParams,
  userId: number,
  clientOrderId: string | undefined,
): SimOrder {
  const now = world.now().toISOString();
  const buy = p.side === "buy";
  const stopPrice = "stopPrice" in p ? p.stopPrice : null;
  let priceBound: string | null = null;
  if (p.type === "stopMarket" && stopPrice !== null) {
    priceBound = buy
      ? ceilToStep(money.mul(stopPrice, money.add("1", STOP_MARKET_BAND)), spec.priceIncrement)
      : money.max(
          floorToStep(money.mul(stopPrice, money.sub("1", STOP_MARKET_BAND)), spec.priceIncrement),
          spec.priceIncrement,
        );
  }
  return {
    id: "",
    seq: 0,
    userId,
    clientOrderId: clientOrderId ?? null,
    symbol: spec.symbol,
    side: p.side,
    type: p.type,
    timeInForce: p.timeInForce,
    status: "working",
    size: p.size ?? null,
    funds: p.type === "market" ? (p.funds ?? null) : null,
    price: "price" in p ? p.price : null,
    stopPrice,
    stopTriggered: false,
    stopDirection: null,
    priceBound,
    dealSize: "0",
    dealFunds: "0",
    fee: "0",
    feeAsset: buy ? spec.baseAsset : spec.quoteAsset,
    remark: null,
    createdAt: now,
    updatedAt: now,
    holdAsset: buy ? spec.quoteAsset : spec.baseAsset,
    held: "0",
  };
}

/**
 * What the order must hold on the trading balance: a limit buy its size × price, a sell its size, a
 * market buy by size what the book would charge now, a stop-market buy its size at the worst price
 * it accepts.
 */
function holdFor(m: MarketState, spec: PairSpec, o: SimOrder): string {
  const size = o.size ?? "0";
  if (o.side === "sell") {
    return o.funds === null ? size : walk(m.book, spec, takingOf(o)).size;
  }
  if (o.funds !== null) return o.funds;
  const limit = o.price ?? o.priceBound;
  return limit === null ? walk(m.book, spec, takingOf(o)).funds : money.mul(size, limit);
}

/** The account's order by `orderId` or else `clientOrderId`; 404 when there is none. */
function findOrder(world: World, account: SimAccount, input: { orderId?: string; clientOrderId?: string }) {
  return exchangeState(world).orders.find(account.userId, {
    serverId: input.orderId,
    clientId: input.clientOrderId,
  });
}

const isFinal = (o: SimOrder) => (FINAL_ORDER_STATUSES as readonly string[]).includes(o.status);
const matches = (o: SimOrder, query: { symbol?: string | undefined; side?: string | undefined }) =>
  (query.symbol === undefined || o.symbol === query.symbol) &&
  (query.side === undefined || o.side === query.side);

export const orderHandlers = defineHandlers({
  placeOrder: (input, { world, account }) => {
    const owner = requireAccount(account);
    const { orders } = exchangeState(world);
    const clientId = input.clientOrderId;
    if (clientId !== undefined && orders.hasClientId(owner.userId, clientId)) {
      throw problems.duplicate("clientOrderId", clientId);
    }
    const spec = requirePair(input.symbol);
    if (spec.status !== "trading") {
      throw problems.invalidState(`Trading on ${spec.symbol} is halted.`, {
        symbol: spec.symbol,
        status: spec.status,
      });
    }
    checkOrderTerms(spec, input);
    const m = market(world, spec.symbol);
    const order = draft(world, spec, input, owner.userId, input.clientOrderId);
    const hold = holdFor(m, spec, order);
    requireAvailable(owner.trading, order.holdAsset, hold);

    order.id = nextUuid(world, "order");
    orders.add(order, input.clientOrderId);
    reserve(owner.trading, order.holdAsset, hold);
    order.held = hold;
    if (order.stopPrice === null) work(world, m, spec, order);
    else armStop(world, m, spec, order);
    triggerStops(world, m, spec);
    return orderView(order);
  },

  estimateOrder: (input, { world, account }) => {
    const owner = requireAccount(account);
    const spec = requirePair(input.symbol);
    checkOrderTerms(spec, input);
    const m = market(world, spec.symbol);
    // A stop order is estimated as if its stop were reached now.
    const order = draft(world, spec, input, owner.userId, "estimate");
    const plan = walk(m.book, spec, takingOf(order));
    const filled = input.timeInForce !== "FOK" || plan.complete;
    const size = filled ? plan.size : "0";
    const funds = filled ? plan.funds : "0";
    const received = input.side === "buy" ? size : funds;
    const fallback = order.price ?? m.book.best(input.side === "buy" ? "sell" : "buy") ?? m.lastPrice;
    return {
      symbol: spec.symbol,
      side: input.side,
      type: input.type,
      size,
      funds,
      price: money.isZero(size) ? fallback : money.div(funds, size, spec.pricePrecision + 4),
      fee: money.floor(money.mul(received, spec.takerFeeRate), assetPrecision(order.feeAsset)),
      feeAsset: order.feeAsset,
    };
  },

  getOrder: (input, { world, account }) => orderView(findOrder(world, requireAccount(account), input)),

  cancelOrder: (input, { world, account }) => {
    const order = findOrder(world, requireAccount(account), input);
    if (isFinal(order)) {
      throw problems.invalidState(`The order is already ${order.status} and cannot be cancelled.`, {
        orderId: order.id,
        status: order.status,
      });
    }
    cancel(world, market(world, order.symbol), order);
    return { cancelledOrderIds: [order.id] };
  },

  getActiveOrders: (_input, { world, account }) => {
    const open = exchangeState(world)
      .orders.of(requireAccount(account).userId)
      .filter((o) => ACTIVE_STATUSES.includes(o.status))
      .sort(newestFirst);
    return { orders: open.map(orderView) };
  },

  getOrdersHistory: (input, { world, account }) => {
    const mine = exchangeState(world).orders.of(requireAccount(account).userId);
    const { records, meta } = historyPage(
      mine,
      input,
      (o) => isFinal(o) && matches(o, input) && !(input.hideCanceled && o.status === "cancelled"),
    );
    return { orders: records.map(orderView), ...meta };
  },
});
