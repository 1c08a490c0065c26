/**
 * What an attempt to carry out a claimed action comes to (done, refused for a reason that proves it
 * cannot be done, or unknown for now), how it is recorded, and the words the bot supplies to tell it.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { Logger } from "pino";
import { clientsFor, NoKeyError, type UserClients } from "../accounts/clients.js";
import type { Translate } from "../domain/translate.js";
import {
  InvalidReplyError,
  InvalidRequestError,
  NetworkError,
  OutcomeUnknownError,
  RateLimitedError,
  ServiceError,
  ServiceFailedError,
  ServiceRefusedError,
  UnauthorizedError,
} from "../service/errors.js";
import { operations } from "../service/operations.js";
import { DatabaseUnavailableError } from "../storage/availability.js";
import type { OperationRecord } from "../storage/types.js";
import type { ActionDefinition, ActionRegistry, JournalDeps, Json } from "./actions.js";

/** Why an action has no final outcome yet; each has its own message, `confirm-outcome-<reason>`. */
export type UnsettledReason =
  | "server-errors"
  | "connection-lost"
  | "unreadable-reply"
  | "unreachable"
  | "not-sent"
  | "rate-limited"
  | "database"
  | "internal";

/** A message for the person: its locale key (recorded with a refusal) and values. */
export interface Reason {
  key: string;
  vars?: Record<string, string | number>;
}

/** What an attempt to carry out an action came to. */
export type Attempt =
  | { state: "done"; result: Json }
  | { state: "refused"; reason: Reason }
  | { state: "unknown"; reason: UnsettledReason; err: unknown };

/** A message to the person with its buttons (`K`, the bot's type; the outbox sends them as they are). */
export type Notice<K = unknown> = { text: string; keyboard?: K };

export interface ActionOutcome<K = unknown> extends Notice<K> {
  state: "done" | "refused" | "unknown";
}

/** An outcome to record, with the notice to queue for the person when the record is written. */
export type Settlement =
  | { state: "done"; result: Json }
  | { state: "refused"; error: string }
  | { state: "unknown"; error: string };
/**
 * Records `settlement` and, only when that write changed the row (nobody settled it meanwhile), queues
 * `notice` to the person, in one transaction.
 */
export type RecordSettlement<K = unknown> = (op: OperationRecord, settlement: Settlement, notice?: Notice<K>) => Promise<void>;

/** The words for each outcome, in the person's language: the bot's (src/bot/shared/confirm-outcomes.ts). */
export interface OutcomeWords<K = unknown> {
  /** Why a failure proves the action cannot be done (its key is recorded with the refusal). */
  reasonOf(err: unknown): Reason;
  /** What the person is told about an attempt. */
  outcome(def: ActionDefinition<Json, K>, op: OperationRecord, a: Attempt, t: Translate): Notice<K>;
  /** Added to a known outcome that is true but not recorded yet (the database is unavailable). */
  unrecorded(state: "done" | "refused", t: Translate): string;
  /** Why an action is late, for a person told so far only "Processing…" (a restart came between). */
  restarted(reason: UnsettledReason, t: Translate): string;
  /** An unfinished action that can be neither read back nor sent any more (the key is gone or refused). */
  unchecked(reason: Reason, t: Translate): Notice<K>;
}

/** What running and reconciling actions need, built once by the bot. */
export interface Journal<K = unknown> {
  deps: JournalDeps;
  actions: ActionRegistry<K>;
  /** Writes an outcome and its notice together (settlementRecorder, src/journal/jobs.ts). */
  record: RecordSettlement<K>;
  words: OutcomeWords<K>;
}

/** The key can no longer be used: nothing can be sent or read with it. */
export function keyUnusable(err: unknown): boolean {
  return (
    err instanceof NoKeyError ||
    err instanceof UnauthorizedError ||
    (err instanceof Error && err.name === "KeyDecryptionError")
  );
}

/** Failures that prove the action was not carried out and cannot be as it stands. */
function provesItCannotBeDone(err: unknown): boolean {
  if (err instanceof NoKeyError || (err instanceof Error && err.name === "KeyDecryptionError")) return true;
  // Only the write's own failure tells about the write: a read that failed (e.g. the lookup after a
  // dropped write) says nothing about whether the write was applied.
  if (!(err instanceof ServiceError) || !operations[err.operationId].write) return false;
  return err instanceof ServiceRefusedError || err instanceof UnauthorizedError || err instanceof InvalidRequestError;
}

/**
 * Why a failure leaves the action unsettled. A write that never left (the service unreachable, or
 * asking to slow down) is "not sent yet"; the service failing, a connection lost after sending or an
 * unreadable reply leave the outcome to be read back.
 */
