/**
 * The offline playground's entry point (`npm start` without BOT_TOKEN, through src/dev/start.ts):
 * serves it, prints its address in one plain line, and stops on SIGINT or SIGTERM.
 */
import "../../runtime-check.js";
import "dotenv/config";
import { ConfigError } from "../../config.js";
import { loadPlaygroundConfig, type PlaygroundConfig } from "./config.js";
import { startPlayground } from "./playground.js";

async function main(): Promise<void> {
  const running = await startPlayground(configOrExit());
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

/** The parsed settings, or the list of what is wrong with them and exit code 1. */
function configOrExit(): PlaygroundConfig {
  try {
    return loadPlaygroundConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}

main().catch((err) => {
  console.error("fatal:", err instanceof Error ? err.message : err);
  process.exit(1);
});
