/**
 * The production wiring in one function: storage, services, the bot with auto-retry (never pacing
 * replies), command registration, settling what a crash left unfinished, resuming jobs, long polling
 * with @grammyjs/runner and the periodic reconciliation. main.ts and the latency benchmark both call
 * it, so what is measured is what runs.
 */
import { autoRetry } from "@grammyjs/auto-retry";
import { run, type RunnerHandle, type RunOptions } from "@grammyjs/runner";
import type { Update, UserFromGetMe } from "grammy/types";
import { type BotApp, createBot } from "./bot/index.js";
import type { Config } from "./config.js";
import { createLogger, type Logger } from "./logger.js";
import { createServiceFactory } from "./service/factory.js";
import { createStorage, type SqlStorage } from "./storage/index.js";

/** How often operations with an unknown outcome are checked again while running. */
const RECONCILE_INTERVAL_MS = 60_000;

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
  runner: RunnerHandle;
  /** Stops polling and the timers, then closes storage. */
  stop(): Promise<void>;
}

export async function startBot(config: Config, overrides: StartOverrides = {}): Promise<RunningBot> {
  const logger = overrides.logger ?? createLogger(config.LOG_LEVEL);
  const storage = await createStorage({
    databaseUrl: config.DATABASE_URL,
    keyEncryptionKey: config.KEY_ENCRYPTION_KEY,
    keyVersion: config.KEY_ENCRYPTION_KEY_VERSION,
    previousKeys: config.KEY_ENCRYPTION_PREVIOUS_KEYS,
    database: { onIdleError: (err) => logger.error({ err }, "database connection failed while idle") },
  });
  const services = createServiceFactory(config, { logger });
  const app = createBot(
    { config, logger, storage, services, now: () => new Date() },
    {
      token: config.BOT_TOKEN,
      ...(overrides.botInfo ? { botInfo: overrides.botInfo } : {}),
      // Telegram's limits: a 429 or flood wait is retried after retry_after, here and inside
      // conversations. Replies are not paced; broadcasts are, by the bot's own BroadcastPacer.
      apiTransformers: [autoRetry({ maxRetryAttempts: 5, maxDelaySeconds: 60 })],
    },
  );

  await app.bot.init();
  await app.registerCommands().catch((err) => logger.warn({ err }, "could not register the command list"));
  // Other instances may be mid-send: leave operations younger than the longest a send can take.
  const sendWindowMs = config.SERVICE_TIMEOUT_MS * 3 + 60_000;
  const settled = await app.reconcileUnfinished(sendWindowMs);
  if (settled > 0) logger.info({ settled }, "settled operations left unfinished");
  await app.resume();

  const runner = run(app.bot, overrides.runner);
  const timer = setInterval(() => {
    app
      .reconcileUnfinished(sendWindowMs)
      .catch((err) => logger.warn({ err }, "periodic reconciliation failed"));
    storage.operations
      .expireStale(new Date())
      .catch((err) => logger.warn({ err }, "could not expire confirmations"));
  }, RECONCILE_INTERVAL_MS);
  timer.unref();
  logger.info({ username: app.bot.botInfo.username }, "bot started");

  return {
    app,
    storage,
    logger,
    runner,
    stop: async () => {
      clearInterval(timer);
      if (runner.isRunning()) await runner.stop();
      // Updates already being handled finish (and write their state) before storage closes.
      await app.idle();
      await storage.close();
    },
  };
}
