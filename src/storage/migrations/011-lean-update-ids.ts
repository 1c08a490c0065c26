/**
 * Taken update ids: recording one is a commit on every update, so it should touch as few
 * pages as possible. On SQLite the table becomes a rowid table keyed by the update id itself (one
 * B-tree instead of a table plus its primary-key index). On both databases the index on `taken_at`
 * goes: pruning walks the ids from both ends instead (pruneTakenUpdates).
 */
import { type Kysely, PostgresAdapter, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("processed_updates_taken_idx").ifExists().execute();
  // SQLite: `integer primary key` (exactly so) makes the id the rowid.
  if (!isPostgres(db)) await rebuildWithIdType(db, "integer");
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) await rebuildWithIdType(db, "bigint");
  await db.schema.createIndex("processed_updates_taken_idx").on("processed_updates").column("taken_at").execute();
}

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** SQLite cannot change a primary key in place: the table is copied into a new one. */
async function rebuildWithIdType(db: Kysely<unknown>, idType: "integer" | "bigint"): Promise<void> {
  await db.schema
    .createTable("processed_updates_rebuilt")
    .addColumn("update_id", idType, (c) => c.primaryKey())
    .addColumn("taken_at", "bigint", (c) => c.notNull())
    .execute();
  await sql`insert into processed_updates_rebuilt (update_id, taken_at) select update_id, taken_at from processed_updates`.execute(
    db,
  );
  await db.schema.dropTable("processed_updates").execute();
  await db.schema.alterTable("processed_updates_rebuilt").renameTo("processed_updates").execute();
}
