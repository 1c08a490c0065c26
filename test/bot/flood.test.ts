/**
 * One person's flood slows no one else. The polling runner (at most 500 updates in flight) takes
 * 3,000 updates of one person at once (/balance, text, /start, with the service slow to answer
 * /balance), a Confirm press of theirs among them, and then another person's /start. The other person
 * is answered without waiting for the flood; the flooder's excess is dropped with one "slow down"
 * message, their Confirm is carried out, and no more than the chat's backlog is ever parked.
 */
import { run, type RunnerHandle } from "@grammyjs/runner";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Harness } from "../helpers/bot-harness.js";
import { until } from "../helpers/wait.js";
import { transferSummary } from "../helpers/transfers.js";

const FLOOD = 3_000;
const RATE_LIMIT = { updates: 30, seconds: 10 };
const BACKLOG = 10;

describe("one person's flood", () => {
  let h: Harness;
  let runner: RunnerHandle | undefined;
  /** Outcomes of the updates, as /metrics counts them. */
  let outcomes: string[];
  beforeEach(async () => {
    outcomes = [];
    h = await Harness.create({
      rateLimit: RATE_LIMIT,
      chatBacklog: BACKLOG,
      botOptions: { onUpdate: ({ outcome }) => void outcomes.push(outcome) },
    });
  });
  afterEach(async () => {
    if (runner?.isRunning()) await runner.stop();
    await h.close();
  });

  it("is cut short with one message; another person is answered meanwhile; the flooder's Confirm is carried out", async () => {
    const { user: flooder, confirm, recipientId } = await transferSummary(h);
    const other = h.user(7_777_001);
    // Every /balance of the flooder waits on the service: a backlog of them is slow to clear.
    await h.fault({ operationId: "getAppBalances", mode: "latency", ms: 100, count: 10_000 });
    const confirmPress = flooder.pressUpdate(confirm);
    const queryId = confirmPress.callback_query!.id;

    // Telegram holds the whole flood, the Confirm press in its middle, then the other person's /start.
    const queue = h.tg.api.state.queue;
    const kinds = ["/balance", "hello", "/start"];
    for (let i = 0; i < FLOOD; i++) {
      if (i === FLOOD / 2) queue.push(h.stamp(confirmPress));
      queue.push(h.stamp(flooder.textUpdate(kinds[i % kinds.length]!)));
    }
    queue.push(h.stamp(other.textUpdate("/start")));
    const sentBefore = h.tg.sent.length;
    const flooderShown = () => h.tg.sent.slice(sentBefore).filter((m) => m.chatId === flooder.id);

    let mostParked = 0;
    const sampling = setInterval(() => (mostParked = Math.max(mostParked, h.app.backlog().parked)), 1);
    try {
      runner = run(h.app.bot, { runner: { fetch: { timeout: 1 } } });
      await until(() => h.tg.sent.some((m) => m.chatId === other.id), "the other person's reply", 30_000);
      // By then the flooder had no more than the chat's backlog (and the slow-down message) answered:
      // the other person did not wait behind the flood.
      const flooderAnsweredFirst = flooderShown().length;
      expect(flooderAnsweredFirst).toBeLessThanOrEqual(1 + BACKLOG + 1);

      await until(() => queue.length === 0 && h.app.backlog().parked === 0, "the flood to be taken and cleared", 30_000);
      await until(async () => (await h.account(recipientId)).pay.USDT?.balance === "10", "the confirmed transfer", 10_000);
    } finally {
      clearInterval(sampling);
    }
    await runner.stop();

    // Memory stays bounded: never more parked than the backlog; the excess was dropped, not kept.
    expect(mostParked).toBeLessThanOrEqual(BACKLOG);
    const { dropped } = h.app.backlog();
    const shown = flooderShown().map((m) => m.text);
    expect(dropped).toBeGreaterThanOrEqual(FLOOD - RATE_LIMIT.updates);
    expect(outcomes.filter((o) => o === "dropped")).toHaveLength(dropped);
    expect(shown.length).toBeLessThanOrEqual(RATE_LIMIT.updates + 3);
    expect(shown.filter((t) => /too much at once/.test(t))).toHaveLength(1);
    // The Confirm press was answered and carried out once.
    expect(h.tg.answeredQueries.has(queryId)).toBe(true);
    expect((await h.simRequests("createTransfer")).length).toBe(1);
    expect(flooder.texts().some((t) => /Sent 10 USDT/.test(t))).toBe(true);
    expect(h.logLines.filter((l) => l.includes("the person is told to slow down"))).toHaveLength(1);
  }, 90_000);

  it("answers every dropped press at once, and tells the person again only a minute later", async () => {
    const person = h.user(7_777_002);
    await person.send("/start");
    const burst = async (size: number) => {
      const presses = Array.from({ length: size }, () => h.stamp(person.pressUpdate("menu:rates")));
      await Promise.all(presses.map((u) => h.app.bot.handleUpdate(u)));
      for (const u of presses) expect(h.tg.answeredQueries.has(u.callback_query!.id), `press ${u.update_id}`).toBe(true);
    };
    const told = () => person.texts().filter((t) => /too much at once/.test(t)).length;
    await burst(RATE_LIMIT.updates + 5);
    expect(told()).toBe(1);
    await burst(5);
    expect(told()).toBe(1);
    h.advanceClock(61_000);
    await burst(5);
    expect(told()).toBe(2);
  });
});
