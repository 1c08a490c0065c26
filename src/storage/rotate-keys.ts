/**
 * Re-encrypts every stored service key under the current encryption key version. Safe while bots
 * run: each row is rewritten only if it still holds the ciphertext that was read (a key saved or
 * removed meanwhile is left alone, and is under the current version already), and bots accept the
 * previous versions (KEY_ENCRYPTION_PREVIOUS_KEYS) until it is done. Running it twice changes nothing.
 */
import type { Kysely } from "kysely";
import { type KeyCipher, keyAad } from "./key-crypto.js";
import type { Database } from "./schema.js";
import type { NetworkName } from "./types.js";

export interface RotationReport {
  /** Keys re-encrypted by this run. */
  rotated: number;
  /** Keys already under the current version. */
  current: number;
  /** Keys changed by a bot while this run read them (they are current now). */
  changedMeanwhile: number;
  /** Keys that could not be decrypted (their version's key is not configured): left as they were. */
  failed: number;
}

const PAGE = 200;

/** Rotates every key not under `cipher.currentVersion`; never logs or returns key material. */
export async function rotateKeys(db: Kysely<Database>, cipher: KeyCipher): Promise<RotationReport> {
  const report: RotationReport = { rotated: 0, current: 0, changedMeanwhile: 0, failed: 0 };
  let after = Number.MIN_SAFE_INTEGER;
  for (;;) {
    const rows = await db
      .selectFrom("users")
      .select(["telegram_id", "network", "key_ciphertext", "key_nonce", "key_tag", "key_version"])
      .where("key_ciphertext", "is not", null)
      .where("telegram_id", ">", after)
      .orderBy("telegram_id")
      .limit(PAGE)
      .execute();
    if (rows.length === 0) return report;
    after = rows.at(-1)!.telegram_id;
    for (const row of rows) {
      if (row.key_version === cipher.currentVersion) {
        report.current++;
        continue;
      }
      const aad = keyAad(row.telegram_id, row.network === "testnet" ? "testnet" : ("production" as NetworkName));
      let plaintext: string;
      try {
        plaintext = cipher.decrypt(
          {
            ciphertext: Buffer.from(row.key_ciphertext ?? "", "base64"),
            nonce: Buffer.from(row.key_nonce ?? "", "base64"),
            tag: Buffer.from(row.key_tag ?? "", "base64"),
            version: row.key_version ?? 0,
          },
          aad,
        );
      } catch {
        report.failed++;
        continue;
      }
      const sealed = cipher.encrypt(plaintext, aad);
      const res = await db
        .updateTable("users")
        .set({
          key_ciphertext: sealed.ciphertext.toString("base64"),
          key_nonce: sealed.nonce.toString("base64"),
          key_tag: sealed.tag.toString("base64"),
          key_version: sealed.version,
        })
        .where("telegram_id", "=", row.telegram_id)
        .where("key_ciphertext", "=", row.key_ciphertext)
        .executeTakeFirst();
      if (res.numUpdatedRows > 0n) report.rotated++;
      else report.changedMeanwhile++;
    }
  }
}
