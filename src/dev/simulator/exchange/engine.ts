/**
 * The life of an order once accepted: it executes against the book, then completes, rests (GTC
 * limits) or has its remainder cancelled (IOC, market); FOK orders that cannot fill completely are
 * cancelled with nothing executed. Stop orders wait outside the book until the last trade price
 * reaches their stop price from the side it was on when they were placed, then run the same way.
 */
import { money } from "../../../domain/money.js";
import type { World } from "../types.js";
import { nextInMarket } from "./market.js";
import { execute, releaseExcessHold, type Taking, walk } from "./matching.js";
import type { MarketState, SimOrder } from "./model.js";
import type { PairSpec } from "./symbols.js";

/** What `order` still asks of the book. */
export function takingOf(order: SimOrder): Taking {
  const limit = order.type === "limit" || order.type === "stopLimit" ? order.price : order.priceBound;
  const size = order.size === null ? null : money.sub(order.size, order.dealSize);
  return { side: order.side, limit, size, funds: order.funds };
}

/** Executes `order` against the book and settles its status and hold. */
export function work(world: World, m: MarketState, spec: PairSpec, order: SimOrder): void {
  const plan = walk(m.book, spec, takingOf(order));
  if (order.timeInForce === "FOK" && !plan.complete) {
    finish(
      world,
      order,
      "cancelled",
      "Fill-or-kill order could not be filled completely; nothing was executed.",
    );
    return;
  }
  execute(world, m, spec, order, plan.fills);
  if (plan.complete) {
    finish(world, order, "completed", null);
  } else if (order.timeInForce === "GTC" && order.price !== null) {
    m.book.add({
      id: order.id,
      side: order.side,
      price: order.price,
      size: money.sub(order.size ?? "0", order.dealSize),
      seq: nextInMarket(m),
      order,
    });
    releaseExcessHold(world, order);
  } else {
    const remark = money.isZero(order.dealSize)
      ? "Nothing could be executed at an acceptable price; the order was cancelled."
      : "The unfilled remainder was cancelled.";
    finish(world, order, "cancelled", remark);
  }
}

/** Moves `order` to a final status and gives back what it still holds. */
export function finish(
  world: World,
  order: SimOrder,
  status: "completed" | "cancelled",
  remark: string | null,
): void {
  order.status = status;
  order.remark = remark;
  order.updatedAt = world.now().toISOString();
  releaseExcessHold(world, order);
}

/** Whether the last price has reached a waiting stop order's stop price. */
function reached(order: SimOrder, last: string): boolean {
  const stop = order.stopPrice ?? "0";
  return order.stopDirection === "up" ? money.gte(last, stop) : money.lte(last, stop);
}

/** Accepts a stop order: it waits for its trigger, or runs at once if the last price already sits on the stop. */
export function armStop(world: World, m: MarketState, spec: PairSpec, order: SimOrder): void {
  const cmp = money.cmp(order.stopPrice ?? "0", m.lastPrice);
  if (cmp === 0) {
    trigger(world, m, spec, order);
    return;
  }
  order.stopDirection = cmp > 0 ? "up" : "down";
  m.stops.push(order);
}

function trigger(world: World, m: MarketState, spec: PairSpec, order: SimOrder): void {
  order.stopTriggered = true;
  order.updatedAt = world.now().toISOString();
  work(world, m, spec, order);
}

/**
 * Triggers every stop order the latest trades reached, one at a time in placement order; each may
 * trade and so reach further stops, which this loop then picks up too.
 */
export function triggerStops(world: World, m: MarketState, spec: PairSpec): void {
  for (;;) {
    const due = m.stops.find((o) => reached(o, m.lastPrice));
    if (!due) return;
    m.stops.splice(m.stops.indexOf(due), 1);
    trigger(world, m, spec, due);
  }
}

/** Takes an open order off the book (or the stop list) and cancels it, releasing its hold. */
export function cancel(world: World, m: MarketState, order: SimOrder): void {
  const entry = m.book.against(order.side === "buy" ? "sell" : "buy").find((e) => e.order === order);
  if (entry) m.book.remove(entry);
  const waiting = m.stops.indexOf(order);
  if (waiting >= 0) m.stops.splice(waiting, 1);
  finish(world, order, "cancelled", "Cancelled at the client's request.");
}
