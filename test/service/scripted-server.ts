/**
 * A loopback HTTP server whose reply to each request is scripted by the test: a queue of responders,
 * consumed one per request. It records every request it saw (after reading the whole body), so tests
 * can count attempts and inspect headers, query and body.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface SeenRequest {
  method: string;
  /** Raw request target, e.g. `/api/v1/rates?base=USD&assets=TON`. */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  body: string;
  json: unknown;
}

export type Responder = (req: SeenRequest, res: ServerResponse) => void | Promise<void>;

export interface ScriptedServer {
  readonly url: string;
  readonly requests: SeenRequest[];
  /** Appends responders; each serves exactly one request, in order. */
  script: (...responders: Responder[]) => void;
  close: () => Promise<void>;
}

export async function startScriptedServer(): Promise<ScriptedServer> {
  const queue: Responder[] = [];
  const requests: SeenRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const parsedUrl = new URL(req.url ?? "/", "http://localhost");
      let json: unknown;
      try {
        json = body === "" ? undefined : JSON.parse(body);
      } catch {
        json = undefined;
      }
      const seen: SeenRequest = {
        method: req.method ?? "",
        url: req.url ?? "",
        path: parsedUrl.pathname,
        query: parsedUrl.searchParams,
        headers: req.headers,
        body,
        json,
      };
      requests.push(seen);
      const responder =
        queue.shift() ?? reply(599, { error: `no scripted responder for request #${requests.length}` });
      Promise.resolve(responder(seen, res)).catch(() => res.socket?.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    script: (...responders) => queue.push(...responders),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A base URL on which nothing listens: connections are refused. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** Replies with a status, a body (objects are sent as JSON, strings as they are) and headers. */
export function reply(
  status: number,
  body?: unknown,
  headers: Record<string, string> = {},
  contentType = "application/json",
): Responder {
  return (_req, res) => {
    const text = body === undefined ? "" : typeof body === "string" ? body : JSON.stringify(body);
    res.writeHead(status, { "content-type": contentType, ...headers });
    res.end(text);
  };
}

/** An RFC 9457 problem document with the contract's `kind`. */
export function problem(
  status: number,
  kind: string,
  extra: { detail?: string; info?: Record<string, unknown>; headers?: Record<string, string> } = {},
): Responder {
  const { headers, ...rest } = extra;
  return reply(
    status,
    { type: "about:blank", title: `HTTP ${status}`, status, kind, ...rest },
    headers,
    "application/problem+json",
  );
}

/** Closes the connection after the request was fully received, without any reply. */
export function destroy(): Responder {
  return (_req, res) => {
    res.socket?.destroy();
  };
}

/** Waits, then lets `then` reply (by default a 200 that arrives too late to matter). */
export function delayed(ms: number, then: Responder = reply(200, {})): Responder {
  return async (req, res) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    // The client may have given up (timeout) and the test may have closed the server meanwhile.
    if (res.destroyed || !res.socket || res.socket.destroyed) return;
    await then(req, res);
  };
}
