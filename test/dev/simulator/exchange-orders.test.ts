/**
 * Orders over real HTTP with the service client: fills, partial fills and resting orders, holds and
 * their release, matching between accounts, time in force, stop triggers, duplicate client ids, pair
 * rules, and the paged history.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { money } from "../../../src/domain/money.js";
import { createExchangeClient, type ExchangeClient } from "../../../src/service/client.js";
import { ServiceRefusedError } from "../../../src/service/errors.js";
import { rejection, TestSim } from "../../helpers/simulator.js";

const T0 = Date.parse("2025-03-03T10:00:00Z");
let sim: TestSim;

beforeEach(async () => {
  sim = await TestSim.start({ now: () => new Date(T0) });
});
afterEach(() => sim.close());

interface Trader {
  userId: number;
  ex: ExchangeClient;
  /** Trading balance of an asset as the client reads it. */
  trading(asset: string): Promise<{ available: string; hold: string; total: string }>;
}

async function trader(trading: Record<string, string>): Promise<Trader> {
  const { userId, keys } = await sim.createAccount({ trading });
  const ex = createExchangeClient({
    baseUrl: sim.running.baseUrls.exchange,
    apiKey: keys.production,
    backoffMs: 5,
  });
  return {
    userId,
    ex,
    async trading(asset) {
      const found = (await ex.getTradingBalances()).balances.find((b) => b.asset === asset);
      return { available: found?.available ?? "0", hold: found?.holds ?? "0", total: found?.balance ?? "0" };
    },
  };
}

/** Best levels of a pair: [price, size] per side. */
async function top(ex: ExchangeClient, symbol: string, depth: 5 | 10 = 5) {
  const book = await ex.getOrderbook({ symbol, depth });
  return { bids: book.bids, asks: book.asks };
}

const limit = (o: {
  clientOrderId: string;
  side: "buy" | "sell";
  size: string;
  price: string;
  symbol?: string;
}) => ({
  symbol: "TONCOIN-USDT",
  type: "limit" as const,
  timeInForce: "GTC" as const,
  ...o,
});

