import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_SQLITE_PATH, openDatabase, sqlitePath } from "../../src/storage/database.js";
import { MIGRATION_NAMES, migrateToLatest } from "../../src/storage/migrations/index.js";

const dir = mkdtempSync(join(tmpdir(), "bot-database-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("openDatabase", () => {
  it("maps DATABASE_URL forms to SQLite paths", () => {
    expect(sqlitePath(undefined)).toBe(DEFAULT_SQLITE_PATH);
    expect(sqlitePath(":memory:")).toBe(":memory:");
    expect(sqlitePath("sqlite::memory:")).toBe(":memory:");
    expect(sqlitePath("sqlite:./data/x.sqlite")).toBe("./data/x.sqlite");
    expect(sqlitePath("sqlite:///var/lib/bot.sqlite")).toBe("/var/lib/bot.sqlite");
    expect(sqlitePath("file:/tmp/bot.sqlite")).toBe("/tmp/bot.sqlite");
    expect(sqlitePath("relative/bot.sqlite")).toBe("relative/bot.sqlite");
  });

  it("rejects other schemes without echoing the URL", () => {
    let message = "";
    try {
      openDatabase("mysql://root:hunter2@db/bot");
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/unsupported scheme "mysql"/);
    expect(message).not.toContain("hunter2");
    expect(() => openDatabase("sqlite:")).toThrow(/path is empty/);
  });

  it("chooses the dialect from the URL", async () => {
    const pg = openDatabase("postgresql://nobody@127.0.0.1:1/none");
    expect(pg.dialect).toBe("postgres");
    await pg.db.destroy();
    const memory = openDatabase(":memory:");
    expect(memory.dialect).toBe("sqlite");
    expect(await migrateToLatest(memory.db)).toEqual(MIGRATION_NAMES);
    await memory.db.destroy();
  });

  it("creates the SQLite folder and file, in WAL mode with a busy timeout", async () => {
    const path = join(dir, "nested", "bot.sqlite");
    const { db } = openDatabase(`sqlite:${path}`);
    const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
    const timeout = await sql<{ timeout: number }>`pragma busy_timeout`.execute(db);
    expect(mode.rows[0]?.journal_mode).toBe("wal");
    expect(timeout.rows[0]?.timeout).toBeGreaterThan(0);
    await db.destroy();
    expect(existsSync(path)).toBe(true);
  });
});
