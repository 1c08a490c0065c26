/**
 * The service client's HTTP transport: one request, its whole reply as text, on keep-alive
 * connections. Written on node:http because the watcher makes hundreds of calls a second and a
 * general-purpose client (got) built several objects per call — the largest share of the watcher's
 * garbage and about 12 % of its CPU (bench:watch). Failures reject with an error carrying a Node
 * error `code` (ECONNREFUSED, ECONNRESET, ETIMEDOUT, ERR_INVALID_CHAR …), which decides retries.
 */
import http from "node:http";
import https from "node:https";

export interface TransportRequest {
  method: string;
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

/** Sends one request and reads its whole reply; rejects with TransportError. */
export function send(req: TransportRequest): Promise<TransportReply> {
  return new Promise((resolve, reject) => {
    const fail = (err: unknown) => {
      const code = (err as { code?: unknown }).code;
      reject(new TransportError(typeof code === "string" ? code : "unknown", (err as Error).message ?? String(err)));
    };
    const headers =
      req.body === undefined
        ? req.headers
        : { ...req.headers, "content-type": "application/json", "content-length": String(Buffer.byteLength(req.body)) };
    let request: http.ClientRequest;
    try {
      const url = new URL(req.url);
      const secure = url.protocol === "https:";
      // Node's global agents keep connections alive (closing idle ones after 5 s) and reuse them across
      // calls and users: a key travels in a header, not in the connection.
      request = (secure ? https : http).request(url, { method: req.method, headers });
    } catch (err) {
      // Refused before anything was sent: a header with a line break, a bad URL.
      fail(err);
      return;
    }
    const timer = setTimeout(() => {
      request.destroy(Object.assign(new Error(`no reply within ${req.timeoutMs} ms`), { code: "ETIMEDOUT" }));
    }, req.timeoutMs);
    request.on("error", (err) => {
      clearTimeout(timer);
      fail(err);
    });
    request.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", (err) => {
        clearTimeout(timer);
        fail(err);
      });
      res.on("end", () => {
        clearTimeout(timer);
        const retryAfter = res.headers["retry-after"];
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString("utf8"),
          retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter,
        });
      });
    });
    request.end(req.body);
  });
}
