/**
 * Update ids already taken by some bot instance: with several instances behind a load balancer (or a
 * redelivery by Telegram) the same update may arrive twice; only the first to record its id handles it.
 */
import type { Kysely } from "kysely";
import type { Database } from "./schema.js";

/** Records the update id; true when this call was the first (then handle it), false for a repeat. */
export async function takeUpdate(db: Kysely<Database>, updateId: number, now: number): Promise<boolean> {
  const row = await db
    .insertInto("processed_updates")
    .values({ update_id: updateId, taken_at: now })
    .onConflict((oc) => oc.column("update_id").doNothing())
    .returning("update_id")
    .executeTakeFirst();
  return row !== undefined;
}

/** Forgets update ids taken before `before` (epoch ms); returns how many. */
export async function pruneTakenUpdates(db: Kysely<Database>, before: number): Promise<number> {
  const res = await db.deleteFrom("processed_updates").where("taken_at", "<", before).executeTakeFirst();
  return Number(res.numDeletedRows);
}
