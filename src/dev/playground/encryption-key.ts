/**
 * The playground's KEY_ENCRYPTION_KEY: generated once and kept in its data folder (readable by the
 * owner only), so that keys linked in the playground still decrypt after a restart. Production never
 * uses this: there the key must come from the environment.
 */
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const KEY_FILE = "key-encryption.key";

/** The base64 key in `<dataDir>/key-encryption.key`, created (32 random bytes) when absent. */
export function playgroundEncryptionKey(dataDir: string): string {
  const file = join(dataDir, KEY_FILE);
  if (existsSync(file)) {
    const stored = readFileSync(file, "utf8").trim();
    if (Buffer.from(stored, "base64").length === 32) return stored;
    throw new Error(`${file} does not hold a 32-byte base64 key; delete it (and the playground database) to start afresh`);
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString("base64");
  // "wx": never overwrite a key another start wrote a moment ago.
  writeFileSync(file, `${key}\n`, { mode: 0o600, flag: "wx" });
  chmodSync(file, 0o600);
  return key;
}
