/**
 * The Exchange module's state inside a world (`world.modules.get("exchange")`): markets with their
 * books and trades, orders, withdrawals and transfers between balances, and how each record is shown
 * in replies.
 */
import type { z } from "zod";
import type { ExchangeTransfer, ExchangeWithdrawal, Order, OrderStatus } from "../../../service/schemas.js";
import type { World } from "../types.js";
import type { Book, Side } from "./book.js";
import { Registry } from "./registry.js";
import { findPair, type PairSpec } from "./symbols.js";

export interface SimOrder {
  id: string;
  seq: number;
  userId: number;
  clientOrderId: string | null;
  symbol: string;
  side: Side;
  type: Order["type"];
  timeInForce: "GTC" | "IOC" | "FOK";
  status: OrderStatus;
  size: string | null;
  funds: string | null;
  price: string | null;
  stopPrice: string | null;
  stopTriggered: boolean;
  /** For stop orders: "up" triggers when the last price rises to the stop, "down" when it falls to it. */
  stopDirection: "up" | "down" | null;
  /** For market-type executions: the worst price accepted (protects a stop-market buy's hold). */
  priceBound: string | null;
  dealSize: string;
  dealFunds: string;
  fee: string;
  feeAsset: string;
  remark: string | null;
  createdAt: string;
  updatedAt: string;
  /** The asset the order reserved on the trading balance, and how much of it is still held. */
  holdAsset: string;
  held: string;
}

export interface SimTrade {
  /** Part of the seeded history before the market opened, not a trade on the book. */
  seeded: boolean;
  id: string;
  symbol: string;
  price: string;
  size: string;
  side: Side;
  time: string;
}

export interface MarketState {
  /** When the market opened in this world (ms); the seeded history ends here. */
  anchor: number;
  book: Book<SimOrder>;
  /** Oldest first. */
  trades: SimTrade[];
  lastPrice: string;
  /** Stop orders waiting for their trigger, in placement order. */
  stops: SimOrder[];
  /** Counter behind trade ids and book arrival order. */
  counter: number;
}

export interface SimWithdrawal extends ExchangeWithdrawal {
  seq: number;
  userId: number;
}

export interface SimTransfer extends ExchangeTransfer {
  seq: number;
  userId: number;
}

export interface ExchangeState {
  markets: Map<string, MarketState>;
  orders: Registry<SimOrder>;
  withdrawals: Registry<SimWithdrawal>;
  transfers: Registry<SimTransfer>;
}

/** The module's state in `world`, created on first use. */
export function exchangeState(world: World): ExchangeState {
  let state = world.modules.get("exchange") as ExchangeState | undefined;
  if (!state) {
    state = {
      markets: new Map(),
      orders: new Registry("order"),
      withdrawals: new Registry("withdrawal"),
      transfers: new Registry("transfer"),
    };
    world.modules.set("exchange", state);
  }
  return state;
}

export const ACTIVE_STATUSES: readonly OrderStatus[] = ["working", "pending", "sending"];

/**
 * The contract's view of an order. Size, funds, price and stop price are sent only where the order
 * has them (as the live Swagger has them per type): a client may read a present one as a decimal.
 */
export function orderView(o: SimOrder): z.input<typeof Order> {
  const pair = findPair(o.symbol) as PairSpec;
  return {
    id: o.id,
    // Left out for an order placed without one, as the real reply leaves it (S5).
    ...(o.clientOrderId === null ? {} : { clientOrderId: o.clientOrderId }),
    symbol: o.symbol,
    baseAsset: pair.baseAsset,
    quoteAsset: pair.quoteAsset,
    side: o.side,
    status: o.status,
    type: o.type,
    timeInForce: o.timeInForce,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
    dealSize: o.dealSize,
    dealFunds: o.dealFunds,
    fee: o.fee,
    feeAsset: o.feeAsset,
    remark: o.remark,
    stopTriggered: o.stopTriggered,
    ...(o.size === null ? {} : { size: o.size }),
    ...(o.funds === null ? {} : { funds: o.funds }),
    ...(o.price === null ? {} : { price: o.price }),
    ...(o.stopPrice === null ? {} : { stopPrice: o.stopPrice }),
  };
}

/** The contract's view of a withdrawal (internal members dropped). */
export function withdrawalView({ seq: _seq, userId: _userId, ...w }: SimWithdrawal): ExchangeWithdrawal {
  return w;
}

/** The contract's view of a transfer between balances (internal members dropped). */
export function transferView({ seq: _seq, userId: _userId, ...t }: SimTransfer): ExchangeTransfer {
  return t;
}
