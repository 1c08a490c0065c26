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
  const rawRow = (id: number, network = "testnet") =>
    backend
      .storage()
      .db.selectFrom("service_keys")
      .selectAll()
      .where("telegram_id", "=", id)
      .where("network", "=", network)
      .executeTakeFirstOrThrow();

  it("creates a user on first contact and keeps it afterwards", async () => {
    expect(await users().get(ALICE)).toBeUndefined();
    expect(await users().ensure(ALICE)).toEqual({
      telegramId: ALICE,
      language: null,
      network: "production",
      hasKey: false,
      accountName: null,
      linkedNetworks: [],
      fiat: null,
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
    expect((await backend.storage().db.selectFrom("users").select("time_zone").where("telegram_id", "=", ALICE).executeTakeFirstOrThrow()).time_zone).toBe("Europe/Moscow");
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
      linkedNetworks: ["testnet"],
      fiat: null,
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

  it("reads many users' active keys at once: the active network's, none for a user without, an unreadable one reported", async () => {
    const CAROL = 7_555_000_111;
    await users().saveKey(ALICE, "production", `${API_KEY}-alice-prod`, "Alice");
    await users().saveKey(ALICE, "testnet", `${API_KEY}-alice-test`, "Alice");
    await users().setNetwork(ALICE, "production");
    await users().saveKey(BOB, "testnet", `${API_KEY}-bob`, "Bob");
    await users().ensure(CAROL);
    // Bob's stored key altered: it no longer decrypts.
    await backend.storage().db.updateTable("service_keys").set({ key_tag: Buffer.alloc(16).toString("base64") }).where("telegram_id", "=", BOB).execute();
    const unreadable: number[] = [];
    const keys = await users().loadActiveKeys([ALICE, BOB, CAROL, 12345], (id, err) => {
      expect(err).toBeInstanceOf(KeyDecryptionError);
      unreadable.push(id);
    });
    expect([...keys]).toEqual([[ALICE, { network: "production", apiKey: `${API_KEY}-alice-prod` }]]);
    expect(unreadable).toEqual([BOB]);
    // More users than one read takes.
    const many = Array.from({ length: 1203 }, (_, i) => 8_000_000_000 + i);
    for (const id of many.filter((_, i) => i % 100 === 0)) await users().saveKey(id, "production", `key-${id}`, "Many");
    const read = await users().loadActiveKeys(many, () => expect.unreachable());
    expect([...read.keys()].sort()).toEqual(many.filter((_, i) => i % 100 === 0));
    expect(read.get(8_000_001_200)).toEqual({ network: "production", apiKey: "key-8000001200" });
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
      .updateTable("service_keys")
      .set({ key_ciphertext, key_nonce, key_tag, key_version })
      .where("telegram_id", "=", BOB)
      .execute();
    await expect(users().loadKey(BOB)).rejects.toBeInstanceOf(KeyDecryptionError);

    // The testnet key's ciphertext moved to the production row does not decrypt there.
    await db.updateTable("service_keys").set({ network: "production" }).where("telegram_id", "=", ALICE).execute();
    const failure = await users()
      .loadKey(ALICE, "production")
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
    expect((await rawRow(BOB, "production")).key_version).toBe(2);
    expect(await rotated.users.loadKey(BOB)).toEqual({ network: "production", apiKey: "bob-key" });

    const withoutOld = await backend.open({ keyEncryptionKey: KEY_V2, keyVersion: 2 });
    await expect(withoutOld.users.loadKey(ALICE)).rejects.toMatchObject({ reason: "unknown-version" });
  });

  it("keeps a key per network: linking the other network keeps the first, and switches to it", async () => {
    await users().saveKey(ALICE, "production", `${API_KEY}-live`, "Live App");
    await users().saveKey(ALICE, "testnet", `${API_KEY}-test`, "Test App");
    expect(await users().get(ALICE)).toMatchObject({
      network: "testnet",
      hasKey: true,
      accountName: "Test App",
      linkedNetworks: ["production", "testnet"],
    });
    expect(await users().loadKey(ALICE)).toEqual({ network: "testnet", apiKey: `${API_KEY}-test` });
    expect(await users().loadKey(ALICE, "production")).toEqual({ network: "production", apiKey: `${API_KEY}-live` });

    await users().setNetwork(ALICE, "production");
    expect(await users().get(ALICE)).toMatchObject({ network: "production", accountName: "Live App" });
    expect(await users().loadKey(ALICE)).toEqual({ network: "production", apiKey: `${API_KEY}-live` });
    expect(await users().listIds()).toEqual([ALICE]);

    // Removing the active network's key leaves the other one, which becomes active.
    expect(await users().removeKey(ALICE)).toBe(true);
    expect(await users().get(ALICE)).toMatchObject({ network: "testnet", hasKey: true, linkedNetworks: ["testnet"] });
    expect(await users().loadKey(ALICE, "production")).toBeUndefined();
    expect(await users().removeKey(ALICE, "production")).toBe(false);
    expect(await users().removeKey(ALICE, "testnet")).toBe(true);
    expect(await users().get(ALICE)).toMatchObject({ network: "testnet", hasKey: false, linkedNetworks: [] });

    // Without a key, switching still records the choice.
    await users().setNetwork(BOB, "testnet");
    expect(await users().get(BOB)).toMatchObject({ network: "testnet", hasKey: false });
  });

  it("stores the currency balances are valued in", async () => {
    await users().ensure(ALICE);
    await users().setFiat(ALICE, "EUR");
    expect(await users().get(ALICE)).toMatchObject({ fiat: "EUR" });
    await users().setFiat(BOB, "RUB");
    expect(await users().get(BOB)).toMatchObject({ fiat: "RUB", network: "production" });
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
