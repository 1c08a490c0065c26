/**
 * The sender of a mass-transfer job, run as a job of the job engine ("mass.run", keyed by the job, so
 * one run at a time per job across instances; a run whose instance died is taken over) that sends the queued rows in batches of one asset through createMassTransfer and records each item's
 * own outcome. What makes every row paid exactly once, whatever happens to the process:
 *  - each row's client transfer id is fixed when the job is planned, and the service applies an id once;
 *  - a row is marked 'sending' BEFORE its batch is sent, in a write that checks the run still holds
 *    the job's lease; each run takes the lease (+1) and marks rows a former run left 'sending'
 *    'unknown', so a run whose instance froze while another took the job over has every later write
 *    refused and stops, sending nothing more;
 *  - 'unknown' rows (timeout, dropped connection, 5xx, unreadable reply, duplicate id) are read back by
 *    their client id before anything else is sent: found → completed; 404 → queued again, same id;
 *  - only refusals that prove nothing was applied (429, never sent, 4xx for the whole call) requeue
 *    a row directly.
 * A row fails only for a reason of its own (the service refused that item). An outage (5xx, timeouts,
 * dropped connections, 429s) never fails a row, however long it lasts: the run backs off, and after
 * `maxConsecutiveFailures` failed calls in a row the job pauses and the admin is told why, with Resume.
 * At the end the report and (if chosen) the recipients' notifications go to the outbox in one
 * transaction, once; when every notification is settled, the operator's summary follows the same way.
 * At shutdown a run stops between batches and hands the job back to the engine.
 */
import type { Api } from "grammy";
import type { Logger } from "pino";
import { type AccountDeps, clientsFor, NoKeyError } from "../accounts/clients.js";
import { money } from "../domain/money.js";
import type { Translate } from "../domain/translate.js";
import type { WorthReader } from "../domain/worth.js";
import { formattingAs } from "../domain/format-locale.js";
import type { JobResult, Jobs } from "../jobs/types.js";
import type { Outbox } from "../outbox/worker.js";
import type { PayClient } from "../service/client.js";
import {
  InvalidRequestError,
  isNotFound,
  NetworkError,
  outcomeMayBeApplied,
  RateLimitedError,
  refusalReason,
  ServiceRefusedError,
  UnauthorizedError,
} from "../service/errors.js";
import { MASS_TRANSFER_MAX_ITEMS, type MassTransferResult } from "../service/schemas.js";
import { notificationMessages, notifyGroup, notifyOutcomes, notifySummary, worthsOf } from "./notify.js";
import { jobButtons, jobLabel, ProgressMessage, reasonText } from "./progress.js";
import { reportMessages } from "./report.js";
import {
  ACTIVE_STATUSES,
  FINAL_STATUSES,
  LeaseLostError,
  type MassJob,
  type MassRow,
  type MassStore,
  type RowOutcome,
  type RowState,
} from "./store.js";
import { type Checkpoint, massTuning } from "./tuning.js";

/** Unknown rows read back per pass. */
const RECONCILE_PAGE = 200;
/** The job engine's name for a job's run. */
export const MASS_RUN_JOB = "mass.run";
/** How often a finished job looks whether its notifications are all settled. */
const NOTIFY_CHECK_MS = 1000;

/** What the runner reads of the bot's dependencies: the user's clients, the logger, the batch size. */
export interface MassRunnerDeps extends AccountDeps {
  logger: Logger;
  config: { MASS_BATCH_SIZE: number };
}

export interface RunnerDeps {
  deps: MassRunnerDeps;
  store: MassStore;
  api: Api;
  jobs: Jobs;
  outbox: Outbox;
  translatorFor: (telegramId: number, fallback?: string) => Promise<Translate>;
  /** A person's fiat and an asset's rate in it, for the worth beside the report's and notices' totals. */
  worthOf?: WorthReader;
}

type LoopEnd = "done" | "paused" | "lost" | "stopped" | "error";

/** One run of a job: what it holds (the lease) and what it needs at each step. */
interface Run {
  job: MassJob;
  lease: number;
  wake: Wake;
  /** The engine's: this instance is shutting down, or the engine found that it lost the job. */
  signal: AbortSignal;
  progress: ProgressMessage;
  t: Translate;
  log: Logger;
}

interface BatchResult {
  outcomes: RowOutcome[];
  /** The call failed for a reason of the service's (an outage, a rate limit), not of its rows. */
  failure?: Outage;
  /** Wait at least this long before the next call (429's Retry-After). */
  waitMs?: number;
  /** Stop and ask the operator: the whole call was refused for a reason that would repeat. */
  pause?: string;
}

