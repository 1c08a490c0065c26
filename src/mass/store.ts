/**
 * Mass-transfer jobs, their rows and audit records over Kysely (SQLite or PostgreSQL). Every state
 * change is a conditional UPDATE (from the states it may leave), so a replayed press, a second loop
 * or another instance cannot move a job or a row twice.
 *
 * Job:  draft → running ⇄ paused → cancelling → cancelled;  running → completed;  draft → discarded.
 * Row:  queued → sending (written BEFORE the call) → completed | failed | unknown;
 *       unknown → completed (found by its client id) | queued (proven unsent: same client id again);
 *       queued → cancelled (job cancelled before it was sent).
 * Lease: each run of a job takes it by adding one to `lease` (and every row left sending by a former
 * run becomes unknown, in the same transaction). Every write that commits a step of the run first
 * checks that lease on the job's row, in its own transaction: a run that lost the job (its instance was
 * frozen while another took over) gets LeaseLostError and stops, having changed nothing. The job row
 * is locked first in each of them, so a takeover and a step never interleave.
 * The report, the recipients' notifications and pause notices go to the outbox in the transaction of
 * the change that makes them owed.
 */
import { type Kysely, type Selectable, sql, type Updateable } from "kysely";
import type { NetworkName } from "../domain/networks.js";
import { type OutgoingMessage, writeOutbox } from "../outbox/store.js";
import type { Database, MassJobsTable, MassRowsTable } from "../storage/schema.js";
import { clientTransferId, type DupPolicy, type PlannedRow, totalsByAsset } from "./plan.js";

export type MassJobStatus =
  | "draft"
  | "discarded"
  | "running"
  | "paused"
  | "cancelling"
  | "completed"
  | "cancelled";
export type RowState = "queued" | "sending" | "unknown" | "completed" | "failed" | "cancelled";
export const ROW_STATES: readonly RowState[] = [
  "queued",
  "sending",
  "unknown",
  "completed",
  "failed",
  "cancelled",
];

/** Notification state of a row. */
export const NOTIFY = { pending: 0, sent: 1, unreachable: 2, failed: 3 } as const;

/** Statuses in which the sender loop has work. */
export const ACTIVE_STATUSES: readonly MassJobStatus[] = ["running", "cancelling"];
export const FINAL_STATUSES: readonly MassJobStatus[] = ["completed", "cancelled"];

export interface MassJob {
  id: string;
  adminId: number;
  chatId: number;
  network: NetworkName;
  accountId: string | null;
  accountName: string | null;
  /** The display name recipients' notifications give as the sender. */
  senderName: string | null;
  locale: string | null;
  status: MassJobStatus;
  inputDigest: string | null;
  dupPolicy: DupPolicy | null;
  notify: boolean;
  rowsTotal: number;
  totals: Record<string, string>;
  operationId: string | null;
  progressMessageId: number | null;
  error: string | null;
  reportSent: boolean;
  notifyDone: boolean;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
}

export interface MassRow {
  rowNo: number;
  lines: string;
  target: string;
  asset: string;
  amount: string;
  description: string | null;
  clientId: string;
  state: RowState;
  transferId: string | null;
  error: string | null;
  attempts: number;
  notified: number;
  /** Client ids of an earlier job's rows this row pays again. */
  origin: string | null;
  /** The later job paying this row again. */
  retriedBy: string | null;
}

export interface RowOutcome {
  rowNo: number;
  state: RowState;
  transferId?: string | null;
  error?: string | null;
}

export type MassStore = ReturnType<typeof createMassStore>;

/** An earlier job's row named by a list that pays rows again, with what decides whether it may be. */
export interface OriginRow {
  clientId: string;
  state: RowState;
  error: string | null;
  retriedBy: string | null;
  jobId: string;
  adminId: number;
  accountId: string | null;
  network: string;
  jobStatus: MassJobStatus;
}

