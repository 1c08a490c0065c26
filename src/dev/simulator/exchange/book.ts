/**
 * The order book of one pair: resting bids and asks in price-time priority. Entries of the seeded
 * market maker carry no order; entries of accounts point at their order, which the matching engine
 * updates on every fill. The book is generic in that order so that it depends on nothing of the model.
 */
import { money } from "../../../domain/money.js";
import { ceilToStep, floorToStep } from "./steps.js";

export type Side = "buy" | "sell";

export interface RestingEntry<Order> {
  id: string;
  side: Side;
  price: string;
  /** What is left to fill, in the base asset. */
  size: string;
  /** Arrival order: earlier entries at the same price fill first. */
  seq: number;
  /** The account order behind the entry; absent for the market maker's liquidity. */
  order?: Order;
}

export class Book<Order> {
  /** Highest price first. */
  readonly bids: RestingEntry<Order>[] = [];
  /** Lowest price first. */
  readonly asks: RestingEntry<Order>[] = [];

  /** The side a taker of `side` trades against, best first. */
  against(side: Side): RestingEntry<Order>[] {
    return side === "buy" ? this.asks : this.bids;
  }

  /** Inserts behind every entry with the same or a better price. */
  add(entry: RestingEntry<Order>): void {
    const list = entry.side === "buy" ? this.bids : this.asks;
    const worse = (other: RestingEntry<Order>) =>
      entry.side === "buy" ? money.lt(other.price, entry.price) : money.gt(other.price, entry.price);
    // Searching from the worst end: seeding appends, so it costs one comparison per entry.
    let i = list.length;
    while (i > 0 && worse(list[i - 1] as RestingEntry<Order>)) i--;
    list.splice(i, 0, entry);
  }

  remove(entry: RestingEntry<Order>): void {
    const list = entry.side === "buy" ? this.bids : this.asks;
    const i = list.indexOf(entry);
    if (i >= 0) list.splice(i, 1);
  }

  /** The best price of one side, or null when it is empty. */
  best(side: Side): string | null {
    const list = side === "buy" ? this.bids : this.asks;
    return list[0]?.price ?? null;
  }

  /**
   * Aggregated levels of one side, best first: at most `depth` of them, prices grouped into steps of
   * `step` (bids round down, asks round up, so a group never looks better than its orders).
   */
  levels(side: Side, depth: number, step: string): [string, string][] {
    const list = side === "buy" ? this.bids : this.asks;
    const levels: [string, string][] = [];
    for (const entry of list) {
      const price = side === "buy" ? floorToStep(entry.price, step) : ceilToStep(entry.price, step);
      const last = levels[levels.length - 1];
      if (last && money.eq(last[0], price)) {
        last[1] = money.add(last[1], entry.size);
        continue;
      }
      if (levels.length === depth) break;
      levels.push([money.normalise(price), money.normalise(entry.size)]);
    }
    return levels;
  }
}