export function unsettledReason(err: unknown): UnsettledReason {
  // The database failed before the service was asked (reading the key), or the action's own record.
  if (err instanceof DatabaseUnavailableError) return "database";
  const write = err instanceof ServiceError && operations[err.operationId].write;
  if (err instanceof RateLimitedError) return write ? "rate-limited" : "unreachable";
  if (err instanceof NetworkError) return write ? "not-sent" : "unreachable";
  if (err instanceof ServiceFailedError) return "server-errors";
  if (err instanceof OutcomeUnknownError) return "connection-lost";
  if (err instanceof InvalidReplyError) return "unreadable-reply";
  if (err instanceof ServiceError) return "unreachable";
  return "internal";
}

/**
 * The clients of the network the summary was made on: a person who switched networks since (or
 * while the press was on its way) still has the action carried out where they confirmed it.
 */
export function clientsForOperation(deps: JournalDeps, op: OperationRecord): Promise<UserClients> {
  return clientsFor(deps, op.telegramId, op.network);
}

/** Sends a claimed action (with its fixed client id) and says what came of it; never throws. */
export async function attempt<K>(
  j: Journal<K>,
  def: ActionDefinition<Json, K>,
  op: OperationRecord,
  resumed = false,
): Promise<Attempt> {
  try {
    const clients = await clientsForOperation(j.deps, op);
    return { state: "done", result: await def.execute({ op, payload: op.payload, clients, resumed }) };
  } catch (err) {
    if (provesItCannotBeDone(err)) return { state: "refused", reason: j.words.reasonOf(err) };
    return { state: "unknown", reason: unsettledReason(err), err };
  }
}

export function logAttempt(deps: JournalDeps, op: OperationRecord, a: Attempt): void {
  const log = deps.logger.child({ operationId: op.id, kind: op.kind });
  if (a.state === "done") log.info("action done");
  else if (a.state === "refused") log.info({ reason: a.reason.key }, "action refused");
  // A failure of ours (not the service's) is a bug to look at.
  else if (a.reason === "internal") log.error({ err: a.err }, "action failed on our side; outcome to be checked");
  // The outage itself is logged once, where the database is watched.
  else if (a.reason === "database") log.info("action waits for the database; it is carried out once it answers");
  else log.warn({ err: a.err, reason: a.reason }, "action not settled yet; it will be checked and carried out");
}

/**
 * Tells the other person of a done action (a transfer's recipient) what reached them: queued under
 * the operation's id, so however many settlers call it, they hear it once. Called before the outcome
 * is recorded, so a crash between the two leaves the telling to the reconciliation, which calls it
 * again. A failure costs only the notice.
 */
export async function tellCounterparty(deps: JournalDeps, op: OperationRecord): Promise<void> {
  const { asset, amount, description } = op.payload;
  if (op.counterparty === null || typeof asset !== "string" || typeof amount !== "string") return;
  await deps.watch
    ?.transferReceived({
      operationId: op.id,
      to: op.counterparty,
      from: op.telegramId,
      asset,
      amount,
      ...(typeof description === "string" ? { description } : {}),
    })
    .catch((err: unknown) => deps.logger.warn({ err, operationId: op.id }, "the recipient could not be told"));
}

/** A new cheque or order: the notification watcher looks at it soon (a hint; failures do not matter). */
export async function hintWatcher(deps: JournalDeps, op: OperationRecord, result?: Json): Promise<void> {
  await deps.watch
    ?.actionDone(op.telegramId, op.kind, result)
    .catch((err: unknown) => deps.logger.debug({ err, operationId: op.id }, "watch hint failed"));
}

/** The first pause before writing again what the database could not take; doubled each time. */
const DATABASE_RETRY_FIRST_MS = 100;
/** The longest pause: a write lands within this long of the database answering again. */
const DATABASE_RETRY_MAX_MS = 2000;

/**
 * Runs `write` until the database takes it, pausing longer each time it is unavailable; true once it
 * ran. Any other failure ends the tries (logged): what is left unfinished, the reconciliation settles.
 */
export async function onceDatabaseAnswers(log: Logger, write: () => Promise<unknown>): Promise<boolean> {
  for (let pause = DATABASE_RETRY_FIRST_MS; ; pause = Math.min(DATABASE_RETRY_MAX_MS, pause * 2)) {
    await sleep(pause, undefined, { ref: false });
    try {
      await write();
      return true;
    } catch (err) {
      if (err instanceof DatabaseUnavailableError) continue;
      log.warn({ err }, "could not write after the database outage; the reconciliation settles it");
      return false;
    }
  }
}
