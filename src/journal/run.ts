/**
 * Carrying out a claimed action: once Confirm is recorded (proposed → pending), the action is sent
 * with its fixed client id and its outcome recorded as done, refused or unknown. When the database is
 * what fails, the outcome is still told (nothing was sent; or it was, and is not recorded yet) and the
 * write is made again as soon as the database answers.
 */
import type { Translate } from "../domain/translate.js";
import { DatabaseUnavailableError } from "../storage/availability.js";
import type { OperationRecord } from "../storage/types.js";
import type { ActionDefinition, Json } from "./actions.js";
import {
  type ActionOutcome,
  attempt,
  type Attempt,
  hintWatcher,
  type Journal,
  tellCounterparty,
  logAttempt,
  onceDatabaseAnswers,
  type Settlement,
} from "./attempt.js";
import { settleUnfinished } from "./reconcile.js";

/**
 * Carries out a claimed (pending) operation and records its outcome. When the database cannot take
 * the record, the outcome is still told, with "not recorded yet", and written (with a notice of the
 * final outcome) as soon as the database answers.
 */
export async function runAction<K>(j: Journal<K>, op: OperationRecord, t: Translate): Promise<ActionOutcome<K>> {
  const { deps } = j;
  const def = j.actions.get(op.kind);
  const a = await attempt(j, def, op);
  logAttempt(deps, op, a);
  const outcome: ActionOutcome<K> = { state: a.state, ...j.words.outcome(def, op, a, t) };
  if (a.state === "unknown" && a.reason === "database") {
    // Stopped at the database before the service was asked: carried out as soon as it answers.
    void settleOnceDatabaseAnswers(j, def, op, t);
    return outcome;
  }
  if (a.state === "done") await tellCounterparty(deps, op);
  try {
    if (a.state === "done") await deps.storage.operations.markDone(op.id, a.result);
    else if (a.state === "refused") await deps.storage.operations.markRefused(op.id, a.reason.key);
    else await deps.storage.operations.markUnknown(op.id, a.reason);
  } catch (err) {
    if (!(err instanceof DatabaseUnavailableError)) throw err;
    void recordOnceDatabaseAnswers(j, op, a, outcome);
    // An unknown outcome's text already promises the result; a known one is true, not yet recorded.
    if (a.state === "unknown") return outcome;
    return { ...outcome, text: `${outcome.text}\n\n${j.words.unrecorded(a.state, t)}` };
  }
  if (a.state === "done") await hintWatcher(deps, op, a.result);
  return outcome;
}

/**
 * Writes an outcome the service gave while the database was unavailable, as soon as it answers. A
 * known outcome is written with its notice, in one transaction: if the reconciliation settled the row
 * first, this write changes nothing and tells nobody, so the person hears the final outcome once. An
 * unknown one is left for the reconciliation to settle and tell, as always.
 */
async function recordOnceDatabaseAnswers<K>(j: Journal<K>, op: OperationRecord, a: Attempt, outcome: ActionOutcome<K>): Promise<void> {
  const log = j.deps.logger.child({ operationId: op.id, kind: op.kind });
  log.info({ state: a.state }, "outcome not recorded: the database is unavailable; it is written once it answers");
  const settlement: Settlement =
    a.state === "done"
      ? { state: "done", result: a.result }
      : a.state === "refused"
        ? { state: "refused", error: a.reason.key }
        : { state: "unknown", error: a.reason };
  const notice = a.state === "unknown" ? undefined : { text: outcome.text, ...(outcome.keyboard ? { keyboard: outcome.keyboard } : {}) };
  if (!(await onceDatabaseAnswers(log, () => j.record(op, settlement, notice)))) return;
  log.info({ state: a.state }, "outcome recorded after the database outage");
  if (a.state === "done") await hintWatcher(j.deps, op, a.result);
}

/**
 * Carries out, as soon as the database answers, an action that stopped at the database before the
 * service was asked: read back by client id, sent when not found, recorded with its notice. Taken over
 * as the reconciliation takes a row, so only one of them works on it.
 */
async function settleOnceDatabaseAnswers<K>(j: Journal<K>, def: ActionDefinition<Json, K>, op: OperationRecord, t: Translate): Promise<void> {
  const { deps } = j;
  const log = deps.logger.child({ operationId: op.id, kind: op.kind });
  let seen = op.updatedAt;
  await onceDatabaseAnswers(log, async () => {
    const at = deps.now();
    if (!(await deps.storage.operations.takeOver(op.id, seen, at))) return;
    seen = at;
    await settleUnfinished(j, def, op, t, true);
  });
}
