/**
 * Entry point: reads the environment (and a .env file when present), opens storage, builds the bot,
 * settles what a crash left unfinished, and runs long polling with @grammyjs/runner until a signal.
 */
import "./runtime-check.js";
import "dotenv/config";
import { autoRetry } from "@grammyjs/auto-retry";
import { run } from "@grammyjs/runner";
import { apiThrottler } from "@grammyjs/transformer-throttler";
import { createBot } from "./bot/index.js";
import { ConfigError, loadConfig } from "./config.js";
import { createLogger } from "./logger.js";
import { createServiceFactory } from "./service/factory.js";
import { createStorage } from "./storage/index.js";

/** How often operations with an unknown outcome are checked again while running. */
const RECONCILE_INTERVAL_MS = 60_000;

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
  const logger = createLogger(config.LOG_LEVEL);
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
    // Telegram's limits: retry 429s and flood waits, and pace outgoing calls.
    {
      token: config.BOT_TOKEN,
      apiTransformers: [autoRetry({ maxRetryAttempts: 5, maxDelaySeconds: 60 }), apiThrottler()],
    },
  );

  await app.bot.init();
  await app.registerCommands().catch((err) => logger.warn({ err }, "could not register the command list"));
  // Other instances may be mid-send: leave operations younger than the longest a send can take.
  const sendWindowMs = config.SERVICE_TIMEOUT_MS * 3 + 60_000;
  const settled = await app.reconcileUnfinished(sendWindowMs);
  if (settled > 0) logger.info({ settled }, "settled operations left unfinished");
  await app.resume();

  const runner = run(app.bot);
  const timer = setInterval(() => {
    app
      .reconcileUnfinished(sendWindowMs)
      .catch((err) => logger.warn({ err }, "periodic reconciliation failed"));
    storage.operations
      .expireStale(new Date())
      .catch((err) => logger.warn({ err }, "could not expire confirmations"));
  }, RECONCILE_INTERVAL_MS);
  logger.info({ username: app.bot.botInfo.username }, "bot started");

  const stop = async (signal: string) => {
    logger.info({ signal }, "stopping");
    clearInterval(timer);
    if (runner.isRunning()) await runner.stop();
    await storage.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void stop("SIGINT"));
  process.once("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((err) => {
  console.error("fatal:", err instanceof Error ? err.message : err);
  process.exit(1);
});
