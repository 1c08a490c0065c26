/**
 * `npm run rotate-keys`: re-encrypts every stored key under KEY_ENCRYPTION_KEY (version
 * KEY_ENCRYPTION_KEY_VERSION), reading older ones with KEY_ENCRYPTION_PREVIOUS_KEYS. Prints the counts;
 * exits 1 when some key could not be read (its old key is missing from the configuration).
 */
import "./runtime-check.js";
import "dotenv/config";
import { ConfigError, loadKeyConfig } from "./config.js";
import { createKeyCipher, openDatabase } from "./storage/index.js";
import { migrateToLatest } from "./storage/migrations/index.js";
import { rotateKeys } from "./storage/rotate-keys.js";

async function main(): Promise<void> {
  let config: ReturnType<typeof loadKeyConfig>;
  try {
    config = loadKeyConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const keys = new Map(config.KEY_ENCRYPTION_PREVIOUS_KEYS);
  keys.set(config.KEY_ENCRYPTION_KEY_VERSION, config.KEY_ENCRYPTION_KEY);
  const cipher = createKeyCipher({ currentVersion: config.KEY_ENCRYPTION_KEY_VERSION, keys });
  const { db } = openDatabase(config.DATABASE_URL);
  try {
    await migrateToLatest(db);
    const report = await rotateKeys(db, cipher);
    console.log(
      `keys re-encrypted under version ${cipher.currentVersion}: ${report.rotated}; already current: ${report.current}; ` +
        `changed by a bot meanwhile: ${report.changedMeanwhile}; unreadable (old key not configured): ${report.failed}`,
    );
    process.exitCode = report.failed > 0 ? 1 : 0;
  } finally {
    await db.destroy();
  }
}

main().catch((err) => {
  console.error("fatal:", err instanceof Error ? err.message : err);
  process.exit(1);
});
