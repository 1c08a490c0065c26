/**
 * Every button press is answered at once. If its handler has not answered within a short grace
 * (it is waiting for the service, or queued behind the chat's previous update), the press is answered
 * with no text so the person's button stops spinning. A handler's answer that Telegram then refuses
 * ("query is too old": answered here already, or the press was delivered late, e.g. after a restart)
 * is turned into success: nobody waits for that answer any more, and the handler must go on with what
 * the press asked for. (The call still goes out: a conversation replays its calls and must see each
 * one.) The transformer must be on every Api that answers presses: the bot's and each conversation's.
 */
import type { Api, Context, MiddlewareFn, Transformer } from "grammy";

/** How long a handler has to answer with its own text before the empty answer goes out. */
export const ANSWER_GRACE_MS = 100;

const TOO_LATE = /query is too old|query ID is invalid/i;

export class CallbackAnswers {
  /** A late answer to a press succeeds quietly. */
  readonly transformer: Transformer = async (prev, method, payload, signal) => {
    const res = await prev(method, payload, signal);
    if (method !== "answerCallbackQuery" || res.ok) return res;
    return TOO_LATE.test(res.description) ? ({ ok: true, result: true } as never) : res;
  };

  /** Middleware (outermost): answers a press that its handler leaves unanswered past the grace. */
  middleware(api: Api): MiddlewareFn<Context> {
    return async (ctx, next) => {
      const id = ctx.callbackQuery?.id;
      if (id === undefined) return next();
      let handled = false;
      const timer = setTimeout(() => {
        if (handled) return;
        // Refused when the handler answered meanwhile: nothing to do then.
        api.answerCallbackQuery(id).catch(() => undefined);
      }, ANSWER_GRACE_MS);
      try {
        await next();
      } finally {
        handled = true;
        clearTimeout(timer);
      }
    };
  }
}