/** Why calls fail in an outage, as the pause reason the admin is shown. */
type Outage = "service_unavailable" | "rate_limited";

/** A sleep that a button press can cut short. */
class Wake {
  #cut: (() => void) | null = null;
  #pending = false;

  sleep(ms: number): Promise<void> {
    if (this.#pending) {
      this.#pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#cut = null;
        resolve();
      }, ms);
      this.#cut = () => {
        clearTimeout(timer);
        this.#cut = null;
        resolve();
      };
    });
  }

  wake(): void {
    if (this.#cut) this.#cut();
    else this.#pending = true;
  }
}

/** Starts, wakes and resumes job runs (through the job engine). */
export class MassRunner {
  /** Runs in this process, to cut their waits short when a button changes the job. */
  readonly #active = new Map<string, Wake>();
  /**
   * Each job's progress message in this process, kept across its runs (a pause, a resume), so an
   * edit still held up by Telegram is coalesced with the next run's views, never shown after them.
   */
  readonly #progress = new Map<string, ProgressMessage>();
  readonly #log: Logger;

  constructor(private readonly r: RunnerDeps) {
    this.#log = r.deps.logger.child({ feature: "mass" });
    r.jobs.handle<{ jobId: string }>(MASS_RUN_JOB, ({ jobId }, { signal }) => this.#runOnce(jobId, signal));
  }

  /** Queues a run of the job (or wakes the one running here); returns at once. */
  start(jobId: string): void {
    this.#active.get(jobId)?.wake();
    this.r.jobs
      .enqueue(MASS_RUN_JOB, { jobId }, { key: `mass:${jobId}` })
      .catch((err) => this.#log.error({ err, jobId }, "could not queue a mass-transfer run"));
  }

  /** At start: every job left with work (sending, report, notifications); the engine runs each once. */
  async resumeAll(): Promise<void> {
    for (const job of await this.r.store.resumable()) {
      this.#log.info({ jobId: job.id, status: job.status }, "resuming mass-transfer job");
      this.start(job.id);
    }
  }

  async #runOnce(jobId: string, signal: AbortSignal): Promise<JobResult> {
    const wake = new Wake();
    this.#active.set(jobId, wake);
    const onAbort = () => wake.wake();
    signal.addEventListener("abort", onAbort);
    try {
      return await this.#run(jobId, wake, signal);
    } catch (err) {
      if (!(err instanceof LeaseLostError)) throw err;
      // Nothing this run did after losing the job was written; the run holding it reads back by
      // client id whatever this one had in flight. Asking to run again keeps the job going should
      // that run stop too: the engine starts the next run only after the one running.
      this.#log.warn(
        { jobId, ...(err.unrecorded ? { unrecorded: err.unrecorded } : {}) },
        "another run holds the mass-transfer job now; this one stops",
      );
      return "again";
    } finally {
      signal.removeEventListener("abort", onAbort);
      if (this.#active.get(jobId) === wake) this.#active.delete(jobId);
    }
  }

  async #run(jobId: string, wake: Wake, signal: AbortSignal): Promise<JobResult> {
    const { store } = this.r;
    // The engine runs one run of a job at a time, yet a run whose instance froze may wake after the
    // job was taken over: taking the lease fences it off, and whatever it left in flight may or may
    // not have been applied.
    const taken = await store.takeLease(jobId);
    if (!taken) return;
    const log = this.#log.child({ jobId, lease: taken.lease });
    log.info("mass-transfer run took the job");
    if (taken.orphaned > 0)
      log.warn({ rows: taken.orphaned }, "rows left in flight are now unknown and will be reconciled");
    const first = await store.get(jobId);
    if (!first) return;
    let job: MassJob = first;
    const t = await this.r.translatorFor(first.adminId, first.locale ?? undefined);
    // Its progress, report and notices write figures as the operator's language does.
    return formattingAs(t, async (): Promise<JobResult> => {
      let progress = this.#progress.get(jobId);
      if (!progress) {
        progress = new ProgressMessage(this.r.api, store, job, job.progressMessageId, t, log);
        this.#progress.set(jobId, progress);
      }
      progress.beginRun();
      const run: Run = { job, lease: taken.lease, wake, signal, progress, t, log };
      if (ACTIVE_STATUSES.includes(job.status)) {
        const end = await this.#send(run);
        if (end === "stopped") return "again";
        // The engine retries with a growing delay.
        if (end === "error") throw new Error("mass-transfer run could not go on; retrying later");
        if (end !== "done") return;
        const now = await store.get(jobId);
        if (!now) return;
        job = now;
      }
      if (!FINAL_STATUSES.includes(job.status)) return;
      const again = await this.#afterwards({ ...run, job });
      // Its last view may still be on its way; no later run of the job will show another.
      if (again === undefined) this.#progress.delete(jobId);
      return again;
    });
  }

