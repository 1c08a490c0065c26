/**
 * Turns of a chat across bot instances (src/storage/chat-sessions.ts): on PostgreSQL, one instance at
 * a time handles a chat's update, the lowest waiting update id first. SQLite serves one instance and
 * never writes these tables; they exist there too so that both schemas stay the same.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("chat_turns")
    .addColumn("chat_key", "text", (c) => c.primaryKey())
    /** The instance whose update has (or last had) the turn, and that update's id. */
    .addColumn("holder", "text", (c) => c.notNull())
    .addColumn("update_id", "bigint", (c) => c.notNull())
    /** Epoch ms (the database's clock) until which the turn is the holder's; 0 once it ended. */
    .addColumn("lease_until", "bigint", (c) => c.notNull())
    /** The highest update id of the chat handled so far (a lower one arriving later is late). */
    .addColumn("handled_through", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("chat_turn_waiters")
    .addColumn("chat_key", "text", (c) => c.notNull())
    .addColumn("update_id", "bigint", (c) => c.notNull())
    /** Renewed by each attempt of the waiting instance; a lapsed one (its instance died) is ignored. */
    .addColumn("lease_until", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("chat_turn_waiters_pk", ["chat_key", "update_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("chat_turn_waiters").execute();
  await db.schema.dropTable("chat_turns").execute();
}
