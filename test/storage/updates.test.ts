import { sql } from "kysely";
import { expect, it } from "vitest";
import { createMigrator } from "../../src/storage/index.js";
import { createUpdateTaker, pruneTakenUpdates } from "../../src/storage/updates.js";
import { describeBackends } from "./backends.js";

describeBackends("taken update ids", (backend) => {
  const stored = async () =>
    (await backend.storage().db.selectFrom("processed_updates").select("update_id").orderBy("update_id").execute()).map(
      (r) => Number(r.update_id),
    );

  it("hands each id to its first caller only: within one batch, across batches and across instances", async () => {
    const take = createUpdateTaker(backend.storage().db);
    // Arriving together: one insert; the repeated id 2 goes to its first caller.
    expect(await Promise.all([take(1, 10), take(2, 10), take(2, 11), take(3, 12)])).toEqual([true, true, false, true]);
    // A later redelivery, and another instance (its own taker) seeing the same ids.
    expect(await take(3, 20)).toBe(false);
    const other = createUpdateTaker(backend.storage().db);
    expect(await Promise.all([other(1, 30), other(4, 30)])).toEqual([false, true]);
    expect(await stored()).toEqual([1, 2, 3, 4]);
  });

  it("records an update alone in flight at once, and still hands each id to its first caller", async () => {
    const take = createUpdateTaker(backend.storage().db);
    // An event-loop turn queued before the call: a batched id is recorded only after it.
    const order: string[] = [];
    setImmediate(() => order.push("turn"));
    expect(await take(1, 10, true)).toBe(true);
    order.push("taken");
    if (backend.name === "sqlite") expect(order).toEqual(["taken"]);
    // A redelivery alone, or one arriving beside others, is refused; the others go to their first callers.
    expect(await take(1, 11, true)).toBe(false);
    expect(await Promise.all([take(2, 12), take(1, 12, true), take(3, 12, true)])).toEqual([true, false, true]);
    const other = createUpdateTaker(backend.storage().db);
    expect(await other(3, 13, true)).toBe(false);
    expect(await stored()).toEqual([1, 2, 3]);
  });

  it("takes update ids beyond 32 bits on a fresh database", async () => {
    const take = createUpdateTaker(backend.storage().db);
    const big = 3_000_000_001;
    expect(await Promise.all([take(big, 1, true), take(big + 1, 1), take(big, 2)])).toEqual([true, true, false]);
    expect(await stored()).toEqual([big, big + 1]);
  });

  it("records a large burst in several inserts, and prunes by age", async () => {
    const take = createUpdateTaker(backend.storage().db);
    const ids = Array.from({ length: 1_200 }, (_, i) => 100 + i);
    const first = await Promise.all(ids.map((id) => take(id, id < 700 ? 1_000 : 5_000)));
    expect(first.every(Boolean)).toBe(true);
    expect((await Promise.all(ids.map((id) => take(id, 6_000)))).some(Boolean)).toBe(false);
    expect(await pruneTakenUpdates(backend.storage().db, 2_000)).toBe(600);
    expect(await stored()).toEqual(ids.slice(600));
  });

  it("fails every caller of a batch whose insert fails, records none of it, and works again afterwards", async () => {
    const take = createUpdateTaker(backend.storage().db);
    // A missing time breaks the NOT NULL constraint: the whole insert is refused.
    const outcomes = await Promise.allSettled([take(7, null as unknown as number), take(8, 1)]);
    expect(outcomes.map((o) => o.status)).toEqual(["rejected", "rejected"]);
    expect(await stored()).toEqual([]);
    expect(await Promise.all([take(7, 2), take(8, 2)])).toEqual([true, true]);
  });

  it("prunes the ids taken before the cut at either end of the id range, never a recent one", async () => {
    const { db } = backend.storage();
    const take = createUpdateTaker(db);
    const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);
    // Before a week without updates: ids 1000–1009 (and 10–19 from a jump before that); after it,
    // Telegram went on from a random lower id: 50–59, recent.
    await Promise.all([...range(1000, 10), ...range(10, 10)].map((id) => take(id, 1_000)));
    await Promise.all(range(50, 10).map((id) => take(id, 9_000)));
    expect(await pruneTakenUpdates(db, 5_000)).toBe(20);
    expect(await stored()).toEqual(range(50, 10));
    // Nothing recent left: everything older than the cut goes.
    expect(await pruneTakenUpdates(db, 10_000)).toBe(10);
    expect(await stored()).toEqual([]);
    expect(await pruneTakenUpdates(db, 10_000)).toBe(0);
  });

  it("keeps the ids taken before the lean table (migration 011), and refuses them again after it", async () => {
    const { db } = backend.storage();
    const migrator = await createMigrator(db);
    expect((await migrator.migrateTo("010-mass-sender-name")).error).toBeUndefined();
    await sql`insert into processed_updates (update_id, taken_at) values (41, 1), (42, 2)`.execute(db);
    expect((await migrator.migrateTo("011-lean-update-ids")).error).toBeUndefined();
    const take = createUpdateTaker(db);
    expect(await Promise.all([take(41, 3), take(42, 3), take(43, 3)])).toEqual([false, false, true]);
    expect(await stored()).toEqual([41, 42, 43]);
  });
});
