/**
 * Every button press is answered at once. If its handler has not answered within a short grace
 * (it is waiting for the service, or queued behind the chat's previous update), the press is answered
 * with no text so the person's button stops spinning; the handler's own answer later is then refused
 * by Telegram ("query is too old"), and that refusal is turned into success so a flow never fails on
 * it. (The call still goes out: a conversation replays its calls and must see each one.) The
 * transformer must be on every Api that answers presses: the bot's and each conversation's.
 */
import type { Api, Context, MiddlewareFn, Transformer } from "grammy";

/** How long a handler has to answer with its own text before the empty answer goes out. */
export const ANSWER_GRACE_MS = 100;
/** Auto-answered ids are remembered this long (Telegram refuses answers after about 15 s anyway). */
const REMEMBER_MS = 60_000;

export class CallbackAnswers {
  readonly #autoAnswered = new Map<string, number>();

  /** A late answer to a press answered here already succeeds quietly. */
  readonly transformer: Transformer = async (prev, method, payload, signal) => {
    const res = await prev(method, payload, signal);
    if (method !== "answerCallbackQuery" || res.ok) return res;
    const id = String((payload as { callback_query_id?: unknown }).callback_query_id);
    return this.#autoAnswered.has(id) && /query is too old|query ID is invalid/i.test(res.description)
      ? ({ ok: true, result: true } as never)
      : res;
  };

  /** Middleware (outermost): answers a press that its handler leaves unanswered past the grace. */
  middleware(api: Api): MiddlewareFn<Context> {
    return async (ctx, next) => {
      const id = ctx.callbackQuery?.id;
      if (id === undefined) return next();
      let handled = false;
      const timer = setTimeout(() => {
        if (handled) return;
        this.#remember(id);
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

  #remember(id: string): void {
    const now = Date.now();
    this.#autoAnswered.set(id, now);
    if (this.#autoAnswered.size < 1000) return;
    for (const [key, at] of this.#autoAnswered) {
      if (now - at < REMEMBER_MS) break;
      this.#autoAnswered.delete(key);
    }
  }
}
