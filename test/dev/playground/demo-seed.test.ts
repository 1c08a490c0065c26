/**
 * The playground's demo world: the seeded people and a market maker that moves prices through the
 * service API while keeping the book it trades against, and a side panel that leaves its orders out.
 */
import { afterEach, expect, it } from "vitest";
import { createLogger } from "../../../src/logger.js";
import { seedPlayground, startMarketMaker } from "../../../src/dev/playground/demo-seed.js";
import { PanelWatcher, summarise } from "../../../src/dev/playground/panel.js";
import { createExchangeClient } from "../../../src/service/client.js";
import { type RunningSimulator, startSimulator } from "../../../src/dev/simulator/server.js";

let sim: RunningSimulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

it("seeds you, a friend and an admin with a funded app, each with fixed keys", async () => {
  sim = await startSimulator({ port: 0 });
  const { people } = seedPlayground(sim.sim);
  expect(people.map((p) => [p.role, p.id])).toEqual([["you", 1001], ["friend", 1002], ["admin", 1003]]);
  expect(sim.account(1003).pay.USDT).toMatchObject({ available: "25000" });
  expect(sim.sim.isKey(people[2]!.keys.production)).toBe(true);
});

it("moves prices with small trades and leaves both sides of the book standing", async () => {
  sim = await startSimulator({ port: 0 });
  const { makerKey, people } = seedPlayground(sim.sim);
  const exchange = createExchangeClient({ baseUrl: sim.baseUrls.exchange, apiKey: makerKey, timeoutMs: 5000 });
  const before = (await exchange.getTicker({ tickerType: "24h", symbols: ["TONCOIN-USDT"] })).tickers[0]!.last;
  let n = 0;
  const maker = startMarketMaker(exchange, createLogger("silent"), 20, () => (n++ % 4 < 2 ? 0.1 : 0.9));
  try {
    await expect
      .poll(async () => (await exchange.getTicker({ tickerType: "24h", symbols: ["TONCOIN-USDT"] })).tickers[0]!.last, { timeout: 10_000 })
      .not.toBe(before);
  } finally {
    maker.stop();
  }
  const book = await exchange.getOrderbook({ symbol: "TONCOIN-USDT" });
  expect(book.bids.length).toBeGreaterThan(0);
  expect(book.asks.length).toBeGreaterThan(0);
  // The maker's orders are not the demo people's operations.
  expect(sim.sim.requests.list("placeOrder").length).toBeGreaterThan(0);
  expect(new PanelWatcher(sim.sim, people).state().operations).toEqual([]);
});

it("describes a write in one line", () => {
  expect(summarise({ asset: "USDT", amount: "12.5", target: "1002", targetType: "messenger_user_id" })).toBe("12.5 USDT → 1002");
  expect(summarise({ asset: "USDT", payouts: [{ amount: "3" }, { amount: "2.5" }] })).toBe("2 × USDT, total 5.5 USDT");
  expect(summarise({ symbol: "BTC-USDT", side: "buy", type: "limit", size: "0.01", price: "60000" })).toBe("buy limit 0.01 BTC-USDT @ 60000");
  expect(summarise({ asset: "TONCOIN", amount: "5", from: "funding", to: "trading" })).toBe("5 TONCOIN funding → trading");
});
