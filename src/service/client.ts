/**
 * The one request path to the service. A client is bound to one interface (Exchange or Pay), one
 * base URL (production or testnet) and one key (or none for public calls); it has a method for every
 * operation of its interface, named after the operationId.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { Logger } from "pino";
import { z } from "zod";
import {
  InvalidReplyError,
  InvalidRequestError,
  NetworkError,
  OutcomeUnknownError,
  RateLimitedError,
  ServiceFailedError,
  ServiceRefusedError,
  UnauthorizedError,
} from "./errors.js";
import {
  type Api,
  type OperationId,
  type OperationIdOf,
  type OperationInput,
  type OperationReply,
  type OperationReplyOn,
  operationIdsOf,
  operations,
  replyOf,
} from "./operations.js";
import { Problem } from "./schemas.js";
import { send, TransportError } from "./transport.js";

export interface ClientOptions {
  baseUrl: string;
  /** The user's key; absent for a client that only makes public calls. */
  apiKey?: string;
  /** Per-attempt timeout. */
  timeoutMs?: number;
  /** Attempts for a read (and for a write refused with 429 or never sent), the first included. */
  maxAttempts?: number;
  /** Longest Retry-After we wait out before giving up with RateLimitedError. */
  maxRetryAfterMs?: number;
  /** First backoff delay; doubled per attempt. */
  backoffMs?: number;
  logger?: Logger;
  /** Told of every attempt's outcome (HTTP status, or "network"), e.g. for metrics. */
  onAttempt?: (attempt: { operationId: string; status: number | "network"; ms: number }) => void;
}

/**
 * Errors that prove the request never left this machine: safe to resend even for a write. The
 * ERR_INVALID_* codes come from building the request (a key with a line break, a bad base URL).
 */
const NOT_SENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ERR_INVALID_CHAR",
  "ERR_INVALID_HTTP_TOKEN",
  "ERR_INVALID_URL",
]);

type Method<K extends OperationId, A extends Api> =
  Record<string, never> extends OperationInput<K>
    ? (input?: OperationInput<K>) => Promise<OperationReplyOn<K, A>>
    : (input: OperationInput<K>) => Promise<OperationReplyOn<K, A>>;
export type ServiceClient<A extends Api> = { [K in OperationIdOf<A>]: Method<K, A> } & {
  readonly api: A;
  readonly baseUrl: string;
  readonly hasKey: boolean;
};
export type ExchangeClient = ServiceClient<"exchange">;
export type PayClient = ServiceClient<"pay">;

/** A client of the Exchange interface at `baseUrl`, sending `apiKey` on private calls. */
export function createExchangeClient(options: ClientOptions): ExchangeClient {
  return buildClient("exchange", options);
}

/** A client of the Payments interface at `baseUrl`, sending `apiKey` on private calls. */
export function createPayClient(options: ClientOptions): PayClient {
  return buildClient("pay", options);
}

const REQUESTER = Symbol("requester");
type ClientObject = { [REQUESTER]: Requester };

/**
 * One object per interface holds the operation methods, shared by every client of it: the watcher
 * builds clients for each user it polls, and a method per operation per client was its largest
 * allocation.
 */
const methodsOf = new Map<Api, object>();
function methods(api: Api): object {
  let proto = methodsOf.get(api);
  if (proto === undefined) {
    const table: Record<string, (this: ClientObject, input?: unknown) => Promise<unknown>> = {};
    for (const id of operationIdsOf(api)) {
      table[id] = function (this: ClientObject, input?: unknown) {
        return this[REQUESTER].call(id, input ?? {});
      };
    }
    proto = Object.freeze(table);
    methodsOf.set(api, proto);
  }
  return proto;
}

function buildClient<A extends Api>(api: A, options: ClientOptions): ServiceClient<A> {
  const client = Object.create(methods(api), {
    api: { value: api, enumerable: true },
    baseUrl: { value: options.baseUrl, enumerable: true },
    hasKey: { value: options.apiKey !== undefined, enumerable: true },
    [REQUESTER]: { value: new Requester(api, options) },
  }) as ServiceClient<A>;
  return Object.freeze(client) as ServiceClient<A>;
}

class Requester {
  readonly #api: Api;
  // A private field: not enumerable, not serialised, never part of a thrown object.
  readonly #apiKey: string | undefined;
  readonly #opts: Required<Omit<ClientOptions, "apiKey" | "logger" | "onAttempt">>;
  readonly #logger: Logger | undefined;
  readonly #onAttempt: ClientOptions["onAttempt"];

