/**
 * Spaces out the messages a process sends to many chats (Telegram allows about 30 a second overall),
 * and holds everyone back when Telegram asks to wait (retry_after). Replies to a person never go
 * through it: only what goes to many chats does.
 */
import { setTimeout as sleep } from "node:timers/promises";

export class Pacer {
  #next = 0;
  constructor(private readonly perSecond: () => number) {}

  /** Resolves at this sender's next slot (rejects when `signal` aborts). */
  async wait(signal?: AbortSignal): Promise<void> {
    const now = Date.now();
    const slot = Math.max(now, this.#next);
    this.#next = slot + 1000 / this.perSecond();
    if (slot > now) await sleep(slot - now, undefined, signal ? { signal } : {});
  }

  /** Telegram said to wait: no slot before `ms` from now. */
  holdFor(ms: number): void {
    this.#next = Math.max(this.#next, Date.now() + ms);
  }
}
