/**
 * A person's own operations by kind, newest first: the people they paid lately are offered as
 * recipients, which reads this on every transfer's first step.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("operations_person_kind_idx")
    .on("operations")
    .columns(["telegram_id", "kind", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("operations_person_kind_idx").execute();
}
