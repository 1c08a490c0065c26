/**
 * The one confirmation step for every irreversible action. A feature proposes an action (a summary
 * plus plain-JSON parameters); the operation row, keyed by the action's client id, is written before
 * the Confirm button is shown. Pressing Confirm atomically claims the row (proposed → pending), so a
 * second press, a replayed update or a concurrent press by another instance finds it claimed and does
 * nothing. Once claimed, the action is carried out: the outcome is recorded as done, refused (for a
 * reason that proves it cannot be done) or unknown; unknown and interrupted ones are read back by
 * client id and, when not found, sent with that same id (reconcileUnfinished). When the database is
 * what fails, the person is told what is true (nothing was sent; or it was, and is not recorded yet)
 * and the write is made again as soon as the database answers.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { Composer, type Context, GrammyError, InlineKeyboard, type MiddlewareFn } from "grammy";
import type { InlineKeyboardMarkup } from "grammy/types";
import { clientsFor, NoKeyError, type UserClients } from "../../accounts/clients.js";
import { newClientId } from "../../domain/ids.js";
import type { Translate } from "../../domain/translate.js";
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
} from "../../service/errors.js";
import { operations } from "../../service/operations.js";
import type { Reconciled } from "../../service/reconcile.js";
import { DatabaseUnavailableError } from "../../storage/availability.js";
import type { ClaimOutcome, OperationRecord } from "../../storage/types.js";
import { markCodeEntities } from "../../domain/copyable.js";
import type { BotContext, BotDeps } from "../context.js";
import { CONFIRM_DATA } from "./confirm-data.js";
import { describeError, type UserMessage } from "./errors.js";
import { failureKeyboard } from "./link-key.js";

export type Json = Record<string, unknown>;

export interface ActionRun<P extends Json> {
  op: OperationRecord;
  payload: P;
  clients: UserClients;
  /**
   * True when reconciliation carries the action out after `reconcile` found it not done (a crash or an
   * unknown outcome came first): an action of several steps then reads each earlier step back by its
   * client id before sending it, so only a missing step is sent.
   */
  resumed?: boolean;
}

/** One kind of irreversible action. `execute` must use `op.id` as the client id (or be idempotent). */
export interface ActionDefinition<P extends Json = Json> {
  kind: string;
  /** Prefix of generated client ids (letters and digits). */
  idPrefix: string;
  execute(run: ActionRun<P>): Promise<Json>;
  /** Reads the outcome by client id after an unknown outcome or a crash. */
  reconcile(run: ActionRun<P>): Promise<Reconciled<Json>>;
  /** What the user sees once it is done. */
  describeDone(t: Translate, payload: P, result: Json): string;
  doneKeyboard?(t: Translate, payload: P, result: Json): InlineKeyboardMarkup | undefined;
  /** The other person whose history shows it too (a transfer's recipient); none when absent. */
  counterparty?(payload: P): number | undefined;
}

