/**
 * The log of API requests the simulator received, in arrival order, for tests that count how often
 * an action was sent. The Authorization header is never stored, and anything that looks like a key
 * (a secret-sounding member name, or a value equal to a known key) is masked.
 */
import type { Api, OperationId } from "../../service/operations.js";
import type { SimNetwork } from "./types.js";

export interface LoggedRequest {
  operationId: OperationId;
  network: SimNetwork;
  api: Api;
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  body: unknown;
}

export const MASK = "***";
const SECRET_NAME = /key|token|secret|password|authorization/i;

export class RequestLog {
  readonly #entries: LoggedRequest[] = [];

  /** @param isKey tells whether a string is a key of the simulator (masked wherever it appears). */
  constructor(private readonly isKey: (value: string) => boolean) {}

  add(entry: LoggedRequest): void {
    this.#entries.push({
      ...entry,
      query: this.#mask(entry.query) as LoggedRequest["query"],
      body: this.#mask(entry.body),
    });
  }

  /** Requests in arrival order, optionally of one operation. */
  list(operationId?: string): LoggedRequest[] {
    return operationId === undefined
      ? [...this.#entries]
      : this.#entries.filter((e) => e.operationId === operationId);
  }

  clear(): void {
    this.#entries.length = 0;
  }

  #mask(value: unknown): unknown {
    if (typeof value === "string") return this.isKey(value) ? MASK : value;
    if (Array.isArray(value)) return value.map((v) => this.#mask(v));
    if (value !== null && typeof value === "object") {
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, SECRET_NAME.test(k) ? MASK : this.#mask(v)]),
      );
    }
    return value;
  }
}
