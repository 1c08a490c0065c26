/**
 * Entry point: reads the environment (and a .env file when present), starts the bot (src/app.ts) and
 * stops it cleanly on a signal.
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
  const stop = async (signal: string) => {
    running.logger.info({ signal }, "stopping");
    await running.stop();
    process.exit(0);
  };
  process.once("SIGINT", () => void stop("SIGINT"));
  process.once("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((err) => {
  console.error("fatal:", err instanceof Error ? err.message : err);
  process.exit(1);
});