describe("placing orders", () => {
  it("a crossing limit buy fills completely at the book's price, the fee taken from what it buys", async () => {
    const alice = await trader({ USDT: "1000" });
    const [[ask]] = [(await top(alice.ex, "TONCOIN-USDT")).asks] as [[string, string][]];
    const [price] = ask as [string, string];
    const order = await alice.ex.placeOrder(limit({ clientOrderId: "a-1", side: "buy", size: "10", price }));
    const cost = money.mul("10", price);
    expect(order).toMatchObject({
      status: "completed",
      dealSize: "10",
      dealFunds: cost,
      fee: "0.01",
      feeAsset: "TONCOIN",
    });
    expect(await alice.trading("USDT")).toEqual({
      total: money.sub("1000", cost),
      available: money.sub("1000", cost),
      hold: "0",
    });
    expect(await alice.trading("TONCOIN")).toMatchObject({ available: "9.99", hold: "0" });
    expect((await sim.account(alice.userId)).trading).toEqual({
      USDT: money.sub("1000", cost),
      TONCOIN: "9.99",
    });
  });

  it("a limit buy larger than the best level fills in part, rests, and cancelling releases its hold", async () => {
    const alice = await trader({ USDT: "100000" });
    const { asks } = await top(alice.ex, "TONCOIN-USDT");
    const [price, levelSize] = asks[0] as [string, string];
    const size = money.add(levelSize, "5");
    const order = await alice.ex.placeOrder(limit({ clientOrderId: "a-1", side: "buy", size, price }));
    expect(order).toMatchObject({ status: "working", dealSize: levelSize, size });
    const spent = money.mul(levelSize, price);
    const held = money.mul("5", price);
    expect(await alice.trading("USDT")).toMatchObject({
      hold: held,
      available: money.sub(money.sub("100000", spent), held),
    });

    const after = await top(alice.ex, "TONCOIN-USDT");
    expect(after.bids[0]).toEqual([price, "5"]);
    expect(after.asks[0]).toEqual(asks[1]);
    const active = await alice.ex.getActiveOrders();
    expect(active.orders.map((o) => o.id)).toEqual([order.id]);

    expect(await alice.ex.cancelOrder({ orderId: order.id })).toEqual({ cancelledOrderIds: [order.id] });
    const cancelled = await alice.ex.getOrder({ orderId: order.id });
    expect(cancelled).toMatchObject({ status: "cancelled", dealSize: levelSize });
    expect(await alice.trading("USDT")).toMatchObject({ hold: "0", available: money.sub("100000", spent) });
    expect((await top(alice.ex, "TONCOIN-USDT")).bids[0]?.[0]).not.toBe(price);
    expect((await alice.ex.getActiveOrders()).orders).toEqual([]);
    const history = await alice.ex.getOrdersHistory();
    expect(history.orders.map((o) => [o.id, o.status])).toEqual([[order.id, "cancelled"]]);

    const again = await rejection(alice.ex.cancelOrder({ clientOrderId: "a-1" }));
    expect(again).toBeInstanceOf(ServiceRefusedError);
    expect(again).toMatchObject({ status: 409, kind: "invalid_state" });
  });

  it("a resting order of one account is taken by another account's market order", async () => {
    const alice = await trader({ TONCOIN: "100" });
    const bob = await trader({ USDT: "1000" });
    const ask = (await top(bob.ex, "TONCOIN-USDT")).asks[0]?.[0] as string;
    const price = money.sub(ask, "0.0001");
    const resting = await alice.ex.placeOrder(
      limit({ clientOrderId: "a-1", side: "sell", size: "10", price }),
    );
    expect(resting.status).toBe("working");
    expect(await alice.trading("TONCOIN")).toMatchObject({ available: "90", hold: "10" });

    const taken = await bob.ex.placeOrder({
      clientOrderId: "b-1",
      symbol: "TONCOIN-USDT",
      side: "buy",
      type: "market",
      timeInForce: "IOC",
      size: "4",
    });
    const value = money.mul("4", price);
    expect(taken).toMatchObject({ status: "completed", dealSize: "4", dealFunds: value });
    const maker = await alice.ex.getOrder({ orderId: resting.id });
    expect(maker).toMatchObject({ status: "working", dealSize: "4", dealFunds: value, feeAsset: "USDT" });
    const makerFee = money.floor(money.mul(value, "0.0008"), 6);
    expect(maker.fee).toBe(makerFee);
    expect((await sim.account(alice.userId)).trading).toEqual({
      TONCOIN: "96",
      USDT: money.sub(value, makerFee),
    });
    expect((await sim.account(bob.userId)).trading).toEqual({
      USDT: money.sub("1000", value),
      TONCOIN: "3.996",
    });
    const [trade] = (await bob.ex.getTrades({ symbol: "TONCOIN-USDT" })).trades;
    expect(trade).toMatchObject({ price, size: "4", side: "buy" });
  });

  it("IOC cancels the unfilled remainder; FOK that cannot fill completely executes nothing", async () => {
    const alice = await trader({ USDT: "100000" });
    const [price, levelSize] = (await top(alice.ex, "TONCOIN-USDT")).asks[0] as [string, string];
    const size = money.add(levelSize, "5");

    const fok = await alice.ex.placeOrder({
      ...limit({ clientOrderId: "f-1", side: "buy", size, price }),
      timeInForce: "FOK",
    });
    expect(fok).toMatchObject({ status: "cancelled", dealSize: "0", dealFunds: "0", fee: "0" });
    expect(await alice.trading("USDT")).toMatchObject({ available: "100000", hold: "0" });

    const ioc = await alice.ex.placeOrder({
      ...limit({ clientOrderId: "i-1", side: "buy", size, price }),
      timeInForce: "IOC",
    });
    expect(ioc).toMatchObject({ status: "cancelled", dealSize: levelSize });
    expect(await alice.trading("USDT")).toMatchObject({
      available: money.sub("100000", ioc.dealFunds),
      hold: "0",
    });

    const fits = await alice.ex.placeOrder({
      clientOrderId: "f-2",
      symbol: "TONCOIN-USDT",
      side: "buy",
      type: "market",
      timeInForce: "FOK",
      size: "3",
    });
    expect(fits).toMatchObject({ status: "completed", dealSize: "3" });
  });

  it("a market buy by funds spends at most its funds; a market sell by funds receives at least them", async () => {
    const alice = await trader({ USDT: "2000", BTC: "1" });
    const buy = await alice.ex.placeOrder({
      clientOrderId: "m-1",
      symbol: "BTC-USDT",
      side: "buy",
      type: "market",
      timeInForce: "IOC",
      funds: "1000",
    });
    expect(buy).toMatchObject({ status: "completed", funds: "1000" });
    expect(buy.size).toBeUndefined();
    expect(money.lte(buy.dealFunds, "1000")).toBe(true);
    expect(money.gt(buy.dealFunds, "990")).toBe(true);
    expect(await alice.trading("USDT")).toMatchObject({
      available: money.sub("2000", buy.dealFunds),
      hold: "0",
    });
    expect(await alice.trading("BTC")).toMatchObject({
      available: money.add("1", money.sub(buy.dealSize, buy.fee)),
    });

    const sell = await alice.ex.placeOrder({
      clientOrderId: "m-2",
      symbol: "BTC-USDT",
      side: "sell",
      type: "market",
      timeInForce: "IOC",
      funds: "500",
    });
    expect(sell.status).toBe("completed");
    expect(money.gte(sell.dealFunds, "500")).toBe(true);
    expect(sell.feeAsset).toBe("USDT");
  });

  it("a reused clientOrderId is refused with 409 and nothing more is placed", async () => {
    const alice = await trader({ USDT: "1000" });
    const first = await alice.ex.placeOrder(
      limit({ clientOrderId: "dup", side: "buy", size: "10", price: "4" }),
    );
    const balances = await alice.ex.getTradingBalances();
    const err = await rejection(
      alice.ex.placeOrder(limit({ clientOrderId: "dup", side: "buy", size: "20", price: "4.5" })),
    );
    expect(err).toBeInstanceOf(ServiceRefusedError);
    expect(err).toMatchObject({ status: 400, reason: "client_id_duplicate", info: { clientOrderId: "dup" } });
    expect(await alice.ex.getTradingBalances()).toEqual(balances);
    expect((await alice.ex.getActiveOrders()).orders.map((o) => o.id)).toEqual([first.id]);
    expect(await alice.ex.getOrder({ clientOrderId: "dup" })).toMatchObject({
      id: first.id,
      size: "10",
      price: "4",
    });
  });

  it("pair rules, the pair's state and the balance are checked before anything is placed", async () => {
    const alice = await trader({ USDT: "1000", BTC: "1" });
    const base = { clientOrderId: "r", side: "buy" as const, size: "10", price: "5" };
    const cases: [object, number, string, Record<string, unknown>][] = [
      [
        limit({ ...base, size: "10.001" }),
        400,
        "incorrect_decimal_places",
        { field: "size", maxDecimals: 2 },
      ],
      [
        limit({ ...base, price: "5.00005" }),
        400,
        "incorrect_decimal_places",
        { field: "price", maxDecimals: 4 },
      ],
      [limit({ ...base, size: "0.05" }), 400, "amount_out_of_range", { field: "size", min: "0.1" }],
      [limit({ ...base, size: "0.1" }), 400, "amount_out_of_range", { field: "funds", min: "1" }],
      [limit({ ...base, size: "1000" }), 400, "insufficient_funds", { asset: "USDT", available: "1000" }],
      [
        limit({ ...base, symbol: "ETH-BTC", size: "1", price: "0.05" }),
        400,
        "pair_closed",
        { symbol: "ETH-BTC" },
      ],
      [limit({ ...base, symbol: "NOPE-USDT" }), 404, "not_found", {}],
      [
        {
          clientOrderId: "r",
          symbol: "BTC-USDT",
          side: "buy",
          type: "market",
          timeInForce: "IOC",
          funds: "0.5",
        },
        400,
        "amount_out_of_range",
        { field: "funds" },
      ],
    ];
    for (const [order, status, kind, info] of cases) {
      const err = await rejection(alice.ex.placeOrder(order as Parameters<ExchangeClient["placeOrder"]>[0]));
      expect(err, JSON.stringify(order)).toMatchObject({ status, reason: kind, info });
    }
    expect((await sim.account(alice.userId)).trading).toEqual({ USDT: "1000", BTC: "1" });
    expect((await alice.ex.getOrdersHistory()).totalNum).toBe(0);
    expect((await alice.ex.getActiveOrders()).orders).toHaveLength(0);
    // Refusals leave the client id unused.
    expect((await alice.ex.placeOrder(limit(base))).status).toBe("working");
  });
});

