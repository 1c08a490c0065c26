/**
 * The simulator as clients written for the real service see it. Such a client is given a base URL
 * and puts `/api/v1/…` at the root of its origin (`new URL("/api/v1/…", base)`, which drops any path
 * of the base), so each interface of each network is served at the root of its own origin. The
 * Exchange calls below are made the way the public TypeScript Exchange client of
 * nakazanie-ton/myrocket makes them, and its replies are read with what that client requires (its
 * zod schemas and field checks, restated here).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { operationIdsOf, operations } from "../../../src/service/operations.js";
import { type BaseUrls, ORIGINS } from "../../../src/dev/simulator/server.js";
import { TestSim } from "../../helpers/simulator.js";

let sim: TestSim;
beforeAll(async () => {
  sim = await TestSim.start();
});
afterAll(() => sim.close());

/** A value for each path parameter of the contract. */
const PATH_VALUES: Record<string, string> = { symbol: "BTC-USDT", asset: "BTC", tickerType: "24h" };

type Query = Record<string, string | number | boolean | readonly string[] | undefined>;

/** One request as the myrocket client sends it: the path resolved against the base, arrays as repeated keys. */
async function request(
  base: string,
  method: "GET" | "POST" | "DELETE",
  path: string,
  opts: { key?: string; query?: Query; body?: unknown } = {},
): Promise<{ status: number; body: unknown }> {
  const url = new URL(path, base);
  for (const [name, value] of Object.entries(opts.query ?? {})) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) url.searchParams.append(name, item);
    else url.searchParams.set(name, String(value));
  }
  const headers = new Headers({ Accept: "application/json" });
  if (opts.key !== undefined) headers.set("Authorization", `Bearer ${opts.key}`);
  if (opts.body !== undefined) headers.set("Content-Type", "application/json");
  const res = await fetch(url, {
    method,
    headers,
    redirect: "error",
    ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

describe("each interface at the root of its own origin", () => {
  it("has four origins, one per interface and network", () => {
    const urls = Object.values(sim.running.baseUrls);
    expect(new Set(urls.map((u) => new URL(u).origin)).size).toBe(4);
    for (const url of urls) expect(new URL(url).pathname).toBe("/");
  });

  it.each(ORIGINS)("reaches every operation of $name through new URL(path, base)", async ({ name, api, network }) => {
    const { keys } = await sim.createAccount();
    const base = sim.running.baseUrls[name];
    for (const id of operationIdsOf(api)) {
      const def = operations[id];
      const path = def.path.replace(/\{(\w+)\}/g, (_, name: string) => PATH_VALUES[name] ?? name);
      // A base with a path of its own changes nothing: the client's path starts at the root.
      await request(`${base}/ignored/by/the/client`, def.method as "GET", path, { key: keys[network] });
      // Reached: routed to the operation and logged (its own checks may still refuse the empty input).
      const logged = await sim.requests(id);
      expect(logged.some((r) => r.network === network && r.api === api), id).toBe(true);
    }
  });

  it("keeps keys per network and paths per interface", async () => {
    const { keys } = await sim.createAccount();
    const { baseUrls } = sim.running;
    const balances = "/api/v1/accounts/trading/balances";
    expect((await request(baseUrls.exchange, "GET", balances, { key: keys.production })).status).toBe(200);
    expect((await request(baseUrls.exchangeTestnet, "GET", balances, { key: keys.production })).status).toBe(401);
    expect((await request(baseUrls.exchangeTestnet, "GET", balances, { key: keys.testnet })).status).toBe(200);
    expect((await request(baseUrls.pay, "GET", "/api/v1/balances", { key: keys.testnet })).status).toBe(401);
    // An Exchange path on a Pay origin and the old prefixed paths are not routes.
    expect((await request(baseUrls.pay, "GET", balances, { key: keys.production })).status).toBe(404);
    expect((await request(baseUrls.exchange, "GET", `/exchange${balances}`, { key: keys.production })).status).toBe(404);
  });
});

// What the myrocket client requires of the replies it reads (src/agent-trading.ts, src/server.ts @a64c5c46).
const decimal = z.string().regex(/^(?:0|[1-9]\d*)(?:\.\d+)?$/);
const positive = decimal.refine((v) => /[1-9]/.test(v));
const ratesSchema = z.record(z.string(), z.object({ rate: positive }));
const symbolRulesSchema = z.object({ symbol: z.string(), quoteAsset: z.string(), enableTrading: z.boolean().optional() });
const orderRecordSchema = z.object({
  id: z.string().optional(),
  clientOrderId: z.string().optional(),
  symbol: z.string(),
  status: z.string(),
});
const accountOrderSchema = orderRecordSchema.extend({
  createdAt: z.string().datetime({ offset: true }),
  baseAsset: z.string(),
  quoteAsset: z.string(),
  funds: decimal.optional(),
  dealFunds: decimal.optional(),
});
const activeOrdersSchema = z.object({ orders: z.array(accountOrderSchema) });
const orderHistorySchema = z.object({
  orders: z.array(accountOrderSchema),
  currentPage: z.number().int().min(1),
  totalPage: z.number().int().min(0),
});
const estimateSchema = z.object({ symbol: z.string(), funds: positive });
const balancesSchema = z.object({ balances: z.array(z.object({ asset: z.string() })) });
const assetSchema = z.object({
  availableTransfers: z.array(z.enum(["fundingToTrading", "tradingToFunding"])),
});

describe("the myrocket Exchange client against the printed Exchange base URLs", () => {
  it.each(["exchange", "exchangeTestnet"] as const)("all 26 operations work on %s", async (origin: keyof BaseUrls) => {
    const account = await sim.createAccount({
      funding: { USDT: "1000" },
      trading: { USDT: "5000", BTC: "1" },
    });
    const key = origin === "exchange" ? account.keys.production : account.keys.testnet;
    const base = sim.running.baseUrls[origin];
    const seen = new Set<string>();
    const ok = async (name: string, method: "GET" | "POST" | "DELETE", path: string, opts: Parameters<typeof request>[3] = {}) => {
      const res = await request(base, method, path, opts);
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
      seen.add(name);
      return res.body;
    };
    const priv = { key };

    // Public market data.
    expect(await ok("health", "GET", "/health")).toMatchObject({ status: "ok" });
    expect((await ok("symbols", "GET", "/api/v1/symbols")) as { symbols: unknown[] }).toHaveProperty("symbols");
    const rules = symbolRulesSchema.parse(await ok("symbol", "GET", "/api/v1/symbols/BTC-USDT"));
    expect(rules.quoteAsset).toBe("USDT");
    await ok("tickers", "GET", "/api/v1/ticker/24h", { query: { symbols: ["BTC-USDT", "TONCOIN-USDT"] } });
    await ok("candles", "GET", "/api/v1/candles", {
      query: { symbol: "BTC-USDT", type: "1hour", startAt: "2020-01-01T00:00:00.000Z", endAt: new Date().toISOString() },
    });
    const book = (await ok("orderbook", "GET", "/api/v1/orderbook", { query: { symbol: "BTC-USDT", depth: 20 } })) as {
      bids: [string, string][];
    };
    await ok("trades", "GET", "/api/v1/trades", { query: { symbol: "BTC-USDT" } });
    await ok("assets", "GET", "/api/v1/assets");
    expect(assetSchema.parse(await ok("asset", "GET", "/api/v1/assets/USDT")).availableTransfers).toEqual([
      "fundingToTrading",
      "tradingToFunding",
    ]);
    const rates = ratesSchema.parse(await ok("rates", "GET", "/api/v1/rates", { query: { base: "USD", assets: ["USDT", "BTC"] } }));
    expect(rates.USDT?.rate).toBe("1");
    await ok("trade fees", "GET", "/api/v1/trade-fees", { query: { symbols: ["BTC-USDT"] } });

    // Balances and orders.
    balancesSchema.parse(await ok("trading balances", "GET", "/api/v1/accounts/trading/balances", priv));
    balancesSchema.parse(await ok("funding balances", "GET", "/api/v1/accounts/funding/balances", priv));
    const terms = { symbol: "BTC-USDT", side: "buy", type: "market", funds: "20", timeInForce: "IOC" };
    estimateSchema.parse(await ok("estimate", "POST", "/api/v1/orders/estimate", { ...priv, body: terms }));
    const market = accountOrderSchema.parse(
      await ok("place", "POST", "/api/v1/orders", { ...priv, body: { clientOrderId: `mr-${origin}-1`, ...terms } }),
    );
    expect(market).toMatchObject({ baseAsset: "BTC", quoteAsset: "USDT" });
    const lowBid = book.bids.at(-1)![0];
    const resting = accountOrderSchema.parse(
      await request(base, "POST", "/api/v1/orders", {
        ...priv,
        body: { clientOrderId: `mr-${origin}-2`, symbol: "BTC-USDT", side: "buy", type: "limit", size: "0.001", price: lowBid, timeInForce: "GTC" },
      }).then((r) => r.body),
    );
    const active = activeOrdersSchema.parse(await ok("active orders", "GET", "/api/v1/orders/active", { ...priv, query: {} }));
    expect(active.orders.map((o) => o.clientOrderId)).toEqual([`mr-${origin}-2`]);
    const one = accountOrderSchema.parse(await ok("order", "GET", "/api/v1/order", { ...priv, query: { clientOrderId: resting.clientOrderId } }));
    expect(one).toMatchObject({ id: resting.id, baseAsset: "BTC", quoteAsset: "USDT" });
    await ok("cancel", "DELETE", "/api/v1/order", { ...priv, query: { orderId: resting.id } });
    const history = orderHistorySchema.parse(
      await ok("order history", "GET", "/api/v1/orders/history", {
        ...priv,
        query: { startAt: "2020-01-01T00:00:00.000Z", endAt: new Date(Date.now() + 60_000).toISOString(), currentPage: 1, pageSize: 100, hideCanceled: false },
      }),
    );
    expect(history.orders.map((o) => o.quoteAsset)).toEqual(["USDT", "USDT"]);

    // Moves between balances and withdrawals.
    const move = { clientTransferId: `mr-${origin}-t`, asset: "USDT", amount: "10.00", from: "funding", to: "trading" };
    await ok("transfer", "POST", "/api/v1/accounts/transfers", { ...priv, body: move });
    await ok("transfer history", "GET", "/api/v1/accounts/transfers", { ...priv, query: { assets: ["USDT"] } });
    await ok("transfer read", "GET", "/api/v1/accounts/transfer", { ...priv, query: { clientTransferId: move.clientTransferId } });
    const quota = (await ok("withdrawal quotas", "GET", "/api/v1/accounts/funding/withdrawal-quotas", {
      ...priv,
      query: { asset: "USDT", network: "TON" },
    })) as { minAmount: string };
    const withdrawal = { clientWithdrawalId: `mr-${origin}-w`, network: "TON", asset: "USDT", address: `EQ${"A".repeat(46)}`, amount: quota.minAmount };
    await ok("withdrawal", "POST", "/api/v1/accounts/funding/withdrawals", { ...priv, body: withdrawal });
    await ok("withdrawal history", "GET", "/api/v1/accounts/funding/withdrawals", { ...priv, query: { assets: ["USDT"] } });
    await ok("withdrawal read", "GET", "/api/v1/accounts/funding/withdrawal", {
      ...priv,
      query: { clientWithdrawalId: withdrawal.clientWithdrawalId },
    });

    expect(seen.size).toBe(26);
    expect(seen.size).toBe(operationIdsOf("exchange").length);
  });
});

/**
 * The optional fields and values the myrocket client sends that the run above leaves out: its tool
 * schemas (src/server.ts @4497a700) accept date-times with an offset (`datetime({ offset: true })`),
 * history filters, both order ids at once (its test "prepares and executes cancellation …" sends
 * `{orderId, clientOrderId}`), depth 500 with a precision, a rates base that is an asset; and the
 * summary of the live Swagger (S5) makes clientOrderId and clientTransferId optional, and gives the
 * Exchange's transfer and withdrawal client ids a length but no character set (S4's audit).
 */
describe("the myrocket Exchange client's optional fields", () => {
  it("are accepted and answered in the shape it reads", async () => {
    const account = await sim.createAccount({ funding: { USDT: "1000" }, trading: { USDT: "5000", BTC: "1" } });
    const base = sim.running.baseUrls.exchange;
    const priv = { key: account.keys.production };
    const ok = async (method: "GET" | "POST" | "DELETE", path: string, opts: Parameters<typeof request>[3] = {}) => {
      const res = await request(base, method, path, opts);
      expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
      return res.body;
    };

    // A market order without a client id: placed, and read back without one.
    const placed = accountOrderSchema.parse(
      await ok("POST", "/api/v1/orders", { ...priv, body: { symbol: "BTC-USDT", side: "buy", type: "market", funds: "20", timeInForce: "IOC" } }),
    );
    expect(placed.clientOrderId).toBeUndefined();

    // Order history with every filter of its tool, the period's ends given with an offset.
    const inMoscow = (ms: number) => new Date(ms + 3 * 3_600_000).toISOString().replace("Z", "+03:00");
    const history = orderHistorySchema.parse(
      await ok("GET", "/api/v1/orders/history", {
        ...priv,
        query: {
          symbol: "BTC-USDT",
          side: "buy",
          startAt: inMoscow(Date.now() - 60_000),
          endAt: inMoscow(Date.now() + 60_000),
          currentPage: 1,
          pageSize: 100,
          hideCanceled: true,
        },
      }),
    );
    expect(history.orders.map((o) => o.id)).toEqual([placed.id]);
    const sells = orderHistorySchema.parse(await ok("GET", "/api/v1/orders/history", { ...priv, query: { side: "sell" } }));
    expect(sells.orders).toEqual([]);

    // Cancel with both ids: the order id wins.
    const book = (await ok("GET", "/api/v1/orderbook", { query: { symbol: "BTC-USDT", depth: 500, precision: "1" } })) as {
      bids: [string, string][];
    };
    const lowBid = book.bids.at(-1)![0];
    const resting = accountOrderSchema.parse(
      await ok("POST", "/api/v1/orders", {
        ...priv,
        body: { clientOrderId: "agent-order-42", symbol: "BTC-USDT", side: "buy", type: "limit", size: "0.001", price: lowBid, timeInForce: "GTC" },
      }),
    );
    expect(await ok("DELETE", "/api/v1/order", { ...priv, query: { orderId: resting.id, clientOrderId: "agent-order-42" } })).toEqual({
      cancelledOrderIds: [resting.id],
    });

    // The refusals the field summary (S5) names: a market order with neither or both of size and
    // funds (the myrocket client refuses both itself; the service's schema allows each), an order
    // read without an id.
    const market = { symbol: "BTC-USDT", side: "buy", type: "market", timeInForce: "IOC" };
    const refusedKind = async (path: string, opts: Parameters<typeof request>[3]) =>
      ((await request(base, opts?.body === undefined ? "GET" : "POST", path, opts)).body as { kind: string }).kind;
    expect(await refusedKind("/api/v1/orders/estimate", { ...priv, body: market })).toBe("order_size_and_funds_missing");
    expect(await refusedKind("/api/v1/orders", { ...priv, body: { ...market, size: "0.001", funds: "20" } })).toBe(
      "order_size_and_funds_mutual_exclusion",
    );
    expect(await refusedKind("/api/v1/order", { ...priv, query: {} })).toBe("exchange_missing_order_identifier");

    // Rates in an asset rather than a fiat currency.
    expect(ratesSchema.parse(await ok("GET", "/api/v1/rates", { query: { base: "USDT", assets: ["TONCOIN", "BTC"] } }))).toEqual({
      TONCOIN: { rate: expect.any(String) },
      BTC: { rate: expect.any(String) },
    });

    // A move without a client id, and one whose id has a character the order ids may not have.
    const move = { asset: "USDT", amount: "10.00", from: "funding", to: "trading" };
    const anonymous = (await ok("POST", "/api/v1/accounts/transfers", { ...priv, body: move })) as { id: string };
    expect((await ok("GET", "/api/v1/accounts/transfer", { ...priv, query: { transferId: anonymous.id } })) as object).not.toHaveProperty(
      "clientTransferId",
      expect.any(String),
    );
    await ok("POST", "/api/v1/accounts/transfers", { ...priv, body: { ...move, clientTransferId: "move.2026-09-01" } });
    const moves = (await ok("GET", "/api/v1/accounts/transfers", {
      ...priv,
      query: { assets: ["USDT"], from: "funding", to: "trading", startAt: inMoscow(Date.now() - 60_000), endAt: inMoscow(Date.now() + 60_000) },
    })) as { transfers: unknown[] };
    expect(moves.transfers).toHaveLength(2);

    const withdrawal = { clientWithdrawalId: "w.2026-09-01", network: "TON", asset: "USDT", address: `EQ${"C".repeat(46)}`, amount: "10" };
    await ok("POST", "/api/v1/accounts/funding/withdrawals", { ...priv, body: withdrawal });
    const withdrawals = (await ok("GET", "/api/v1/accounts/funding/withdrawals", {
      ...priv,
      query: { assets: ["USDT"], startAt: inMoscow(Date.now() - 60_000), endAt: inMoscow(Date.now() + 60_000), currentPage: 1, pageSize: 10 },
    })) as { withdrawals: unknown[] };
    expect(withdrawals.withdrawals).toHaveLength(1);
  });
});
