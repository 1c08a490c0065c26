/**
 * Runs one suite against every backend: SQLite always (a temp file per test), PostgreSQL when
 * TEST_DATABASE_URL is set (a fresh schema per test, dropped afterwards).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pgExec } from "../helpers/pg.js";
import { afterAll, afterEach, beforeEach, describe } from "vitest";
import { createStorage, type SqlStorage, type StorageOptions } from "../../src/storage/index.js";

export const PG_URL = process.env.TEST_DATABASE_URL;

export const KEY_V1 = randomBytes(32);
export const KEY_V2 = randomBytes(32);

type Keys = Pick<StorageOptions, "keyEncryptionKey" | "keyVersion" | "previousKeys">;

export interface Backend {
  name: "sqlite" | "postgres";
  /** The storage opened for this test (encryption key KEY_V1, version 1). */
  storage(): SqlStorage;
  /** Opens another storage over the same database, e.g. with other encryption keys; closed after the test. */
  open(keys?: Keys): Promise<SqlStorage>;
  /** SQLite only: the files holding the database (main file and WAL). */
  files(): string[];
}

/** Defines `body` once per backend, each test on a fresh, migrated, empty database. */
export function describeBackends(title: string, body: (backend: Backend) => void): void {
  describe(`${title} (sqlite)`, () => body(sqliteBackend()));
  describe.skipIf(!PG_URL)(`${title} (postgres)`, () => body(postgresBackend(PG_URL ?? "")));
}

interface Target {
  options(): Pick<StorageOptions, "databaseUrl" | "database">;
  /** Prepares an empty database before each test. */
  setUp(): void | Promise<void>;
  /** Removes it after each test, once every storage over it is closed. */
  tearDown(): void | Promise<void>;
}

function lifecycle(name: Backend["name"], target: Target) {
  let opened: SqlStorage[] = [];
  const open = async (keys: Keys = { keyEncryptionKey: KEY_V1, keyVersion: 1 }) => {
    const storage = await createStorage({ ...target.options(), ...keys });
    opened.push(storage);
    return storage;
  };
  beforeEach(async () => {
    await target.setUp();
    await open();
  });
  afterEach(async () => {
    await Promise.all(opened.map((s) => s.close()));
    opened = [];
    await target.tearDown();
  });
  return { name, open, storage: () => opened[0]! };
}

function sqliteBackend(): Backend {
  const dir = mkdtempSync(join(tmpdir(), "bot-storage-"));
  let path = "";
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const base = lifecycle("sqlite", {
    options: () => ({ databaseUrl: `sqlite:${path}` }),
    setUp: () => {
      path = join(dir, `${randomBytes(6).toString("hex")}.sqlite`);
    },
    tearDown: () => {},
  });
  return { ...base, files: () => [path, `${path}-wal`] };
}

function postgresBackend(url: string): Backend {
  let schema = "";
  const admin = (statement: string) => pgExec(url, statement);
  const base = lifecycle("postgres", {
    options: () => ({ databaseUrl: url, database: { schema, poolSize: 12 } }),
    setUp: async () => {
      schema = `test_${randomBytes(6).toString("hex")}`;
      await admin(`CREATE SCHEMA ${schema}`);
    },
    tearDown: () => admin(`DROP SCHEMA ${schema} CASCADE`),
  });
  return { ...base, files: () => [] };
}
