/**
 * The sender's display name of a mass transfer: what recipients' notifications say the
 * payment is from, chosen by the admin in /mass. Kept per job, so a job's notifications say what was
 * confirmed even if the admin picks another name later; the admin's last name is read from here.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mass_jobs").addColumn("sender_name", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mass_jobs").dropColumn("sender_name").execute();
}
