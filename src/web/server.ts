/**
 * The HTTP server of a running bot: Telegram's webhook, GET /healthz, GET /metrics and further routes
 * (the service's signed callbacks); the same server with /metrics alone is the METRICS_PORT listener. A webhook request is checked before its body is read: the
 * secret-token header (401), then the size (413 over 1 MB, by Content-Length or while reading), then
 * the JSON (400 and one warn line when it is not an update). At shutdown the server first stops taking
 * updates (503, so Telegram delivers them again, to another instance), then waits for those in flight.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Update } from "grammy/types";
import type { Logger } from "pino";
import type { Registry } from "prom-client";
import { z } from "zod";
import type { HealthReport } from "./health.js";

/** Telegram's updates are a few KB; anything near this is not one. */
export const MAX_WEBHOOK_BODY = 1024 * 1024;
const SECRET_HEADER = "x-telegram-bot-api-secret-token";
/** How long a refused request's connection stays open for its client to read the answer. */
const REFUSED_LINGER_MS = 1000;

/** What the server needs of an update before handing it over; grammY reads the rest. */
const WebhookUpdate = z.looseObject({ update_id: z.number().int().nonnegative() });

export interface WebServerOptions {
  port: number;
  /** Address to listen on (WEB_HOST, see webHost in config.ts). */
  host: string;
  logger: Logger;
  /** GET /healthz (none on the metrics listener). */
  health?: () => Promise<HealthReport>;
  /** GET /metrics; with `token`, only for `Authorization: Bearer <token>`. */
  metrics?: { registry: Registry; token?: string };
  /**
   * Webhook mode: POSTs to `path` carrying `secret` in X-Telegram-Bot-Api-Secret-Token go to `handle`,
   * which may answer with a Bot API call (a webhook reply) through `respond`.
   */
  webhook?: {
    path: string;
    secret: string;
    handle: (update: Update, respond: (json: string) => void) => Promise<void>;
  };
  /** Further routes (e.g. the service's signed callbacks): each answers and returns true, or returns false. */
  routes?: ((req: IncomingMessage, res: ServerResponse) => Promise<boolean>)[];
}

export interface WebServer {
  port: number;
  /** Updates that arrive from now on get 503. */
  stopTakingUpdates(): void;
  /** Resolves when no update is being handled (or after `timeoutMs`). */
  drained(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

export async function startWebServer(o: WebServerOptions): Promise<WebServer> {
  let taking = true;
  let inFlight = 0;
  let idle: (() => void) | null = null;
  const log = o.logger.child({ component: "web" });

  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    void route(req, res, path).catch((err) => {
      log.error({ err, path }, "HTTP handler failed");
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });

  async function route(req: IncomingMessage, res: ServerResponse, path: string | undefined): Promise<void> {
    if (o.webhook && req.method === "POST" && path === o.webhook.path) return takeUpdate(o.webhook, req, res);
    if (req.method === "GET" && path === "/healthz" && o.health) {
      const report = await o.health();
      res.writeHead(report.ok ? 200 : 503, { "content-type": "application/json" }).end(JSON.stringify(report));
      return;
    }
    if (req.method === "GET" && path === "/metrics" && o.metrics) {
      const { registry, token } = o.metrics;
      if (token !== undefined && !sameSecret(bearer(req), token)) {
        res.writeHead(401, { "www-authenticate": "Bearer" }).end();
        return;
      }
      const body = await registry.metrics();
      res.writeHead(200, { "content-type": registry.contentType }).end(body);
      return;
    }
    for (const handle of o.routes ?? []) if (await handle(req, res)) return;
    res.writeHead(404).end();
  }

  async function takeUpdate(
    webhook: NonNullable<WebServerOptions["webhook"]>,
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<void> {
    const header = req.headers[SECRET_HEADER];
    if (!sameSecret(Array.isArray(header) ? header[0] : header, webhook.secret)) return refuse(req, res, 401);
    if (!taking) return refuse(req, res, 503);
    if (Number(req.headers["content-length"] ?? 0) > MAX_WEBHOOK_BODY) {
      log.warn({ reason: "too large", bytes: Number(req.headers["content-length"]) }, "webhook request refused");
      return refuse(req, res, 413);
    }
    inFlight++;
    try {
      const body = await readBody(req, MAX_WEBHOOK_BODY);
      if (body === undefined) {
        log.warn({ reason: "too large" }, "webhook request refused");
        return refuse(req, res, 413);
      }
      let update: Update;
      try {
        update = WebhookUpdate.parse(JSON.parse(body.toString("utf8"))) as unknown as Update;
      } catch {
        log.warn({ reason: "not an update", bytes: body.length }, "webhook request refused");
        res.writeHead(400).end();
        return;
      }
      await webhook.handle(update, (json) => {
        if (!res.headersSent) res.writeHead(200, { "content-type": "application/json" }).end(json);
      });
      if (!res.headersSent) res.writeHead(200).end();
    } finally {
      inFlight--;
      if (inFlight === 0) idle?.();
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(o.port, o.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : o.port;

  return {
    port,
    stopTakingUpdates: () => {
      taking = false;
    },
    drained: (timeoutMs) =>
      inFlight === 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, timeoutMs);
            idle = () => {
              clearTimeout(timer);
              resolve();
            };
          }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}

/**
 * Answers without keeping the body. What the client still sends is read and dropped for a moment, then
 * the connection is closed, unless the request ended by then: closing a connection with data unread
 * resets it, and the reset can reach the client before the answer does.
 */
function refuse(req: IncomingMessage, res: ServerResponse, status: 401 | 413 | 503): void {
  res.writeHead(status, status === 503 ? { "retry-after": "1" } : {}).end();
  if (req.complete) return;
  // Nothing more of the body is read: the sender stops once the sockets' buffers are full, and the
  // connection is closed after the answer had time to reach it (closing at once can reset it first).
  req.removeAllListeners("data");
  req.pause();
  setTimeout(() => req.socket.destroy(), REFUSED_LINGER_MS).unref();
}

/** The body, or undefined as soon as it passes `limit` bytes (nothing more of it is kept). */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off("data", onData).off("end", onEnd).off("error", reject);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      stop();
      resolve(undefined);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    req.on("data", onData).once("end", onEnd).once("error", reject);
  });
}

function bearer(req: IncomingMessage): string | undefined {
  const match = /^Bearer +(\S+)$/i.exec(req.headers.authorization ?? "");
  return match?.[1];
}

/** Compares in constant time (digests of equal length, whatever was sent). */
function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const digest = (s: string) => createHash("sha256").update(s, "utf8").digest();
  return timingSafeEqual(digest(given), digest(expected));
}
