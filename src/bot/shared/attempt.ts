/**
 * Service calls inside `conversation.external`. What `external` returns is stored with the
 * conversation, and a thrown error would come back on replay as a plain Error without its kind, so
 * failures are returned as locale keys instead of thrown.
 */
import type { BotContext, ConvContext } from "../context.js";
import { describeError, type UserMessage } from "./errors.js";
import { failureKeyboard } from "./link-key.js";

export type Attempt<T> = { ok: true; value: T } | { ok: false; error: UserMessage };

/** Runs `fn` (a service call); a failure is logged with the update and returned as its locale key. */
export async function attempt<T>(octx: BotContext, fn: () => Promise<T>): Promise<Attempt<T>> {
  try {
    return { ok: true, value: await fn() };
  } catch (err) {
    const error = describeError(err);
    // A refusal or a missing key is the person's situation, not an operator's: no stack.
    if (error.key === "error-generic" || error.key === "error-service-unavailable")
      octx.log.warn({ err }, "service call failed");
    else octx.log.info({ reason: error.key }, "service call refused");
    return { ok: false, error };
  }
}

/** Replies with the failure's localized text (and the Connect button when it says to link a key). */
export async function tellFailure(ctx: ConvContext, failure: { error: UserMessage }): Promise<void> {
  const keyboard = failureKeyboard(ctx.t, failure.error);
  await ctx.reply(ctx.t(failure.error.key, failure.error.vars), keyboard ? { reply_markup: keyboard } : {});
}
