/**
 * A storm of presses on one Confirm button: 1,000 presses (distinct updates) at once plus 300
 * redeliveries of updates already handled. One transfer, one success message, every press answered,
 * no error message in the chat, no error in the log, and the person's next command answered normally.
 */
import type { Update } from "grammy/types";
import { afterEach, beforeEach, expect, it } from "vitest";
import { Harness } from "../helpers/bot-harness.js";
import { transferSummary } from "../helpers/transfers.js";
import { SEND_DATA } from "../../src/bot/features/send/callback-data.js";
import { pickData } from "../../src/bot/shared/input-data.js";

let h: Harness;
beforeEach(async () => {
  h = await Harness.create();
});
afterEach(async () => {
  await h.close();
});

it("carries out one transfer for 1,000 presses and 300 redeliveries, answering every press without flooding the chat", async () => {
  const { user, senderId, recipientId, confirm } = await transferSummary(h);
  const sentBefore = h.tg.sent.length;
  const logBefore = h.logLines.length;

  // Each press is its own callback query with its own update id, as Telegram delivers them.
  const presses: Update[] = Array.from(
    { length: 1000 },
    (_, i) => ({ update_id: 100_000 + i, ...user.pressUpdate(confirm) }) as Update,
  );
  await Promise.all([
    ...presses.map((u) => h.replay(u)),
    // Redeliveries (same update, same query id), as after a restart that had not confirmed them.
    ...presses.slice(0, 300).map((u) => h.replay(u)),
  ]);

  // One transfer: the service got one create, the money moved once.
  expect(await h.simRequests("createTransfer")).toHaveLength(1);
  expect((await h.account(senderId)).pay.USDT?.available).toBe("90");
  expect((await h.account(recipientId)).pay.USDT?.available).toBe("10");

  // Every press answered (a redelivery is recognised by its update id, answered again and skipped).
  const answered = new Set(h.tg.callsOf("answerCallbackQuery").map((c) => String(c.payload.callback_query_id)));
  for (const p of presses) expect(answered.has(p.callback_query!.id)).toBe(true);

  // One success message (the summary, edited), and no other message in the chat.
  const texts = user.texts();
  expect(texts.filter((t) => t.includes(`✅ Sent 10 USDT (≈ US$10.00) to user id ${recipientId}`))).toHaveLength(1);
  expect(h.tg.sent.slice(sentBefore)).toEqual([]);
  expect(texts.some((t) => /Something went wrong/.test(t))).toBe(false);

  // The log: no error level (pino 50+); the 300 redeliveries skipped, at info.
  const lines = h.logLines.slice(logBefore).map((l) => JSON.parse(l) as { level: number; msg: string });
  expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  expect(lines.filter((l) => l.level === 30 && /update already taken/.test(l.msg))).toHaveLength(300);

  // The next command is answered at once, as usual.
  await user.send("/send");
  expect(user.last()?.text).toMatch(/Transfers to users/);
}, 60_000);

it("does not answer a failed reply with another message, and logs it as a warning", async () => {
  const user = h.user(31337);
  await user.send("/start");
  const before = h.tg.sent.length;
  const logBefore = h.logLines.length;
  h.tg.failNext("sendMessage", { error_code: 400, description: "Bad Request: message text is too long" });
  await user.send("/menu");
  // The failed call was the reply itself: no "Something went wrong" follows it.
  expect(h.tg.sent.slice(before)).toEqual([]);
  const lines = h.logLines.slice(logBefore).map((l) => JSON.parse(l) as { level: number; msg: string });
  expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  expect(lines.some((l) => l.level === 40 && l.msg === "Telegram refused a call")).toBe(true);
  await user.send("/menu");
  expect(user.last()?.text).toBe("What would you like to do?");
});

