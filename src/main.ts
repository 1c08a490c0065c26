/**
 * Entry point of the bot, as built into dist/ and run by the container: reads the environment (and a
 * .env file when present), starts the bot (src/app.ts) and shuts it down gracefully on SIGTERM or
 * SIGINT: exit 0 when everything stopped within SHUTDOWN_TIMEOUT_SECONDS, 1 otherwise.
 * It knows nothing of the development tools: `npm start` without BOT_TOKEN runs the offline playground
 * through its own launcher (src/dev/start.ts, docs/decisions/053-dev-tools-apart.md).
 */
import "./runtime-check.js";
import "dotenv/config";
import { startBot } from "./app.js";
import { ConfigError, loadConfig } from "./config.js";

async function main(): Promise<void> {
  const config = configOrExit();
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

/** The parsed configuration, or the list of what is wrong with it and exit code 1. */
function configOrExit(): ReturnType<typeof loadConfig> {
  try {
    return loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    // Someone who expected the playground here started the build or the container.
    if (!process.env.BOT_TOKEN?.trim())
      console.error(
        "The bot needs BOT_TOKEN, its token from @BotFather. The offline playground is not part of the build" +
          " or the container: run `npm start` without BOT_TOKEN in a clone of the repository.",
      );
    process.exit(1);
  }
}

main().catch((err) => {
  console.error("fatal:", err instanceof Error ? err.message : err);
  process.exit(1);
});
