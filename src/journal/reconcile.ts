/**
 * Settling operations left pending or unknown (a crash, a lost connection, a service failing or out
 * of reach): each is taken over by one instance, read back by its client id and, when the service has
 * nothing under that id, sent with it. The outcome and the notice telling it are recorded together.
 */
import { formattingAs } from "../domain/format-locale.js";
import type { Translate } from "../domain/translate.js";
import type { Reconciled } from "../service/reconcile.js";
import type { OperationRecord } from "../storage/types.js";
import type { ActionDefinition, Json } from "./actions.js";
import {
  attempt,
  type Attempt,
  clientsForOperation,
  hintWatcher,
  tellCounterparty,
  type Journal,
  keyUnusable,
  logAttempt,
  unsettledReason,
  type UnsettledReason,
} from "./attempt.js";

/**
 * Settles operations left pending or unknown: each is taken over (one instance only), then read back
 * by its client id. Found → done. Not found → carried out now with the same client id (the service
 * applies it once; a duplicate-id refusal is read back). A refusal of that send ends it, with its
 * reason; a passing failure keeps it unknown for the next round. The person hears each outcome once:
 * the result, or, for an action left pending by a restart, that it is still under way. With several
 * bot instances, `minAgeMs` must exceed the longest a send can take (all attempts and timeouts), so
 * that an operation another instance is sending is left alone. Returns how many were settled (done
 * or refused).
 */
export async function reconcileUnfinished<K>(
  j: Journal<K>,
  translatorFor: (telegramId: number) => Promise<Translate>,
  minAgeMs = 0,
): Promise<number> {
  const { deps } = j;
  let settled = 0;
  const cutoff = deps.now().getTime() - minAgeMs;
  for (const op of await deps.storage.operations.listUnfinished()) {
    // Another instance may still be sending a recent one: only settle what nobody can be working on.
    if (op.updatedAt.getTime() > cutoff) continue;
    if (!(await deps.storage.operations.takeOver(op.id, op.updatedAt, deps.now()))) continue;
    try {
      const t = await translatorFor(op.telegramId);
      // Its outcome message writes figures as its person's language does.
      if (await formattingAs(t, () => settleUnfinished(j, j.actions.get(op.kind), op, t))) settled++;
    } catch (err) {
      deps.logger.warn({ err, operationId: op.id }, "reconciliation failed; will retry later");
    }
  }
  return settled;
}

/**
 * Reads back one unfinished operation, carries it out when the service has nothing under its id, and
 * records what came of it; true when it ended (done or refused).
 */
export async function settleUnfinished<K>(
  j: Journal<K>,
  def: ActionDefinition<Json, K>,
  op: OperationRecord,
  t: Translate,
  /** The person was told why it is not finished (else, for a pending row, only "Processing…"). */
  toldWhy = op.state !== "pending",
): Promise<boolean> {
  const { deps, record, words } = j;
  const stillUnknown = async (reason: UnsettledReason, err: unknown) => {
    const log = deps.logger.child({ operationId: op.id, kind: op.kind });
    if (reason === "internal") log.error({ err }, "unfinished operation failed on our side; will retry later");
    // The outage itself is logged once, where the database is watched.
    else if (reason === "database") log.info("unfinished operation waits for the database; will retry later");
    else log.warn({ err, reason }, "unfinished operation not settled yet; will retry later");
    // Told so far only "Processing…" (the handler stopped before an outcome): now hears why it is late.
    const notice = toldWhy ? undefined : { text: words.restarted(reason, t) };
    await record(op, { state: "unknown", error: reason }, notice);
    return false;
  };
  let found: Reconciled<Json>;
  try {
    found = await def.reconcile({ op, payload: op.payload, clients: await clientsForOperation(deps, op) });
  } catch (err) {
    if (!keyUnusable(err)) return stillUnknown(unsettledReason(err), err);
    // Neither readable nor sendable any more: say so, and that what reached the service stays done.
    const reason = words.reasonOf(err);
    deps.logger.info({ operationId: op.id, reason: reason.key }, "unfinished operation cannot be checked");
    await record(op, { state: "refused", error: reason.key }, words.unchecked(reason, t));
    return true;
  }
  const a: Attempt = found.done ? { state: "done", result: found.resource } : await attempt(j, def, op, true);
  if (a.state === "unknown") return stillUnknown(a.reason, a.err);
  logAttempt(deps, op, a);
  if (a.state === "done") await tellCounterparty(deps, op);
  await record(
    op,
    a.state === "done" ? { state: "done", result: a.result } : { state: "refused", error: a.reason.key },
    words.outcome(def, op, a, t),
  );
  if (a.state === "done") await hintWatcher(deps, op, a.result);
  return true;
}