/** The run's lease is no longer the job's: another run took the job over. Nothing was written. */
export class LeaseLostError extends Error {
  override name = "LeaseLostError";
  /** Outcomes of a batch this run sent that it could not record (the holder reads them back). */
  unrecorded?: Partial<Record<RowState, number>>;

  constructor(readonly jobId: string) {
    super(`mass-transfer job ${jobId}: another run holds it now`);
  }
}

/** Rows that keep a job from ending: not sent yet, or sent with an outcome not known yet. */
const OPEN_STATES: readonly RowState[] = ["queued", "sending", "unknown"];

/** Rows per INSERT: well below SQLite's and PostgreSQL's limits on bound parameters. */
const INSERT_CHUNK = 500;

/** The repository; `now` is the bot's clock (epoch ms in every column). */
export function createMassStore(db: Kysely<Database>, now: () => Date) {
  const at = () => now().getTime();
  const rowsOf = (jobId: string) => db.selectFrom("mass_rows").where("job_id", "=", jobId);

  /** Moves the job from one of `from` to `to` (and sets `error` when given); false when it was elsewhere. */
  const setStatus = (
    id: string,
    from: readonly MassJobStatus[],
    to: MassJobStatus,
    extra: { error?: string | null } = {},
  ): Promise<boolean> => setStatusIn(db, id, from, to, at(), extra);

  return {
    /** Creates a draft holding the uploaded text; the admin's older drafts are discarded. */
    async createDraft(d: {
      id: string;
      adminId: number;
      chatId: number;
      network: NetworkName;
      inputText: string;
      locale: string;
    }) {
      const t = at();
      await db.transaction().execute(async (trx) => {
        const old = await trx
          .selectFrom("mass_jobs")
          .select("id")
          .where("admin_id", "=", d.adminId)
          .where("status", "=", "draft")
          .execute();
        for (const { id } of old) {
          await trx.deleteFrom("mass_rows").where("job_id", "=", id).execute();
          await trx
            .updateTable("mass_jobs")
            .set({ status: "discarded", input_text: null, updated_at: t })
            .where("id", "=", id)
            .where("status", "=", "draft")
            .execute();
        }
        await trx
          .insertInto("mass_jobs")
          .values({
            id: d.id,
            admin_id: d.adminId,
            chat_id: d.chatId,
            network: d.network,
            locale: d.locale,
            status: "draft",
            input_text: d.inputText,
            notify: 0,
            rows_total: 0,
            report_sent: 0,
            notify_done: 0,
            created_at: t,
            updated_at: t,
          })
          .execute();
      });
    },

    async get(id: string): Promise<MassJob | undefined> {
      const row = await db.selectFrom("mass_jobs").selectAll().where("id", "=", id).executeTakeFirst();
      return row && toJob(row);
    },

    /** The sender name this admin gave last (the newest job that has one), offered again in /mass. */
    async lastSenderName(adminId: number): Promise<string | undefined> {
      const row = await db
        .selectFrom("mass_jobs")
        .select("sender_name")
        .where("admin_id", "=", adminId)
        .where("sender_name", "is not", null)
        .orderBy("created_at", "desc")
        .limit(1)
        .executeTakeFirst();
      return row?.sender_name ?? undefined;
    },

    /** The uploaded text of a draft (undefined once planned or discarded). */
    async draftInput(id: string, adminId: number): Promise<string | undefined> {
      const row = await db
        .selectFrom("mass_jobs")
        .select("input_text")
        .where("id", "=", id)
        .where("admin_id", "=", adminId)
        .where("status", "=", "draft")
        .executeTakeFirst();
      return row?.input_text ?? undefined;
    },

    /** Writes the planned rows (queued, each with its derived client id) into a draft; idempotent per draft. */
    async savePlan(
      id: string,
      plan: {
        rows: PlannedRow[];
        digest: string;
        dupPolicy: DupPolicy;
        totals: Record<string, string>;
        accountId: string;
        accountName: string;
        network: NetworkName;
      },
    ): Promise<boolean> {
      const t = at();
      return db.transaction().execute(async (trx) => {
        const res = await trx
          .updateTable("mass_jobs")
          .set({
            input_text: null,
            input_digest: plan.digest,
            dup_policy: plan.dupPolicy,
            rows_total: plan.rows.length,
            totals: JSON.stringify(plan.totals),
            account_id: plan.accountId,
            account_name: plan.accountName,
            network: plan.network,
            updated_at: t,
          })
          .where("id", "=", id)
          .where("status", "=", "draft")
          .executeTakeFirst();
        if (res.numUpdatedRows === 0n) return false;
        await trx.deleteFrom("mass_rows").where("job_id", "=", id).execute();
        for (let i = 0; i < plan.rows.length; i += INSERT_CHUNK) {
          await trx
            .insertInto("mass_rows")
            .values(
              plan.rows.slice(i, i + INSERT_CHUNK).map((r) => ({
                job_id: id,
                row_no: r.rowNo,
                lines: r.lines.join(" "),
                target: r.target,
                asset: r.asset,
                amount: r.amount,
                description: r.description,
                client_id: clientTransferId(id, r.rowNo),
                state: "queued",
                attempts: 0,
                notified: NOTIFY.pending,
                updated_at: t,
                origin: r.origins.length === 0 ? null : r.origins.join(" "),
              })),
            )
            .execute();
        }
        return true;
      });
    },

    /** Drops a draft that will not be confirmed (insufficient funds, cancelled conversation). */
    async discard(id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (await setStatusIn(trx, id, ["draft"], "discarded", at())) {
          await trx.deleteFrom("mass_rows").where("job_id", "=", id).execute();
        }
      });
    },

    /** Binds the draft to the confirmation that may start it. */
    /** `senderName` is how notifications name the sender; null when recipients are not notified. */
    async setProposal(
      id: string,
      operationId: string,
      notify: boolean,
      senderName: string | null,
    ): Promise<boolean> {
      const res = await db
        .updateTable("mass_jobs")
        .set({
          operation_id: operationId,
          notify: notify ? 1 : 0,
          sender_name: notify ? senderName : null,
          updated_at: at(),
        })
        .where("id", "=", id)
        .where("status", "=", "draft")
        .executeTakeFirst();
      return res.numUpdatedRows > 0n;
    },

    /**
     * draft → running, only through the confirmation it is bound to, with the audit record in the
     * same transaction. A job paying earlier rows again claims each of them in that transaction; when
     * one is claimed already (or no longer to be paid), nothing changes. True when this call started it.
     */
    async start(id: string, operationId: string, adminId: number): Promise<boolean> {
      const t = at();
      return db
        .transaction()
        .execute(async (trx) => {
          const res = await trx
            .updateTable("mass_jobs")
            .set({ status: "running", started_at: t, updated_at: t })
            .where("id", "=", id)
            .where("status", "=", "draft")
            .where("operation_id", "=", operationId)
            .where("admin_id", "=", adminId)
            .executeTakeFirst();
          if (res.numUpdatedRows === 0n) return false;
          if (!(await claimOrigins(trx, id))) throw new OriginTaken();
          return startAudit(trx, id, t);
        })
        .catch((err: unknown) => {
          if (err instanceof OriginTaken) return false;
          throw err;
        });
    },

    /**
     * The rows these client ids name, with their job's owner, account, network and status: what a
     * list that pays rows again is checked against.
     */
    async rowsByClientId(clientIds: string[]): Promise<OriginRow[]> {
      const out: OriginRow[] = [];
      for (let i = 0; i < clientIds.length; i += INSERT_CHUNK) {
        const found = await db
          .selectFrom("mass_rows as r")
          .innerJoin("mass_jobs as j", "j.id", "r.job_id")
          .select([
            "r.client_id",
            "r.state",
            "r.error",
            "r.retried_by",
            "j.id as job_id",
            "j.admin_id",
            "j.account_id",
            "j.network",
            "j.status",
          ])
          .where("r.client_id", "in", clientIds.slice(i, i + INSERT_CHUNK))
          .execute();
        for (const r of found)
          out.push({
            clientId: r.client_id,
            state: r.state as RowState,
            error: r.error,
            retriedBy: r.retried_by,
            jobId: r.job_id,
            adminId: Number(r.admin_id),
            accountId: r.account_id,
            network: r.network,
            jobStatus: r.status as MassJobStatus,
          });
      }
      return out;
    },

    /** The rows of a finished job not paid (failed or never sent), in order: what its Retry button pays again. */
    async unpaidRows(id: string): Promise<MassRow[]> {
      const rows = await rowsOf(id)
        .selectAll()
        .where("state", "in", ["failed", "cancelled"])
        .orderBy("row_no")
        .execute();
      return rows.map(toRow);
    },
    setStatus,

    /**
     * Takes the job for a new run: its lease goes up by one, so any earlier run's next write is
     * refused; rows that run left 'sending' become unknown (their request may or may not have been
     * applied). Undefined when there is no such job.
     */
    async takeLease(id: string): Promise<{ lease: number; orphaned: number } | undefined> {
      return db.transaction().execute(async (trx) => {
        const taken = await trx
          .updateTable("mass_jobs")
          .set({ lease: sql`lease + 1` })
          .where("id", "=", id)
          .returning("lease")
          .executeTakeFirst();
        if (!taken) return undefined;
        const res = await trx
          .updateTable("mass_rows")
          .set({ state: "unknown", updated_at: at() })
          .where("job_id", "=", id)
          .where("state", "=", "sending")
          .executeTakeFirst();
        return { lease: taken.lease, orphaned: Number(res.numUpdatedRows) };
      });
    },

    /** Whether `lease` is still the job's (a read: a run that may have been frozen asks before sending). */
    async holdsLease(id: string, lease: number): Promise<boolean> {
      const row = await db.selectFrom("mass_jobs").select("lease").where("id", "=", id).executeTakeFirst();
      return row?.lease === lease;
    },

    async rowsIn(id: string, state: RowState, limit: number): Promise<MassRow[]> {
      const rows = await rowsOf(id)
        .selectAll()
        .where("state", "=", state)
        .orderBy("row_no")
        .limit(limit)
        .execute();
      return rows.map(toRow);
    },

    /** The next queued rows of one asset (a call carries one asset), lowest asset code first. */
    async nextBatch(id: string, limit: number): Promise<MassRow[]> {
      const first = await rowsOf(id)
        .select("asset")
        .where("state", "=", "queued")
        .orderBy("asset")
        .limit(1)
        .executeTakeFirst();
      if (!first) return [];
      const rows = await rowsOf(id)
        .selectAll()
        .where("state", "=", "queued")
        .where("asset", "=", first.asset)
        .orderBy("row_no")
        .limit(limit)
        .execute();
      return rows.map(toRow);
    },

    /**
     * queued → sending for these rows, only while `lease` holds (else LeaseLostError); returns the
     * rows this call moved (only those may be sent).
     */
    async markSending(id: string, lease: number, rowNos: number[]): Promise<Set<number>> {
      return db.transaction().execute(async (trx) => {
        await holdLease(trx, id, lease);
        const moved = await trx
          .updateTable("mass_rows")
          .set({ state: "sending", attempts: sql`attempts + 1`, updated_at: at() })
          .where("job_id", "=", id)
          .where("row_no", "in", rowNos)
          .where("state", "=", "queued")
          .returning("row_no")
          .execute();
        return new Set(moved.map((r) => r.row_no));
      });
    },

    /**
     * Records outcomes in one transaction, only while `lease` holds (else LeaseLostError, nothing
     * written); each only over a row still in one of `from`.
     */
    async record(id: string, lease: number, outcomes: RowOutcome[], from: readonly RowState[]): Promise<void> {
      if (outcomes.length === 0) return;
      const t = at();
      await db.transaction().execute(async (trx) => {
        await holdLease(trx, id, lease);
        for (const o of outcomes) {
          await trx
            .updateTable("mass_rows")
            .set({
              state: o.state,
              ...(o.transferId === undefined ? {} : { transfer_id: o.transferId }),
              ...(o.error === undefined ? {} : { error: o.error }),
              // A proven-unsent row goes back to the queue without counting the send.
              ...(o.state === "queued" && from.includes("sending") ? { attempts: sql`attempts - 1` } : {}),
              updated_at: t,
            })
            .where("job_id", "=", id)
            .where("row_no", "=", o.rowNo)
            .where("state", "in", [...from])
            .execute();
        }
      });
    },

    async counts(id: string): Promise<Record<RowState, number>> {
      return countRows(db, id);
    },

    /** Failed rows by reason. */
    async failureReasons(id: string): Promise<{ reason: string; n: number }[]> {
      const rows = await rowsOf(id)
        .select(["error", (eb) => eb.fn.countAll<number | string>().as("n")])
        .where("state", "=", "failed")
        .groupBy("error")
        .execute();
      return rows.map((r) => ({ reason: r.error ?? "unknown", n: Number(r.n) })).sort((a, b) => b.n - a.n);
    },

    /** Rows still queued when the job is cancelled: never sent (only while `lease` holds). */
    async skipQueued(id: string, lease: number): Promise<number> {
      return db.transaction().execute(async (trx) => {
        await holdLease(trx, id, lease);
        const res = await trx
          .updateTable("mass_rows")
          .set({ state: "cancelled", error: "job_cancelled", updated_at: at() })
          .where("job_id", "=", id)
          .where("state", "=", "queued")
          .executeTakeFirst();
        return Number(res.numUpdatedRows);
      });
    },

    /**
     * running → completed or cancelling → cancelled, with the audit outcome counted from the rows in
     * the same transaction (so it is what the report will say), only while `lease` holds. "open"
     * while any row is queued, sending or unknown: a job never ends with a row in flight.
     */
    async finish(
      id: string,
      lease: number,
    ): Promise<{ status: MassJobStatus; counts: Record<RowState, number> } | "open" | undefined> {
      const t = at();
      return db.transaction().execute(async (trx) => {
        await holdLease(trx, id, lease);
        const job = await trx
          .selectFrom("mass_jobs")
          .select("status")
          .where("id", "=", id)
          .executeTakeFirst();
        const to: MassJobStatus | undefined =
          job?.status === "running" ? "completed" : job?.status === "cancelling" ? "cancelled" : undefined;
        if (!to || !job) return undefined;
        const counts = await countRows(trx, id);
        if (OPEN_STATES.some((state) => counts[state] > 0)) return "open";
        if (!(await setStatusIn(trx, id, [job.status as MassJobStatus], to, t, { finished_at: t })))
          return undefined;
        const paid = await trx
          .selectFrom("mass_rows")
          .select(["asset", "amount"])
          .where("job_id", "=", id)
          .where("state", "=", "completed")
          .execute();
        await trx
          .updateTable("mass_audit")
          .set({
            outcome: to,
            paid_rows: counts.completed,
            failed_rows: counts.failed,
            skipped_rows: counts.cancelled,
            paid_totals: JSON.stringify(totalsByAsset(paid)),
            finished_at: t,
          })
          .where("job_id", "=", id)
          .execute();
        return { status: to, counts };
      });
    },

    async setProgressMessage(id: string, messageId: number): Promise<void> {
      await db
        .updateTable("mass_jobs")
        .set({ progress_message_id: messageId })
        .where("id", "=", id)
        .execute();
    },

    async setError(id: string, error: string | null): Promise<void> {
      await db.updateTable("mass_jobs").set({ error, updated_at: at() }).where("id", "=", id).execute();
    },

    async allRows(id: string): Promise<MassRow[]> {
      return (await rowsOf(id).selectAll().orderBy("row_no").execute()).map(toRow);
    },

    /**
     * Report owed → report queued: marks the report sent and writes its messages (and the recipients'
     * notifications) to the outbox in one transaction, once per job. False when done before.
     */
    async queueReport(id: string, lease: number, owed: OutgoingMessage[]): Promise<boolean> {
      const t = at();
      return db.transaction().execute(async (trx) => {
        await holdLease(trx, id, lease);
        const res = await trx
          .updateTable("mass_jobs")
          .set({ report_sent: 1, updated_at: t })
          .where("id", "=", id)
          .where("report_sent", "=", 0)
          .executeTakeFirst();
        if (res.numUpdatedRows === 0n) return false;
        await writeOutbox(trx, owed, t);
        return true;
      });
    },

    /**
     * Every notification settled: records each recipient's outcome on its rows, marks the job's
     * notifications done and queues the operator's summary, in one transaction, once per job.
     */
    async finishNotifications(
      id: string,
      lease: number,
      outcomes: { target: string; notified: number }[],
      summary: OutgoingMessage,
    ): Promise<boolean> {
      const t = at();
      return db.transaction().execute(async (trx) => {
        await holdLease(trx, id, lease);
        const res = await trx
          .updateTable("mass_jobs")
          .set({ notify_done: 1, updated_at: t })
          .where("id", "=", id)
          .where("notify_done", "=", 0)
          .executeTakeFirst();
        if (res.numUpdatedRows === 0n) return false;
        for (const o of outcomes) {
          await trx
            .updateTable("mass_rows")
            .set({ notified: o.notified })
            .where("job_id", "=", id)
            .where("target", "=", o.target)
            .where("state", "=", "completed")
            .execute();
        }
        await writeOutbox(trx, [summary], t);
        return true;
      });
    },

    /**
     * running → paused with a reason, and the operator's message queued in the same transaction, by
     * the run holding `lease`. False when the job was not running.
     */
    async pause(id: string, lease: number, reason: string, owed: OutgoingMessage[]): Promise<boolean> {
      const t = at();
      return db.transaction().execute(async (trx) => {
        await holdLease(trx, id, lease);
        if (!(await setStatusIn(trx, id, ["running"], "paused", t, { error: reason }))) return false;
        await writeOutbox(trx, owed, t);
        return true;
      });
    },

    /** Jobs with work left after a restart: sending, or a report or notifications still owed. */
    async resumable(): Promise<MassJob[]> {
      const rows = await db
        .selectFrom("mass_jobs")
        .selectAll()
        .where((eb) =>
          eb.or([
            eb("status", "in", [...ACTIVE_STATUSES]),
            eb.and([
              eb("status", "in", [...FINAL_STATUSES]),
              eb.or([eb("report_sent", "=", 0), eb.and([eb("notify", "=", 1), eb("notify_done", "=", 0)])]),
            ]),
          ]),
        )
        .orderBy("created_at")
        .execute();
      return rows.map(toJob);
    },

    async audit(id: string) {
      return db.selectFrom("mass_audit").selectAll().where("job_id", "=", id).executeTakeFirst();
    },
  };
}