describe("stop orders", () => {
  it("wait off the book until trades reach the stop price, then execute", async () => {
    const alice = await trader({ BTC: "1", USDT: "100000" });
    const bob = await trader({ BTC: "100", USDT: "1000000" });
    const { bids, asks } = await top(bob.ex, "BTC-USDT");
    const stopSell = await alice.ex.placeOrder({
      clientOrderId: "s-1",
      symbol: "BTC-USDT",
      side: "sell",
      type: "stopMarket",
      timeInForce: "IOC",
      size: "0.01",
      stopPrice: bids[1]?.[0] as string,
    });
    const stopBuy = await alice.ex.placeOrder({
      clientOrderId: "s-2",
      symbol: "BTC-USDT",
      side: "buy",
      type: "stopLimit",
      timeInForce: "GTC",
      size: "0.01",
      price: asks[1]?.[0] as string,
      stopPrice: asks[1]?.[0] as string,
    });
    expect(stopSell).toMatchObject({ status: "working", stopTriggered: false, dealSize: "0" });
    expect(stopBuy).toMatchObject({ status: "working", stopTriggered: false });
    expect(await alice.trading("BTC")).toMatchObject({ hold: "0.01", available: "0.99" });
    expect(await top(bob.ex, "BTC-USDT")).toEqual({ bids, asks });
    expect((await alice.ex.getActiveOrders()).orders).toHaveLength(2);

    // Bob sells the two best bid levels: the last price falls to the stop.
    const sold = money.add(bids[0]?.[1] as string, bids[1]?.[1] as string);
    await bob.ex.placeOrder({
      clientOrderId: "b-1",
      symbol: "BTC-USDT",
      side: "sell",
      type: "market",
      timeInForce: "IOC",
      size: sold,
    });
    const triggered = await alice.ex.getOrder({ clientOrderId: "s-1" });
    expect(triggered).toMatchObject({ status: "completed", stopTriggered: true, dealSize: "0.01" });
    expect(await alice.trading("BTC")).toMatchObject({ hold: "0", available: "0.99" });

    // Bob buys the two best ask levels: the stop-limit buy triggers and, priced below what is left, rests.
    const bought = money.add(asks[0]?.[1] as string, asks[1]?.[1] as string);
    await bob.ex.placeOrder({
      clientOrderId: "b-2",
      symbol: "BTC-USDT",
      side: "buy",
      type: "market",
      timeInForce: "IOC",
      size: bought,
    });
    const resting = await alice.ex.getOrder({ clientOrderId: "s-2" });
    expect(resting).toMatchObject({ status: "working", stopTriggered: true, dealSize: "0" });
    expect((await top(bob.ex, "BTC-USDT")).bids[0]).toEqual([asks[1]?.[0], "0.01"]);
    await alice.ex.cancelOrder({ clientOrderId: "s-2" });
    expect(await alice.trading("USDT")).toMatchObject({ hold: "0" });
  });
});

