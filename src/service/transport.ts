/**
 * The service client's HTTP transport: one request and its whole reply as text, on got (keep-alive
 * through Node's global agents). One got instance with the fixed options is made once: the watcher
 * makes hundreds of calls a second, and merging the options anew per call was part of its garbage.
 * Failures reject with a TransportError carrying got's `code` (Node's ECONNREFUSED, ECONNRESET,
 * ETIMEDOUT, ERR_INVALID_CHAR …), which decides retries.
 */
import got, { RequestError } from "got";
import type { HttpMethod } from "./operations.js";

export interface TransportRequest {
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  /** JSON text of the body, if any. */
  body?: string;
  /** For the whole exchange: connecting, sending and reading the reply. */
  timeoutMs: number;
}

export interface TransportReply {
  status: number;
  body: string;
  retryAfter: string | undefined;
}

/** A transport failure: `code` names what went wrong (Node's own codes, ETIMEDOUT for our timeout). */
export class TransportError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "TransportError";
  }
}

// Retries are the client's (only where repeating is safe); every status is a reply to read. Replies
// are small JSON lists and pages: asking for compression would put zlib into every call for nothing.
const http = got.extend({
  retry: { limit: 0 },
  throwHttpErrors: false,
  followRedirect: false,
  responseType: "text",
  decompress: false,
});

/** Sends one request and reads its whole reply; rejects with TransportError. */
export async function send(req: TransportRequest): Promise<TransportReply> {
  try {
    const res = await http(req.url, {
      method: req.method,
      headers: req.body === undefined ? req.headers : { ...req.headers, "content-type": "application/json" },
      ...(req.body === undefined ? {} : { body: req.body }),
      timeout: { request: req.timeoutMs },
    });
    const retryAfter = res.headers["retry-after"];
    return { status: res.statusCode, body: res.body, retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter };
  } catch (err) {
    throw new TransportError(err instanceof RequestError ? (err.code ?? "unknown") : "unknown", (err as Error).message);
  }
}
