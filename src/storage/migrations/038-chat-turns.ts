/**
 * Turns of a chat across bot instances (src/storage/chat-sessions.ts): on PostgreSQL, one instance at
 * a time handles a chat's update, the lowest waiting update id first. SQLite serves one instance and
 * never writes these tables; they exist there too so that both schemas stay the same.
 *
 * On PostgreSQL both tables are unlogged: a turn is taken and ended on every update, and a commit that
 * wrote only unlogged tables does not wait for the write-ahead log to reach the disk. What they hold
 * matters only while the instances holding turns run: after a crash of the server (which empties
 * unlogged tables) every turn is free, as it should be, for every connection that held one is gone.
 */
import { type Kysely, PostgresAdapter, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  const unlogged = db.getExecutor().adapter instanceof PostgresAdapter;
  const create = (name: string) => (unlogged ? db.schema.createTable(name).modifyFront(sql`unlogged`) : db.schema.createTable(name));
  await create("chat_turns")
    .addColumn("chat_key", "text", (c) => c.primaryKey())
    /** The instance whose update has (or last had) the turn, and that update's id. */
    .addColumn("holder", "text", (c) => c.notNull())
    .addColumn("update_id", "bigint", (c) => c.notNull())
    /** Epoch ms (the database's clock) until which the turn is the holder's; 0 once it ended. */
    .addColumn("lease_until", "bigint", (c) => c.notNull())
    /** The highest update id of the chat handled so far (a lower one arriving later is late). */
    .addColumn("handled_through", "bigint", (c) => c.notNull())
    /**
     * Counts the turn's changes of hands (each take and each end). An update that took the turn from
     * the version its own statement saw knows that statement's read of the session is current.
     */
    .addColumn("version", "bigint", (c) => c.notNull())
    .execute();
  await create("chat_turn_waiters")
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
