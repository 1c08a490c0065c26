/**
 * Notices of money received from another person of this bot get a switch under /notify like every
 * other kind: on for everyone until they turn it off.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("notify_settings")
    .addColumn("transfers", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("notify_settings").dropColumn("transfers").execute();
}
