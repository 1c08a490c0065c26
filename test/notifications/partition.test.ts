/**
 * Several instances share the watched users (src/notifications/partition.ts), on PostgreSQL: two
 * watchers split the users between them, every change is announced once even while both poll the
 * same users, and when one stops (cleanly or by dying) the other takes its share over.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { Notifications } from "../../src/notifications/index.js";
import { outboxDrained } from "../helpers/mass-flow.js";
import { Harness } from "../helpers/bot-harness.js";

const databaseUrl = process.env.TEST_DATABASE_URL;
let h: Harness | undefined;
afterEach(async () => h?.close());

describe.skipIf(!databaseUrl)("watcher shared by instances (PostgreSQL)", () => {
  /** Six watched users with an active invoice each, and a second watcher instance over the same database. */
  async function setUp() {
    h = await Harness.create({ databaseUrl: databaseUrl! });
    const harness = h;
    const users: (Awaited<ReturnType<Harness["linkedUser"]>> & { invoice: { id: string } })[] = [];
    for (let i = 0; i < 6; i++) {
      const linked = await harness.linkedUser();
      const clients = harness.deps.services.forKey("production", linked.key);
      const invoice = await clients.pay.createInvoice({ clientInvoiceId: `inv-p-${i}`, priceCurrency: "USDT", priceAmount: "5" });
      users.push({ ...linked, invoice });
    }
    await harness.notifications.store.syncSlots(harness.deps.now().getTime());
    const a = harness.notifications;
    const b = harness.newNotifications({}, harness.newParts());
    const now = () => harness.deps.now().getTime();
    /** The users whose slots are no longer due (polled) after `run`. */
    const polledBy = async (run: () => Promise<unknown>) => {
      harness.advanceClock(301_000);
      await run();
      const due = await harness.storage.db.selectFrom("watch_slots").select("telegram_id").where("next_poll_at", "<=", now()).execute();
      const left = new Set(due.map((r) => r.telegram_id));
      return users.filter((u) => !left.has(u.user.id)).map((u) => u.user.id);
    };
    const send = async () => {
      await a.sender.drain();
      for (let i = 0; i < 400 && !(await outboxDrained(harness)); i++) await new Promise((r) => setTimeout(r, 10));
    };
    const pay = async (invoiceId: string) =>
      harness.simFetch("/_sim/invoices/pay", { method: "POST", body: { invoiceId, payerId: "777" } });
    const paidNotices = (u: (typeof users)[number]) => u.user.texts().filter((t) => /was paid/.test(t));
    return { harness, users, a, b, polledBy, send, pay, paidNotices };
  }

  const mine = (n: Notifications, ids: number[]) => {
    const share = n.partition.share()!;
    return ids.filter((id) => id % share.count === share.index);
  };

  it("splits the users between two live instances, each polling only its own, and announces every change once", async () => {
    const { users, a, b, polledBy, send, pay, paidNotices } = await setUp();
    await a.partition.renew();
    await b.partition.renew();
    await a.partition.renew();
    expect([a.partition.share()!.count, b.partition.share()!.count]).toEqual([2, 2]);
    expect(new Set([a.partition.share()!.index, b.partition.share()!.index])).toEqual(new Set([0, 1]));
    const ids = users.map((u) => u.user.id);
    const ofA = mine(a, ids);
    const ofB = mine(b, ids);
    expect(ofA.length).toBeGreaterThan(0);
    expect(ofB.length).toBeGreaterThan(0);
    expect([...ofA, ...ofB].sort()).toEqual([...ids].sort());

    // First look of each instance at its users: only its own are polled.
    expect(await polledBy(() => a.watcher.round())).toEqual(ofA);
    // (a's are due again by then: the clock moved past the longest interval.)
    expect(await polledBy(() => b.watcher.round())).toEqual(ofB);

    for (const u of users) await pay(u.invoice.id);
    for (let i = 0; i < 3; i++) await polledBy(() => Promise.all([a.watcher.round(), b.watcher.round()]));
    await send();
    for (const u of users) expect(paidNotices(u)).toHaveLength(1);
    expect(a.watcher.calls + b.watcher.calls).toBeGreaterThan(0);
  });

  it("announces a change once when two instances poll the same users at once", async () => {
    const { users, a, b, polledBy, send, pay, paidNotices } = await setUp();
    // Neither placed yet: each polls every user, as during a change of the live set.
    await polledBy(() => Promise.all([a.watcher.round(), b.watcher.round()]));
    for (const u of users) await pay(u.invoice.id);
    for (let i = 0; i < 3; i++) await polledBy(() => Promise.all([a.watcher.round(), b.watcher.round()]));
    await send();
    for (const u of users) expect(paidNotices(u)).toHaveLength(1);
    const rows = await h!.storage.db.selectFrom("notices").select("id").execute();
    expect(rows).toHaveLength(users.length);
  });

  it("gives a dead instance's users to the live one once its lease lapses, and a stopped one's at once", async () => {
    const { harness, users, a, b, polledBy, send, pay, paidNotices } = await setUp();
    await a.partition.renew();
    await b.partition.renew();
    await a.partition.renew();
    const ids = users.map((u) => u.user.id);
    await polledBy(() => Promise.all([a.watcher.round(), b.watcher.round()]));
    await b.partition.renew();

    // b dies: it renews no more. Until its lease lapses a still polls only its own share.
    for (const u of users) await pay(u.invoice.id);
    harness.advanceClock(1_000);
    await a.partition.renew();
    expect(a.partition.share()!.count).toBe(2);
    harness.advanceClock(a.partition.leaseMs);
    await a.partition.renew();
    expect(a.partition.share()).toEqual({ index: 0, count: 1 });
    expect((await polledBy(() => a.watcher.round())).sort()).toEqual([...ids].sort());
    await polledBy(() => a.watcher.round());
    await send();
    for (const u of users) expect(paidNotices(u)).toHaveLength(1);

    // b comes back and leaves cleanly: a counts it, then takes all again at its next renewal.
    await b.partition.renew();
    await a.partition.renew();
    expect(a.partition.share()!.count).toBe(2);
    await b.stop();
    await a.partition.renew();
    expect(a.partition.share()).toEqual({ index: 0, count: 1 });
  });
});
