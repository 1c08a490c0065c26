/**
 * Entry point: reads the environment (and a .env file when present), opens storage, builds the bot
 * with its job engine and metrics, and serves it (polling or webhook, see serve.ts) until a signal.
 */
import "./runtime-check.js";
import "dotenv/config";
import { autoRetry } from "@grammyjs/auto-retry";
import { apiThrottler } from "@grammyjs/transformer-throttler";
import type { BotDeps } from "./bot/context.js";
import { createBot } from "./bot/index.js";
import { ConfigError, loadConfig } from "./config.js";
import { createJobs } from "./jobs/index.js";
import { createLogger } from "./logger.js";
import { startServing } from "./serve.js";
import { createServiceFactory } from "./service/factory.js";
import { createStorage } from "./storage/index.js";
import { createNotifications } from "./watch/index.js";
import { handleCallback } from "./watch/callbacks.js";
import { jobsScheduler } from "./watch/schedule.js";
import { createMetrics } from "./web/metrics.js";

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config.LOG_LEVEL, undefined, config.LOG_FORMAT);
  const storage = await createStorage({
    databaseUrl: config.DATABASE_URL,
    keyEncryptionKey: config.KEY_ENCRYPTION_KEY,
    keyVersion: config.KEY_ENCRYPTION_KEY_VERSION,
    previousKeys: config.KEY_ENCRYPTION_PREVIOUS_KEYS,
    database: { onIdleError: (err) => logger.error({ err }, "database connection failed while idle") },
  });
  const metrics = createMetrics(storage.db);
  const services = createServiceFactory(config, { logger, onAttempt: metrics.serviceCall });
  // Other instances may be mid-send: leave operations younger than the longest a send can take. With
  // SQLite this is the only instance, so whatever is unfinished at start was left by a crash.
  const sendWindowMs = storage.dialect === "sqlite" ? 0 : config.SERVICE_TIMEOUT_MS * 3 + 60_000;
  const deps: BotDeps = { config, logger, storage, services, now: () => new Date() };
  const app = createBot(
    deps,
    // Telegram's limits: retry 429s and flood waits, and pace outgoing calls.
    {
      token: config.BOT_TOKEN,
      apiTransformers: [autoRetry({ maxRetryAttempts: 5, maxDelaySeconds: 60 }), apiThrottler()],
      jobs: createJobs(config.DATABASE_URL, logger),
      outboxPerSecond: config.OUTBOX_MESSAGES_PER_SECOND,
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
    reconcileMinAgeMs: sendWindowMs,
    routes: [(req, res) => handleCallback(notifications.callbacks, req, res)],
  });
  await scheduler.start();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "stopping");
    const clean = await serving.stop().catch((err) => {
      logger.error({ err }, "shutdown failed");
      return false;
    });
    logger.info({ clean }, "stopped");
    logger.flush?.();
    process.exit(clean ? 0 : 1);
  };
  // A shutdown that overruns SHUTDOWN_TIMEOUT_SECONDS is cut short.
  const cutShort = () =>
    setTimeout(() => {
      logger.error("shutdown took longer than SHUTDOWN_TIMEOUT_SECONDS; exiting");
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_SECONDS * 1000 + 1000).unref();
  process.once("SIGINT", () => {
    cutShort();
    void stop("SIGINT");
  });
  process.once("SIGTERM", () => {
    cutShort();
    void stop("SIGTERM");
  });
}

main().catch((err) => {
  console.error("fatal:", err instanceof Error ? err.message : err);
  process.exit(1);
});