/** Reasons a failed row must be checked at the service before it is paid again (never retried). */
export const UNCLEAR_REASONS: readonly string[] = ["unresolved", "client_id_conflict"];

/** A row another job already pays again (or one no longer to be paid): the start rolls back. */
class OriginTaken extends Error {}

/**
 * Claims, for job `id`, every earlier row its rows pay again: only rows not paid, not in doubt and
 * not claimed by another job. False when any was not claimed (the caller's transaction rolls back).
 */
async function claimOrigins(trx: Kysely<Database>, id: string): Promise<boolean> {
  const named = await trx
    .selectFrom("mass_rows")
    .select("origin")
    .where("job_id", "=", id)
    .where("origin", "is not", null)
    .execute();
  const origins = named.flatMap((r) => (r.origin ?? "").split(" ").filter((o) => o !== ""));
  if (new Set(origins).size !== origins.length) return false;
  for (let i = 0; i < origins.length; i += INSERT_CHUNK) {
    const res = await trx
      .updateTable("mass_rows")
      .set({ retried_by: id })
      .where("client_id", "in", origins.slice(i, i + INSERT_CHUNK))
      .where("retried_by", "is", null)
      .where("state", "in", ["failed", "cancelled"])
      .where((eb) => eb.or([eb("error", "is", null), eb("error", "not in", [...UNCLEAR_REASONS])]))
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== Math.min(INSERT_CHUNK, origins.length - i)) return false;
  }
  return true;
}

