/**
 * The outbox: messages written in a transaction are sent only if it commits; a chat that blocked the
 * bot is recorded and not tried again; a Telegram failure is retried later; a document goes out with
 * its content; every message is marked with its outcome.
 */
import { afterEach, expect, it } from "vitest";
import { outboxTuning } from "../../src/outbox/worker.js";
import { Harness } from "../helpers/bot-harness.js";

let h: Harness;
afterEach(async () => h?.close());

const until = async (check: () => Promise<boolean>, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
};

it("sends what a committed transaction owes, records blocked chats and retries failures", async () => {
  outboxTuning.backoffMs = 10;
  h = await Harness.create();
  const { outbox } = h.app;
  h.tg.started(1, 2, 3, 4);
  h.tg.failNext("sendMessage", { error_code: 403, description: "Forbidden: bot was blocked by the user" }, { chatId: 2 });
  h.tg.failNext("sendMessage", { error_code: 502, description: "Bad Gateway" }, { chatId: 3 });

  await h.storage.db.transaction().execute(async (trx) => {
    await outbox.write(trx, [
      { chatId: 1, text: "one" },
      { chatId: 2, text: "two", group: "g", ref: "2" },
      { chatId: 3, text: "three", group: "g", ref: "3" },
      { chatId: 4, document: { fileName: "r.csv", content: "a,b\n1,2" }, caption: "report" },
    ]);
  });
  // A transaction that fails owes nothing.
  await expect(
    h.storage.db.transaction().execute(async (trx) => {
      await outbox.write(trx, [{ chatId: 5, text: "never" }]);
      throw new Error("the state change failed");
    }),
  ).rejects.toThrow("the state change failed");
  outbox.kick();

  await until(async () => (await outbox.store.counts()).pending === 0);
  expect(await outbox.store.counts()).toEqual({ pending: 0, sent: 3, blocked: 1, failed: 0 });
  expect(await outbox.store.counts("g")).toEqual({ pending: 0, sent: 1, blocked: 1, failed: 0 });
  expect(h.tg.textsIn(1)).toEqual(["one"]);
  expect(h.tg.textsIn(3)).toEqual(["three"]);
  expect(h.tg.textsIn(5)).toEqual([]);
  // The blocked chat was tried once; the failed one twice.
  const tries = (chatId: number) =>
    h.tg.calls.filter((c) => c.method === "sendMessage" && Number(c.payload.chat_id) === chatId).length;
  expect(tries(2)).toBe(1);
  expect(tries(3)).toBe(2);
  const doc = h.tg.sent.find((m) => m.chatId === 4)?.document;
  expect(doc).toEqual({ fileName: "r.csv", content: "a,b\n1,2" });
});