it("answers a press at once while its flow waits for a slow service, and the flow goes on", async () => {
  const { user } = await h.linkedUser({ pay: { USDT: "100" } });
  const { userId: recipientId } = await h.createAccount({});
  await user.press("menu:send");
  await user.press(SEND_DATA.create.build({}));
  await user.send(String(recipientId));
  await h.fault({ operationId: "getAppBalances", mode: "latency", ms: 400, count: 5 });
  const logFrom = h.logLines.length;
  const update = user.pressUpdate(pickData("USDT"));
  const queryId = (update.callback_query as { id: string }).id;
  const callsFrom = h.tg.calls.length;
  await h.handle(update);
  // Answered before the flow's reply, which waited for the service (the handler's own later answer
  // was refused by Telegram as a second one, and absorbed).
  const calls = h.tg.calls.slice(callsFrom);
  const firstAnswer = calls.findIndex((c) => c.method === "answerCallbackQuery");
  const firstReply = calls.findIndex((c) => c.method === "sendMessage" || c.method === "editMessageText");
  expect(firstAnswer).toBeGreaterThanOrEqual(0);
  expect(firstAnswer).toBeLessThan(firstReply);
  expect(calls.filter((c) => c.method === "answerCallbackQuery").every((c) => c.payload.callback_query_id === queryId)).toBe(true);
  expect(user.last()?.text).toMatch(/^How much USDT to send\? Available: 100 USDT\. Minimum: 0\.01 USDT\.\n\n1 USDT ≈ US\$1\.00 now/);
  const lines = h.logLines.slice(logFrom).map((l) => JSON.parse(l) as { level: number });
  expect(lines.filter((l) => l.level >= 40)).toEqual([]);
});

it("answers every press of a storm when the instance that took them is killed and the updates come again", async () => {
  const { user, senderId, confirm, opId } = await transferSummary(h);

  // The first instance: once it has made 200 calls to Telegram it is killed, so nothing it does
  // afterwards reaches Telegram (its calls never complete), while the ids it took stay taken.
  let calls = 0;
  const killed = () => calls >= 200;
  const first = h.newApp({
    client: {
      fetch: ((input: unknown, init?: unknown) => {
        if (killed()) return new Promise(() => undefined);
        calls++;
        return h.tg.fetch(input as never, init as never);
      }) as unknown as typeof fetch,
    },
  });
  const presses: Update[] = Array.from(
    { length: 1000 },
    (_, i) => ({ update_id: 200_000 + i, ...user.pressUpdate(confirm) }) as Update,
  );
  for (const u of presses) void first.bot.handleUpdate(u);
  const taken = async () =>
    Number(
      (
        await h.storage.db
          .selectFrom("processed_updates")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("update_id", ">=", 200_000)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const deadline = Date.now() + 20_000;
  while ((await taken()) < presses.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  expect(await taken()).toBe(presses.length);
  expect(killed()).toBe(true);
  // Only Telegram is cut off here: the first instance still finishes the transfer it had claimed.
  const state = async () => (await h.storage.operations.get(opId))?.state;
  while ((await state()) === "pending" && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));

  // The restarted instance: Telegram delivers again every update the dead one had not confirmed.
  const second = h.newApp();
  await second.reconcileUnfinished(0);
  await Promise.all(presses.map((u) => second.bot.handleUpdate(u)));

  const answered = h.tg.answeredQueries;
  const unanswered = presses.filter((p) => !answered.has(p.callback_query!.id));
  expect(unanswered).toHaveLength(0);
  // One transfer, whichever instance carried it out.
  expect(await h.simRequests("createTransfer")).toHaveLength(1);
  expect((await h.account(senderId)).pay.USDT?.available).toBe("90");
  expect((await h.storage.operations.get(opId))?.state).toBe("done");
}, 60_000);

it("handles a press delivered too late to be answered (after a restart) like any other", async () => {
  const { user } = await h.linkedUser({});
  const logFrom = h.logLines.length;
  h.tg.failNext("answerCallbackQuery", {
    error_code: 400,
    description: "Bad Request: query is too old and response timeout expired or query ID is invalid",
  });
  await user.press("menu:send");
  expect(user.last()?.text).toMatch(/Transfers to users/);
  const lines = h.logLines.slice(logFrom).map((l) => JSON.parse(l) as { level: number });
  expect(lines.filter((l) => l.level >= 40)).toEqual([]);
});