/** The audit record of a job just started (in the transaction that starts it). */
async function startAudit(trx: Kysely<Database>, id: string, t: number): Promise<true> {
  const job = await trx
    .selectFrom("mass_jobs")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("mass_audit")
    .values({
      job_id: id,
      admin_id: job.admin_id,
      network: job.network,
      account_id: job.account_id,
      input_digest: job.input_digest ?? "",
      rows_total: job.rows_total,
      totals: job.totals ?? "{}",
      dup_policy: job.dup_policy ?? "keep",
      notify: job.notify,
      confirmed_at: t,
      outcome: "running",
    })
    .execute();
  return true;
}

/**
 * Locks the job's row if `lease` is still its lease, else throws LeaseLostError (rolling the caller's
 * transaction back). First in every fenced transaction: a takeover (takeLease) waits for the step
 * holding the lock to commit, and a step waits for a takeover and then sees the new lease.
 */
async function holdLease(trx: Kysely<Database>, id: string, lease: number): Promise<void> {
  const res = await trx
    .updateTable("mass_jobs")
    .set({ lease })
    .where("id", "=", id)
    .where("lease", "=", lease)
    .executeTakeFirst();
  if (res.numUpdatedRows === 0n) throw new LeaseLostError(id);
}

async function countRows(db: Kysely<Database>, id: string): Promise<Record<RowState, number>> {
  const rows = await db
    .selectFrom("mass_rows")
    .select(["state", (eb) => eb.fn.countAll<number | string>().as("n")])
    .where("job_id", "=", id)
    .groupBy("state")
    .execute();
  const out = Object.fromEntries(ROW_STATES.map((s) => [s, 0])) as Record<RowState, number>;
  for (const r of rows) out[r.state as RowState] = Number(r.n);
  return out;
}

