/**
 * What the bot knows about the updates passing through it: each one's type, outcome and handling time
 * (metrics), how many are in flight (a clean shutdown waits for them), and whether another instance
 * or a redelivery took it already (each update is handled once), and the pruning of the ids taken.
 */
import type { MiddlewareFn } from "grammy";
import type { Kysely } from "kysely";
import type { Jobs } from "../jobs/types.js";
import type { Database } from "../storage/schema.js";
import { createUpdateTaker, pruneTakenUpdates } from "../storage/updates.js";
import type { BotContext } from "./context.js";

export const PRUNE_UPDATES_JOB = "updates.prune";
/** Taken update ids are kept this long (Telegram redelivers for much less). */
const UPDATE_IDS_KEPT_MS = 24 * 3600 * 1000;

/** Registers the hourly job that forgets update ids taken more than a day ago. */
export function pruneTakenUpdatesJob(jobs: Jobs, db: Kysely<Database>, now: () => Date): void {
  jobs.handle(PRUNE_UPDATES_JOB, async () => {
    await pruneTakenUpdates(db, now().getTime() - UPDATE_IDS_KEPT_MS);
  });
  jobs.every(PRUNE_UPDATES_JOB, 60);
}

export type UpdateOutcome = "ok" | "error" | "duplicate" | "dropped";
export type OnUpdate = (u: { type: string; outcome: UpdateOutcome; seconds: number }) => void;

export class UpdateTracking {
  #inFlight = 0;
  readonly #whenIdle: (() => void)[] = [];
  readonly #duplicates = new WeakSet<object>();
  readonly #dropped = new WeakSet<object>();

  constructor(
    private readonly failed: (ctx: object) => boolean,
    private readonly onUpdate?: OnUpdate,
  ) {}

  /** Counts every update by type and outcome, with its handling time, and the updates in flight. */
  readonly measure: MiddlewareFn<BotContext> = async (ctx, next) => {
    const started = performance.now();
    this.#inFlight++;
    try {
      await next();
    } finally {
      if (--this.#inFlight === 0) for (const resolve of this.#whenIdle.splice(0)) resolve();
      const type = Object.keys(ctx.update).find((k) => k !== "update_id") ?? "unknown";
      const outcome: UpdateOutcome = this.#duplicates.has(ctx)
        ? "duplicate"
        : this.#dropped.has(ctx)
          ? "dropped"
          : this.failed(ctx)
            ? "error"
            : "ok";
      this.onUpdate?.({ type, outcome, seconds: (performance.now() - started) / 1000 });
    }
  };

  /**
   * Each update once, across instances and redeliveries: the first to record its id handles it. An
   * update alone in flight records its id at once; several in flight share one insert per turn.
   */
  onceEach(db: Kysely<Database>, now: () => Date): MiddlewareFn<BotContext> {
    const takeUpdate = createUpdateTaker(db);
    return async (ctx, next) => {
      if (await takeUpdate(ctx.update.update_id, now().getTime(), this.#inFlight === 1)) return next();
      this.#duplicates.add(ctx);
      ctx.log.info("update already taken; skipped");
      // The instance that took it may have died before answering: answering a press again is harmless.
      if (ctx.callbackQuery) await ctx.answerCallbackQuery().catch(() => undefined);
    };
  }

  /** Counts the update as dropped (a person's flood: flood-limit.ts). */
  readonly markDropped = (ctx: object): void => {
    this.#dropped.add(ctx);
  };

  /** Resolves once no update is being handled. */
  idle(): Promise<void> {
    return this.#inFlight === 0 ? Promise.resolve() : new Promise((resolve) => this.#whenIdle.push(resolve));
  }
}
