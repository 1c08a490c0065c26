/**
 * The outbox (messages owed to people outside the current update, written in the same transaction as
 * the state change that causes them and sent by one paced worker) and the ids of updates already
 * taken by some bot instance (several instances behind a load balancer handle each update once).
 */
import { type Kysely, PostgresAdapter } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // Ids in insertion order: the worker sends oldest first.
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("outbox")
    .addColumn("id", postgres ? "bigserial" : "integer", (c) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("chat_id", "bigint", (c) => c.notNull())
    /** A name for a set of messages whose outcomes are counted together, e.g. one job's notifications. */
    .addColumn("group_key", "text")
    /** What the message is about (a recipient id), so outcomes can be mapped back. */
    .addColumn("ref", "text")
    /** JSON: { text } or { document: { fileName, content }, caption }, with optional reply_markup. */
    .addColumn("payload", "text", (c) => c.notNull())
    /** pending → sent | blocked (403 and the like, never retried) | failed (gave up). */
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("not_before", "bigint", (c) => c.notNull())
    .addColumn("error", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("sent_at", "bigint")
    .execute();
  await db.schema.createIndex("outbox_state_idx").on("outbox").columns(["state", "id"]).execute();
  await db.schema.createIndex("outbox_group_idx").on("outbox").columns(["group_key", "state"]).execute();

  await db.schema
    .createTable("processed_updates")
    .addColumn("update_id", "bigint", (c) => c.primaryKey())
    .addColumn("taken_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("processed_updates_taken_idx").on("processed_updates").column("taken_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("processed_updates").execute();
  await db.schema.dropTable("outbox").execute();
}
