import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { KeyDecryptionError } from "../../src/storage/index.js";
import { describeBackends, KEY_V1, KEY_V2 } from "./backends.js";

// Telegram ids exceed 2^31; these must survive as numbers on both dialects.
const ALICE = 7_123_456_789;
const BOB = 7_987_654_321;
const API_KEY = "xr-PLAINTEXT-KEY-4f1c9a2e7b3d-must-never-be-stored";

describeBackends("users", (backend) => {
  const users = () => backend.storage().users;
  const rawRow = (id: number) =>
    backend
      .storage()
      .db.selectFrom("users")
      .selectAll()
      .where("telegram_id", "=", id)
      .executeTakeFirstOrThrow();

  it("creates a user on first contact and keeps it afterwards", async () => {
    expect(await users().get(ALICE)).toBeUndefined();
    expect(await users().ensure(ALICE)).toEqual({
      telegramId: ALICE,
      language: null,
      network: "production",
      hasKey: false,
      accountName: null,
      timeZone: "UTC",
    });
    await users().setLanguage(ALICE, "ru");
    expect(await users().ensure(ALICE)).toMatchObject({ telegramId: ALICE, language: "ru" });
    await users().setLanguage(BOB, "en");
    expect(await users().get(BOB)).toMatchObject({ telegramId: BOB, language: "en", hasKey: false });
  });

  it("keeps the time zone a person picked (UTC until then, and for a zone no longer known)", async () => {
    await users().setTimeZone(ALICE, "Europe/Moscow");
    expect(await users().get(ALICE)).toMatchObject({ telegramId: ALICE, timeZone: "Europe/Moscow", language: null });
    await users().setLanguage(ALICE, "ru");
    expect(await users().get(ALICE)).toMatchObject({ timeZone: "Europe/Moscow", language: "ru" });
    expect((await rawRow(ALICE)).time_zone).toBe("Europe/Moscow");
    await backend.storage().db.updateTable("users").set({ time_zone: "Mars/Olympus" }).where("telegram_id", "=", ALICE).execute();
    expect((await users().get(ALICE))?.timeZone).toBe("UTC");
  });

  it("saves, loads and removes a key", async () => {
    await users().ensure(ALICE);
    await users().setLanguage(ALICE, "ru");
    await users().saveKey(ALICE, "testnet", API_KEY, "My App");
    expect(await users().get(ALICE)).toEqual({
      telegramId: ALICE,
      language: "ru",
      network: "testnet",
      hasKey: true,
      accountName: "My App",
      timeZone: "UTC",
    });
    expect(await users().loadKey(ALICE)).toEqual({ network: "testnet", apiKey: API_KEY });
    await users().saveKey(BOB, "production", `${API_KEY}-bob`, "Bob's");
    expect(await users().listIds()).toEqual([ALICE, BOB]);

    expect(await users().removeKey(ALICE)).toBe(true);
    expect(await users().removeKey(ALICE)).toBe(false);
    expect(await users().loadKey(ALICE)).toBeUndefined();
    expect(await users().get(ALICE)).toMatchObject({ hasKey: false, accountName: null, language: "ru" });
    expect(await users().listIds()).toEqual([BOB]);
    expect(await users().loadKey(12345)).toBeUndefined();
  });

  it("stores only ciphertext, bound to the user and the network", async () => {
    await users().saveKey(ALICE, "testnet", API_KEY, "Alice");
    await users().saveKey(BOB, "testnet", "another-key", "Bob");
    const row = await rawRow(ALICE);
    expect(JSON.stringify(row)).not.toContain(API_KEY);
    expect(Buffer.from(row.key_ciphertext!, "base64").toString("utf8")).not.toContain(API_KEY);
    expect(row.key_version).toBe(1);

    const db = backend.storage().db;
    const { key_ciphertext, key_nonce, key_tag, key_version } = row;
    await db
      .updateTable("users")
      .set({ key_ciphertext, key_nonce, key_tag, key_version })
      .where("telegram_id", "=", BOB)
      .execute();
    await expect(users().loadKey(BOB)).rejects.toBeInstanceOf(KeyDecryptionError);

    await db.updateTable("users").set({ network: "production" }).where("telegram_id", "=", ALICE).execute();
    const failure = await users()
      .loadKey(ALICE)
      .catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(KeyDecryptionError);
    expect((failure as Error).message).not.toContain(API_KEY);
  });

  it("fails with KeyDecryptionError under a different encryption key", async () => {
    await users().saveKey(ALICE, "production", API_KEY, "Alice");
    const other = await backend.open({ keyEncryptionKey: KEY_V2, keyVersion: 1 });
    await expect(other.users.loadKey(ALICE)).rejects.toBeInstanceOf(KeyDecryptionError);
  });

  it("reads keys saved before a rotation and saves new ones under the new version", async () => {
    await users().saveKey(ALICE, "production", API_KEY, "Alice");
    const rotated = await backend.open({
      keyEncryptionKey: KEY_V2,
      keyVersion: 2,
      previousKeys: new Map([[1, KEY_V1]]),
    });
    expect(await rotated.users.loadKey(ALICE)).toEqual({ network: "production", apiKey: API_KEY });

    await rotated.users.saveKey(BOB, "production", "bob-key", "Bob");
    expect((await rawRow(BOB)).key_version).toBe(2);
    expect(await rotated.users.loadKey(BOB)).toEqual({ network: "production", apiKey: "bob-key" });

    const withoutOld = await backend.open({ keyEncryptionKey: KEY_V2, keyVersion: 2 });
    await expect(withoutOld.users.loadKey(ALICE)).rejects.toMatchObject({ reason: "unknown-version" });
  });

  describe.runIf(backend.name === "sqlite")("the SQLite file", () => {
    it("never contains the key in clear", async () => {
      await users().saveKey(ALICE, "testnet", API_KEY, "Alice");
      await users().loadKey(ALICE);
      await users().saveKey(ALICE, "production", API_KEY, "Alice");
      const bytes = Buffer.concat(backend.files().map((f) => readFileSync(f)));
      expect(bytes.length).toBeGreaterThan(0);
      expect(bytes.includes("Alice")).toBe(true);
      expect(bytes.includes(API_KEY)).toBe(false);
      expect(bytes.includes(Buffer.from(API_KEY, "utf16le"))).toBe(false);
    });
  });
});