  constructor(api: Api, options: ClientOptions) {
    this.#api = api;
    this.#apiKey = options.apiKey;
    this.#logger = options.logger;
    this.#onAttempt = options.onAttempt;
    this.#opts = {
      baseUrl: options.baseUrl.replace(/\/+$/, ""),
      timeoutMs: options.timeoutMs ?? 15_000,
      maxAttempts: options.maxAttempts ?? 3,
      maxRetryAfterMs: options.maxRetryAfterMs ?? 30_000,
      backoffMs: options.backoffMs ?? 200,
    };
  }

  async call<K extends OperationId>(id: K, rawInput: unknown): Promise<OperationReply<K>> {
    const def = operations[id];
    const parsed = def.input.safeParse(rawInput);
    if (!parsed.success) throw new InvalidRequestError(id, describeIssues(parsed.error));
    const request = this.#buildRequest(id, parsed.data as Record<string, unknown>);

    for (let attempt = 1; ; attempt++) {
      const last = attempt >= this.#opts.maxAttempts;
      const started = Date.now();
      let outcome: { status: number; body: string; retryAfter: string | undefined };
      try {
        outcome = await send({
          method: def.method,
          url: request.url,
          headers: request.headers,
          ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
          timeoutMs: this.#opts.timeoutMs,
        });
      } catch (err) {
        const code = err instanceof TransportError ? err.code : "unknown";
        const neverSent = NOT_SENT_CODES.has(code);
        this.#logger?.warn(
          { operationId: id, attempt, code, ms: Date.now() - started },
          "service request failed",
        );
        this.#onAttempt?.({ operationId: id, status: "network", ms: Date.now() - started });
        if (def.write && !neverSent) throw new OutcomeUnknownError(id, code);
        if (last) throw new NetworkError(id, code);
        await sleep(this.#backoff(attempt));
        continue;
      }

      const { status } = outcome;
      this.#logger?.debug({ operationId: id, attempt, status, ms: Date.now() - started }, "service request");
      this.#onAttempt?.({ operationId: id, status, ms: Date.now() - started });
      if (status === def.status) return this.#parseReply(id, status, outcome.body);
      if (status === 429) {
        const waitMs = Math.max(parseRetryAfter(outcome.retryAfter), this.#backoff(attempt));
        if (last || waitMs > this.#opts.maxRetryAfterMs) throw new RateLimitedError(id, waitMs);
        await sleep(waitMs);
        continue;
      }
      if (status >= 500) {
        if (def.write || last) throw new ServiceFailedError(id, status, def.write);
        await sleep(this.#backoff(attempt));
        continue;
      }
      if (status === 401) throw new UnauthorizedError(id, "the key was refused");
      if (status >= 400) throw ServiceRefusedError.fromProblem(id, status, parseProblem(outcome.body));
      // A 2xx or 3xx to a write other than the expected one: it may well have been carried out.
      throw new InvalidReplyError(id, status, `unexpected status, expected ${def.status}`, def.write);
    }
  }

  #buildRequest(id: OperationId, input: Record<string, unknown>) {
    const def = operations[id];
    const rest = { ...input };
    const path = def.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = rest[name];
      delete rest[name];
      return encodeURIComponent(String(value));
    });
    const searchParams = new URLSearchParams();
    let body: Record<string, unknown> | undefined;
    const queryKeys = "queryKeys" in def ? (def.queryKeys as readonly string[]) : [];
    const hasBody = def.method === "POST" || def.method === "PUT";
    for (const [key, value] of Object.entries(rest)) {
      if (value === undefined) continue;
      if (hasBody && !queryKeys.includes(key)) {
        body ??= {};
        body[key] = value;
      } else {
        for (const v of Array.isArray(value) ? value : [value]) searchParams.append(key, String(v));
      }
    }
    if (hasBody) body ??= {};
    const headers: Record<string, string> = { accept: "application/json" };
    if (def.auth !== "public" && this.#apiKey !== undefined) headers.authorization = `Bearer ${this.#apiKey}`;
    const query = searchParams.toString();
    return { url: this.#opts.baseUrl + path + (query === "" ? "" : `?${query}`), body, headers };
  }

  /** A success status was seen: for a write, a reply we cannot read still means it was carried out. */
  #parseReply<K extends OperationId>(id: K, status: number, body: string): OperationReply<K> {
    const { write } = operations[id];
    // A 204 has no body: the reply schema (`NoContent`) receives nothing.
    let json: unknown;
    try {
      json = status === 204 && body === "" ? undefined : JSON.parse(body);
    } catch {
      throw new InvalidReplyError(id, status, "body is not JSON", write);
    }
    const parsed = replyOf(operations[id], this.#api).safeParse(json);
    if (!parsed.success) throw new InvalidReplyError(id, status, describeIssues(parsed.error), write);
    return parsed.data as OperationReply<K>;
  }

  #backoff(attempt: number): number {
    return this.#opts.backoffMs * 2 ** (attempt - 1);
  }
}

/** The problem document; a body slightly off the contract still yields its `kind`, which decides reconciliation. */
function parseProblem(body: string): Problem | undefined {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return undefined;
  }
  const parsed = Problem.safeParse(json);
  if (parsed.success) return parsed.data;
  const loose = LooseProblem.safeParse(json);
  return loose.success ? { type: "about:blank", title: "", ...loose.data } : undefined;
}

const LooseProblem = z.object({
  status: z.number().int(),
  kind: z.string().regex(/^[a-z][a-z0-9_]*$/),
  detail: z.string().optional(),
  info: z.record(z.string(), z.unknown()).optional(),
});

function parseRetryAfter(value: string | undefined): number {
  const seconds = Number.parseInt(value ?? "", 10);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : 1000;
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`)
    .join("; ");
}
