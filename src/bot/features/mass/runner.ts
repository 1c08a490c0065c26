/**
 * The job engine. One sender loop per job (a lease in storage keeps other loops and instances out)
 * sends the queued rows in batches of one asset through createMassTransfer and records each item's
 * own outcome. What makes every row paid exactly once, whatever happens to the process:
 *  - each row's client transfer id is fixed when the job is planned, and the service applies an id once;
 *  - a row is marked 'sending' BEFORE its batch is sent; a loop that starts finds rows left 'sending'
 *    by a dead loop and marks them 'unknown';
 *  - 'unknown' rows (timeout, dropped connection, 5xx, unreadable reply, duplicate id) are read back by
 *    their client id before anything else is sent: found → completed; 404 → queued again, same id;
 *  - only refusals that prove nothing was applied (429, never sent, 4xx for the whole call) requeue
 *    a row directly.
 * At the end: the report, then (if chosen) the recipients' notifications.
 */
import { randomUUID } from "node:crypto";
import type { Api } from "grammy";
import type { Logger } from "pino";
import { money } from "../../../domain/money.js";
import type { PayClient } from "../../../service/client.js";
import {
  InvalidRequestError,
  isNotFound,
  NetworkError,
  outcomeMayBeApplied,
  RateLimitedError,
  refusalReason,
  ServiceRefusedError,
  UnauthorizedError,
} from "../../../service/errors.js";
import { MASS_TRANSFER_MAX_ITEMS, type MassTransferItemResult } from "../../../service/schemas.js";
import type { BotDeps } from "../../context.js";
import { clientsFor } from "../../shared/account.js";
import { NoKeyError, type Translate } from "../../shared/errors.js";
import { notifyRecipients, Pacer } from "./notify.js";
import { totalsByAsset } from "./plan.js";
import { jobLabel, ProgressMessage, reasonText } from "./progress.js";
import { sendReport } from "./report.js";
import {
  ACTIVE_STATUSES,
  FINAL_STATUSES,
  type MassJob,
  type MassRow,
  type MassStore,
  type RowOutcome,
} from "./store.js";
import { type Checkpoint, massTuning } from "./tuning.js";

/** Unknown rows read back per pass. */
const RECONCILE_PAGE = 200;
/** How often a long notification run renews its lease. */
const RENEW_EVERY_MS = 5_000;

export interface RunnerDeps {
  deps: BotDeps;
  store: MassStore;
  api: Api;
  translatorFor: (telegramId: number, fallback?: string) => Promise<Translate>;
}

type LoopEnd = "done" | "paused" | "lost" | "busy" | "error";

interface BatchResult {
  outcomes: RowOutcome[];
  /** The call failed in a way worth a backoff. */
  failure?: boolean;
  /** Wait this long before the next call (429). */
  waitMs?: number;
  /** Stop and ask the operator: the whole call was refused for a reason that would repeat. */
  pause?: string;
}

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

/** Starts, wakes and resumes the sender loops of this process. */
export class MassRunner {
  readonly #active = new Map<string, Wake>();
  readonly #timers = new Map<string, NodeJS.Timeout>();
  readonly #pacer = new Pacer(() => massTuning.notifyPerSecond);
  readonly #log: Logger;

  constructor(private readonly r: RunnerDeps) {
    this.#log = r.deps.logger.child({ feature: "mass" });
  }