  /** Sends and reconciles until no row is left to send or in doubt; then records the job's end. */
  async #send(run: Run): Promise<LoopEnd> {
    const { store, deps } = this.r;
    const { job, lease, wake, signal, progress, log } = run;
    const jobId = job.id;
    const client = await this.#payClient(job);
    // Without a usable key only a cancelled job with nothing left to read back can still finish.
    const pay = typeof client === "string" ? null : client;
    if (
      typeof client === "string" &&
      !(job.status === "cancelling" && (await store.counts(jobId)).unknown === 0)
    ) {
      if (await this.#pause(run, client)) return "paused";
      log.warn({ reason: client }, "cannot go on with the job; will try again later");
      return "error";
    }
    await progress.update(true);

    // Service calls failed in a row (sends and read-backs). Only a send that got a reply ends the run
    // of failures: read-backs that work while sends fail are still an outage of the send.
    let failures = 0;
    let outage: Outage = "service_unavailable";
    let batch = 0;
    /** Backs off after a failed call, unless there were so many in a row that the job is to pause. */
    const failed = async (why: Outage, atLeastMs = 0): Promise<void> => {
      failures++;
      outage = why;
      if (failures >= massTuning.maxConsecutiveFailures) return;
      const backoff = Math.min(massTuning.maxBackoffMs, massTuning.backoffMs * 2 ** (failures - 1));
      await wake.sleep(Math.max(backoff, atLeastMs));
    };
    /**
     * After too many failed calls in a row: pauses the job (true). Asked only once the rows in doubt
     * are read back where reads work, so the admin sees what was paid.
     */
    const pausedByOutage = async (): Promise<boolean> => {
      if (failures < massTuning.maxConsecutiveFailures) return false;
      if (await this.#pause(run, outage)) return true;
      // Cancelling: there is nothing to pause, only rows to read back; keep trying, slowly.
      await wake.sleep(massTuning.maxBackoffMs);
      return false;
    };
    /**
     * Records the job's end; false while a row is still open, or when the job just left running or
     * cancelling (a Pause pressed meanwhile): then the loop goes on and sees why.
     */
    const finished = async (): Promise<boolean> => {
      const end = await store.finish(jobId, lease);
      if (end === undefined) return false;
      if (end === "open") {
        log.warn("rows are still open at the job's end; going on");
        await wake.sleep(massTuning.backoffMs);
        return false;
      }
      log.info({ status: end.status, ...end.counts }, "mass-transfer job finished sending");
      await progress.update(true);
      return true;
    };

    for (;;) {
      if (batch > 0) await checkpoint("between_batches", jobId, batch);
      // Shutdown: stop between batches; the engine gives the job to the next run.
      if (signal.aborted) return "stopped";
      const current = await store.get(jobId);
      if (!current) return "lost";
      if (current.status === "paused") {
        await progress.update(true);
        return "paused";
      }
      if (!ACTIVE_STATUSES.includes(current.status)) return "lost";

      // Unknown outcomes are settled before anything else is sent, cancelled or not.
      const unknown = await store.rowsIn(jobId, "unknown", RECONCILE_PAGE);
      if (unknown.length > 0) {
        if (!pay) return "error";
        if (!(await this.#reconcile(run, pay, unknown))) {
          await failed("service_unavailable");
          if (await pausedByOutage()) return "paused";
        }
        await progress.update();
        continue;
      }
      if (current.status === "cancelling") {
        const skipped = await store.skipQueued(jobId, lease);
        if (skipped > 0) log.info({ skipped }, "job cancelled; queued rows are not sent");
        if (await finished()) return "done";
        continue;
      }
      const rows = await store.nextBatch(
        jobId,
        Math.min(deps.config.MASS_BATCH_SIZE, MASS_TRANSFER_MAX_ITEMS),
      );
      if (rows.length === 0) {
        if (await finished()) return "done";
        continue;
      }
      if (!pay) return "error";
      if (await pausedByOutage()) return "paused";

      batch++;
      await checkpoint("before_send", jobId, batch);
      const asked = Date.now();
      const moved = await store.markSending(
        jobId,
        lease,
        rows.map((r) => r.rowNo),
      );
      // A step that took this long may have spanned a freeze of this process, and another run may
      // hold the job now: look before sending (the rows stay sending; the holder reads them back).
      if (Date.now() - asked > massTuning.leaseRecheckMs && !(await store.holdsLease(jobId, lease)))
        throw new LeaseLostError(jobId);
      const sending = rows.filter((r) => moved.has(r.rowNo));
      if (sending.length === 0) continue;
      const result = await this.#sendBatch(pay, sending, log);
      await checkpoint("after_send", jobId, batch);
      try {
        await store.record(jobId, lease, result.outcomes, ["sending"]);
      } catch (err) {
        if (err instanceof LeaseLostError) err.unrecorded = tally(result.outcomes);
        throw err;
      }

      if (result.pause && (await this.#pause(run, result.pause))) return "paused";
      if (result.failure) await failed(result.failure, result.waitMs);
      else failures = 0;
      await progress.update();
    }
  }

  /** One createMassTransfer call; every row gets an outcome (never left 'sending'). */
  async #sendBatch(pay: PayClient, rows: MassRow[], log: Logger): Promise<BatchResult> {
    const all = (state: RowOutcome["state"], error?: string | null) =>
      rows.map((r): RowOutcome => ({ rowNo: r.rowNo, state, ...(error === undefined ? {} : { error }) }));
    try {
      const reply = await pay.createMassTransfer({
        asset: rows[0]!.asset,
        payouts: rows.map((r) => ({
          target: r.target,
          targetType: "telegram_user_id" as const,
          amount: r.amount,
          clientPayoutId: r.clientId,
          ...(r.description === null ? {} : { description: r.description }),
        })),
      });
      return { outcomes: itemOutcomes(rows, reply) };
    } catch (err) {
      if (err instanceof RateLimitedError)
        return { outcomes: all("queued"), failure: "rate_limited", waitMs: err.retryAfterMs };
      if (outcomeMayBeApplied(err)) {
        log.warn(
          { err, rows: rows.length },
          "batch outcome unknown; its rows will be read back by client id",
        );
        return { outcomes: all("unknown"), failure: "service_unavailable" };
      }
      if (err instanceof NetworkError) return { outcomes: all("queued"), failure: "service_unavailable" };
      if (err instanceof UnauthorizedError) return { outcomes: all("queued"), pause: "unauthorized" };
      if (err instanceof ServiceRefusedError) {
        log.warn({ kind: err.kind, status: err.status }, "the service refused a whole batch");
        return { outcomes: all("queued"), pause: err.reason === "refused" ? err.kind : err.reason };
      }
      if (err instanceof InvalidRequestError) {
        log.error({ err }, "a batch did not pass the contract's schema");
        return { outcomes: all("queued"), pause: "invalid_request" };
      }
      // Anything else may have happened after the request left: treat the rows as unknown.
      log.error({ err }, "unexpected failure sending a batch");
      return { outcomes: all("unknown"), failure: "service_unavailable" };
    }
  }

  /** Reads unknown rows back by client id. False when some lookup failed (they stay unknown). */
  async #reconcile({ job, lease, log }: Run, pay: PayClient, rows: MassRow[]): Promise<boolean> {
    let ok = true;
    const outcomes: RowOutcome[] = [];
    await forEachLimit(rows, massTuning.reconcileConcurrency, async (row) => {
      try {
        const found = await pay.getTransfer({ clientPayoutId: row.clientId });
        // A reply that leaves a field out is not taken as a mismatch: the client id is ours and unique.
        const same =
          (found.target === null || found.target === row.target) &&
          (found.asset === null || found.asset === row.asset) &&
          (found.amount === null || money.eq(found.amount, row.amount));
        if (same) {
          outcomes.push({ rowNo: row.rowNo, state: "completed", transferId: found.payoutId, error: null });
        } else {
          // Our id names someone else's transfer: this row cannot be paid under it.
          log.error(
            { rowNo: row.rowNo, clientId: row.clientId },
            "client transfer id used for a different transfer",
          );
          outcomes.push({ rowNo: row.rowNo, state: "failed", error: "client_id_conflict" });
        }
      } catch (err) {
        if (!isNotFound(err)) {
          ok = false;
          log.warn({ err, rowNo: row.rowNo }, "could not read a transfer back; will retry");
          return;
        }
        if (row.error === "client_id_duplicate") {
          // The service called the id used yet cannot show it: never resend, report it for a check.
          outcomes.push({ rowNo: row.rowNo, state: "failed", error: "unresolved" });
        } else {
          // Proven not applied: it goes out again with the same client id, however often that takes.
          outcomes.push({ rowNo: row.rowNo, state: "queued", error: null });
        }
      }
    });
    await this.r.store.record(job.id, lease, outcomes, ["unknown"]);
    return ok;
  }

  /** The admin's Pay client, or why the job cannot go on (the key is gone or now points elsewhere). */
  async #payClient(job: MassJob): Promise<PayClient | string> {
    try {
      // The job's own network: the admin may act on the other one meanwhile.
      const clients = await clientsFor(this.r.deps, job.adminId, job.network);
      if (job.accountId !== null && (await clients.pay.getAppInfo()).id !== job.accountId)
        return "account_changed";
      return clients.pay;
    } catch (err) {
      if (err instanceof NoKeyError || (err instanceof Error && err.name === "KeyDecryptionError"))
        return "no_key";
      if (err instanceof UnauthorizedError) return "unauthorized";
      throw err;
    }
  }

  /** running → paused with a reason, and the operator told (outbox). False when the job was not running. */
  async #pause({ job, lease, t, progress, log }: Run, reason: string): Promise<boolean> {
    const notice = {
      chatId: job.chatId,
      text: t("mass-paused-auto", { job: jobLabel(job.id), reason: reasonText(t, reason) }),
      replyMarkup: jobButtons(t, job.id, "paused"),
    };
    if (!(await this.r.store.pause(job.id, lease, reason, [notice]))) return false;
    this.r.outbox.kick();
    log.warn({ reason }, "mass-transfer job paused");
    await progress.update(true);
    return true;
  }