describe("reading orders", () => {
  it("by server id or client id, the server id winning; other accounts' orders are not found", async () => {
    const alice = await trader({ USDT: "1000" });
    const bob = await trader({ USDT: "1000" });
    const a1 = await alice.ex.placeOrder(limit({ clientOrderId: "a-1", side: "buy", size: "1", price: "4" }));
    const a2 = await alice.ex.placeOrder(
      limit({ clientOrderId: "a-2", side: "buy", size: "1", price: "4.1" }),
    );
    expect((await alice.ex.getOrder({ clientOrderId: "a-1" })).id).toBe(a1.id);
    expect((await alice.ex.getOrder({ orderId: a2.id, clientOrderId: "a-1" })).id).toBe(a2.id);
    expect(await rejection(bob.ex.getOrder({ orderId: a1.id }))).toMatchObject({
      status: 404,
      reason: "not_found",
    });
    expect(await rejection(bob.ex.cancelOrder({ clientOrderId: "a-1" }))).toMatchObject({ status: 404 });
    expect((await alice.ex.getOrder({ orderId: a1.id })).status).toBe("working");
  });

  it("the history pages newest first and filters by symbol, side, period and cancellation", async () => {
    const alice = await trader({ USDT: "100000", TONCOIN: "1000" });
    const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString().replace(".000", "");
    const place = async (order: Parameters<ExchangeClient["placeOrder"]>[0]) => {
      const placed = await alice.ex.placeOrder(order);
      sim.running.advanceClock(60_000);
      return placed;
    };
    const market = { type: "market" as const, timeInForce: "IOC" as const };
    const o1 = await place({ clientOrderId: "o1", symbol: "BTC-USDT", side: "buy", ...market, funds: "100" });
    const o2 = await place(limit({ clientOrderId: "o2", side: "buy", size: "10", price: "4" }));
    const o3 = await place({
      clientOrderId: "o3",
      symbol: "TONCOIN-USDT",
      side: "sell",
      ...market,
      size: "5",
    });
    const o4 = await place(limit({ clientOrderId: "o4", side: "buy", size: "10", price: "4.5" }));
    const o5 = await place({
      ...limit({ clientOrderId: "o5", symbol: "ETH-USDT", side: "buy", size: "1", price: "3000" }),
      timeInForce: "FOK",
    });
    await alice.ex.cancelOrder({ orderId: o2.id });

    const ids = (page: { orders: { id: string }[] }) => page.orders.map((o) => o.id);
    const all = await alice.ex.getOrdersHistory();
    expect(all).toMatchObject({ currentPage: 1, pageSize: 50, totalNum: 4, totalPage: 1 });
    expect(ids(all)).toEqual([o5.id, o3.id, o2.id, o1.id]);
    const page1 = await alice.ex.getOrdersHistory({ pageSize: 3 });
    const page2 = await alice.ex.getOrdersHistory({ pageSize: 3, currentPage: 2 });
    expect(page1).toMatchObject({ currentPage: 1, pageSize: 3, totalNum: 4, totalPage: 2 });
    expect([...ids(page1), ...ids(page2)]).toEqual(ids(all));
    expect(await alice.ex.getOrdersHistory({ pageSize: 3, currentPage: 3 })).toMatchObject({
      orders: [],
      currentPage: 3,
    });

    expect(ids(await alice.ex.getOrdersHistory({ symbol: "TONCOIN-USDT" }))).toEqual([o3.id, o2.id]);
    expect(ids(await alice.ex.getOrdersHistory({ side: "sell" }))).toEqual([o3.id]);
    expect(ids(await alice.ex.getOrdersHistory({ hideCanceled: true }))).toEqual([o3.id, o1.id]);
    expect(ids(await alice.ex.getOrdersHistory({ startAt: at(1), endAt: at(2) }))).toEqual([o3.id, o2.id]);
    expect(await rejection(alice.ex.getOrdersHistory({ startAt: at(2), endAt: at(1) }))).toMatchObject({
      status: 400,
    });

    expect(ids(await alice.ex.getActiveOrders())).toEqual([o4.id]);
  });

  it("an estimate tells what an order would execute at and changes nothing", async () => {
    const alice = await trader({ USDT: "5000" });
    const terms = {
      symbol: "TONCOIN-USDT",
      side: "buy" as const,
      type: "market" as const,
      timeInForce: "IOC" as const,
      size: "500",
    };
    const book = await alice.ex.getOrderbook({ symbol: "TONCOIN-USDT", depth: 100 });
    const estimate = await alice.ex.estimateOrder(terms);
    expect(await alice.ex.getOrderbook({ symbol: "TONCOIN-USDT", depth: 100 })).toEqual(book);
    expect(await alice.trading("USDT")).toMatchObject({ available: "5000", hold: "0" });
    expect(estimate).toMatchObject({ size: "500", fee: "0.5", feeAsset: "TONCOIN" });
    expect(money.gte(estimate.price, book.asks[0]?.[0] as string)).toBe(true);

    const placed = await alice.ex.placeOrder({ ...terms, clientOrderId: "e-1" });
    expect(placed).toMatchObject({ dealSize: estimate.size, dealFunds: estimate.funds, fee: estimate.fee });
  });
});