  /** Starts the job's loop in the background (or wakes it when it runs here already); returns at once. */
  start(jobId: string, force = false): void {
    const running = this.#active.get(jobId);
    if (running) {
      running.wake();
      return;
    }
    const wake = new Wake();
    this.#active.set(jobId, wake);
    this.#run(jobId, wake, force)
      .catch((err): LoopEnd => {
        this.#log.error({ err, jobId }, "mass-transfer loop failed; it will be retried");
        return "error";
      })
      .then(async (end) => {
        this.#active.delete(jobId);
        if (end === "busy") this.#later(jobId, massTuning.leaseMs);
        else if (end === "error") this.#later(jobId, massTuning.maxBackoffMs);
        // A button may have changed the job while the loop was leaving: look once more.
        else if (await this.#hasWork(jobId)) this.start(jobId);
      })
      .catch((err) => this.#log.error({ err, jobId }, "mass-transfer loop bookkeeping failed"));
  }

  /** At start: every job a previous process left with work (sending, report, notifications). */
  async resumeAll(): Promise<void> {
    // SQLite serves one instance: a lease left by the previous (dead) process is stale by definition.
    const force = this.r.deps.storage.dialect === "sqlite";
    for (const job of await this.r.store.resumable()) {
      this.#log.info({ jobId: job.id, status: job.status }, "resuming mass-transfer job");
      this.start(job.id, force);
    }
  }

  #later(jobId: string, ms: number): void {
    if (this.#timers.has(jobId)) return;
    const timer = setTimeout(() => {
      this.#timers.delete(jobId);
      this.start(jobId);
    }, ms);
    timer.unref();
    this.#timers.set(jobId, timer);
  }

  async #hasWork(jobId: string): Promise<boolean> {
    const job = await this.r.store.get(jobId);
    return job !== undefined && hasWork(job);
  }

  async #run(jobId: string, wake: Wake, force: boolean): Promise<LoopEnd> {
    const { store } = this.r;
    const token = randomUUID();
    if (!(await store.claimLease(jobId, token, massTuning.leaseMs, force))) {
      const job = await store.get(jobId);
      // Held by a live loop elsewhere (try again when its lease may have run out), or nothing to do.
      return job && hasWork(job) ? "busy" : "done";
    }
    const log = this.#log.child({ jobId });
    try {
      // Whatever a previous loop left in flight may or may not have been applied.
      const orphaned = await store.orphanSending(jobId);
      if (orphaned > 0)
        log.warn({ rows: orphaned }, "rows left in flight are now unknown and will be reconciled");
      let job = await store.get(jobId);
      if (!job) return "done";
      const t = await this.r.translatorFor(job.adminId, job.locale ?? undefined);
      const progress = new ProgressMessage(this.r.api, store, job, job.progressMessageId, t, log);
      if (ACTIVE_STATUSES.includes(job.status)) {
        const end = await this.#send(job, token, wake, progress, t, log);
        if (end !== "done") return end;
        job = await store.get(jobId);
        if (!job) return "done";
      }
      if (FINAL_STATUSES.includes(job.status)) await this.#afterwards(job, token, progress, t, log);
      return "done";
    } finally {
      await store.releaseLease(jobId, token).catch((err) => log.warn({ err }, "could not release the lease"));
    }
  }

