/**
 * The language a person's Telegram app uses, as the last update from them said: what the bot writes
 * to them outside an update (a notice, money received, a restarted action) is in that language until
 * they pick one in /language.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("known_people").addColumn("language", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("known_people").dropColumn("language").execute();
}
