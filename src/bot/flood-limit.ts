/**
 * One person's flood slows no one else: at most `updates` updates of a person are taken in each
 * window of `seconds` (grammY's ratelimiter plugin, counted in this instance's memory), and the rest
 * are dropped, not queued. A dropped press is answered at once (its button stops spinning); the person
 * is told to slow down once a minute at most, however many updates were dropped. Confirm and Cancel
 * presses are never dropped: the claim in the journal is atomic, so a repeated one does nothing twice,
 * and a person who flooded still gets their confirmed action carried out (docs/decisions/040-flood-limit.md).
 */
import { limit } from "@grammyjs/ratelimiter";
import type { MiddlewareFn } from "grammy";
import type { BotContext } from "./context.js";
import type { TranslatorFor } from "./i18n.js";

/** The defaults of RATE_LIMIT_UPDATES, RATE_LIMIT_SECONDS and CHAT_BACKLOG (src/config.ts). */
export const DEFAULT_RATE_LIMIT_UPDATES = 30;
export const DEFAULT_RATE_LIMIT_SECONDS = 10;
export const DEFAULT_CHAT_BACKLOG = 10;

/** A person told to slow down is not told again within this. */
const TOLD_FOR_MS = 60_000;
/** People remembered as told; past this many the list starts afresh (memory stays bounded). */
const TOLD_MOST = 10_000;

/** What happens to an update dropped by the limit or by a full chat backlog. */
export class SlowDown {
  /** People told to slow down, and until when they are not told again. */
  readonly #told = new Map<number, number>();
  #dropped = 0;

  constructor(
    private readonly translatorFor: TranslatorFor,
    private readonly now: () => Date,
    /** Told of each dropped update (the metrics count it). */
    private readonly counted: (ctx: BotContext) => void = () => undefined,
  ) {}

  /** Updates dropped so far by this instance. */
  get dropped(): number {
    return this.#dropped;
  }

  /**
   * Answers a dropped press at once; tells its sender to slow down, once a minute at most. Nothing
   * else is done for a dropped update: no database, no queue.
   */
  readonly drop = async (ctx: BotContext): Promise<void> => {
    this.#dropped++;
    this.counted(ctx);
    if (ctx.callbackQuery) await ctx.answerCallbackQuery().catch(() => undefined);
    const person = ctx.from?.id;
    const now = this.now().getTime();
    if (person === undefined || (this.#told.get(person) ?? 0) > now) return;
    if (this.#told.size >= TOLD_MOST) this.#told.clear();
    this.#told.set(person, now + TOLD_FOR_MS);
    ctx.log.info({ person }, "flood: updates dropped; the person is told to slow down");
    const t = await this.translatorFor(person, ctx.from?.language_code);
    if (ctx.chat) await ctx.api.sendMessage(ctx.chat.id, t("flood-slow-down"));
  };
}

export interface FloodLimitOptions {
  /** Updates a person may send in each window; 0 turns the limit off. */
  updates: number;
  seconds: number;
  slowDown: SlowDown;
  /** Updates the limit never drops (nor counts). */
  exempt: (ctx: BotContext) => boolean;
}

export function floodLimit(o: FloodLimitOptions): MiddlewareFn<BotContext> {
  if (o.updates <= 0) return (_ctx, next) => next();
  return limit<BotContext, never>({
    limit: o.updates,
    timeFrame: o.seconds * 1000,
    // Every dropped update goes through it: a press must be answered each time.
    alwaysReply: true,
    onLimitExceeded: (ctx) => o.slowDown.drop(ctx),
    keyGenerator: (ctx) => (ctx.from === undefined || o.exempt(ctx) ? undefined : String(ctx.from.id)),
  });
}
