/**
 * Key rotation: every sealed value (service keys, webhook secrets) ends under the new version, none
 * is lost (each decrypts to what was saved with only the new key configured), a second run changes
 * nothing, a value a running bot saved under the new version counts as current, a value that cannot
 * be read is reported by where it is (never what it is) and left alone, `npm run rotate-keys` reports
 * it all; and the list of sealed values matches the ciphertext columns the schema really has.
 */
import { execFile } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { createKeyCipher } from "../../src/storage/index.js";
import { rotateKeys } from "../../src/storage/rotate-keys.js";
import { SEALED_COLUMNS } from "../../src/storage/sealed-columns.js";
import { describeBackends, KEY_V1, KEY_V2 } from "./backends.js";

const KEYS = { 1: "key-one-AAAA", 2: "key-two-BBBB", 3: "key-three-CCCC" } as const;
const SECRETS = { 1: "whsec-one-1111", 3: "whsec-three-3333" } as const;
const counts = (rotated: number, current: number, changedMeanwhile = 0, unreadable = 0) => ({
  rotated,
  current,
  changedMeanwhile,
  unreadable,
});

describeBackends("key rotation", (backend) => {
  it("re-encrypts every key and webhook secret under the current version, once, losing none", async () => {
    const old = backend.storage();
    await old.users.saveKey(1, "production", KEYS[1], "A");
    await old.users.saveKey(2, "testnet", KEYS[2], "B");
    await old.users.saveKey(3, "production", KEYS[3], "C");
    // A second key of user 1, for the other network: rotated too.
    await old.users.saveKey(1, "testnet", KEYS[2], "A test");
    await old.users.setNetwork(1, "production");
    await old.users.ensure(4);
    await old.notifySettings.saveSecret(1, SECRETS[1]);
    await old.notifySettings.saveSecret(3, SECRETS[3]);
    await old.notifySettings.setTopic(4, "alerts", false);

    const cipher = createKeyCipher({ currentVersion: 2, keys: new Map([[1, KEY_V1], [2, KEY_V2]]) });
    // A bot with the new key already running saves user 3's key again while the rotation runs.
    const running = await backend.open({ keyEncryptionKey: KEY_V2, keyVersion: 2, previousKeys: new Map([[1, KEY_V1]]) });
    expect(await running.users.loadKey(1)).toEqual({ network: "production", apiKey: KEYS[1] });
    await running.users.saveKey(3, "production", KEYS[3], "C");

    const first = await rotateKeys(old.db, cipher);
    expect(first.values.map(({ label, ...c }) => [label, c])).toEqual([
      ["service keys", { table: "service_keys", prefix: "key", ...counts(3, 1) }],
      ["webhook secrets", { table: "notify_settings", prefix: "secret", ...counts(2, 0) }],
    ]);
    expect(first.unreadable).toEqual([]);
    const second = await rotateKeys(old.db, cipher);
    expect(second.values.map((v) => [v.rotated, v.current, v.changedMeanwhile, v.unreadable])).toEqual([
      [0, 4, 0, 0],
      [0, 2, 0, 0],
    ]);

    const versions = await old.db
      .selectFrom("service_keys")
      .select(["telegram_id", "network", "key_version"])
      .orderBy("telegram_id")
      .orderBy("network")
      .execute();
    expect(versions).toEqual([
      { telegram_id: 1, network: "production", key_version: 2 },
      { telegram_id: 1, network: "testnet", key_version: 2 },
      { telegram_id: 2, network: "testnet", key_version: 2 },
      { telegram_id: 3, network: "production", key_version: 2 },
    ]);
    // Only the new key configured: every key and secret still reads back.
    const fresh = await backend.open({ keyEncryptionKey: KEY_V2, keyVersion: 2 });
    expect(await fresh.users.loadKey(1)).toEqual({ network: "production", apiKey: KEYS[1] });
    expect(await fresh.users.loadKey(1, "testnet")).toEqual({ network: "testnet", apiKey: KEYS[2] });
    expect(await fresh.users.loadKey(2)).toEqual({ network: "testnet", apiKey: KEYS[2] });
    expect(await fresh.users.loadKey(3)).toEqual({ network: "production", apiKey: KEYS[3] });
    expect(await fresh.notifySettings.loadSecret(1)).toBe(SECRETS[1]);
    expect(await fresh.notifySettings.loadSecret(3)).toBe(SECRETS[3]);
    expect(await fresh.notifySettings.loadSecret(4)).toBeUndefined();
  });

  it("reports values it cannot read by where they are, and leaves them as they were", async () => {
    const storage = backend.storage();
    await storage.users.saveKey(1, "production", KEYS[1], "A");
    await storage.notifySettings.saveSecret(3, SECRETS[3]);
    // A row altered by hand: the key no longer matches its network.
    await storage.users.saveKey(2, "testnet", KEYS[2], "B");
    await storage.db.updateTable("service_keys").set({ network: "production" }).where("telegram_id", "=", 2).execute();
    const before = await storage.db.selectFrom("service_keys").selectAll().orderBy("telegram_id").execute();

    const withoutOld = createKeyCipher({ currentVersion: 2, keys: new Map([[2, KEY_V2]]) });
    const report = await rotateKeys(storage.db, withoutOld);
    expect(report.values.map((v) => [v.label, v.rotated, v.current, v.unreadable])).toEqual([
      ["service keys", 0, 0, 2],
      ["webhook secrets", 0, 0, 1],
    ]);
    expect(report.unreadable).toEqual([
      { table: "service_keys", column: "key_ciphertext", id: 1, version: 1, reason: "unknown-version" },
      { table: "service_keys", column: "key_ciphertext", id: 2, version: 1, reason: "unknown-version" },
      { table: "notify_settings", column: "secret_ciphertext", id: 3, version: 1, reason: "unknown-version" },
    ]);
    expect(JSON.stringify(report)).not.toMatch(/key-one|key-two|whsec/);
    expect(await storage.db.selectFrom("service_keys").selectAll().orderBy("telegram_id").execute()).toEqual(before);
    expect(await storage.notifySettings.loadSecret(3)).toBe(SECRETS[3]);

    // With both keys the altered row is still unreadable (its associated data differs); a value under
    // the current version is read too, not taken on trust.
    const both = createKeyCipher({ currentVersion: 2, keys: new Map([[1, KEY_V1], [2, KEY_V2]]) });
    expect((await rotateKeys(storage.db, both)).unreadable).toEqual([
      { table: "service_keys", column: "key_ciphertext", id: 2, version: 1, reason: "authentication" },
    ]);
    await storage.db
      .updateTable("notify_settings")
      .set({ secret_tag: Buffer.alloc(16).toString("base64") })
      .where("telegram_id", "=", 3)
      .execute();
    expect((await rotateKeys(storage.db, both)).unreadable).toEqual([
      { table: "service_keys", column: "key_ciphertext", id: 2, version: 1, reason: "authentication" },
      { table: "notify_settings", column: "secret_ciphertext", id: 3, version: 2, reason: "authentication" },
    ]);
  });

  // Values are sealed only through sealed-columns.ts (the test below), whose columns are named
  // <prefix>_ciphertext…: so every sealed value the schema can hold shows here.
  it("lists every ciphertext column of the schema, each with its nonce, tag and version", async () => {
    const tables = await backend.storage().db.introspection.getTables();
    const columns = new Set(tables.flatMap((t) => t.columns.map((c) => `${t.name}.${c.name}`)));
    const ciphertexts = [...columns].filter((c) => c.endsWith("_ciphertext")).sort();
    expect(ciphertexts).toEqual(SEALED_COLUMNS.map((s) => `${s.table}.${s.prefix}_ciphertext`).sort());
    for (const s of SEALED_COLUMNS) {
      for (const suffix of ["nonce", "tag", "version"]) expect(columns).toContain(`${s.table}.${s.prefix}_${suffix}`);
      for (const c of [s.id, ...s.context]) expect(columns).toContain(`${s.table}.${c}`);
    }
  });

  if (backend.name === "sqlite") {
    it("runs as npm run rotate-keys, reports per value and where it could not read", async () => {
      await backend.storage().users.saveKey(1, "production", KEYS[1], "A");
      await backend.storage().notifySettings.saveSecret(1, SECRETS[1]);
      const env = {
        PATH: process.env.PATH ?? "",
        DATABASE_URL: `sqlite:${backend.files()[0]}`,
        KEY_ENCRYPTION_KEY: KEY_V2.toString("base64"),
        KEY_ENCRYPTION_KEY_VERSION: "2",
      };
      const run = (extra: Record<string, string> = {}) =>
        promisify(execFile)(process.execPath, ["--import", "tsx", "src/rotate-keys.ts"], { env: { ...env, ...extra } });
      // The old key forgotten: both values are named as unreadable, exit code 1.
      const failed = await run().then(
        () => undefined,
        (err: { code: number; stdout: string; stderr: string }) => err,
      );
      expect(failed?.code).toBe(1);
      expect(failed?.stdout).toContain("service keys (service_keys.key_*): re-encrypted under version 2: 0; already current: 0;");
      expect(failed?.stdout).toContain("webhook secrets (notify_settings.secret_*): re-encrypted under version 2: 0;");
      expect(failed?.stdout).toContain("unreadable: service_keys.key_ciphertext where telegram_id = 1 (version 1: unknown-version)");
      expect(failed?.stdout).toContain(
        "unreadable: notify_settings.secret_ciphertext where telegram_id = 1 (version 1: unknown-version)",
      );

      const previous = { KEY_ENCRYPTION_PREVIOUS_KEYS: `1:${KEY_V1.toString("base64")}` };
      const first = await run(previous);
      expect(first.stdout).toContain("service keys (service_keys.key_*): re-encrypted under version 2: 1; already current: 0");
      expect(first.stdout).toContain("webhook secrets (notify_settings.secret_*): re-encrypted under version 2: 1; already current: 0");
      expect(first.stdout).toContain("nothing unreadable");
      const second = await run(previous);
      expect(second.stdout).toContain("service keys (service_keys.key_*): re-encrypted under version 2: 0; already current: 1");
      expect(second.stdout).toContain("webhook secrets (notify_settings.secret_*): re-encrypted under version 2: 0; already current: 1");
      const output = [failed?.stdout, failed?.stderr, first.stdout, first.stderr].join("\n");
      expect(output).not.toContain(KEYS[1]);
      expect(output).not.toContain(SECRETS[1]);
    }, 30_000);
  }
});

it("seals values only through the list of sealed columns", () => {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : [join(dir, f)]));
  const encrypting = files("src")
    .filter((f) => f.endsWith(".ts"))
    .filter((f) => /\.encrypt\(/.test(readFileSync(f, "utf8")))
    .sort();
  expect(encrypting).toEqual(["src/storage/sealed-columns.ts"]);
});
