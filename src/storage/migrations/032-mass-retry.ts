/**
 * Paying failed rows again: a row of a later job names the row it pays again (`origin`, the client
 * transfer ids of the rows it stands for), and that row names the job paying it again (`retried_by`),
 * set once, in the transaction that starts that job: a row is paid again by one later job at most.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mass_rows").addColumn("origin", "text").execute();
  await db.schema.alterTable("mass_rows").addColumn("retried_by", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mass_rows").dropColumn("retried_by").execute();
  await db.schema.alterTable("mass_rows").dropColumn("origin").execute();
}
