/**
 * The one confirmation step for every irreversible action. A feature proposes an action (a summary
 * plus plain-JSON parameters); the operation row, keyed by the action's client id, is written before
 * the Confirm button is shown. Pressing Confirm atomically claims the row (proposed → pending), so a
 * second press, a replayed update or a concurrent press by another instance finds it claimed and does
 * nothing. The outcome is recorded as done / refused / unknown; unknown outcomes are reconciled by
 * client id, at once and again at startup.
 */
import { Composer, InlineKeyboard } from "grammy";
import type { InlineKeyboardMarkup } from "grammy/types";
import { newClientId } from "../../domain/ids.js";
import {
  InvalidRequestError,
  NetworkError,
  RateLimitedError,
  ServiceError,
  ServiceRefusedError,
  UnauthorizedError,
} from "../../service/errors.js";
import { operations } from "../../service/operations.js";
import type { Reconciled } from "../../service/reconcile.js";
import type { OperationRecord } from "../../storage/types.js";
import type { BotContext, BotDeps } from "../context.js";
import { clientsFor, type UserClients } from "./account.js";
import { describeError, NoKeyError, type Translate } from "./errors.js";

export type Json = Record<string, unknown>;

export interface ActionRun<P extends Json> {
  op: OperationRecord;
  payload: P;
  clients: UserClients;
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

const ID = "[A-Za-z0-9_-]{1,40}";
export const CONFIRM_PATTERN = new RegExp(`^cf:(${ID})$`);
export const CANCEL_PATTERN = new RegExp(`^cx:(${ID})$`);

/** Starts the expiry line under a summary; the line is dropped once the summary is answered. */
const EXPIRY_MARK = "\n\n⏱ ";

export function confirmKeyboard(t: Translate, id: string): InlineKeyboard {
  return new InlineKeyboard().text(t("confirm-yes"), `cf:${id}`).text(t("confirm-no"), `cx:${id}`);
}

export interface Proposal<P extends Json> {
  kind: string;
  payload: P;
  /** The summary shown above the buttons: what, to whom, amount, fee, what stays. */
  summary: string;
  /** A client id chosen earlier (e.g. derived); a fresh one otherwise. */
  id?: string;
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
  const text = `${proposal.summary}${EXPIRY_MARK}${ctx.t("confirm-expires", { seconds: ttl })}`;
  const sent = await ctx.reply(text, { reply_markup: confirmKeyboard(ctx.t, id) });
  await deps.storage.operations.setMessageId(id, sent.message_id);
  return id;
}

export interface ActionOutcome {
  state: "done" | "refused" | "unknown";
  text: string;
  keyboard?: InlineKeyboardMarkup;
}

/** Failures that prove the action was not carried out. */
function provesNothingHappened(err: unknown): boolean {
  if (err instanceof NoKeyError) return true;
  // Only the write's own failure tells about the write: a read that failed (e.g. the lookup after a
  // dropped write) says nothing about whether the write was applied.
  if (!(err instanceof ServiceError) || !operations[err.operationId].write) return false;
  return (
    err instanceof ServiceRefusedError ||
    err instanceof UnauthorizedError ||
    err instanceof RateLimitedError ||
    err instanceof InvalidRequestError ||
    err instanceof NetworkError
  );
}

async function clientsForOperation(deps: BotDeps, op: OperationRecord): Promise<UserClients> {
  const clients = await clientsFor(deps, op.telegramId);
  // The key was replaced by one of the other network since the summary was shown.
  if (clients.network !== op.network) throw new NoKeyError();
  return clients;
}

/** Carries out a claimed (pending) operation and records its outcome. */
export async function runAction(
  deps: BotDeps,
  registry: ActionRegistry,
  op: OperationRecord,
  t: Translate,
): Promise<ActionOutcome> {
  const def = registry.get(op.kind);
  const log = deps.logger.child({ operationId: op.id, kind: op.kind });
  try {
    const clients = await clientsForOperation(deps, op);
    const result = await def.execute({ op, payload: op.payload, clients });
    await deps.storage.operations.markDone(op.id, result);
    log.info("action done");
    // A new cheque or order: the notification watcher looks at it soon (a hint; failures do not matter).
    await deps.watch?.actionDone(op.telegramId, op.kind).catch((err: unknown) => log.debug({ err }, "watch hint failed"));
    return {
      state: "done",
      text: def.describeDone(t, op.payload, result),
      keyboard: def.doneKeyboard?.(t, op.payload, result),
    };
  } catch (err) {
    const message = describeError(err);
    if (provesNothingHappened(err)) {
      await deps.storage.operations.markRefused(op.id, message.key);
      log.info({ reason: message.key }, "action refused");
      return { state: "refused", text: t("confirm-refused", { reason: t(message.key, message.vars) }) };
    }
    await deps.storage.operations.markUnknown(op.id, message.key);
    log.warn({ err }, "action outcome unknown");
    return { state: "unknown", text: t("confirm-unknown-outcome") };
  }
}

/**
 * Settles operations left pending or unknown (a crash, a lost connection): reads each by its client
 * id. Found → done. Not found → recorded as not carried out (never sent late without the user).
 * `settle` records the outcome and queues the user's notice in one transaction. With several bot instances, `minAgeMs` must exceed the longest a send can
 * take (all attempts and timeouts), so that an operation another instance is sending is left alone.
 * Returns how many were settled.
 */
export async function reconcileUnfinished(
  deps: BotDeps,
  registry: ActionRegistry,
  translatorFor: (telegramId: number) => Promise<Translate>,
  /** Records the outcome and queues the notice to the user, together. */
  settle: (
    op: OperationRecord,
    outcome: { done: true; result: Record<string, unknown> } | { done: false; error: string },
    text: string,
    keyboard?: InlineKeyboardMarkup,
  ) => Promise<void>,
  minAgeMs = 0,
): Promise<number> {
  let settled = 0;
  const cutoff = deps.now().getTime() - minAgeMs;
  for (const op of await deps.storage.operations.listUnfinished()) {
    // Another instance may still be sending a recent one: only settle what nobody can be working on.
    if (op.updatedAt.getTime() > cutoff) continue;
    const def = registry.get(op.kind);
    const t = await translatorFor(op.telegramId);
    try {
      const clients = await clientsForOperation(deps, op);
      const found = await def.reconcile({ op, payload: op.payload, clients });
      if (found.done) {
        await settle(
          op,
          { done: true, result: found.resource },
          def.describeDone(t, op.payload, found.resource),
          def.doneKeyboard?.(t, op.payload, found.resource),
        );
      } else {
        await settle(op, { done: false, error: "not_carried_out" }, t("confirm-not-carried-out"));
      }
      settled++;
    } catch (err) {
      deps.logger.warn({ err, operationId: op.id }, "reconciliation failed; will retry later");
    }
  }
  return settled;
}

/** Handles Confirm and Cancel presses for every action. */
export function confirmationComposer(deps: BotDeps, registry: ActionRegistry): Composer<BotContext> {
  const composer = new Composer<BotContext>();

  composer.callbackQuery(CONFIRM_PATTERN, async (ctx) => {
    const id = ctx.match[1] as string;
    const claim = await deps.storage.operations.claim(id, ctx.from.id, deps.now());
    if (!claim.claimed) {
      await ctx.answerCallbackQuery({
        text: ctx.t(`confirm-${claim.reason}`),
        show_alert: claim.reason !== "already",
      });
      if (claim.reason === "expired") await appendStatus(ctx, ctx.t("confirm-expired"));
      return;
    }
    await ctx.answerCallbackQuery({ text: ctx.t("confirm-processing") });
    await appendStatus(ctx, ctx.t("confirm-processing"));
    const outcome = await runAction(deps, registry, claim.operation, ctx.t);
    await appendStatus(ctx, outcome.text, outcome.keyboard);
  });

  composer.callbackQuery(CANCEL_PATTERN, async (ctx) => {
    const id = ctx.match[1] as string;
    const op = await deps.storage.operations.get(id);
    if (!op || op.telegramId !== ctx.from.id) {
      await ctx.answerCallbackQuery({
        text: ctx.t(op ? "confirm-foreign" : "confirm-missing"),
        show_alert: true,
      });
      return;
    }
    const cancelled = await deps.storage.operations.cancel(id, ctx.from.id);
    await ctx.answerCallbackQuery({ text: ctx.t(cancelled ? "confirm-cancelled" : "confirm-already") });
    if (cancelled) await appendStatus(ctx, ctx.t("confirm-cancelled"));
  });

  return composer;
}

/** Replaces the summary's buttons with a status line under the (kept) summary text. */
async function appendStatus(ctx: BotContext, status: string, keyboard?: InlineKeyboardMarkup): Promise<void> {
  const message = ctx.callbackQuery?.message;
  if (!message || !("text" in message) || message.text === undefined) return;
  // Telegram sends the message as it was when pressed: the summary, then its expiry line.
  const summary = message.text.split(EXPIRY_MARK)[0] ?? message.text;
  const text =
    status === ctx.t("confirm-processing") ? `${summary}\n\n⏳ ${status}` : `${summary}\n\n${status}`;
  try {
    await ctx.editMessageText(text, { reply_markup: keyboard ?? { inline_keyboard: [] } });
  } catch (err) {
    // "message is not modified" and deleted messages are harmless here.
    ctx.log.debug({ err }, "could not edit the summary message");
  }
}