  /** Sends and reconciles until no row is left to send; then records the job's end. */
  async #send(
    job: MassJob,
    token: string,
    wake: Wake,
    progress: ProgressMessage,
    t: Translate,
    log: Logger,
  ): Promise<LoopEnd> {
    const { store, deps } = this.r;
    const jobId = job.id;
    const client = await this.#payClient(job);
    // Without a usable key only a cancelled job with nothing left to read back can still finish.
    const pay = typeof client === "string" ? null : client;
    if (
      typeof client === "string" &&
      !(job.status === "cancelling" && (await store.counts(jobId)).unknown === 0)
    ) {
      if (await this.#pause(job, client, t, progress, log)) return "paused";
      log.warn({ reason: client }, "cannot go on with the job; will try again later");
      return "error";
    }
    await progress.update(true);

    let failures = 0;
    let batch = 0;
    const failed = async (): Promise<boolean> => {
      failures++;
      if (
        failures >= massTuning.maxConsecutiveFailures &&
        (await this.#pause(job, "service_unavailable", t, progress, log))
      ) {
        return true;
      }
      await wake.sleep(Math.min(massTuning.maxBackoffMs, massTuning.backoffMs * 2 ** (failures - 1)));
      return false;
    };

    for (;;) {
      if (batch > 0) await checkpoint("between_batches", jobId, batch);
      if (!(await store.renewLease(jobId, token, massTuning.leaseMs))) return "lost";
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
        if (await this.#reconcile(jobId, pay, unknown, log)) failures = 0;
        else if (await failed()) return "paused";
        await progress.update();
        continue;
      }
      if (current.status === "cancelling") {
        const skipped = await store.skipQueued(jobId);
        log.info({ skipped }, "job cancelled; queued rows are not sent");
        break;
      }
      const rows = await store.nextBatch(
        jobId,
        Math.min(deps.config.MASS_BATCH_SIZE, MASS_TRANSFER_MAX_ITEMS),
      );
      if (rows.length === 0) break;
      if (!pay) return "error";

      batch++;
      await checkpoint("before_send", jobId, batch);
      const moved = await store.markSending(
        jobId,
        rows.map((r) => r.rowNo),
      );
      const sending = rows.filter((r) => moved.has(r.rowNo));
      if (sending.length === 0) continue;
      const result = await this.#sendBatch(pay, sending, log);
      await checkpoint("after_send", jobId, batch);
      await store.record(jobId, result.outcomes, ["sending"]);

      if (result.pause && (await this.#pause(job, result.pause, t, progress, log))) return "paused";
      if (result.failure) {
        if (await failed()) return "paused";
      } else failures = 0;
      if (result.waitMs) await wake.sleep(result.waitMs);
      await progress.update();
    }

    const counts = await store.counts(jobId);
    const paid = totalsByAsset(await store.amountsIn(jobId, "completed"));
    const status = await store.finish(jobId, {
      paid: counts.completed,
      failed: counts.failed,
      skipped: counts.cancelled,
      paidTotals: paid,
    });
    log.info({ status, ...counts }, "mass-transfer job finished sending");
    await progress.update(true);
    return "done";
  }

  /** One createMassTransfer call; every row gets an outcome (never left 'sending'). */
  async #sendBatch(pay: PayClient, rows: MassRow[], log: Logger): Promise<BatchResult> {
    const all = (state: RowOutcome["state"], error?: string | null) =>
      rows.map((r): RowOutcome => ({ rowNo: r.rowNo, state, ...(error === undefined ? {} : { error }) }));
    try {
      const reply = await pay.createMassTransfer({
        asset: rows[0]!.asset,
        transfers: rows.map((r) => ({
          target: r.target,
          targetType: "messenger_user_id" as const,
          amount: r.amount,
          clientTransferId: r.clientId,
          ...(r.description === null ? {} : { description: r.description }),
        })),
      });
      return { outcomes: itemOutcomes(rows, reply.results) };
    } catch (err) {
      if (err instanceof RateLimitedError) return { outcomes: all("queued"), waitMs: err.retryAfterMs };
      if (outcomeMayBeApplied(err)) {
        log.warn(
          { err, rows: rows.length },
          "batch outcome unknown; its rows will be read back by client id",
        );
        return { outcomes: all("unknown"), failure: true };
      }
      if (err instanceof NetworkError) return { outcomes: all("queued"), failure: true };
      if (err instanceof UnauthorizedError) return { outcomes: all("queued"), pause: "unauthorized" };
      if (err instanceof ServiceRefusedError) {
        log.warn({ kind: err.kind, status: err.status }, "the service refused a whole batch");
        return { outcomes: all("queued"), pause: err.kind };
      }
      if (err instanceof InvalidRequestError) {
        log.error({ err }, "a batch did not pass the contract's schema");
        return { outcomes: all("queued"), pause: "invalid_request" };
      }
      // Anything else may have happened after the request left: treat the rows as unknown.
      log.error({ err }, "unexpected failure sending a batch");
      return { outcomes: all("unknown"), failure: true };
    }
  }

  /** Reads unknown rows back by client id. False when some lookup failed (they stay unknown). */
  async #reconcile(jobId: string, pay: PayClient, rows: MassRow[], log: Logger): Promise<boolean> {
    let ok = true;
    const outcomes: RowOutcome[] = [];
    await forEachLimit(rows, massTuning.reconcileConcurrency, async (row) => {
      try {
        const found = await pay.getTransfer({ clientTransferId: row.clientId });
        if (found.target === row.target && found.asset === row.asset && money.eq(found.amount, row.amount)) {
          outcomes.push({ rowNo: row.rowNo, state: "completed", transferId: found.transferId, error: null });
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
        } else if (row.attempts >= massTuning.maxSends) {
          outcomes.push({ rowNo: row.rowNo, state: "failed", error: "not_sent_gave_up" });
        } else {
          // Proven not applied: it goes out again with the same client id.
          outcomes.push({ rowNo: row.rowNo, state: "queued", error: null });
        }
      }
    });
    await this.r.store.record(jobId, outcomes, ["unknown"]);
    return ok;
  }

  /** The admin's Pay client, or why the job cannot go on (the key is gone or now points elsewhere). */
  async #payClient(job: MassJob): Promise<PayClient | string> {
    try {
      const clients = await clientsFor(this.r.deps, job.adminId);
      if (clients.network !== job.network) return "network_changed";
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

  /** running → paused with a reason, and the operator is told. False when the job was not running. */
  async #pause(
    job: MassJob,
    reason: string,
    t: Translate,
    progress: ProgressMessage,
    log: Logger,
  ): Promise<boolean> {
    const { store, api } = this.r;
    if (!(await store.setStatus(job.id, ["running"], "paused", { error: reason }))) return false;
    log.warn({ reason }, "mass-transfer job paused");
    await api
      .sendMessage(
        job.chatId,
        t("mass-paused-auto", { job: jobLabel(job.id), reason: reasonText(t, reason) }),
      )
      .catch((err) => log.warn({ err }, "could not tell the operator about the pause"));
    await progress.update(true);
    return true;
  }

  /** The report, then the notifications; each recorded once done, so a restart picks up the rest. */
  async #afterwards(
    job: MassJob,
    token: string,
    progress: ProgressMessage,
    t: Translate,
    log: Logger,
  ): Promise<void> {
    const { store, api } = this.r;
    if (!job.reportSent) {
      // A resumed job shows its final state here; a job that just finished has shown it already.
      await progress.update();
      await sendReport(api, store, job, t);
      await store.markReportSent(job.id);
    }
    if (job.notify && !job.notifyDone) {
      let renewedAt = Date.now();
      const finished = await notifyRecipients(
        {
          api,
          store,
          translatorFor: this.r.translatorFor,
          pacer: this.#pacer,
          log,
          keepAlive: async () => {
            if (Date.now() - renewedAt < RENEW_EVERY_MS) return true;
            renewedAt = Date.now();
            return store.renewLease(job.id, token, massTuning.leaseMs);
          },
        },
        job,
      );
      if (!finished) return;
      const counts = await store.notifyCounts(job.id);
      await store.markNotifyDone(job.id);
      await api.sendMessage(
        job.chatId,
        t("mass-notify-summary", {
          job: jobLabel(job.id),
          sent: counts[1] ?? 0,
          unreachable: counts[2] ?? 0,
          failed: counts[3] ?? 0,
        }),
      );
    }
  }
}

