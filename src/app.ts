/**
 * The composition root: storage, metrics, services, the job engine (pg-boss on PostgreSQL, in process
 * on SQLite), the broadcast pacer and outbox, translations, notifications and the bot are built here,
 * each handed what it needs (nothing is patched in afterwards); then command registration and serving (src/serve.ts: settling what a crash left unfinished, resuming jobs,
 * polling or webhook, the HTTP server for /healthz and /metrics, graceful shutdown). main.ts and the
 * latency benchmark both call it, so what is measured is what runs.
 */
import { autoRetry } from "@grammyjs/auto-retry";
import type { RunnerHandle, RunOptions } from "@grammyjs/runner";
import type { Update, UserFromGetMe } from "grammy/types";
import type { BotDeps } from "./bot/context.js";
import { type BotApp, createBot } from "./bot/index.js";
import type { Config } from "./config.js";
import { createI18n, Languages, translatorsFor } from "./bot/i18n.js";
import { noteServiceAttempt } from "./bot/update-effects.js";
import { noticeButtons } from "./bot/notice-buttons.js";
import { worthOf } from "./bot/shared/worth.js";
import { createJobs } from "./jobs/index.js";
import { createLogger, type Logger } from "./logger.js";
import { handleCallback } from "./notifications/callbacks.js";
import { createNotifications } from "./notifications/index.js";
import { jobsScheduler } from "./notifications/schedule.js";
import { createOutbox } from "./outbox/worker.js";
import { startServing } from "./serve.js";
import { createServiceFactory } from "./service/factory.js";
import { createStorage, type SqlStorage } from "./storage/index.js";
import { BroadcastPacer, broadcastApi, DEFAULT_BROADCAST_PER_SECOND } from "./telegram/broadcast-pacer.js";
import { telegramLimits } from "./telegram/limits.js";
import { createMetrics } from "./web/metrics.js";

/** What a caller may supply instead of what the configuration builds (a benchmark's log sink). */
export interface StartOverrides {
  logger?: Logger;
  botInfo?: UserFromGetMe;
  runner?: RunOptions<Update>;
  /** The languages: a folder of .ftl files each (default: the project's locales/). */
  localesDir?: string;
}

export interface RunningBot {
  app: BotApp;
  /** The languages it speaks (the folders of the locales directory). */
  languages: Languages;
  storage: SqlStorage;
  logger: Logger;
  /** The long-polling runner (none in webhook mode). */
  runner: RunnerHandle | undefined;
  /** The HTTP server's port (the one the system picked when PORT=0). */
  port: number;
  /** The METRICS_PORT listener's port; none when it is not configured. */
  metricsPort: number | undefined;
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
      // A restart's dropped connections and failing queries: one warn line, and one info line when it is back.
      log: logger,
      timeouts: {
        idleInTransactionMs: config.PG_IDLE_IN_TRANSACTION_TIMEOUT_MS,
        lockMs: config.PG_LOCK_TIMEOUT_MS,
        statementMs: config.PG_STATEMENT_TIMEOUT_MS,
      },
    },
  });
  const metrics = createMetrics(storage.db, { refreshMs: config.METRICS_REFRESH_SECONDS * 1000, log: logger });
  const services = createServiceFactory(config, {
    logger,
    onAttempt: (attempt) => {
      metrics.serviceCall(attempt);
      noteServiceAttempt(attempt);
    },
  });
  // While running, this or another instance may be mid-send: leave operations younger than the longest
  // a send can take. At start with SQLite (one instance) nothing can be in flight: whatever is
  // unfinished was left by a crash and is settled at once.
  const sendWindowMs = config.SERVICE_TIMEOUT_MS * 3 + 60_000;
  const startupMinAgeMs = storage.dialect === "sqlite" ? 0 : sendWindowMs;
  // Telegram: auto-retry waits out a 429 or flood wait here and inside conversations. Replies are not
  // paced; messages to many chats are, by one BroadcastPacer, and go out through the outbox.
  const apiTransformers = [autoRetry({ maxRetryAttempts: 5, maxDelaySeconds: 60 })];
  const client = config.TELEGRAM_API_ROOT ? { apiRoot: config.TELEGRAM_API_ROOT } : {};
  const pacer = new BroadcastPacer(() => config.BROADCAST_PER_SECOND ?? DEFAULT_BROADCAST_PER_SECOND, logger);
  const languages = new Languages(createI18n(overrides.localesDir));
  const translatorFor = translatorsFor(languages, storage.users, storage.people);
  // Broadcasts keep to Telegram's limits as replies do (src/telegram/limits.ts).
  const broadcast = broadcastApi(config.BOT_TOKEN, client, pacer, [...apiTransformers, telegramLimits(translatorFor)]);
  const jobs = createJobs(config.DATABASE_URL, logger, {
    schema: config.JOBS_SCHEMA,
    idleInTransactionMs: config.PG_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  });
  const now = () => new Date();
  const outbox = createOutbox({ db: storage.db, api: broadcast, jobs, logger, now });
  // Notifications: the watcher, price alerts and notices run as jobs; notices go out through the outbox.
  const notifications = createNotifications({
    storage,
    services,
    outbox,
    noticeButtons,
    translatorFor,
    log: logger,
    config,
    // Read when a notice goes out, through the rates the bot keeps (deps is set below, before any notice).
    worthOf: (telegramId, asset) => worthOf(deps, telegramId, asset),
  });
  const deps: BotDeps = { config, logger, storage, services, now, watch: notifications.hooks };
  const app = createBot(
    deps,
    { languages, translatorFor, jobs, outbox, broadcastApi: broadcast },
    {
      token: config.BOT_TOKEN,
      ...(overrides.botInfo ? { botInfo: overrides.botInfo } : {}),
      apiTransformers,
      reconcileMinAgeMs: sendWindowMs,
      onUpdate: metrics.update,
    },
  );
  const scheduler = jobsScheduler(jobs);
  if (config.WATCH_ENABLED) notifications.schedule(scheduler);

  await app.bot.init();
  await app.registerCommands().catch((err) => logger.warn({ err }, "could not register the command list"));
  const serving = await startServing({
    config,
    logger,
    storage,
    app,
    jobs,
    metrics,
    reconcileMinAgeMs: startupMinAgeMs,
    ...(overrides.runner ? { runner: overrides.runner } : {}),
    routes: [(req, res) => handleCallback(notifications.callbacks, req, res)],
  });
  await scheduler.start();
  return {
    app,
    languages,
    storage,
    logger,
    runner: serving.runner,
    port: serving.port,
    metricsPort: serving.metricsPort,
    stop: async () => {
      notifications.streams.close();
      await notifications.stop();
      return serving.stop();
    },
  };
}
