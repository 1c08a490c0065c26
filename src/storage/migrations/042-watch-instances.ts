/**
 * The live watcher instances (src/notifications/partition.ts): each instance renews its row while it
 * runs; the live rows decide which users each instance polls. On PostgreSQL the table is unlogged, as
 * chat turns are: a row matters only while its instance runs, and renewing it should not wait for the
 * write-ahead log.
 */
import { type Kysely, PostgresAdapter, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  const unlogged = db.getExecutor().adapter instanceof PostgresAdapter;
  const table = unlogged ? db.schema.createTable("watch_instances").modifyFront(sql`unlogged`) : db.schema.createTable("watch_instances");
  await table
    .addColumn("instance_id", "text", (c) => c.primaryKey())
    /** Epoch ms until which the instance counts as live; renewed every third of the lease. */
    .addColumn("lease_until", "bigint", (c) => c.notNull())
    .addColumn("started_at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("watch_instances").execute();
}