/** Whether a job still needs a loop: rows to send or settle, or its report or notifications. */
function hasWork(job: MassJob): boolean {
  if (ACTIVE_STATUSES.includes(job.status)) return true;
  return FINAL_STATUSES.includes(job.status) && (!job.reportSent || (job.notify && !job.notifyDone));
}

/** The outcome of each row from the call's per-item results (matched by client id, not position). */
export function itemOutcomes(rows: MassRow[], results: MassTransferItemResult[]): RowOutcome[] {
  const byId = new Map(results.map((r) => [r.clientTransferId, r]));
  return rows.map((row): RowOutcome => {
    const r = byId.get(row.clientId);
    // An item missing from the reply, or completed without an id: read it back by its client id.
    if (!r || (r.status === "completed" && !r.transferId)) return { rowNo: row.rowNo, state: "unknown" };
    if (r.status === "completed")
      return { rowNo: row.rowNo, state: "completed", transferId: r.transferId, error: null };
    const kind = r.error?.kind ?? "refused";
    // An earlier attempt went through: read it by client id before recording it completed.
    if (refusalReason(r.error?.status ?? 400, kind) === "client_id_duplicate") {
      return { rowNo: row.rowNo, state: "unknown", error: "client_id_duplicate" };
    }
    return { rowNo: row.rowNo, state: "failed", error: kind };
  });
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
