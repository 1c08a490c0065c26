import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { sql } from "kysely";
import { NO_MIGRATIONS } from "kysely/migration";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { readdirSync } from "node:fs";
import { createMigrator, createStorage, MIGRATION_NAMES, migrateToLatest } from "../../src/storage/index.js";
import { describeBackends, KEY_V1, PG_URL } from "./backends.js";

const START_STORAGE = fileURLToPath(new URL("./fixtures/start-storage.ts", import.meta.url));
const run = promisify(execFile);

describeBackends("migrations", (backend) => {
  const appliedNames = async () => {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(
      backend.storage().db,
    );
    return rows.map((r) => r.name);
  };

  it("are applied once; running them again changes nothing", async () => {
    const { db } = backend.storage();
    await backend.storage().users.ensure(1);
    expect(await migrateToLatest(db)).toEqual([]);
    const again = await backend.open();
    expect(await again.users.get(1)).toMatchObject({ telegramId: 1 });
    expect(await appliedNames()).toEqual(MIGRATION_NAMES);
  });

  it("roll back, and are applied exactly once when several instances start together", async () => {
    const { db } = backend.storage();
    const down = await (await createMigrator(db)).migrateTo(NO_MIGRATIONS);
    expect(down.error).toBeUndefined();
    await expect(db.selectFrom("users").selectAll().execute()).rejects.toThrow();

    if (backend.name === "sqlite") {
      // better-sqlite3 waits synchronously on a lock, so the racers must be real processes.
      const url = `sqlite:${backend.files()[0]}`;
      await Promise.all(
        Array.from({ length: 3 }, () => run(process.execPath, ["--import", "tsx", START_STORAGE, url])),
      );
    } else {
      await Promise.all([backend.open(), backend.open(), backend.open()]);
    }
    expect(await appliedNames()).toEqual(MIGRATION_NAMES);
    await backend.storage().users.ensure(5);
    expect(await backend.storage().users.get(5)).toMatchObject({ telegramId: 5 });
  });
});

describeBackends("migration 023 (keys per network)", (backend) => {
  it("moves each stored key to its network's row, readable as before; rolled back, one key a user again", async () => {
    const { db, users } = backend.storage();
    await users.saveKey(1, "testnet", "key-of-one-testnet", "One");
    await users.saveKey(2, "production", "key-of-two-live", "Two");
    await users.saveKey(2, "testnet", "key-of-two-test", "Two test");
    await users.setNetwork(2, "production");
    const migrator = await createMigrator(db);
    expect((await migrator.migrateTo("013-mass-lease")).error).toBeUndefined();
    // Before 023: one key a user, in the users row, with the network it was linked for.
    const old = await sql<{ telegram_id: number; network: string; account_name: string | null; key_version: number | null }>`
      select telegram_id, network, account_name, key_version from users order by telegram_id`.execute(db);
    expect(old.rows.map((r) => ({ ...r, telegram_id: Number(r.telegram_id) }))).toEqual([
      { telegram_id: 1, network: "testnet", account_name: "One", key_version: 1 },
      { telegram_id: 2, network: "production", account_name: "Two", key_version: 1 },
    ]);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const again = await backend.open();
    expect(await again.users.get(1)).toMatchObject({ network: "testnet", hasKey: true, accountName: "One", linkedNetworks: ["testnet"] });
    expect(await again.users.loadKey(1)).toEqual({ network: "testnet", apiKey: "key-of-one-testnet" });
    expect(await again.users.loadKey(2)).toEqual({ network: "production", apiKey: "key-of-two-live" });
    expect(await again.users.loadKey(2, "testnet")).toBeUndefined();
  });
});

describe.skipIf(!PG_URL)("migrations (postgres, several schemas)", () => {
  it("migrate a fresh schema although another schema holds Kysely's tables", async () => {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    const schemas = [1, 2].map(() => `test_${Math.random().toString(36).slice(2, 10)}`);
    try {
      for (const schema of schemas) {
        await client.query(`CREATE SCHEMA ${schema}`);
        const storage = await createStorage({
          databaseUrl: PG_URL,
          database: { schema },
          keyEncryptionKey: KEY_V1,
          keyVersion: 1,
        });
        await storage.users.ensure(1);
        await storage.close();
      }
      const { rows } = await client.query(
        `SELECT table_schema FROM information_schema.tables WHERE table_name = 'users' AND table_schema = ANY($1)`,
        [schemas],
      );
      expect(rows).toHaveLength(2);
    } finally {
      for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    }
  });
});

describe("the migration list", () => {
  it("registers every file of src/storage/migrations, in the order of their numbers", () => {
    const files = readdirSync(fileURLToPath(new URL("../../src/storage/migrations/", import.meta.url)))
      .filter((f) => /^\d{3}-.*\.ts$/.test(f))
      .map((f) => f.replace(/\.ts$/, ""))
      .sort();
    expect(MIGRATION_NAMES).toEqual(files);
  });
});
