/**
 * Taken update ids (issue 9): recording one is a commit on every update, so it should touch as few
 * pages as possible. On SQLite the table becomes a rowid table keyed by the update id itself (one
 * B-tree instead of a table plus its primary-key index). On both databases the index on `taken_at`
 * goes: pruning walks the ids from both ends instead (pruneTakenUpdates).
 */
import { type Kysely, PostgresAdapter, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("processed_updates_taken_idx").ifExists().execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  // SQLite: `integer primary key` (exactly so) makes the id the rowid.
  await db.schema
    .createTable("processed_updates_lean")
    .addColumn("update_id", "integer", (c) => c.primaryKey())
    .addColumn("taken_at", "bigint", (c) => c.notNull())
    .execute();
  await sql`insert into processed_updates_lean (update_id, taken_at) select update_id, taken_at from processed_updates`.execute(
    db,
  );
  await db.schema.dropTable("processed_updates").execute();
  await db.schema.alterTable("processed_updates_lean").renameTo("processed_updates").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    await db.schema
      .createTable("processed_updates_wide")
      .addColumn("update_id", "bigint", (c) => c.primaryKey())
      .addColumn("taken_at", "bigint", (c) => c.notNull())
      .execute();
    await sql`insert into processed_updates_wide (update_id, taken_at) select update_id, taken_at from processed_updates`.execute(
      db,
    );
    await db.schema.dropTable("processed_updates").execute();
    await db.schema.alterTable("processed_updates_wide").renameTo("processed_updates").execute();
  }
  await db.schema.createIndex("processed_updates_taken_idx").on("processed_updates").column("taken_at").execute();
}
