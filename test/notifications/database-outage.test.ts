/**
 * The watcher through a PostgreSQL outage: a round that cannot read what it needs (the users' keys,
 * read together for the round) polls nothing and leaves its slots due, so a change made meanwhile is
 * announced once at the first round after the database is back, not an interval later.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { outboxDrained } from "../helpers/mass-flow.js";
import { Harness } from "../helpers/bot-harness.js";
import { PgProxy } from "../helpers/pg-proxy.js";

const PG_URL = process.env.TEST_DATABASE_URL;

describe.skipIf(!PG_URL)("the watcher through a PostgreSQL outage", () => {
  let h: Harness;
  let proxy: PgProxy;
  beforeEach(async () => {
    proxy = await PgProxy.start(PG_URL!);
    h = await Harness.create({ databaseUrl: proxy.url });
  });
  afterEach(async () => {
    await proxy?.restore();
    await h?.close();
    await proxy?.close();
  });

  async function send(): Promise<void> {
    await h.notifications.sender.drain();
    for (let i = 0; i < 400 && !(await outboxDrained(h)); i++) await new Promise((r) => setTimeout(r, 10));
  }

  it("a round that cannot read the keys polls nothing; the payment made meanwhile is told once at the first round back", async () => {
    const { user, key } = await h.linkedUser();
    const clients = h.deps.services.forKey("production", key);
    await h.notifications.store.syncSlots(h.deps.now().getTime());
    const invoice = await clients.pay.createInvoice({ clientInvoiceId: "inv-outage-1", priceCurrency: "USDT", priceAmount: "25" });
    h.advanceClock(301_000);
    await h.notifications.watcher.round(); // first look: remembered
    await h.simFetch("/_sim/invoices/pay", { method: "POST", body: { invoiceId: invoice.id, payerId: "777" } });
    const slotsBefore = await h.storage.db.selectFrom("watch_slots").select(["kind", "next_poll_at"]).orderBy("kind").execute();

    h.advanceClock(301_000);
    const callsBefore = h.notifications.watcher.calls;
    const cut = proxy.cutWhenSent("service_keys", { deliver: false });
    await expect(h.notifications.watcher.round()).rejects.toThrow();
    await cut;
    // No service call was spent on a round whose outcome could not be kept.
    expect(h.notifications.watcher.calls).toBe(callsBefore);

    await proxy.restore();
    // Still due: nothing moved the slots while the database was away.
    expect(await h.storage.db.selectFrom("watch_slots").select(["kind", "next_poll_at"]).orderBy("kind").execute()).toEqual(slotsBefore);
    // The clock does not move: the first round back polls the slot and tells the payment.
    await h.notifications.watcher.round();
    await send();
    await h.notifications.watcher.round();
    await send();
    expect(user.texts().filter((t) => /was paid/.test(t))).toEqual([
      `🧾 Invoice ${invoice.id} was paid: 25 USDT (≈ US$25.00) by user id 777.`,
    ]);
  });
});
