/**
 * How a built bot runs for real: its job engine and outbox, updates by long polling or by webhook,
 * the HTTP server (webhook, /healthz, /metrics), and a graceful shutdown. main.ts wires the parts
 * (src/app.ts) wires the parts and calls startServing.
 *
 * Shutdown (SIGTERM): stop taking updates (polling stops; the webhook answers 503 so Telegram
 * delivers again, to another instance), finish the updates in flight, let running jobs finish their
 * current batch and hand their job back to the engine, close the server and the database, exit 0.
 */
import { run, type RunnerHandle, type RunOptions } from "@grammyjs/runner";
import { webhookCallback } from "grammy";
import type { Update } from "grammy/types";
import type { Logger } from "pino";
import type { BotApp } from "./bot/index.js";
import { type Config, metricsOnWebPort, webHost } from "./config.js";
import type { Jobs } from "./jobs/types.js";
import type { SqlStorage } from "./storage/index.js";
import { createHealthCheck } from "./web/health.js";
import type { Metrics } from "./web/metrics.js";
import { startWebServer, type WebServerOptions } from "./web/server.js";

/** The update types the bot handles: the only ones Telegram is asked to send. */
export const ALLOWED_UPDATES = ["message", "callback_query"] as const;
/** Longer than this, a webhook request is answered while its update goes on being handled. */
const WEBHOOK_REPLY_MS = 8_000;

export interface Serving {
  /** The HTTP server's port (the one the system picked when PORT=0). */
  port: number;
  /** The METRICS_PORT listener's port (the one the system picked when 0); none when it is not configured. */
  metricsPort: number | undefined;
  /** The long-polling runner (none in webhook mode). */
  runner: RunnerHandle | undefined;
  /** Graceful shutdown within SHUTDOWN_TIMEOUT_SECONDS; true when everything stopped in time. */
  stop(): Promise<boolean>;
}

export interface ServeDeps {
  config: Pick<
    Config,
    | "BOT_MODE"
    | "WEBHOOK_URL"
    | "WEBHOOK_SECRET"
    | "PORT"
    | "WEB_HOST"
    | "CALLBACK_PUBLIC_URL"
    | "METRICS_TOKEN"
    | "METRICS_PORT"
    | "METRICS_HOST"
    | "HEALTH_CHECK_SECONDS"
    | "SHUTDOWN_TIMEOUT_SECONDS"
    | "PAY_BASE_URL"
    | "SERVICE_TIMEOUT_MS"
  >;
  logger: Logger;
  storage: SqlStorage;
  app: BotApp;
  /** The job engine the bot's and the notifications' jobs run on. */
  jobs: Jobs;
  metrics?: Metrics;
  /** At start, unfinished operations younger than this are left to another instance (0 on SQLite). */
  reconcileMinAgeMs: number;
  /** Options of the long-polling runner (the benchmark shortens its fetch timeout). */
  runner?: RunOptions<Update>;
  /** Further routes of the web server (the service's signed callbacks). */
  routes?: WebServerOptions["routes"];
}

export async function startServing(d: ServeDeps): Promise<Serving> {
  const { app, config, logger } = d;
  const settled = await app.reconcileUnfinished(d.reconcileMinAgeMs);
  if (settled > 0) logger.info({ settled }, "settled operations left unfinished");
  await d.jobs.start();
  await app.resume();

  const webhook = config.BOT_MODE === "webhook";
  const host = webHost(config);
  const metrics = d.metrics ? { registry: d.metrics.registry, token: config.METRICS_TOKEN } : undefined;
  const web = await startWebServer({
    port: config.PORT,
    host,
    logger,
    health: createHealthCheck({
      db: d.storage.db,
      serviceUrl: config.PAY_BASE_URL,
      intervalMs: config.HEALTH_CHECK_SECONDS * 1000,
    }),
    // Reachable from outside and no token: /metrics is not served here (docs/operations.md, "The web port").
    ...(metrics && metricsOnWebPort(config) ? { metrics } : {}),
    ...(d.routes ? { routes: d.routes } : {}),
    ...(webhook
      ? {
          webhook: {
            path: new URL(config.WEBHOOK_URL as string).pathname,
            secret: config.WEBHOOK_SECRET as string,
            handle: updateHandler(app),
          },
        }
      : {}),
  });

  const metricsServer =
    metrics && config.METRICS_PORT !== undefined
      ? await startWebServer({ port: config.METRICS_PORT, host: config.METRICS_HOST, logger, metrics })
      : undefined;
  if (metrics && !metricsServer && !metricsOnWebPort(config))
    logger.info(
      { host },
      "/metrics is not served: the web port is reachable from outside and METRICS_TOKEN is unset (set METRICS_PORT for a loopback listener)",
    );

  let runner: RunnerHandle | undefined;
  if (webhook) {
    await app.bot.api.setWebhook(config.WEBHOOK_URL as string, {
      secret_token: config.WEBHOOK_SECRET as string,
      allowed_updates: [...ALLOWED_UPDATES],
    });
  } else {
    // Polling and a webhook exclude each other: remove one left from an earlier webhook deployment.
    await app.bot.api.deleteWebhook();
    runner = run(app.bot, {
      ...d.runner,
      runner: { ...d.runner?.runner, fetch: { ...d.runner?.runner?.fetch, allowed_updates: [...ALLOWED_UPDATES] } },
    });
  }
  logger.info(
    {
      username: app.bot.botInfo.username,
      mode: config.BOT_MODE,
      host,
      port: web.port,
      ...(metricsServer ? { metricsHost: config.METRICS_HOST, metricsPort: metricsServer.port } : {}),
    },
    "bot started",
  );

  return {
    port: web.port,
    metricsPort: metricsServer?.port,
    runner,
    async stop() {
      const deadline = Date.now() + config.SHUTDOWN_TIMEOUT_SECONDS * 1000;
      const left = () => Math.max(0, deadline - Date.now());
      // 1. No new updates; the ones in flight finish (the runner's stop waits for them).
      web.stopTakingUpdates();
      if (runner?.isRunning()) await runner.stop();
      // Webhook updates and conversation steps still being handled write their state first.
      await app.idle();
      await web.drained(left());
      // 2. Jobs finish their current step and go back to the engine.
      await d.jobs.stop(left()).catch((err) => logger.warn({ err }, "job engine did not stop cleanly"));
      await web.close();
      await metricsServer?.close();
      await d.storage.close();
      return Date.now() <= deadline;
    },
  };
}

/** Hands a webhook update, read and checked by the web server, to the bot (grammY's callback adapter). */
export function updateHandler(app: BotApp): (update: Update, respond: (json: string) => void) => Promise<void> {
  const handle = webhookCallback(app.bot, "callback", { onTimeout: "return", timeoutMilliseconds: WEBHOOK_REPLY_MS });
  return (update, respond) => handle(update, respond);
}
