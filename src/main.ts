/**
 * Entry point: reads the environment (and a .env file when present), starts the bot (src/app.ts) and
 * shuts it down gracefully on SIGTERM or SIGINT: exit 0 when everything stopped within
 * SHUTDOWN_TIMEOUT_SECONDS, 1 otherwise.
 * Without BOT_TOKEN it starts the offline playground instead (src/playground): the same bot against a
 * local Bot API stand-in and the simulator, in a browser.
 */
import "./runtime-check.js";
import "dotenv/config";
import { startBot } from "./app.js";
import { ConfigError, loadConfig, loadPlaygroundConfig } from "./config.js";

async function main(): Promise<void> {
  // The playground is for a clone; a production deployment without a token stops with the config error.
  if (!process.env.BOT_TOKEN?.trim() && process.env.NODE_ENV !== "production") return playground();
  const config = configOrExit(loadConfig);
  const running = await startBot(config);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    running.logger.info({ signal }, "stopping");
    // A shutdown that overruns its time is cut short.
    setTimeout(() => {
      running.logger.error("shutdown took longer than SHUTDOWN_TIMEOUT_SECONDS; exiting");
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_SECONDS * 1000 + 1000).unref();
    const clean = await running.stop().catch((err) => {
      running.logger.error({ err }, "shutdown failed");
      return false;
    });
    running.logger.info({ clean }, "stopped");
    process.exit(clean ? 0 : 1);
  };
  process.once("SIGINT", () => void stop("SIGINT"));
  process.once("SIGTERM", () => void stop("SIGTERM"));
}

async function playground(): Promise<void> {
  const config = configOrExit(loadPlaygroundConfig);
  const { startPlayground } = await import("./playground/playground.js");
  const running = await startPlayground(config);
  running.logger.info(
    { url: running.url },
    `playground: no BOT_TOKEN, so the bot runs offline against a local Telegram stand-in; open ${running.url}`,
  );
  // Logs stay JSON for machines; a person reads the address from one plain line.
  process.stdout.write(`Playground: ${running.url}\n`);
  const stop = async () => {
    await running.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void stop());
  process.once("SIGTERM", () => void stop());
}

/** The parsed configuration, or the list of what is wrong with it and exit code 1. */
function configOrExit<T>(load: () => T): T {
  try {
    return load();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

main().catch((err) => {
  console.error("fatal:", err instanceof Error ? err.message : err);
  process.exit(1);
});
