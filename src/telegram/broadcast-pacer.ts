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
  #next = 0;
  #pausedUntil = 0;

  constructor(
    /** Read on every call, so tests and benchmarks can change it while running. */
    private readonly perSecond: () => number,
    private readonly log?: Logger,
  ) {}

  /** Resolves when the next paced call may go out (slots are handed out in call order). */
  async slot(): Promise<void> {
    const now = Date.now();
    const at = Math.max(now, this.#next, this.#pausedUntil);
    this.#next = at + 1000 / Math.max(this.perSecond(), 0.001);
    if (at > now) await sleep(at - now);
  }

  /** Holds every paced call for `seconds` (Telegram said to wait). */
  pause(seconds: number): void {
    this.#pausedUntil = Math.max(this.#pausedUntil, Date.now() + seconds * 1000);
    this.#next = Math.max(this.#next, this.#pausedUntil);
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
