/**
 * What tests and demos do to the Exchange from outside: fill a resting order by trading against it
 * (as the market maker, which has no account) and move a pair's last price (stop orders follow).
 */
import { money } from "../../../domain/money.js";
import { problems } from "../problems.js";
import type { World } from "../types.js";
import { triggerStops } from "./engine.js";
import { market, nextInMarket } from "./market.js";
import { execute } from "./matching.js";
import { exchangeState, type SimOrder } from "./model.js";
import { requirePair } from "./symbols.js";

/**
 * Trades `size` (default: all that is left) against the resting order `orderId` at its price.
 * 404 for an unknown order, 409 `invalid_state` when it is not resting on the book.
 */
export function fillOrder(world: World, orderId: string, size?: string): SimOrder {
  const order = exchangeState(world).orders.byId(orderId);
  if (order === undefined) throw problems.notFound("order");
  const spec = requirePair(order.symbol);
  const m = market(world, order.symbol);
  const takerSide = order.side === "buy" ? "sell" : "buy";
  const entry = m.book.against(takerSide).find((e) => e.order === order);
  if (entry === undefined) {
    throw problems.invalidState(`The order is ${order.status} and not resting on the book.`, {
      status: order.status,
    });
  }
  const take = size === undefined ? entry.size : money.min(size, entry.size);
  if (!money.isPositive(take)) throw problems.validation("size", "size must be positive.");
  const taker = { ...order, id: `sim-taker-${nextInMarket(m)}`, userId: 0, side: takerSide } as SimOrder;
  execute(world, m, spec, taker, [
    { entry, size: take, price: entry.price, funds: money.mul(take, entry.price) },
  ]);
  if (order.status === "completed") order.updatedAt = world.now().toISOString();
  triggerStops(world, m, spec);
  return order;
}

/** Records a market-maker trade at `price`, so the pair's last price (tickers, stops) moves there. */
export function movePrice(world: World, symbol: string, price: string): string {
  const spec = requirePair(symbol);
  if (!money.isPositive(price)) throw problems.validation("price", "price must be positive.");
  const m = market(world, symbol);
  m.trades.push({
    seeded: false,
    id: `${spec.symbol}-${nextInMarket(m)}`,
    symbol: spec.symbol,
    price,
    size: spec.minSize,
    side: money.gte(price, m.lastPrice) ? "buy" : "sell",
    time: world.now().toISOString(),
  });
  m.lastPrice = price;
  triggerStops(world, m, spec);
  return m.lastPrice;
}
