/**
 * Signed callbacks, as the real Payments service sends them (real-api.md §5): when an invoice, a
 * cheque, a payout or a withdrawal created with a `callback` changes status, its URL receives a POST with the envelope
 * `{id, timestamp, type, data}` signed with the owner's webhook secret. A delivery that does not get a
 * 2xx is retried with the same delivery id (and a fresh timestamp and signature) after each delay.
 */
import { randomUUID } from "node:crypto";
import { signatureHeaders } from "../../service/webhook-signature.js";
import type { World } from "./types.js";

export interface DeliveryAttempt {
  deliveryId: string;
  url: string;
  status: number | "error";
  at: number;
}

export interface CallbackOptions {
  /** Waits before each retry; the default gives up after five attempts in about half a minute. */
  retryDelaysMs?: number[];
  fetch?: typeof fetch;
}

const MODULE = "callbacks";

export class CallbackSender {
  /** Each account's webhook secret (set through `/_sim/webhooks`); none → nothing is sent. */
  readonly secrets = new Map<number, string>();
  readonly attempts: DeliveryAttempt[] = [];
  readonly #delays: number[];
  readonly #fetch: typeof fetch;
  readonly #timers = new Set<NodeJS.Timeout>();
  #closed = false;

  constructor(options: CallbackOptions = {}) {
    this.#delays = options.retryDelaysMs ?? [500, 2_000, 5_000, 20_000];
    this.#fetch = options.fetch ?? fetch;
  }

  /** Sends one delivery for `owner`'s object to `url` (in the background); returns its delivery id. */
  send(owner: number, url: string, type: string, data: unknown, now: Date): string | undefined {
    const secret = this.secrets.get(owner);
    if (secret === undefined || this.#closed) return undefined;
    const id = randomUUID();
    const body = JSON.stringify({ id, timestamp: now.toISOString(), type, data });
    void this.#attempt(id, url, secret, body, 0);
    return id;
  }

  async #attempt(id: string, url: string, secret: string, body: string, n: number): Promise<void> {
    let status: number | "error";
    try {
      const res = await this.#fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", ...signatureHeaders(secret, body, Date.now()) },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      status = res.status;
      await res.body?.cancel();
    } catch {
      status = "error";
    }
    this.attempts.push({ deliveryId: id, url, status, at: Date.now() });
    const delay = this.#delays[n];
    if ((status === "error" || status < 200 || status >= 300) && delay !== undefined && !this.#closed) {
      const timer = setTimeout(() => {
        this.#timers.delete(timer);
        void this.#attempt(id, url, secret, body, n + 1);
      }, delay);
      timer.unref();
      this.#timers.add(timer);
    }
  }

  /** Stops pending retries (the simulator is closing). */
  close(): void {
    this.#closed = true;
    for (const t of this.#timers) clearTimeout(t);
    this.#timers.clear();
  }
}

/** Installs the sender in a world, for the handlers that announce changes. */
export function installCallbacks(world: World, sender: CallbackSender): void {
  world.modules.set(MODULE, sender);
}

/** Announces a change of `owner`'s object to its callback URL, when it has one. */
export function announce(
  world: World,
  owner: number,
  callbackUrl: string | undefined,
  type: "invoice" | "cheque" | "payout" | "withdrawal",
  data: unknown,
): void {
  if (callbackUrl === undefined) return;
  (world.modules.get(MODULE) as CallbackSender | undefined)?.send(owner, callbackUrl, type, data, world.now());
}
