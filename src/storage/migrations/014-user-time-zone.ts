/**
 * The person's time zone (an IANA name, e.g. "Europe/Moscow"), picked once in the bot: quiet hours
 * are read on its wall clock and times are shown in it. Null means UTC, which is what quiet hours
 * meant before, so stored quiet hours keep their meaning.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("time_zone", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("time_zone").execute();
}