export class ActionRegistry {
  readonly #defs = new Map<string, ActionDefinition>();
  /**
   * @param watchExpiry told of each proposal once its summary is shown, so that the summary is edited
   * when it expires unanswered (never throws; a failure is left to the periodic sweep).
   */
  constructor(readonly watchExpiry: (id: string, expiresAt: Date) => void = () => undefined) {}
  register<P extends Json>(def: ActionDefinition<P>): void {
    if (this.#defs.has(def.kind)) throw new Error(`action ${def.kind} registered twice`);
    this.#defs.set(def.kind, def as unknown as ActionDefinition);
  }
  get(kind: string): ActionDefinition {
    const def = this.#defs.get(kind);
    if (!def) throw new Error(`unknown action kind ${kind}`);
    return def;
  }
}

/** Confirm's data or Cancel's, in one test: it runs on every update, before the chat's queue. */
const PRESS = new RegExp(`${CONFIRM_DATA.confirm.pattern.source}|${CONFIRM_DATA.cancel.pattern.source}`);

/** A press of a summary's Confirm or Cancel button. */
export function isConfirmationPress(ctx: { callbackQuery?: { data?: string } | undefined }): boolean {
  const data = ctx.callbackQuery?.data;
  return data !== undefined && PRESS.test(data);
}

/** Starts the expiry line under a summary; the line is dropped once the summary is answered. */
const EXPIRY_MARK = "\n\n⏱ ";

/** Confirm and Cancel for operation `id`; an id the buttons cannot carry is a mistake in the feature. */
export function confirmKeyboard(t: Translate, id: string): InlineKeyboard {
  const confirm = CONFIRM_DATA.confirm.tryBuild({ id });
  if (confirm === undefined) throw new Error(`operation id ${JSON.stringify(id)} does not fit a button's data`);
  return new InlineKeyboard().text(t("confirm-yes"), confirm).text(t("confirm-no"), CONFIRM_DATA.cancel.build({ id }));
}

export interface Proposal<P extends Json> {
  kind: string;
  payload: P;
  /** The summary shown above the buttons: what, to whom, amount, fee, what stays. */
  summary: string;
  /** A client id chosen earlier (e.g. derived); a fresh one otherwise. */
  id?: string;
  /** The summary names the network itself (e.g. a mass transfer's title): no network line is added. */
  namesNetwork?: boolean;
}

/**
 * Writes the proposed operation and shows its summary with Confirm / Cancel. Returns the operation
 * id (the client id). Call it from outside a conversation or inside `conversation.external`.
 */
export async function proposeAction<P extends Json>(
  ctx: BotContext,
  deps: BotDeps,
  registry: ActionRegistry,
  proposal: Proposal<P>,
): Promise<string> {
  const def = registry.get(proposal.kind);
  const user = ctx.from;
  const chat = ctx.chat;
  if (!user || !chat) throw new Error("proposeAction needs a user and a chat");
  const stored = await deps.storage.users.get(user.id);
  if (!stored?.hasKey) throw new NoKeyError();
  const id = proposal.id ?? newClientId(def.idPrefix);
  // Built before the row is written, so an id the buttons cannot carry leaves no row behind.
  const keyboard = confirmKeyboard(ctx.t, id);
  const ttl = deps.config.CONFIRM_TTL_SECONDS;
  // Every summary says which network the action goes to: the one recorded on the row, kept until it is done.
  const network = proposal.namesNetwork ? "" : `\n\n${ctx.t("confirm-network", { network: stored.network })}`;
  const summary = `${proposal.summary}${network}`;
  const expiresAt = new Date(deps.now().getTime() + ttl * 1000);
  await deps.storage.operations.propose({
    id,
    telegramId: user.id,
    chatId: chat.id,
    kind: def.kind,
    network: stored.network,
    payload: proposal.payload,
    messageId: null,
    expiresAt,
    // Written now, in the language of the summary: whichever instance sees it expire edits it to this.
    expiredText: `${summary}\n\n${ctx.t("confirm-expired-unanswered")}`,
    ...withCounterparty(def.counterparty?.(proposal.payload)),
  });
  const text = `${summary}${EXPIRY_MARK}${ctx.t("confirm-expires", { seconds: ttl })}`;
  const sent = await ctx.reply(text, { reply_markup: keyboard });
  await deps.storage.operations.setMessageId(id, sent.message_id);
  registry.watchExpiry(id, expiresAt);
  return id;
}

const withCounterparty = (id: number | undefined) => (id === undefined ? {} : { counterparty: id });

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

/** What an attempt to carry out an action came to. */
type Attempt =
  | { state: "done"; result: Json }
  | { state: "refused"; reason: UserMessage }
  | { state: "unknown"; reason: UnsettledReason; err: unknown };

export interface ActionOutcome {
  state: "done" | "refused" | "unknown";
  text: string;
  keyboard?: InlineKeyboardMarkup;
}

/** The key can no longer be used: nothing can be sent or read with it. */
function keyUnusable(err: unknown): boolean {
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
function unsettledReason(err: unknown): UnsettledReason {
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
function clientsForOperation(deps: BotDeps, op: OperationRecord): Promise<UserClients> {
  return clientsFor(deps, op.telegramId, op.network);
}

/** Sends a claimed action (with its fixed client id) and says what came of it; never throws. */
async function attempt(
  deps: BotDeps,
  def: ActionDefinition,
  op: OperationRecord,
  resumed = false,
): Promise<Attempt> {
  try {
    const clients = await clientsForOperation(deps, op);
    return { state: "done", result: await def.execute({ op, payload: op.payload, clients, resumed }) };
  } catch (err) {
    if (provesItCannotBeDone(err)) return { state: "refused", reason: describeError(err) };
    return { state: "unknown", reason: unsettledReason(err), err };
  }
}

/** What the person is told about an attempt. */
function outcomeOf(def: ActionDefinition, op: OperationRecord, a: Attempt, t: Translate): ActionOutcome {
  switch (a.state) {
    case "done":
      return {
        state: "done",
        text: def.describeDone(t, op.payload, a.result),
        keyboard: def.doneKeyboard?.(t, op.payload, a.result),
      };
    case "refused": {
      const keyboard = failureKeyboard(t, a.reason);
      return { state: "refused", text: t("confirm-refused", { reason: t(a.reason.key, a.reason.vars) }), ...(keyboard ? { keyboard } : {}) };
    }
    case "unknown":
      return { state: "unknown", text: t(`confirm-outcome-${a.reason}`) };
  }
}

function logAttempt(deps: BotDeps, op: OperationRecord, a: Attempt): void {
  const log = deps.logger.child({ operationId: op.id, kind: op.kind });
  if (a.state === "done") log.info("action done");
  else if (a.state === "refused") log.info({ reason: a.reason.key }, "action refused");
  // A failure of ours (not the service's) is a bug to look at.
  else if (a.reason === "internal") log.error({ err: a.err }, "action failed on our side; outcome to be checked");
  // The outage itself is logged once, where the database is watched.
  else if (a.reason === "database") log.info("action waits for the database; it is carried out once it answers");
  else log.warn({ err: a.err, reason: a.reason }, "action not settled yet; it will be checked and carried out");
}

/** A new cheque or order: the notification watcher looks at it soon (a hint; failures do not matter). */
async function hintWatcher(deps: BotDeps, op: OperationRecord): Promise<void> {
  await deps.watch
    ?.actionDone(op.telegramId, op.kind)
    .catch((err: unknown) => deps.logger.debug({ err, operationId: op.id }, "watch hint failed"));
}

/**
 * Carries out a claimed (pending) operation and records its outcome. When the database cannot take
 * the record, the outcome is still told, with "not recorded yet", and written (with a notice of the
 * final outcome) as soon as the database answers.
 */
export async function runAction(
  deps: BotDeps,
  registry: ActionRegistry,
  op: OperationRecord,
  t: Translate,
  record: RecordSettlement,
): Promise<ActionOutcome> {
  const def = registry.get(op.kind);
  const a = await attempt(deps, def, op);
  logAttempt(deps, op, a);
  const outcome = outcomeOf(def, op, a, t);
  if (a.state === "unknown" && a.reason === "database") {
    // Stopped at the database before the service was asked: carried out as soon as it answers.
    void settleOnceDatabaseAnswers(deps, def, op, t, record);
    return outcome;
  }
  try {
    if (a.state === "done") await deps.storage.operations.markDone(op.id, a.result);
    else if (a.state === "refused") await deps.storage.operations.markRefused(op.id, a.reason.key);
    else await deps.storage.operations.markUnknown(op.id, a.reason);
  } catch (err) {
    if (!(err instanceof DatabaseUnavailableError)) throw err;
    void recordOnceDatabaseAnswers(deps, record, op, a, outcome);
    // An unknown outcome's text already promises the result; a known one is true, not yet recorded.
    if (a.state === "unknown") return outcome;
    return { ...outcome, text: `${outcome.text}\n\n${t(`confirm-unrecorded-${a.state}`)}` };
  }
  if (a.state === "done") await hintWatcher(deps, op);
  return outcome;
}

/** The first pause before writing again what the database could not take; doubled each time. */
const DATABASE_RETRY_FIRST_MS = 100;
/** The longest pause: a write lands within this long of the database answering again. */
const DATABASE_RETRY_MAX_MS = 2000;

/**
 * Runs `write` until the database takes it, pausing longer each time it is unavailable; true once it
 * ran. Any other failure ends the tries (logged): what is left unfinished, the reconciliation settles.
 */
async function onceDatabaseAnswers(log: BotDeps["logger"], write: () => Promise<unknown>): Promise<boolean> {
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

/**
 * Writes an outcome the service gave while the database was unavailable, as soon as it answers. A
 * known outcome is written with its notice, in one transaction: if the reconciliation settled the row
 * first, this write changes nothing and tells nobody, so the person hears the final outcome once. An
 * unknown one is left for the reconciliation to settle and tell, as always.
 */
async function recordOnceDatabaseAnswers(
  deps: BotDeps,
  record: RecordSettlement,
  op: OperationRecord,
  a: Attempt,
  outcome: ActionOutcome,
): Promise<void> {
  const log = deps.logger.child({ operationId: op.id, kind: op.kind });
  log.info({ state: a.state }, "outcome not recorded: the database is unavailable; it is written once it answers");
  const settlement: Settlement =
    a.state === "done"
      ? { state: "done", result: a.result }
      : a.state === "refused"
        ? { state: "refused", error: a.reason.key }
        : { state: "unknown", error: a.reason };
  const notice = a.state === "unknown" ? undefined : { text: outcome.text, ...(outcome.keyboard ? { keyboard: outcome.keyboard } : {}) };
  if (!(await onceDatabaseAnswers(log, () => record(op, settlement, notice)))) return;
  log.info({ state: a.state }, "outcome recorded after the database outage");
  if (a.state === "done") await hintWatcher(deps, op);
}

/**
 * Carries out, as soon as the database answers, an action that stopped at the database before the
 * service was asked: read back by client id, sent when not found, recorded with its notice. Taken over
 * as the reconciliation takes a row, so only one of them works on it.
 */
async function settleOnceDatabaseAnswers(
  deps: BotDeps,
  def: ActionDefinition,
  op: OperationRecord,
  t: Translate,
  record: RecordSettlement,
): Promise<void> {
  const log = deps.logger.child({ operationId: op.id, kind: op.kind });
  let seen = op.updatedAt;
  await onceDatabaseAnswers(log, async () => {
    const at = deps.now();
    if (!(await deps.storage.operations.takeOver(op.id, seen, at))) return;
    seen = at;
    await settleUnfinished(deps, def, op, t, record, true);
  });
}

/** An outcome to record, with the notice to queue for the person when the record is written. */
export type Settlement =
  | { state: "done"; result: Json }
  | { state: "refused"; error: string }
  | { state: "unknown"; error: string };
export type Notice = { text: string; keyboard?: InlineKeyboardMarkup };
/**
 * Records `settlement` and, only when that write changed the row (nobody settled it meanwhile), queues
 * `notice` to the person, in one transaction.
 */
export type RecordSettlement = (op: OperationRecord, settlement: Settlement, notice?: Notice) => Promise<void>;

/**
 * Settles operations left pending or unknown (a crash, a lost connection, a service failing or out
 * of reach): each is taken over (one instance only), then read back by its client id. Found → done.
 * Not found → carried out now with the same client id (the service applies it once; a duplicate-id
 * refusal is read back). A refusal of that send ends it, with its reason; a passing failure keeps it
 * unknown for the next round. The person hears each outcome once: the result, or, for an action left
 * pending by a restart, that it is still under way. With several bot instances, `minAgeMs` must exceed
 * the longest a send can take (all attempts and timeouts), so that an operation another instance is
 * sending is left alone. Returns how many were settled (done or refused).
 */
export async function reconcileUnfinished(
  deps: BotDeps,
  registry: ActionRegistry,
  translatorFor: (telegramId: number) => Promise<Translate>,
  record: RecordSettlement,
  minAgeMs = 0,
): Promise<number> {
  let settled = 0;
  const cutoff = deps.now().getTime() - minAgeMs;
  for (const op of await deps.storage.operations.listUnfinished()) {
    // Another instance may still be sending a recent one: only settle what nobody can be working on.
    if (op.updatedAt.getTime() > cutoff) continue;
    if (!(await deps.storage.operations.takeOver(op.id, op.updatedAt, deps.now()))) continue;
    try {
      if (await settleUnfinished(deps, registry.get(op.kind), op, await translatorFor(op.telegramId), record)) settled++;
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
async function settleUnfinished(
  deps: BotDeps,
  def: ActionDefinition,
  op: OperationRecord,
  t: Translate,
  record: RecordSettlement,
  /** The person was told why it is not finished (else, for a pending row, only "Processing…"). */
  toldWhy = op.state !== "pending",
): Promise<boolean> {
  const stillUnknown = async (reason: UnsettledReason, err: unknown) => {
    const log = deps.logger.child({ operationId: op.id, kind: op.kind });
    if (reason === "internal") log.error({ err }, "unfinished operation failed on our side; will retry later");
    // The outage itself is logged once, where the database is watched.
    else if (reason === "database") log.info("unfinished operation waits for the database; will retry later");
    else log.warn({ err, reason }, "unfinished operation not settled yet; will retry later");
    // Told so far only "Processing…" (the handler stopped before an outcome): now hears why it is late.
    const notice = toldWhy ? undefined : { text: `${t("confirm-restarted")}\n${t(`confirm-outcome-${reason}`)}` };
    await record(op, { state: "unknown", error: reason }, notice);
    return false;
  };
  let found: Reconciled<Json>;
  try {
    found = await def.reconcile({ op, payload: op.payload, clients: await clientsForOperation(deps, op) });
  } catch (err) {
    if (!keyUnusable(err)) return stillUnknown(unsettledReason(err), err);
    // Neither readable nor sendable any more: say so, and that what reached the service stays done.
    const reason = describeError(err);
    deps.logger.info({ operationId: op.id, reason: reason.key }, "unfinished operation cannot be checked");
    const text = t("confirm-unchecked", { reason: t(reason.key, reason.vars) });
    const keyboard = failureKeyboard(t, reason);
    await record(op, { state: "refused", error: reason.key }, { text, ...(keyboard ? { keyboard } : {}) });
    return true;
  }
  const a: Attempt = found.done ? { state: "done", result: found.resource } : await attempt(deps, def, op, true);
  if (a.state === "unknown") return stillUnknown(a.reason, a.err);
  logAttempt(deps, op, a);
  const { text, keyboard } = outcomeOf(def, op, a, t);
  await record(
    op,
    a.state === "done" ? { state: "done", result: a.result } : { state: "refused", error: a.reason.key },
    { text, ...(keyboard ? { keyboard } : {}) },
  );
  if (a.state === "done") await hintWatcher(deps, op);
  return true;
}

/**
 * When the bot received a press: Telegram's callback query carries no time of its own, so a
 * confirmation's expiry is judged by this, the earliest the bot can know of the press (a press made
 * while the bot was down counts from its delivery). Kept on the update object, like userOnArrival.
 */
const RECEIVED_AT = Symbol("press received at");
type WithReceipt = { [RECEIVED_AT]?: Date };

/** Notes the time each button press arrives (before any queue or storage); other updates pass. */
export function notePressReceipt(now: () => Date): MiddlewareFn<Context> {
  return (ctx, next) => {
    if (ctx.callbackQuery) (ctx.update as WithReceipt)[RECEIVED_AT] = now();
    return next();
  };
}

/** Answers the press; a refused or failed answer (late, Telegram unreachable) never stops the handler. */
async function answerPress(ctx: BotContext, other?: { text: string; show_alert?: boolean }): Promise<void> {
  try {
    await ctx.answerCallbackQuery(other);
  } catch (err) {
    ctx.log.debug({ err }, "press answer refused or failed (the press is still handled)");
  }
}

/** Handles Confirm and Cancel presses for every action. */
export function confirmationComposer(
  deps: BotDeps,
  registry: ActionRegistry,
  record: RecordSettlement,
): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  const undo = new ClaimsToUndo(deps);

  composer.callbackQuery(CONFIRM_DATA.confirm.pattern, async (ctx) => {
    const { id } = CONFIRM_DATA.confirm.parse(ctx.callbackQuery.data)!;
    const received = (ctx.update as WithReceipt)[RECEIVED_AT] ?? deps.now();
    let claim: ClaimOutcome;
    try {
      // A press again after an outage: a claim of it this process could not confirm is undone first.
      await undo.now(id);
      claim = await deps.storage.operations.claim(id, ctx.from.id, received);
    } catch (err) {
      if (!(err instanceof DatabaseUnavailableError)) throw err;
      await claimNotWritten(ctx, undo, id, received);
      return;
    }
    if (!claim.claimed) {
      const state = claim.operation?.state;
      const key =
        claim.reason === "already" && (state === "pending" || state === "unknown")
          ? "confirm-in-progress"
          : `confirm-${claim.reason}`;
      await answerPress(ctx, { text: ctx.t(key), show_alert: claim.reason !== "already" });
      // A summary already edited to say it expired (by the expiry sweep) is left as it is.
      if (claim.reason === "expired" && showsExpiryLine(ctx)) await showOutcome(ctx, ctx.t("confirm-expired"));
      return;
    }
    // The action does not wait for Telegram: the answer and the "Processing…" line go out beside it.
    const answered = answerPress(ctx, { text: ctx.t("confirm-processing") });
    const processing = showOnSummary(ctx, `⏳ ${ctx.t("confirm-processing")}`);
    const outcome = await runAction(deps, registry, claim.operation, ctx.t, record);
    await Promise.all([answered, processing]);
    await showOutcome(ctx, outcome.text, outcome.keyboard);
  });

  composer.callbackQuery(CONFIRM_DATA.cancel.pattern, async (ctx) => {
    const { id } = CONFIRM_DATA.cancel.parse(ctx.callbackQuery.data)!;
    const op = await deps.storage.operations.get(id);
    if (!op || op.telegramId !== ctx.from.id) {
      await answerPress(ctx, { text: ctx.t(op ? "confirm-foreign" : "confirm-missing"), show_alert: true });
      return;
    }
    const cancelled = await deps.storage.operations.cancel(id, ctx.from.id);
    if (cancelled) {
      await answerPress(ctx, { text: ctx.t("confirm-cancelled") });
      await showOutcome(ctx, ctx.t("confirm-cancelled"));
      return;
    }
    // A Cancel left on a summary that was confirmed (or cancelled, or expired) cancels nothing: say so,
    // and say what did happen when it matters (carried out, or being carried out).
    const state = (await deps.storage.operations.get(id))?.state;
    const key =
      state === "done"
        ? "confirm-cancel-too-late-done"
        : state === "pending" || state === "unknown"
          ? "confirm-cancel-too-late-running"
          : "common-button-outdated";
    await answerPress(ctx, { text: ctx.t(key), show_alert: key !== "common-button-outdated" });
  });

  return composer;
}

/** Whether the pressed message still shows a summary's expiry line (its answer is not shown yet). */
function showsExpiryLine(ctx: BotContext): boolean {
  const message = ctx.callbackQuery?.message;
  return message !== undefined && "text" in message && message.text?.includes(EXPIRY_MARK) === true;
}

/**
 * Claims whose write failed for want of the database: the server may have written one and lost only
 * its reply. Each is undone (pending → proposed, while the row still shows that claim) as soon as the
 * database answers, or at once when the confirmation is pressed again here, so that nothing is
 * carried out after the person was told it was not sent.
 */
class ClaimsToUndo {
  readonly #claims = new Map<string, { telegramId: number; at: Date }>();
  constructor(private readonly deps: BotDeps) {}

  /** Notes a claim that may have been written, and undoes it once the database answers. */
  add(id: string, telegramId: number, at: Date, log: BotDeps["logger"]): void {
    this.#claims.set(id, { telegramId, at });
    void onceDatabaseAnswers(log, () => this.now(id, log));
  }

  /** Undoes the claim of `id` noted here, if any; throws DatabaseUnavailableError while it cannot. */
  async now(id: string, log: BotDeps["logger"] = this.deps.logger): Promise<void> {
    const claim = this.#claims.get(id);
    if (claim === undefined) return;
    const undone = await this.deps.storage.operations.unclaim(id, claim.telegramId, claim.at);
    this.#claims.delete(id);
    if (undone) log.info({ operationId: id }, "a claim written during the database outage was undone");
  }
}

/**
 * Confirm could not be recorded for want of the database, so nothing was sent: the person is told so,
 * and the confirmation stays open until it expires (a claim written with its reply lost is undone).
 */
async function claimNotWritten(ctx: BotContext, undo: ClaimsToUndo, id: string, received: Date): Promise<void> {
  const log = ctx.log.child({ operationId: id });
  log.info("Confirm not recorded: the database is unavailable; nothing was sent");
  undo.add(id, ctx.from!.id, received, log);
  await answerPress(ctx);
  try {
    await ctx.reply(ctx.t("confirm-db-unavailable"));
  } catch (err) {
    log.warn({ err }, "could not tell that the database is unavailable");
  }
}

/**
 * Puts `status` under the summary in place of its expiry line and buttons (or `keyboard`). True when
 * the summary shows it; false when it could not be edited (gone, too old, Telegram unreachable).
 */
async function showOnSummary(ctx: BotContext, status: string, keyboard?: InlineKeyboardMarkup): Promise<boolean> {
  const message = ctx.callbackQuery?.message;
  if (!message || !("text" in message) || message.text === undefined) return false;
  // Telegram sends the message as it was when pressed: the summary, then its expiry line.
  // Its tap-to-copy values come back as code entities: marked again, they stay code after the edit.
  const shown = markCodeEntities(message.text, message.entities);
  const summary = shown.split(EXPIRY_MARK)[0] ?? shown;
  try {
    await ctx.editMessageText(`${summary}\n\n${status}`, { reply_markup: keyboard ?? { inline_keyboard: [] } });
    return true;
  } catch (err) {
    // Shown already (a repeated edit) is as good as shown.
    if (err instanceof GrammyError && /not modified/i.test(err.description)) return true;
    ctx.log.info({ err }, "could not edit the summary message");
    return false;
  }
}

/** Tells the outcome under the summary, or as a message of its own when the summary cannot be edited. */
async function showOutcome(ctx: BotContext, text: string, keyboard?: InlineKeyboardMarkup): Promise<void> {
  if (await showOnSummary(ctx, text, keyboard)) return;
  try {
    await ctx.reply(text, keyboard ? { reply_markup: keyboard } : {});
  } catch (err) {
    ctx.log.warn({ err }, "could not tell the outcome of a confirmed action");
  }
}
