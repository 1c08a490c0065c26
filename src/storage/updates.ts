/**
 * Update ids already taken by some bot instance: with several instances behind a load balancer (or a
 * redelivery by Telegram) the same update may arrive twice; only the first to record its id handles it.
 */
import type { Kysely } from "kysely";
import type { Database } from "./schema.js";

/** Records an update id; resolves true when this call was the first (then handle it), false for a repeat. */
export type TakeUpdate = (updateId: number, now: number) => Promise<boolean>;

/** At most this many ids per insert (bound parameters stay far below SQLite's and PostgreSQL's limits). */
const MAX_BATCH = 500;

/**
 * The update ids that arrive together are recorded in one insert: a commit per update was a fifth of
 * `/start`'s work with many people at once (the WAL append and the query build dominate, not the row).
 * An id is taken by the first caller only, also when it arrives twice within one batch. Waiting costs
 * one turn of the event loop, nothing when updates come one by one.
 */
export function createUpdateTaker(db: Kysely<Database>): TakeUpdate {
  let pending = new Map<number, { now: number; waiters: ((first: boolean) => void)[]; fail: ((e: unknown) => void)[] }>();
  let scheduled = false;

  const flush = async () => {
    scheduled = false;
    const batch = pending;
    pending = new Map();
    const ids = [...batch.keys()];
    try {
      const taken = new Set<number>();
      for (let i = 0; i < ids.length; i += MAX_BATCH) {
        const rows = await db
          .insertInto("processed_updates")
          .values(ids.slice(i, i + MAX_BATCH).map((id) => ({ update_id: id, taken_at: batch.get(id)!.now })))
          .onConflict((oc) => oc.column("update_id").doNothing())
          .returning("update_id")
          .execute();
        for (const r of rows) taken.add(Number(r.update_id));
      }
      for (const [id, { waiters }] of batch) waiters.forEach((resolve, n) => resolve(n === 0 && taken.has(id)));
    } catch (err) {
      for (const { fail } of batch.values()) for (const reject of fail) reject(err);
    }
  };

  return (updateId, now) =>
    new Promise<boolean>((resolve, reject) => {
      const entry = pending.get(updateId);
      if (entry) {
        entry.waiters.push(resolve);
        entry.fail.push(reject);
      } else pending.set(updateId, { now, waiters: [resolve], fail: [reject] });
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => void flush());
      }
    });
}

/** Forgets update ids taken before `before` (epoch ms); returns how many. */
export async function pruneTakenUpdates(db: Kysely<Database>, before: number): Promise<number> {
  const res = await db.deleteFrom("processed_updates").where("taken_at", "<", before).executeTakeFirst();
  return Number(res.numDeletedRows);
}
