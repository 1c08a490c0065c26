/**
 * The journal's background work: settling operations a crash or an unknown outcome left unfinished
 * (each outcome and the notice telling its user written in one transaction, sent by the outbox), and
 * pruning the table of taken update ids.
 */
import type { Kysely } from "kysely";
import type { Jobs } from "../jobs/types.js";
import type { Outbox } from "../outbox/worker.js";
import { createOperationsRepo } from "../storage/operations.js";
import type { Database } from "../storage/schema.js";
import { pruneTakenUpdates } from "../storage/updates.js";
import type { BotDeps } from "./context.js";
import type { TranslatorFor } from "./i18n.js";
import { type ActionRegistry, reconcileUnfinished, type RecordSettlement } from "./shared/confirm.js";

export const RECONCILE_JOB = "journal.reconcile";
export const PRUNE_UPDATES_JOB = "updates.prune";
/** Without a configured window: longer than a send takes with the default timeouts (3 × 15 s + 60 s). */
const DEFAULT_SEND_WINDOW_MS = 120_000;
/** Taken update ids are kept this long (Telegram redelivers for much less). */
const UPDATE_IDS_KEPT_MS = 24 * 3600 * 1000;

export interface JournalParts {
  deps: BotDeps;
  actions: ActionRegistry;
  translatorFor: TranslatorFor;
  jobs: Jobs;
  /** Writes an outcome and its notice together (settlementRecorder). */
  record: RecordSettlement;
  /** Operations younger than this are left alone by the periodic run (a send may be in flight). */
  reconcileMinAgeMs?: number;
}

/**
 * An outcome and the notice telling its user, in one transaction (the outbox sends it). The notice is
 * written only with the outcome's own write: a second settler of the same row (the reconciliation,
 * or the Confirm's own write once the database is back) tells nobody.
 */
export function settlementRecorder(db: Kysely<Database>, outbox: Outbox): RecordSettlement {
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
export function journalJobs(p: JournalParts): (minAgeMs?: number) => Promise<number> {
  const { deps, record } = p;
  const reconcile = (minAgeMs = 0) => reconcileUnfinished(deps, p.actions, p.translatorFor, record, minAgeMs);

  p.jobs.handle(RECONCILE_JOB, async () => {
    const settled = await reconcile(p.reconcileMinAgeMs ?? DEFAULT_SEND_WINDOW_MS);
    if (settled > 0) deps.logger.info({ settled }, "settled operations left unfinished");
    await deps.storage.operations.expireStale(deps.now());
  });
  p.jobs.every(RECONCILE_JOB, 1);
  p.jobs.handle(PRUNE_UPDATES_JOB, async () => {
    await pruneTakenUpdates(deps.storage.db, deps.now().getTime() - UPDATE_IDS_KEPT_MS);
  });
  p.jobs.every(PRUNE_UPDATES_JOB, 60);
  return reconcile;
}
