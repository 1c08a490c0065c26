/**
 * What a person's history is filtered and found by, kept beside each operation's payload: its asset
 * (when it has one) and the other person of a transfer (so the receiver finds it too). Filled for the
 * rows already there from their payloads.
 */
import { type Kysely, PostgresAdapter, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("operations").addColumn("asset", "text").execute();
  await db.schema.alterTable("operations").addColumn("counterparty", "bigint").execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`update operations set asset = payload::json->>'asset'`.execute(db);
    await sql`update operations set counterparty = (payload::json->>'target')::bigint
      where kind = 'transfer' and payload::json->>'target' ~ '^[1-9][0-9]{0,15}$'`.execute(db);
  } else {
    await sql`update operations set asset = json_extract(payload, '$.asset') where json_valid(payload)`.execute(db);
    await sql`update operations set counterparty = cast(json_extract(payload, '$.target') as integer)
      where kind = 'transfer' and json_valid(payload) and json_extract(payload, '$.target') glob '[1-9]*'`.execute(db);
  }
  await db.schema.createIndex("operations_person_time_idx").on("operations").columns(["telegram_id", "created_at"]).execute();
  await db.schema
    .createIndex("operations_counterparty_idx")
    .on("operations")
    .columns(["counterparty", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("operations_counterparty_idx").execute();
  await db.schema.dropIndex("operations_person_time_idx").execute();
  await db.schema.alterTable("operations").dropColumn("counterparty").execute();
  await db.schema.alterTable("operations").dropColumn("asset").execute();
}
