/**
 * Mass transfers (admin payouts): the job, one row per recipient with its fixed client transfer id
 * and its outcome, and an audit record per started job. Amounts are decimal strings in text columns,
 * timestamps epoch milliseconds in bigint columns, as in 001.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("mass_jobs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("admin_id", "bigint", (c) => c.notNull())
    .addColumn("chat_id", "bigint", (c) => c.notNull())
    .addColumn("network", "text", (c) => c.notNull())
    .addColumn("account_id", "text")
    .addColumn("account_name", "text")
    /** The admin's language when the job was made (for messages sent by the background job). */
    .addColumn("locale", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("input_text", "text")
    .addColumn("input_digest", "text")
    .addColumn("dup_policy", "text")
    .addColumn("notify", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("rows_total", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("totals", "text")
    .addColumn("operation_id", "text")
    .addColumn("progress_message_id", "bigint")
    .addColumn("runner_id", "text")
    .addColumn("lease_until", "bigint")
    .addColumn("error", "text")
    .addColumn("report_sent", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("notify_done", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addColumn("started_at", "bigint")
    .addColumn("finished_at", "bigint")
    .execute();
  await db.schema.createIndex("mass_jobs_status_idx").on("mass_jobs").column("status").execute();

  await db.schema
    .createTable("mass_rows")
    .addColumn("job_id", "text", (c) => c.notNull())
    .addColumn("row_no", "integer", (c) => c.notNull())
    .addColumn("lines", "text", (c) => c.notNull())
    .addColumn("target", "text", (c) => c.notNull())
    .addColumn("asset", "text", (c) => c.notNull())
    .addColumn("amount", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("client_id", "text", (c) => c.notNull().unique())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("transfer_id", "text")
    .addColumn("error", "text")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("notified", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("mass_rows_pk", ["job_id", "row_no"])
    .execute();
  await db.schema.createIndex("mass_rows_state_idx").on("mass_rows").columns(["job_id", "state"]).execute();

  await db.schema
    .createTable("mass_audit")
    .addColumn("job_id", "text", (c) => c.primaryKey())
    .addColumn("admin_id", "bigint", (c) => c.notNull())
    .addColumn("network", "text", (c) => c.notNull())
    .addColumn("account_id", "text")
    .addColumn("input_digest", "text", (c) => c.notNull())
    .addColumn("rows_total", "integer", (c) => c.notNull())
    .addColumn("totals", "text", (c) => c.notNull())
    .addColumn("dup_policy", "text", (c) => c.notNull())
    .addColumn("notify", "integer", (c) => c.notNull())
    .addColumn("confirmed_at", "bigint", (c) => c.notNull())
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("paid_rows", "integer")
    .addColumn("failed_rows", "integer")
    .addColumn("skipped_rows", "integer")
    .addColumn("paid_totals", "text")
    .addColumn("finished_at", "bigint")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("mass_audit").execute();
  await db.schema.dropTable("mass_rows").execute();
  await db.schema.dropTable("mass_jobs").execute();
}
