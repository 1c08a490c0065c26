/**
 * Entry point: reads the environment (and a .env file when present), starts the bot (src/app.ts) and
 * shuts it down gracefully on SIGTERM or SIGINT: exit 0 when everything stopped within
 * SHUTDOWN_TIMEOUT_SECONDS, 1 otherwise.
 */
import "./runtime-check.js";
import "dotenv/config";
import { startBot } from "./app.js";
import { ConfigError, loadConfig } from "./config.js";

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

main().catch((err) => {
  console.error("fatal:", err instanceof Error ? err.message : err);
  process.exit(1);
});
