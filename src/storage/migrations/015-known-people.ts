/**
 * The display names of people the bot has seen (who wrote to it, users shared with it, senders of
 * forwarded messages), so summaries, results, history and notices can say "Sam (id 1002)" instead of
 * a bare id. A name is personal data: only what is shown is kept (the name Telegram shows and the
 * username), nothing else of the profile.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("known_people")
    .addColumn("telegram_id", "bigint", (c) => c.primaryKey())
    /** First and last name as Telegram gave them, joined by a space; null when only a username is known. */
    .addColumn("name", "text")
    /** Without the "@"; null when the person has none or it was not shared. */
    .addColumn("username", "text")
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("known_people").execute();
}
