/**
 * The matching engine and the order handlers called directly on a hand-made world, without HTTP:
 * walking the book, holds, fees, resting and cascading stop triggers.
 */
import { describe, expect, it } from "vitest";
import { money } from "../../../src/domain/money.js";
import { type OperationId, operations } from "../../../src/service/operations.js";
import type { Order } from "../../../src/service/schemas.js";
import { Book } from "../../../src/dev/simulator/exchange/book.js";
import { exchangeHandlers } from "../../../src/dev/simulator/exchange/index.js";
import { market } from "../../../src/dev/simulator/exchange/market.js";
import { walk } from "../../../src/dev/simulator/exchange/matching.js";
import type { SimOrder } from "../../../src/dev/simulator/exchange/model.js";
import { requirePair } from "../../../src/dev/simulator/exchange/symbols.js";
import type { SimAccount } from "../../../src/dev/simulator/types.js";
import { addAccount, createWorld, type SimWorld } from "../../../src/dev/simulator/world.js";

const NOW = new Date("2025-03-03T10:00:00Z");

function setup() {
  const world = createWorld("testnet", () => NOW);
  const alice = addAccount(world, 1, "key-alice", { trading: { USDT: "100000", TONCOIN: "10000" } });
  const bob = addAccount(world, 2, "key-bob", { trading: { USDT: "100000", TONCOIN: "10000" } });
  return { world, alice, bob };
}

/** Calls a handler the way the server does: input parsed by the operation's schema. */
function call(
  world: SimWorld,
  account: SimAccount | undefined,
  operationId: OperationId,
  raw: object,
): unknown {
  const input = operations[operationId].input.parse(raw) as Record<string, unknown>;
  const handler = exchangeHandlers[operationId];
  if (!handler) throw new Error(`no handler for ${operationId}`);
  return handler({ operationId, api: "exchange", input, account, world });
}

const place = (world: SimWorld, account: SimAccount, order: object) =>
  call(world, account, "placeOrder", { timeInForce: "GTC", symbol: "TONCOIN-USDT", ...order }) as Order;

describe("book and walk", () => {
  const spec = requirePair("TONCOIN-USDT");

  it("keeps price-time priority and groups levels without flattering them", () => {
    const book = new Book<SimOrder>();
    book.add({ id: "a", side: "sell", price: "5.21", size: "1", seq: 1 });
    book.add({ id: "b", side: "sell", price: "5.2", size: "2", seq: 2 });
    book.add({ id: "c", side: "sell", price: "5.21", size: "3", seq: 3 });
    book.add({ id: "d", side: "buy", price: "5.19", size: "4", seq: 4 });
    book.add({ id: "e", side: "buy", price: "5.185", size: "5", seq: 5 });
    expect(book.asks.map((e) => e.id)).toEqual(["b", "a", "c"]);
    expect(book.levels("sell", 5, "0.0001")).toEqual([
      ["5.2", "2"],
      ["5.21", "4"],
    ]);
    expect(book.levels("sell", 5, "0.1")).toEqual([
      ["5.2", "2"],
      ["5.3", "4"],
    ]);
    expect(book.levels("buy", 5, "0.01")).toEqual([
      ["5.19", "4"],
      ["5.18", "5"],
    ]);
    expect(book.levels("buy", 1, "0.0001")).toEqual([["5.19", "4"]]);
  });

  it("walks by size, by funds and up to a limit price", () => {
    const book = new Book<SimOrder>();
    book.add({ id: "a", side: "sell", price: "5", size: "10", seq: 1 });
    book.add({ id: "b", side: "sell", price: "6", size: "10", seq: 2 });
    const bySize = walk(book, spec, { side: "buy", limit: null, size: "15", funds: null });
    expect(bySize).toMatchObject({ size: "15", funds: "80", complete: true });
    const byFunds = walk(book, spec, { side: "buy", limit: null, size: null, funds: "56" });
    // 10 at 5 = 50, then 6 left buys 1 at 6.
    expect(byFunds).toMatchObject({ size: "11", funds: "56", complete: true });
    const limited = walk(book, spec, { side: "buy", limit: "5.5", size: "15", funds: null });
    expect(limited).toMatchObject({ size: "10", funds: "50", complete: false });
    const tooBig = walk(book, spec, { side: "buy", limit: null, size: "25", funds: null });
    expect(tooBig.complete).toBe(false);
    expect(book.asks.map((e) => e.size)).toEqual(["10", "10"]);
  });
});

