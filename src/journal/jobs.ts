/**
 * The journal's background work: settling operations a crash or an unknown outcome left unfinished
 * (each outcome and the notice telling its user written in one transaction, sent by the outbox),
 * and expiring confirmations nobody answered (each expiry and the edit of its summary in one
 * transaction).
 */
import type { Kysely } from "kysely";
import type { Jobs } from "../jobs/types.js";
import type { Outbox } from "../outbox/worker.js";
import type { Translate } from "../domain/translate.js";
import { createOperationsRepo } from "../storage/operations.js";
import type { Database } from "../storage/schema.js";
import type { JournalDeps } from "./actions.js";
import type { Journal, RecordSettlement } from "./attempt.js";
import { reconcileUnfinished } from "./reconcile.js";

export const RECONCILE_JOB = "journal.reconcile";
/** One proposal's expiry (`{ id }`), run when its time is up; its key is the operation's. */
export const EXPIRE_JOB = "journal.expire";
/**
 * How long after its expiry a confirmation is left alone: a press that arrived before the expiry may
 * still be on its way to its claim (the claim judges by the arrival), and instances' clocks differ a
 * little. A claim that comes later still finds it expired, and says so.
 */
const DEFAULT_EXPIRY_GRACE_MS = 5_000;
/** Expiries written per transaction round of a sweep. */
const EXPIRE_PAGE = 200;
/** Without a configured window: longer than a send takes with the default timeouts (3 × 15 s + 60 s). */
const DEFAULT_SEND_WINDOW_MS = 120_000;

export interface ExpiryParts {
  deps: JournalDeps;
  jobs: Jobs;
  outbox: Outbox;
  /** How long after its expiry a confirmation is left alone (DEFAULT_EXPIRY_GRACE_MS). */
  graceMs?: number;
}

export interface ConfirmationExpiry {
  /** Edits the summary when its time is up: a job on the engine, at `expiresAt` plus the grace. */
  watch(id: string, expiresAt: Date): void;
  /** Expires every confirmation whose time (and grace) is up, queuing each summary's edit; how many. */
  sweep(): Promise<number>;
  /** At start: expires what is due now and watches what is still open (a restart lost the timers). */
  resume(): Promise<void>;
}

/**
 * Confirmations nobody answered: a proposal still open `graceMs` after its expiry is moved to expired
 * by a conditional write, which a Confirm recorded first makes match nothing, and its summary's edit
 * ("not confirmed in time", no buttons) is written to the outbox in the same transaction, so whichever
 * instance expires it, and whatever restarts, the edit is owed once and sent. Each proposal gets its
 * own job at its expiry; the periodic reconciliation sweeps too, for timers a restart lost.
 */
export function confirmationExpiry(p: ExpiryParts): ConfirmationExpiry {
  const { deps, jobs, outbox } = p;
  const graceMs = p.graceMs ?? DEFAULT_EXPIRY_GRACE_MS;
  const log = deps.logger.child({ component: "expiry" });

  const watch = (id: string, expiresAt: Date) => {
    const delayMs = Math.max(0, expiresAt.getTime() + graceMs - deps.now().getTime());
    jobs
      .enqueue(EXPIRE_JOB, { id }, { key: `${EXPIRE_JOB}:${id}`, delayMs })
      .catch((err: unknown) => log.warn({ err, operationId: id }, "could not schedule an expiry; the periodic sweep will do it"));
  };

  const sweep = async () => {
    let expired = 0;
    for (;;) {
      const by = new Date(deps.now().getTime() - graceMs);
      const due = await deps.storage.operations.listProposed(EXPIRE_PAGE, by);
      let written = 0;
      for (const op of due) {
        const done = await deps.storage.db.transaction().execute(async (trx) => {
          if (!(await createOperationsRepo(trx).expire(op.id, by))) return false;
          if (op.messageId !== null && op.expiredText !== null) {
            const edit = { chatId: op.chatId, edit: { messageId: op.messageId }, text: op.expiredText };
            await outbox.write(trx, [{ ...edit, replyMarkup: { inline_keyboard: [] } }]);
          }
          return true;
        });
        if (done) written++;
      }
      expired += written;
      if (written > 0) outbox.kick();
      if (due.length < EXPIRE_PAGE) return expired;
    }
  };

  jobs.handle<{ id?: string }>(EXPIRE_JOB, async ({ id }) => {
    await sweep();
    const op = id === undefined ? undefined : await deps.storage.operations.get(id);
    // Early (another instance's clock, or a timer that fired sooner): again when it is due.
    if (op?.state === "proposed") {
      return { again: true, delayMs: Math.max(1000, op.expiresAt.getTime() + graceMs - deps.now().getTime()) };
    }
  });

  return {
    watch,
    sweep,
    async resume() {
      await sweep();
      for (const op of await deps.storage.operations.listProposed(10_000)) watch(op.id, op.expiresAt);
    },
  };
}

export interface JournalParts<K> {
  journal: Journal<K>;
  translatorFor: (telegramId: number) => Promise<Translate>;
  jobs: Jobs;
  expiry: ConfirmationExpiry;
  /** Operations younger than this are left alone by the periodic run (a send may be in flight). */
  reconcileMinAgeMs?: number;
}

/**
 * An outcome and the notice telling its user, in one transaction (the outbox sends it). The notice is
 * written only with the outcome's own write: a second settler of the same row (the reconciliation,
 * or the Confirm's own write once the database is back) tells nobody.
 */
export function settlementRecorder<K>(db: Kysely<Database>, outbox: Outbox): RecordSettlement<K> {
  return async (op, settlement, notice) => {
    const queued = await db.transaction().execute(async (trx) => {
      const ops = createOperationsRepo(trx);
      const written =
        settlement.state === "done"
          ? await ops.markDone(op.id, settlement.result)
          : settlement.state === "refused"
            ? await ops.markRefused(op.id, settlement.error)
            : await ops.markUnknown(op.id, settlement.error);
      if (!written || !notice) return false;
      const { text, keyboard } = notice;
      await outbox.write(trx, [{ chatId: op.chatId, text, ...(keyboard ? { replyMarkup: keyboard } : {}) }]);
      return true;
    });
    if (queued) outbox.kick();
  };
}

/** Registers the periodic jobs; returns the reconciliation (settles what is at least `minAgeMs` old). */
export function journalJobs<K>(p: JournalParts<K>): (minAgeMs?: number) => Promise<number> {
  const { deps } = p.journal;
  const reconcile = (minAgeMs = 0) => reconcileUnfinished(p.journal, p.translatorFor, minAgeMs);

  p.jobs.handle(RECONCILE_JOB, async () => {
    const settled = await reconcile(p.reconcileMinAgeMs ?? DEFAULT_SEND_WINDOW_MS);
    if (settled > 0) deps.logger.info({ settled }, "settled operations left unfinished");
    await p.expiry.sweep();
  });
  p.jobs.every(RECONCILE_JOB, 1);
  return reconcile;
}
