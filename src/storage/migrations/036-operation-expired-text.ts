/**
 * What a proposed operation's summary message becomes when it expires unanswered (the summary with
 * "not confirmed in time" in place of its expiry line, in the person's language), written with the
 * proposal so that whichever instance notices the expiry can edit the message. Null on rows proposed
 * before this column: their expiry marks the row only.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("operations").addColumn("expired_text", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("operations").dropColumn("expired_text").execute();
}