  /**
   * The report and notifications, queued once; then, when every notification is settled, the
   * operator's summary. Asks the engine to look again while notifications are still going out.
   */
  async #afterwards({ job, lease, progress, t, log }: Run): Promise<JobResult> {
    const { store, outbox } = this.r;
    if (!job.reportSent) {
      // A resumed job shows its final state here; a job that just finished has shown it already.
      await progress.update();
      const rows = await store.allRows(job.id);
      const owed = [
        ...reportMessages(t, job, rows, await worthsOf(this.r.worthOf, job.adminId, rows)),
        ...(job.notify ? await notificationMessages(job, rows, this.r.translatorFor, this.r.worthOf) : []),
      ];
      if (await store.queueReport(job.id, lease, owed)) {
        log.info({ messages: owed.length }, "report and notifications queued");
        outbox.kick();
      }
    }
    if (!job.notify || job.notifyDone) return;
    const group = notifyGroup(job.id);
    const counts = await outbox.store.counts(group);
    if (counts.pending > 0) return { again: true, delayMs: NOTIFY_CHECK_MS };
    const outcomes = notifyOutcomes(await outbox.store.outcomes(group));
    if (await store.finishNotifications(job.id, lease, outcomes, notifySummary(t, job, counts))) outbox.kick();
  }
}

