/**
 * The watcher's global call budget: a round polls no more slots than the budget allows (the rest stay
 * due), and when the configured intervals would need more calls than the budget, the longest and idle
 * intervals are stretched to fit while fresh slots keep their short ones.
 */
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { Watcher, type WatcherDeps } from "../../src/notifications/watcher.js";
import { Harness } from "../helpers/bot-harness.js";

let h: Harness | undefined;
afterEach(async () => h?.close());

const options = {
  minIntervalMs: 10_000,
  maxIntervalMs: 300_000,
  idleIntervalMs: 1_500_000,
  userCallsPerMinute: 20,
  callsPerMinute: 20_000,
  concurrency: 4,
  batch: 2000,
};
const bare = (o = options) =>
  new Watcher({ log: pino({ level: "silent" }), now: () => 0, options: o } as unknown as WatcherDeps);

describe("watcher call budget", () => {
  it("stretches only the long and idle intervals, by what the slots need over the budget", () => {
    const w = bare();
    const now = 100 * 86_400_000;
    const monthAgo = now - 30 * 86_400_000;
    // 200,000 slots with something open every 300 s and 100,000 idle every 1,500 s: 44,000 calls a minute,
    // fitted into 80 % of 20,000.
    expect(w.fitIntervals({ slots: 300_000, open: 200_000 })).toBeCloseTo(2.75);
    expect(w.intervalFor(monthAgo, now, true)).toBe(825_000);
    expect(w.intervalFor(monthAgo, now, false)).toBe(4_125_000);
    // A fresh slot keeps its short interval.
    expect(w.intervalFor(now - 50_000, now, true)).toBe(10_000);
    expect(w.intervalFor(now - 1_000_000, now, true)).toBe(100_000);
    // Within the budget nothing is stretched.
    expect(w.fitIntervals({ slots: 3_000, open: 2_000 })).toBe(1);
    expect(w.intervalFor(monthAgo, now, true)).toBe(300_000);
  });

  it("warns when the configuration cannot be met, with the intervals polled and the budget that would meet it", () => {
    const lines: Record<string, unknown>[] = [];
    const log = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
    const w = new Watcher({ log, now: () => 0, options } as unknown as WatcherDeps);
    // 100,000 users: 200,000 open slots, 100,000 idle, and 10,000 invoices read with their payments.
    expect(w.callsNeeded({ slots: 300_000, open: 200_000, paymentReads: 10_000 })).toBe(46_000);
    w.fitIntervals({ slots: 300_000, open: 200_000, paymentReads: 10_000 });
    expect(lines.at(-1)).toMatchObject({
      level: 40,
      msg: "watcher configuration cannot be met: intervals stretched to fit WATCH_CALLS_PER_MINUTE",
      needed: 46_000,
      callsPerMinute: 20_000,
      longestIntervalSeconds: 863,
      callsPerMinuteToMeetIt: 57_500,
    });
    // Met again (fewer users): said once, at info.
    w.fitIntervals({ slots: 3_000, open: 2_000 });
    expect(lines.at(-1)).toMatchObject({ level: 30, msg: "watcher intervals as configured", stretch: 1 });
  });

  it("polls no more slots in a round than the budget allows; the rest stay due", async () => {
    h = await Harness.create();
    for (let i = 0; i < 3; i++) await h.linkedUser();
    const notifications = h.newNotifications({ WATCH_CALLS_PER_MINUTE: 4 });
    await notifications.store.syncSlots(h.deps.now().getTime());
    const now = h.deps.now().getTime();
    const dueCount = async () =>
      (await h!.storage.db.selectFrom("watch_slots").select("kind").where("next_poll_at", "<=", now).execute()).length;
    expect(await dueCount()).toBe(9);

    expect(await notifications.watcher.round()).toBe(4);
    expect(notifications.watcher.calls).toBe(4);
    expect(await dueCount()).toBe(5);
    // The budget is spent: the next round at the same moment makes no call at all.
    expect(await notifications.watcher.round()).toBe(0);
    expect(notifications.watcher.calls).toBe(4);
    // A minute later it has refilled, for four more.
    h.advanceClock(60_000);
    expect(await notifications.watcher.round()).toBe(4);
    expect(notifications.watcher.calls).toBe(8);
  });

  const PG_URL = process.env.TEST_DATABASE_URL;
  const databases: [string, string | undefined][] = [["SQLite", undefined], ...(PG_URL ? [["PostgreSQL", PG_URL] as [string, string]] : [])];
  it.each(databases)("counts the slots the budget must serve: all of them, and those with something open (%s)", async (_, databaseUrl) => {
    h = await Harness.create(databaseUrl ? { databaseUrl } : {});
    const a = await h.linkedUser();
    await h.linkedUser();
    await h.notifications.store.syncSlots(h.deps.now().getTime());
    const { pay } = h.deps.services.forKey("production", a.key);
    await pay.createInvoice({ clientInvoiceId: "inv-budget-1", priceCurrency: "USDT", priceAmount: "1" });
    await pay.createInvoice({ clientInvoiceId: "inv-budget-2", priceCurrency: "USDT", priceAmount: "2" });
    // An invoice that takes several payments costs a payments read at every poll.
    await pay.createInvoice({ clientInvoiceId: "inv-budget-3", priceCurrency: "USDT", minPayment: "1", numPayments: 3 });
    await h.notifications.watcher.round();
    expect(await h.notifications.store.slotCounts()).toEqual({ slots: 6, open: 1, paymentReads: 1 });
  });
});
