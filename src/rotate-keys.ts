/**
 * `npm run rotate-keys`: re-encrypts every sealed value (service keys, webhook secrets) under
 * KEY_ENCRYPTION_KEY (version KEY_ENCRYPTION_KEY_VERSION), reading older ones with
 * KEY_ENCRYPTION_PREVIOUS_KEYS. Prints the counts per kind of value and where each value it could not
 * read is (table, column, row id, version; never the value); exits 1 when there is one.
 */
import "./runtime-check.js";
import "dotenv/config";
import { ConfigError, loadKeyConfig } from "./config.js";
import { createKeyCipher, openDatabase } from "./storage/index.js";
import { migrateToLatest } from "./storage/migrations/index.js";
import { rotateKeys } from "./storage/rotate-keys.js";

/** Unreadable values listed one per line; the count covers the rest. */
const MAX_PRINTED = 50;

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
    for (const v of report.values) {
      console.log(
        `${v.label} (${v.table}.${v.prefix}_*): re-encrypted under version ${cipher.currentVersion}: ${v.rotated}; ` +
          `already current: ${v.current}; changed by a bot meanwhile: ${v.changedMeanwhile}; unreadable: ${v.unreadable}`,
      );
    }
    const unreadable = report.values.reduce((n, v) => n + v.unreadable, 0);
    for (const u of report.unreadable.slice(0, MAX_PRINTED)) {
      console.log(`unreadable: ${u.table}.${u.column} where telegram_id = ${u.id} (version ${u.version}: ${u.reason})`);
    }
    if (unreadable > MAX_PRINTED) console.log(`…and ${unreadable - MAX_PRINTED} more unreadable values`);
    console.log(
      unreadable === 0
        ? "nothing unreadable: every stored value reads with the current key"
        : "some values are unreadable: configure their key versions in KEY_ENCRYPTION_PREVIOUS_KEYS and run again " +
            "(unknown-version), or have their users store them again (authentication, malformed)",
    );
    process.exitCode = unreadable > 0 ? 1 : 0;
  } finally {
    await db.destroy();
  }
}

main().catch((err) => {
  console.error("fatal:", err instanceof Error ? err.message : err);
  process.exit(1);
});