async function setStatusIn(
  db: Kysely<Database>,
  id: string,
  from: readonly MassJobStatus[],
  to: MassJobStatus,
  t: number,
  extra: Updateable<MassJobsTable> = {},
): Promise<boolean> {
  const res = await db
    .updateTable("mass_jobs")
    .set({ status: to, updated_at: t, ...extra })
    .where("id", "=", id)
    .where("status", "in", [...from])
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

function toJob(row: Selectable<MassJobsTable>): MassJob {
  return {
    id: row.id,
    adminId: row.admin_id,
    chatId: row.chat_id,
    network: row.network === "testnet" ? "testnet" : "production",
    accountId: row.account_id,
    accountName: row.account_name,
    senderName: row.sender_name,
    locale: row.locale,
    status: row.status as MassJobStatus,
    inputDigest: row.input_digest,
    dupPolicy: row.dup_policy as DupPolicy | null,
    notify: row.notify === 1,
    rowsTotal: row.rows_total,
    totals: row.totals === null ? {} : (JSON.parse(row.totals) as Record<string, string>),
    operationId: row.operation_id,
    progressMessageId: row.progress_message_id,
    error: row.error,
    reportSent: row.report_sent === 1,
    notifyDone: row.notify_done === 1,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}

function toRow(row: Selectable<MassRowsTable>): MassRow {
  return {
    rowNo: row.row_no,
    lines: row.lines,
    target: row.target,
    asset: row.asset,
    amount: row.amount,
    description: row.description,
    clientId: row.client_id,
    state: row.state as RowState,
    transferId: row.transfer_id,
    error: row.error,
    attempts: row.attempts,
    notified: row.notified,
    origin: row.origin,
    retriedBy: row.retried_by,
  };
}
