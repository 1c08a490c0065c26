/**
 * The HTTP server of a running bot: Telegram's webhook (the secret-token header checked by grammY,
 * 401 otherwise), GET /healthz and GET /metrics. At shutdown it first stops taking updates (503, so
 * Telegram delivers them again, to another instance), then waits for the updates in flight.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Logger } from "pino";
import type { Registry } from "prom-client";
import type { HealthReport } from "./health.js";

export interface WebServerOptions {
  port: number;
  host?: string;
  logger: Logger;
  health: () => Promise<HealthReport>;
  metrics?: Registry;
  /** Webhook mode: POSTs to `path` go to `handle` (grammY's webhookCallback for "http"). */
  webhook?: { path: string; handle: (req: IncomingMessage, res: ServerResponse) => Promise<void> };
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
    if (o.webhook && req.method === "POST" && path === o.webhook.path) {
      if (!taking) {
        res.writeHead(503, { "retry-after": "1" }).end();
        return;
      }
      inFlight++;
      try {
        await o.webhook.handle(req, res);
      } finally {
        inFlight--;
        if (inFlight === 0) idle?.();
      }
      return;
    }
    if (req.method === "GET" && path === "/healthz") {
      const report = await o.health();
      res.writeHead(report.ok ? 200 : 503, { "content-type": "application/json" }).end(JSON.stringify(report));
      return;
    }
    if (req.method === "GET" && path === "/metrics" && o.metrics) {
      const body = await o.metrics.metrics();
      res.writeHead(200, { "content-type": o.metrics.contentType }).end(body);
      return;
    }
    for (const handle of o.routes ?? []) if (await handle(req, res)) return;
    res.writeHead(404).end();
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(o.port, o.host ?? "0.0.0.0", () => resolve());
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
