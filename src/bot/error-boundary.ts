/**
 * The error boundary: whatever fails while an update is handled, the person gets a localized reply
 * (never a stack trace, never a flood) and the log gets the error, at error level only when it is ours.
 */
import { GrammyError, HttpError } from "grammy";
import type { Logger } from "pino";
import type { Translate } from "../domain/translate.js";
import { DatabaseUnavailableError } from "../storage/availability.js";
import type { BotContext } from "./context.js";
import type { Languages } from "./i18n.js";
import { describeError, type UserMessage } from "./shared/errors.js";
import { failureKeyboard } from "./shared/link-key.js";
import { serviceMayHaveChanged } from "./update-effects.js";

/** Least time between two error messages to one chat. */
const ERROR_MESSAGE_INTERVAL_MS = 10_000;
/** Failures of ours or of what we depend on (not an answer to what the person did): told once in a while. */
const UNAVAILABLE = new Set([
  "error-generic",
  "error-service-unavailable",
  "error-db-unavailable",
  "error-db-unavailable-unfinished",
]);

/**
 * The message for an update's failure. The database failing is "nothing was done" only while that is
 * true: once the update asked the service for a change, the person is told the step was not finished.
 */
function whatToTell(cause: unknown): UserMessage {
  const message = describeError(cause);
  if (message.key === "error-db-unavailable" && serviceMayHaveChanged()) return { key: "error-db-unavailable-unfinished" };
  return message;
}

/** Telegram's refusal of an answer to a press that is too old or was answered already. */
export function isStaleCallbackAnswer(err: GrammyError): boolean {
  return err.method === "answerCallbackQuery" && /query is too old|query ID is invalid/i.test(err.description);
}

export interface ErrorReporter {
  /** Reports one update's failure (once, however many times it is called for that update). */
  report(cause: unknown, ctx: BotContext): Promise<void>;
  /** Whether the update failed (for metrics). */
  failed(ctx: object): boolean;
}

export function errorReporter(logger: Logger, languages: Languages): ErrorReporter {
  /** Updates whose failure was already reported (the boundary and bot.catch may both see one). */
  const reported = new WeakSet<object>();
  /** Chats told about an error recently: one update's failure (or a storm of them) never floods a chat. */
  const toldRecently = new Map<number, number>();

  async function report(cause: unknown, ctx: BotContext): Promise<void> {
    if (reported.has(ctx)) return;
    reported.add(ctx);
    const log = ctx.log ?? logger;
    if (cause instanceof GrammyError || cause instanceof HttpError) {
      // A failed call to Telegram was itself an answer or a message to this person: telling them
      // about it would be one more call that fails, or a message they do not need.
      if (cause instanceof GrammyError && isStaleCallbackAnswer(cause))
        log.debug({ method: cause.method }, "callback answered too late (the press is still handled)");
      else if (cause instanceof GrammyError) log.warn({ err: cause, method: cause.method }, "Telegram refused a call");
      else log.warn({ err: cause }, "Telegram could not be reached");
      // A press whose handler failed on another call still gets its spinner stopped.
      if (ctx.callbackQuery && !(cause instanceof GrammyError && cause.method === "answerCallbackQuery"))
        await ctx.answerCallbackQuery().catch(() => undefined);
      return;
    }
    const message = whatToTell(cause);
    if (message.key === "error-generic") log.error({ err: cause }, "unhandled error");
    // The outage itself is logged once, where the database is watched.
    else if (cause instanceof DatabaseUnavailableError) log.info({ reason: message.key }, "update not handled: the database is unavailable");
    // Expected situations (no key, a refusal by the service): no stack, not an operator's concern.
    else log.info({ reason: message.key, error: cause instanceof Error ? cause.name : typeof cause }, "request refused");
    try {
      const t: Translate =
        typeof ctx.t === "function" ? ctx.t : (key, vars) => languages.i18n.t(languages.pick(ctx.from?.language_code), key, vars);
      if (ctx.callbackQuery) await ctx.answerCallbackQuery().catch(() => undefined);
      const chatId = ctx.chat?.id;
      if (chatId === undefined) return;
      const now = Date.now();
      // An answer to what the person just did (no key, a refusal) is always given; a failure of ours
      // is told once per chat in a while, however many updates hit it.
      const expected = !UNAVAILABLE.has(message.key);
      if (!expected && (toldRecently.get(chatId) ?? 0) > now) {
        log.info({ chatId }, "not repeating an error message to this chat so soon");
        return;
      }
      if (toldRecently.size > 10_000) toldRecently.clear();
      if (!expected) toldRecently.set(chatId, now + ERROR_MESSAGE_INTERVAL_MS);
      const keyboard = failureKeyboard(t, message);
      await ctx.reply(t(message.key, message.vars), keyboard ? { reply_markup: keyboard } : {});
    } catch (replyErr) {
      log.warn({ err: replyErr }, "could not tell the user about an error");
    }
  }
  return { report, failed: (ctx) => reported.has(ctx) };
}
