/**
 * The broadcast pacer against the Bot API stand-in: messages to many chats go out at the configured
 * rate, a 429 pauses every broadcast for its retry_after, and each message arrives exactly once.
 */
import { Api } from "grammy";
import { afterEach, beforeEach, expect, it } from "vitest";
import { BroadcastPacer, broadcastApi } from "../../src/telegram/broadcast-pacer.js";
import { ApiRefusal } from "../../src/dev/telegram-stand-in/bot-api.js";
import { type BotApiServer, startBotApiServer } from "../../src/dev/telegram-stand-in/bot-api-server.js";

let server: BotApiServer;
beforeEach(async () => {
  server = await startBotApiServer({ token: "1:T" });
});
afterEach(() => server.close());

const chats = Array.from({ length: 20 }, (_, i) => 100 + i);

it("spaces messages to many chats to the configured rate", async () => {
  for (const id of chats) server.user(id).send("hi");
  // When each call leaves the pacer (a transformer inside it), independent of the network's timing.
  const released: number[] = [];
  const api = new Api("1:T", { apiRoot: server.apiRoot });
  api.config.use((prev, method, payload, signal) => {
    released.push(performance.now());
    return prev(method, payload, signal);
  });
  api.config.use(new BroadcastPacer(() => 50).transformer);
  await Promise.all(chats.map((id) => api.sendMessage(id, `note ${id}`)));
  // 20 messages at 50/s: one every 20 ms (slots are counted in whole milliseconds).
  for (let i = 1; i < released.length; i++) expect(released[i]! - released[i - 1]!).toBeGreaterThanOrEqual(18);
  for (const id of chats) expect(server.state.history(id).filter((m) => m.text === `note ${id}`)).toHaveLength(1);
});

it("obeys retry_after: a 429 pauses every broadcast, and the refused message is sent once afterwards", async () => {
  for (const id of chats.slice(0, 5)) server.user(id).send("hi");
  server.refuseNext("sendMessage", new ApiRefusal(429, "Too Many Requests: retry after 1", { retry_after: 1 }));
  const api = broadcastApi("1:T", { apiRoot: server.apiRoot }, new BroadcastPacer(() => 1000));
  const started = Date.now();
  await Promise.all(chats.slice(0, 5).map((id) => api.sendMessage(id, "paid")));
  expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  for (const id of chats.slice(0, 5)) {
    expect(server.state.history(id).filter((m) => m.text === "paid")).toHaveLength(1);
  }
});
