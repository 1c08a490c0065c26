/**
 * The Exchange WebSocket as a source: the simulator streams order changes and prices; the bot's
 * streams turn a push into an immediate read (orders) or pricing (alerts), so the notice comes
 * without waiting for the next poll. A dropped connection is opened again.
 */
import { afterEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { outboxDrained } from "../helpers/mass-flow.js";
import { Harness } from "../helpers/bot-harness.js";
import { until } from "../helpers/wait.js";

let h: Harness;
let streams: { close(): void } | undefined;
afterEach(async () => {
  streams?.close();
  await h?.close();
});

function streamingNotifications() {
  const n = h.newNotifications({ EXCHANGE_WS_URL: h.sim.webSockets.production });
  streams = n.streams;
  return n;
}

describe("exchange stream", () => {
  it("the simulator's socket answers ping, refuses private channels before auth and pushes order changes", async () => {
    h = await Harness.create();
    const account = await h.createAccount({ trading: { USDT: "100" } });
    const ws = new WebSocket(h.sim.webSockets.production);
    const messages: { id?: number; method?: string; result?: unknown; error?: { code: number }; params?: { status?: string } }[] = [];
    ws.on("message", (raw) => messages.push(JSON.parse(raw.toString())));
    await new Promise((r) => ws.once("open", r));
    ws.send(JSON.stringify({ id: 1, method: "ping" }));
    ws.send(JSON.stringify({ id: 2, method: "subscribe", params: { channel: "activeOrders" } }));
    ws.send(JSON.stringify({ id: 3, method: "auth", params: { key: account.keys.production } }));
    ws.send(JSON.stringify({ id: 4, method: "subscribe", params: { channel: "activeOrders" } }));
    await until(() => messages.length >= 4, "the answers");
    expect(messages.slice(0, 4).map((m) => m.result ?? m.error?.code)).toEqual(["pong", -32001, { userId: account.userId }, true]);
    const { exchange } = h.deps.services.forKey("production", account.keys.production);
    await exchange.placeOrder({ clientOrderId: "ws-1", symbol: "TONCOIN-USDT", side: "buy", type: "limit", timeInForce: "GTC", size: "10", price: "1" } as never);
    await until(() => messages.some((m) => m.method === "activeOrders"), "an order push");
    ws.close();
  });

  it("an order push makes the watcher read at once; a price push fires an alert without waiting", async () => {
    h = await Harness.create();
    const n = streamingNotifications();
    const { user, key } = await h.linkedUser({ trading: { USDT: "100" } });
    const { exchange } = h.deps.services.forKey("production", key);
    const order = await exchange.placeOrder({
      clientOrderId: "ws-2",
      symbol: "TONCOIN-USDT",
      side: "buy",
      type: "limit",
      timeInForce: "GTC",
      size: "10",
      price: "1",
    } as never);
    await n.store.syncSlots(h.deps.now().getTime());
    await n.watcher.round(); // baseline; the next poll is at least 10 s away on the bot's clock
    await user.send("/alert TONCOIN-USDT above 50");
    await n.streams.sync();
    expect(n.streams.size()).toBe(2);
    await new Promise((r) => setTimeout(r, 150)); // let both connections greet

    await h.simFetch("/_sim/orders/fill", { method: "POST", body: { orderId: order.id } });
    await until(async () => {
      await n.watcher.round();
      return (await h.storage.db.selectFrom("notices").selectAll().execute()).length === 1;
    }, "the fill to be read after the push");
    await h.simFetch("/_sim/markets/price", { method: "POST", body: { symbol: "TONCOIN-USDT", price: "55" } });
    await until(async () => (await h.storage.db.selectFrom("notices").selectAll().execute()).length === 2, "the alert");
    await n.sender.drain();
    await until(() => outboxDrained(h), "the outbox");
    expect(user.texts().filter((t) => /Order .* filled|🔔/.test(t))).toHaveLength(2);
  });
});
