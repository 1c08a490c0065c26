/**
 * Update ids already taken by some bot instance: with several instances behind a load balancer (or a
 * redelivery by Telegram) the same update may arrive twice; only the first to record its id handles it.
 */
import type { Kysely } from "kysely";
import { precompile } from "./compiled.js";
import type { Database } from "./schema.js";

/**
 * Records an update id; resolves true when this call was the first (then handle it), false for a repeat.
 * `alone`: no other update is in flight, so none can share this one's insert (it is made at once).
 */
export type TakeUpdate = (updateId: number, now: number, alone?: boolean) => Promise<boolean>;

/** At most this many ids per insert (bound parameters stay far below SQLite's and PostgreSQL's limits). */
const MAX_BATCH = 500;

/**
 * The update ids that arrive together are recorded in one insert: a commit per update was a fifth of
 * `/start`'s work with many people at once (the WAL append and the query build dominate, not the row).
 * An id is taken by the first caller only, also when it arrives twice within one batch. A batch is
 * what arrives within one turn of the event loop. (Flushing at the end of the microtasks instead saves
 * the turn, but then the updates of a batch run to their first reply together, without letting any
 * reply out: replies to 50 people at a prompt then waited for each other, more at each step.)
 * An update alone in flight has nobody to share its insert with: it is recorded at once, without
 * waiting for the turn (about a tenth of `/start`'s time with one person writing).
 */
export function createUpdateTaker(db: Kysely<Database>): TakeUpdate {
  let pending = new Map<number, { now: number; waiters: ((first: boolean) => void)[]; fail: ((e: unknown) => void)[] }>();
  let scheduled = false;
  // The usual batch is one update: its insert compiled once (on SQLite it then runs at once).
  const insertOne = precompile<Database, { update_id: number }, [number, number]>(db, (db, arg) =>
    db
      .insertInto("processed_updates")
      .values({ update_id: arg(0), taken_at: arg(1) })
      .onConflict((oc) => oc.column("update_id").doNothing())
      .returning("update_id"),
  );

  const flush = async () => {
    scheduled = false;
    const batch = pending;
    pending = new Map();
    const ids = [...batch.keys()];
    try {
      const taken = new Set<number>();
      if (ids.length === 1) {
        for (const r of await insertOne(ids[0]!, batch.get(ids[0]!)!.now)) taken.add(Number(r.update_id));
      } else for (let i = 0; i < ids.length; i += MAX_BATCH) {
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

  return (updateId, now, alone = false) => {
    if (alone && pending.size === 0) {
      return insertOne(updateId, now).then((rows) => rows.some((r) => Number(r.update_id) === updateId));
    }
    return new Promise<boolean>((resolve, reject) => {
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
  };
}

/**
 * Forgets update ids taken before `before` (epoch ms); returns how many. There is no index on the
 * time (it would cost every update's commit a second page): the ids below the lowest kept one and
 * above the highest are found by walking the id index from each end, which reads the rows it deletes
 * and one more. Telegram's ids grow one by one but jump to a random value after a week without
 * updates, so the rows of before a jump may lie at either end. Old rows between two kept ones (none
 * while ids grow) wait until they are at an end.
 */
export async function pruneTakenUpdates(db: Kysely<Database>, before: number): Promise<number> {
  const firstKept = (direction: "asc" | "desc") =>
    db
      .selectFrom("processed_updates")
      .select("update_id")
      .where("taken_at", ">=", before)
      .orderBy("update_id", direction)
      .limit(1)
      .executeTakeFirst();
  const [lowest, highest] = [await firstKept("asc"), await firstKept("desc")];
  const res =
    lowest === undefined || highest === undefined
      ? await db.deleteFrom("processed_updates").where("taken_at", "<", before).executeTakeFirst()
      : await db
          .deleteFrom("processed_updates")
          .where((eb) => eb.or([eb("update_id", "<", lowest.update_id), eb("update_id", ">", highest.update_id)]))
          .executeTakeFirst();
  return Number(res.numDeletedRows);
}