/**
 * The outcome of each row from the call's `successPayouts` and `errorPayouts` (matched by client id,
 * not position). A payout listed as a success was made, whatever status it is in.
 */
export function itemOutcomes(rows: MassRow[], reply: MassTransferResult): RowOutcome[] {
  const paid = new Map(reply.successPayouts.map((p) => [p.clientPayoutId, p]));
  const refused = new Map(reply.errorPayouts.map((e) => [e.clientPayoutId, e.reason]));
  return rows.map((row): RowOutcome => {
    const payout = paid.get(row.clientId);
    if (payout) return { rowNo: row.rowNo, state: "completed", transferId: payout.payoutId, error: null };
    const problem = refused.get(row.clientId);
    // An item missing from the reply: read it back by its client id.
    if (!problem) return { rowNo: row.rowNo, state: "unknown" };
    const reason = refusalReason(problem.status, problem.kind);
    // An earlier attempt went through: read it by client id before recording it completed.
    if (reason === "client_id_duplicate") return { rowNo: row.rowNo, state: "unknown", error: reason };
    // Known reasons are explained in the report; any other kind is shown as the service named it.
    return { rowNo: row.rowNo, state: "failed", error: reason === "refused" ? problem.kind : reason };
  });
}

/** Rows per outcome state, for a log line. */
function tally(outcomes: RowOutcome[]): Partial<Record<RowState, number>> {
  const out: Partial<Record<RowState, number>> = {};
  for (const o of outcomes) out[o.state] = (out[o.state] ?? 0) + 1;
  return out;
}

async function checkpoint(point: Checkpoint, jobId: string, batch: number): Promise<void> {
  await massTuning.hooks.checkpoint?.(point, { jobId, batch });
}

async function forEachLimit<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}
