/**
 * The production wiring in one function: storage, metrics, services, the bot with auto-retry (never
 * pacing replies) and its job engine (pg-boss on PostgreSQL, in process on SQLite), command
 * registration, then serving (src/serve.ts: settling what a crash left unfinished, resuming jobs,
 * polling or webhook, the HTTP server for /healthz and /metrics, graceful shutdown). main.ts and the
 * latency benchmark both call it, so what is measured is what runs.
 */
import { autoRetry } from "@grammyjs/auto-retry";
import type { RunnerHandle, RunOptions } from "@grammyjs/runner";
import type { Update, UserFromGetMe } from "grammy/types";
import type { BotDeps } from "./bot/context.js";
import { type BotApp, createBot } from "./bot/index.js";
import type { Config } from "./config.js";
import { createJobs } from "./jobs/index.js";
import { createLogger, type Logger } from "./logger.js";
import { handleCallback } from "./notifications/callbacks.js";
import { createNotifications } from "./notifications/index.js";
import { jobsScheduler } from "./notifications/schedule.js";
import { startServing } from "./serve.js";
import { createServiceFactory } from "./service/factory.js";
import { createStorage, type SqlStorage } from "./storage/index.js";
import { createMetrics } from "./web/metrics.js";

/** What a caller may supply instead of what the configuration builds (a benchmark's log sink). */
export interface StartOverrides {
  logger?: Logger;
  botInfo?: UserFromGetMe;
  runner?: RunOptions<Update>;
}

export interface RunningBot {
  app: BotApp;
  storage: SqlStorage;
  logger: Logger;
  /** The long-polling runner (none in webhook mode). */
  runner: RunnerHandle | undefined;
  /** The HTTP server's port (the one the system picked when PORT=0). */
  port: number;
  /**
   * Graceful shutdown: stop taking updates, finish those in flight, hand jobs back, close the server
   * and storage, within SHUTDOWN_TIMEOUT_SECONDS. True when everything stopped in time.
   */
  stop(): Promise<boolean>;
}

export async function startBot(config: Config, overrides: StartOverrides = {}): Promise<RunningBot> {
  const logger = overrides.logger ?? createLogger(config.LOG_LEVEL, undefined, config.LOG_FORMAT);
  const storage = await createStorage({
    databaseUrl: config.DATABASE_URL,
    keyEncryptionKey: config.KEY_ENCRYPTION_KEY,
    keyVersion: config.KEY_ENCRYPTION_KEY_VERSION,
    previousKeys: config.KEY_ENCRYPTION_PREVIOUS_KEYS,
    database: {
      onIdleError: (err) => logger.error({ err }, "database connection failed while idle"),
      timeouts: {
        idleInTransactionMs: config.PG_IDLE_IN_TRANSACTION_TIMEOUT_MS,
        lockMs: config.PG_LOCK_TIMEOUT_MS,
        statementMs: config.PG_STATEMENT_TIMEOUT_MS,
      },
    },
  });
  const metrics = createMetrics(storage.db, { refreshMs: config.METRICS_REFRESH_SECONDS * 1000, log: logger });
  const services = createServiceFactory(config, { logger, onAttempt: metrics.serviceCall });
  // While running, this or another instance may be mid-send: leave operations younger than the longest
  // a send can take. At start with SQLite (one instance) nothing can be in flight: whatever is
  // unfinished was left by a crash and is settled at once.
  const sendWindowMs = config.SERVICE_TIMEOUT_MS * 3 + 60_000;
  const startupMinAgeMs = storage.dialect === "sqlite" ? 0 : sendWindowMs;
  const deps: BotDeps = { config, logger, storage, services, now: () => new Date() };
  const app = createBot(
    deps,
    {
      token: config.BOT_TOKEN,
      ...(overrides.botInfo ? { botInfo: overrides.botInfo } : {}),
      // Telegram's limits: a 429 or flood wait is retried after retry_after, here and inside
      // conversations. Replies are not paced; broadcasts are, by the bot's own BroadcastPacer.
      apiTransformers: [autoRetry({ maxRetryAttempts: 5, maxDelaySeconds: 60 })],
      jobs: createJobs(config.DATABASE_URL, logger, {
        schema: config.JOBS_SCHEMA,
        idleInTransactionMs: config.PG_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      }),
      reconcileMinAgeMs: sendWindowMs,
      onUpdate: metrics.update,
    },
  );

  // Notifications: the watcher, price alerts and notices run as jobs; notices go out through the outbox.
  const notifications = createNotifications({
    storage,
    services,
    outbox: app.outbox,
    translatorFor: (id) => app.translatorFor(id),
    log: logger,
    config,
  });
  deps.watch = notifications.hooks;
  const scheduler = jobsScheduler(app.jobs);
  if (config.WATCH_ENABLED) notifications.schedule(scheduler);

  await app.bot.init();
  await app.registerCommands().catch((err) => logger.warn({ err }, "could not register the command list"));
  const serving = await startServing({
    config,
    logger,
    storage,
    app,
    metrics,
    reconcileMinAgeMs: startupMinAgeMs,
    ...(overrides.runner ? { runner: overrides.runner } : {}),
    routes: [(req, res) => handleCallback(notifications.callbacks, req, res)],
  });
  await scheduler.start();
  return {
    app,
    storage,
    logger,
    runner: serving.runner,
    port: serving.port,
    stop: async () => {
      notifications.streams.close();
      return serving.stop();
    },
  };
}
