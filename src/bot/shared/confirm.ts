/**
 * The one confirmation step for every irreversible action. A feature proposes an action (a summary
 * plus plain-JSON parameters); the operation row, keyed by the action's client id, is written before
 * the Confirm button is shown. Pressing Confirm atomically claims the row (proposed → pending), so a
 * second press, a replayed update or a concurrent press by another instance finds it claimed and does
 * nothing. Once claimed, the action is carried out: the outcome is recorded as done, refused (for a
 * reason that proves it cannot be done) or unknown; unknown and interrupted ones are read back by
 * client id and, when not found, sent with that same id (reconcileUnfinished).
 */
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
import type { OperationRecord } from "../../storage/types.js";
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
}

export class ActionRegistry {
  readonly #defs = new Map<string, ActionDefinition>();
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
  await deps.storage.operations.propose({
    id,
    telegramId: user.id,
    chatId: chat.id,
    kind: def.kind,
    network: stored.network,
    payload: proposal.payload,
    messageId: null,
    expiresAt: new Date(deps.now().getTime() + ttl * 1000),
  });
  // Every summary says which network the action goes to: the one recorded on the row, kept until it is done.
  const network = proposal.namesNetwork ? "" : `\n\n${ctx.t("confirm-network", { network: stored.network })}`;
  const text = `${proposal.summary}${network}${EXPIRY_MARK}${ctx.t("confirm-expires", { seconds: ttl })}`;
  const sent = await ctx.reply(text, { reply_markup: keyboard });
  await deps.storage.operations.setMessageId(id, sent.message_id);
  return id;
}

/** Why an action has no final outcome yet; each has its own message, `confirm-outcome-<reason>`. */
export type UnsettledReason =
  | "server-errors"
  | "connection-lost"
  | "unreadable-reply"
  | "unreachable"
  | "not-sent"
  | "rate-limited"
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
  else log.warn({ err: a.err, reason: a.reason }, "action not settled yet; it will be checked and carried out");
}

/** A new cheque or order: the notification watcher looks at it soon (a hint; failures do not matter). */
async function hintWatcher(deps: BotDeps, op: OperationRecord): Promise<void> {
  await deps.watch
    ?.actionDone(op.telegramId, op.kind)
    .catch((err: unknown) => deps.logger.debug({ err, operationId: op.id }, "watch hint failed"));
}

/** Carries out a claimed (pending) operation and records its outcome. */
export async function runAction(
  deps: BotDeps,
  registry: ActionRegistry,
  op: OperationRecord,
  t: Translate,
): Promise<ActionOutcome> {
  const def = registry.get(op.kind);
  const a = await attempt(deps, def, op);
  logAttempt(deps, op, a);
  if (a.state === "done") {
    await deps.storage.operations.markDone(op.id, a.result);
    await hintWatcher(deps, op);
  } else if (a.state === "refused") await deps.storage.operations.markRefused(op.id, a.reason.key);
  else await deps.storage.operations.markUnknown(op.id, a.reason);
  return outcomeOf(def, op, a, t);
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
): Promise<boolean> {
  const stillUnknown = async (reason: UnsettledReason, err: unknown) => {
    const log = deps.logger.child({ operationId: op.id, kind: op.kind });
    if (reason === "internal") log.error({ err }, "unfinished operation failed on our side; will retry later");
    else log.warn({ err, reason }, "unfinished operation not settled yet; will retry later");
    // Told so far only "Processing…" (the handler stopped before an outcome): now hears why it is late.
    const notice = op.state === "pending" ? { text: `${t("confirm-restarted")}\n${t(`confirm-outcome-${reason}`)}` } : undefined;
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
export function confirmationComposer(deps: BotDeps, registry: ActionRegistry): Composer<BotContext> {
  const composer = new Composer<BotContext>();

  composer.callbackQuery(CONFIRM_DATA.confirm.pattern, async (ctx) => {
    const { id } = CONFIRM_DATA.confirm.parse(ctx.callbackQuery.data)!;
    const received = (ctx.update as WithReceipt)[RECEIVED_AT] ?? deps.now();
    const claim = await deps.storage.operations.claim(id, ctx.from.id, received);
    if (!claim.claimed) {
      const state = claim.operation?.state;
      const key =
        claim.reason === "already" && (state === "pending" || state === "unknown")
          ? "confirm-in-progress"
          : `confirm-${claim.reason}`;
      await answerPress(ctx, { text: ctx.t(key), show_alert: claim.reason !== "already" });
      if (claim.reason === "expired") await showOutcome(ctx, ctx.t("confirm-expired"));
      return;
    }
    // The action does not wait for Telegram: the answer and the "Processing…" line go out beside it.
    const answered = answerPress(ctx, { text: ctx.t("confirm-processing") });
    const processing = showOnSummary(ctx, `⏳ ${ctx.t("confirm-processing")}`);
    const outcome = await runAction(deps, registry, claim.operation, ctx.t);
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
