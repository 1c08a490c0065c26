/**
 * Key rotation: every stored key ends under the new version, none is lost (each decrypts to what was
 * saved with only the new key configured), a second run changes nothing, a key a running bot saved
 * under the new version counts as current, an unreadable key is counted and left alone, and
 * `npm run rotate-keys` reports the counts.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { createKeyCipher } from "../../src/storage/index.js";
import { rotateKeys } from "../../src/storage/rotate-keys.js";
import { describeBackends, KEY_V1, KEY_V2 } from "./backends.js";

const KEYS = { 1: "key-one-AAAA", 2: "key-two-BBBB", 3: "key-three-CCCC" } as const;

describeBackends("key rotation", (backend) => {
  it("re-encrypts every key under the current version, once, losing none", async () => {
    const old = backend.storage();
    await old.users.saveKey(1, "production", KEYS[1], "A");
    await old.users.saveKey(2, "testnet", KEYS[2], "B");
    await old.users.saveKey(3, "production", KEYS[3], "C");
    await old.users.ensure(4);

    const cipher = createKeyCipher({ currentVersion: 2, keys: new Map([[1, KEY_V1], [2, KEY_V2]]) });
    // A bot with the new key already running saves user 3's key again while the rotation runs.
    const running = await backend.open({ keyEncryptionKey: KEY_V2, keyVersion: 2, previousKeys: new Map([[1, KEY_V1]]) });
    expect(await running.users.loadKey(1)).toEqual({ network: "production", apiKey: KEYS[1] });
    await running.users.saveKey(3, "production", KEYS[3], "C");

    expect(await rotateKeys(old.db, cipher)).toEqual({ rotated: 2, current: 1, changedMeanwhile: 0, failed: 0 });
    expect(await rotateKeys(old.db, cipher)).toEqual({ rotated: 0, current: 3, changedMeanwhile: 0, failed: 0 });

    const versions = await old.db.selectFrom("users").select(["telegram_id", "key_version"]).orderBy("telegram_id").execute();
    expect(versions).toEqual([
      { telegram_id: 1, key_version: 2 },
      { telegram_id: 2, key_version: 2 },
      { telegram_id: 3, key_version: 2 },
      { telegram_id: 4, key_version: null },
    ]);
    // Only the new key configured: every key still reads back.
    const fresh = await backend.open({ keyEncryptionKey: KEY_V2, keyVersion: 2 });
    expect(await fresh.users.loadKey(1)).toEqual({ network: "production", apiKey: KEYS[1] });
    expect(await fresh.users.loadKey(2)).toEqual({ network: "testnet", apiKey: KEYS[2] });
    expect(await fresh.users.loadKey(3)).toEqual({ network: "production", apiKey: KEYS[3] });
  });

  it("counts keys it cannot read without touching them", async () => {
    await backend.storage().users.saveKey(1, "production", KEYS[1], "A");
    const withoutOld = createKeyCipher({ currentVersion: 2, keys: new Map([[2, KEY_V2]]) });
    expect(await rotateKeys(backend.storage().db, withoutOld)).toEqual({
      rotated: 0,
      current: 0,
      changedMeanwhile: 0,
      failed: 1,
    });
    expect(await backend.storage().users.loadKey(1)).toEqual({ network: "production", apiKey: KEYS[1] });
  });

  if (backend.name === "sqlite") {
    it("runs as npm run rotate-keys and reports the counts", async () => {
      await backend.storage().users.saveKey(1, "production", KEYS[1], "A");
      const env = {
        PATH: process.env.PATH ?? "",
        DATABASE_URL: `sqlite:${backend.files()[0]}`,
        KEY_ENCRYPTION_KEY: KEY_V2.toString("base64"),
        KEY_ENCRYPTION_KEY_VERSION: "2",
        KEY_ENCRYPTION_PREVIOUS_KEYS: `1:${KEY_V1.toString("base64")}`,
      };
      const run = () => promisify(execFile)(process.execPath, ["--import", "tsx", "src/rotate-keys.ts"], { env });
      const first = await run();
      expect(first.stdout).toContain("keys re-encrypted under version 2: 1; already current: 0");
      const second = await run();
      expect(second.stdout).toContain("keys re-encrypted under version 2: 0; already current: 1");
      expect(first.stdout + first.stderr).not.toContain(KEYS[1]);
    }, 30_000);
  }
});