describe("order handlers on a world", () => {
  it("a resting order of one account is filled by a crossing order of another, with maker and taker fees", () => {
    const { world, alice, bob } = setup();
    const ask = market(world, "TONCOIN-USDT").book.best("sell") as string;
    // Inside the spread: Alice's ask becomes the best one.
    const price = money.sub(ask, "0.0001");
    const resting = place(world, alice, {
      clientOrderId: "a-1",
      side: "sell",
      type: "limit",
      size: "10",
      price,
    });
    expect(resting.status).toBe("working");
    expect(alice.trading.get("TONCOIN")).toEqual({ available: "9990", hold: "10" });

    const taker = place(world, bob, { clientOrderId: "b-1", side: "buy", type: "limit", size: "4", price });
    expect(taker).toMatchObject({ status: "completed", dealSize: "4", fee: "0.004", feeAsset: "TONCOIN" });
    const funds = money.mul("4", price);
    expect(bob.trading.get("USDT")).toEqual({ available: money.sub("100000", funds), hold: "0" });
    expect(bob.trading.get("TONCOIN")?.available).toBe("10003.996");

    const maker = call(world, alice, "getOrder", { orderId: resting.id }) as Order;
    expect(maker).toMatchObject({ status: "working", dealSize: "4", dealFunds: funds, feeAsset: "USDT" });
    expect(maker.fee).toBe(money.floor(money.mul(funds, "0.0008"), 6));
    expect(alice.trading.get("TONCOIN")).toEqual({ available: "9990", hold: "6" });
    expect(alice.trading.get("USDT")?.available).toBe(money.add("100000", money.sub(funds, maker.fee)));
  });

  it("a limit buy that fills below its price gives back the excess hold", () => {
    const { world, alice } = setup();
    const ask = market(world, "TONCOIN-USDT").book.best("sell") as string;
    const order = place(world, alice, {
      clientOrderId: "a-1",
      side: "buy",
      type: "limit",
      size: "10",
      price: "6",
    });
    expect(order).toMatchObject({ status: "completed", dealFunds: money.mul("10", ask) });
    expect(alice.trading.get("USDT")).toEqual({
      available: money.sub("100000", money.mul("10", ask)),
      hold: "0",
    });
  });

  it("stop orders wait for the last price and can set each other off", () => {
    const { world, alice, bob } = setup();
    const m = market(world, "TONCOIN-USDT");
    const bids = m.book.bids.slice(0, 3).map((e) => e.price);
    const [, second, third] = bids as [string, string, string];
    const stop1 = place(world, alice, {
      clientOrderId: "s-1",
      side: "sell",
      type: "stopMarket",
      timeInForce: "IOC",
      size: "1",
      stopPrice: second,
    });
    const stop2 = place(world, alice, {
      clientOrderId: "s-2",
      side: "sell",
      type: "stopLimit",
      size: "1",
      price: "1",
      stopPrice: third,
    });
    expect(stop1).toMatchObject({ status: "working", stopTriggered: false, dealSize: "0" });
    expect(alice.trading.get("TONCOIN")).toEqual({ available: "9998", hold: "2" });

    // Bob sells exactly the two best bid levels: the last price falls to the second level, reaching stop 1,
    // whose sale takes the third level and so reaches stop 2.
    const twoLevels = money.add(m.book.bids[0]?.size ?? "0", m.book.bids[1]?.size ?? "0");
    place(world, bob, {
      clientOrderId: "b-1",
      side: "sell",
      type: "market",
      timeInForce: "IOC",
      size: twoLevels,
    });
    expect(m.lastPrice).not.toBe(second);
    const after1 = call(world, alice, "getOrder", { orderId: stop1.id }) as Order;
    const after2 = call(world, alice, "getOrder", { orderId: stop2.id }) as Order;
    expect(after1).toMatchObject({ status: "completed", stopTriggered: true, dealSize: "1" });
    expect(after2).toMatchObject({ status: "completed", stopTriggered: true, dealSize: "1" });
    expect(alice.trading.get("TONCOIN")).toEqual({ available: "9998", hold: "0" });
  });

  it("a refused placement changes nothing and leaves the client id free", () => {
    const { world, alice } = setup();
    const before = structuredClone([...alice.trading]);
    expect(() =>
      place(world, alice, { clientOrderId: "x", side: "buy", type: "limit", size: "100000", price: "5" }),
    ).toThrow(expect.objectContaining({ status: 422, kind: "insufficient_funds" }));
    expect([...alice.trading]).toEqual(before);
    expect(
      place(world, alice, { clientOrderId: "x", side: "buy", type: "limit", size: "1", price: "5" }).status,
    ).toBe("working");
  });
});
