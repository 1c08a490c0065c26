/**
 * The one global limiter for messages that go to many chats (mass-transfer notifications,
 * reconciliation notices): calls are spaced to `perSecond` over the whole process, and a 429 pauses
 * every paced call for its `retry_after` before the refused call is tried again. Replies to a person
 * never go through it: they are not paced at all (auto-retry alone handles a rare 429).
 */
import { setTimeout as sleep } from "node:timers/promises";
import { Api, type Transformer } from "grammy";
import type { Logger } from "pino";

/** Telegram's overall limit for a bot's messages to different chats. */
export const DEFAULT_BROADCAST_PER_SECOND = 30;
/** 429s waited out for one call before its refusal is returned to the caller. */
const MAX_RATE_LIMIT_WAITS = 10;

export class BroadcastPacer {
  #chain: Promise<void> = Promise.resolve();
  #lastRelease = 0;
  #pausedUntil = 0;

  constructor(
    /** Read on every call, so tests and benchmarks can change it while running. */
    private readonly perSecond: () => number,
    private readonly log?: Logger,
  ) {}

  /**
   * Resolves when the next paced call may go out. Calls go out in order, each at least one interval
   * after the previous one actually went out: a late timer never lets a burst through.
   */
  slot(): Promise<void> {
    const turn = this.#chain.then(async () => {
      const at = Math.max(this.#lastRelease + 1000 / Math.max(this.perSecond(), 0.001), this.#pausedUntil);
      const wait = at - Date.now();
      if (wait > 0) await sleep(wait);
      this.#lastRelease = Date.now();
    });
    this.#chain = turn;
    return turn;
  }

  /** Holds every paced call for `seconds` (Telegram said to wait). */
  pause(seconds: number): void {
    this.#pausedUntil = Math.max(this.#pausedUntil, Date.now() + seconds * 1000);
  }

  /** An API transformer: paces each call and obeys retry_after. */
  readonly transformer: Transformer = async (prev, method, payload, signal) => {
    for (let waits = 0; ; waits++) {
      await this.slot();
      const res = await prev(method, payload, signal);
      if (res.ok || res.error_code !== 429 || waits >= MAX_RATE_LIMIT_WAITS) return res;
      const seconds = res.parameters?.retry_after ?? 1;
      this.log?.info({ method, seconds }, "broadcast rate limited by Telegram; pausing broadcasts");
      this.pause(seconds);
    }
  };
}

/**
 * An Api for broadcasts: the bot's client settings, the pacer, then `retryOthers` (auto-retry for
 * network errors and 5xx; a 429 reaches it only after the pacer gave up).
 */
export function broadcastApi(
  token: string,
  client: ConstructorParameters<typeof Api>[1],
  pacer: BroadcastPacer,
  retryOthers: Transformer[] = [],
): Api {
  const api = new Api(token, client);
  api.config.use(pacer.transformer);
  for (const t of retryOthers) api.config.use(t);
  return api;
}
