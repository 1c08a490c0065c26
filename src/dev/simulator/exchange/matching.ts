/**
 * The matching engine's two steps: `walk` works out, without changing anything, which resting entries
 * an order would take and at what prices (price-time priority); `execute` carries the fills out,
 * moving balances of the taker and of account makers, charging fees in the asset each side receives
 * and recording trades. Self-trades are allowed: the simulator has no self-trade prevention.
 */
import { money } from "../../../domain/money.js";
import type { World } from "../types.js";
import { credit, release, spendHeld } from "../world.js";
import type { Book, RestingEntry, Side } from "./book.js";
import { nextInMarket } from "./market.js";
import type { MarketState, SimOrder } from "./model.js";
import { ceilToStep, floorToStep } from "./steps.js";
import { assetPrecision, type PairSpec } from "./symbols.js";

/** What a taker asks of the book: a size in the base asset or funds in the quote asset, maybe a limit. */
export interface Taking {
  side: Side;
  /** Worst acceptable price, or null for any price. */
  limit: string | null;
  size: string | null;
  funds: string | null;
}

export interface Fill {
  entry: RestingEntry<SimOrder>;
  size: string;
  price: string;
  /** size × price, in the quote asset. */
  funds: string;
}

export interface Walk {
  fills: Fill[];
  size: string;
  funds: string;
  /** Whether the whole size (or funds, down to less than one base increment) would be filled. */
  complete: boolean;
}

/** Trades kept per market; older ones are dropped. */
const TRADES_KEPT = 1000;

/** The fills an order would get from the book right now; changes nothing. */
export function walk(book: Book<SimOrder>, spec: PairSpec, t: Taking): Walk {
  const fills: Fill[] = [];
  let size = "0";
  let funds = "0";
  let left = t.size ?? t.funds ?? "0";
  let complete = money.isZero(left);
  for (const entry of book.against(t.side)) {
    if (complete) break;
    if (
      t.limit !== null &&
      (t.side === "buy" ? money.gt(entry.price, t.limit) : money.lt(entry.price, t.limit))
    ) {
      break;
    }
    let take: string;
    if (t.size !== null) take = money.min(entry.size, left);
    else {
      const wanted = money.div(left, entry.price, 18);
      // A buy spends at most its funds; a sell goes on until it has received them.
      const onGrid =
        t.side === "buy" ? floorToStep(wanted, spec.baseIncrement) : ceilToStep(wanted, spec.baseIncrement);
      take = money.min(entry.size, onGrid);
    }
    if (money.isZero(take)) {
      // The funds left cannot buy one base increment even here, the best remaining price.
      complete = true;
      break;
    }
    const value = money.mul(take, entry.price);
    fills.push({ entry, size: take, price: entry.price, funds: value });
    size = money.add(size, take);
    funds = money.add(funds, value);
    left = t.size !== null ? money.sub(left, take) : money.max(money.sub(left, value), "0");
    complete = money.isZero(left);
  }
  return { fills, size, funds, complete };
}

/** Carries out the fills of `taker` (taken from a fresh `walk`), then records the trades. */
export function execute(world: World, m: MarketState, spec: PairSpec, taker: SimOrder, fills: Fill[]): void {
  const time = world.now().toISOString();
  for (const fill of fills) {
    settleFill(world, spec, taker, fill, spec.takerFeeRate, time);
    const maker = fill.entry.order;
    if (maker) settleFill(world, spec, maker, fill, spec.makerFeeRate, time);
    fill.entry.size = money.sub(fill.entry.size, fill.size);
    if (money.isZero(fill.entry.size)) {
      m.book.remove(fill.entry);
      if (maker) {
        maker.status = "completed";
        releaseExcessHold(world, maker);
      }
    }
    m.trades.push({
      seeded: false,
      id: `${spec.symbol}-${nextInMarket(m)}`,
      symbol: spec.symbol,
      price: fill.price,
      size: fill.size,
      side: taker.side,
      time,
    });
    m.lastPrice = fill.price;
  }
  if (m.trades.length > TRADES_KEPT) m.trades.splice(0, m.trades.length - TRADES_KEPT);
}

/** One side of a fill: pay from the order's hold, receive the other asset less the fee. */
function settleFill(
  world: World,
  spec: PairSpec,
  order: SimOrder,
  fill: Fill,
  rate: string,
  time: string,
): void {
  const account = world.accounts.get(order.userId);
  if (!account) return;
  const [paid, received, receivedAsset] =
    order.side === "buy" ? [fill.funds, fill.size, spec.baseAsset] : [fill.size, fill.funds, spec.quoteAsset];
  const fee = money.floor(money.mul(received, rate), assetPrecision(receivedAsset));
  spendHeld(account.trading, order.holdAsset, paid);
  order.held = money.sub(order.held, paid);
  credit(account.trading, receivedAsset, money.sub(received, fee));
  order.dealSize = money.add(order.dealSize, fill.size);
  order.dealFunds = money.add(order.dealFunds, fill.funds);
  order.fee = money.add(order.fee, fee);
  order.updatedAt = time;
}

/** What an order must still hold: its remaining limit value while it rests, nothing once final. */
function requiredHold(order: SimOrder): string {
  if (order.status !== "working") return "0";
  if (!order.stopTriggered && order.stopPrice !== null) return order.held;
  const remaining = money.sub(order.size ?? "0", order.dealSize);
  return order.side === "buy" ? money.mul(remaining, order.price ?? "0") : remaining;
}

/** Gives back to available whatever the order holds beyond what it still needs. */
export function releaseExcessHold(world: World, order: SimOrder): void {
  const account = world.accounts.get(order.userId);
  const excess = money.sub(order.held, requiredHold(order));
  if (!account || !money.isPositive(excess)) return;
  release(account.trading, order.holdAsset, excess);
  order.held = money.sub(order.held, excess);
}
