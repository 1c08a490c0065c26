/**
 * The lease of a mass-transfer job: a number each run of the job takes by adding one, and checks in
 * the same write as each step it commits (rows marked sending, outcomes, the end, the report). A run
 * whose instance was frozen while another took the job over holds an older number: its writes are
 * refused, so it sends nothing more and cannot overwrite what the run holding the job sees.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("mass_jobs")
    .addColumn("lease", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mass_jobs").dropColumn("lease").execute();
}
