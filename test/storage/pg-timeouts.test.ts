/**
 * PostgreSQL: the bot's sessions carry the configured limits (kept beside options the URL already
 * has), so a session frozen inside a transaction is ended by the server and its row locks stop
 * blocking another session's write; migrations run without the statement and lock limits.
 */
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, withSessionSettings } from "../../src/storage/database.js";
import { createStorage, type SqlStorage } from "../../src/storage/index.js";
import { pgExec } from "../helpers/pg.js";

const PG_URL = process.env.TEST_DATABASE_URL;

describe("withSessionSettings", () => {
  it("adds -c settings to the URL's options, after any it has, and keeps the rest of the URL", () => {
    expect(withSessionSettings("postgres://u:p%40ss@db.example:5432/bot?sslmode=require", { lock_timeout: 5000 })).toBe(
      "postgres://u:p%40ss@db.example:5432/bot?sslmode=require&options=-c+lock_timeout%3D5000",
    );
    const both = new URL(
      withSessionSettings("postgres://db/bot?options=-c%20search_path%3Dx", { search_path: "y", statement_timeout: 0 }),
    );
    expect(both.searchParams.get("options")).toBe("-c search_path=x -c search_path=y -c statement_timeout=0");
    expect(withSessionSettings("postgres://db/bot", {})).toBe("postgres://db/bot");
  });
});

describe.skipIf(!PG_URL)("PostgreSQL session limits", () => {
  const schema = `limits_${randomBytes(5).toString("hex")}`;
  let storage: SqlStorage | undefined;
  afterEach(async () => {
    await storage?.close();
    await pgExec(PG_URL!, `DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  });

  it("ends a session idle inside a transaction, so a write blocked on its lock goes through", async () => {
    await pgExec(PG_URL!, `CREATE SCHEMA ${schema}`);
    storage = await createStorage({
      // The URL's own options stay (the test harness's way of choosing a schema).
      databaseUrl: `${PG_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`,
      keyEncryptionKey: randomBytes(32),
      keyVersion: 1,
      database: { timeouts: { idleInTransactionMs: 1000, lockMs: 20_000, statementMs: 30_000 } },
    });
    const { db } = storage;
    const shown = async (name: string) => (await sql<Record<string, string>>`${sql.raw(`show ${name}`)}`.execute(db)).rows[0]![name];
    expect(await shown("idle_in_transaction_session_timeout")).toBe("1s");
    expect(await shown("lock_timeout")).toBe("20s");
    expect(await shown("statement_timeout")).toBe("30s");
    expect(await shown("search_path")).toBe(schema);
    await storage.users.ensure(1);

    // A session takes a row lock in a transaction and then goes quiet, as a frozen process would.
    const frozen = db.connection().execute(async (conn) => {
      await sql`begin`.execute(conn);
      await sql`update users set updated_at = 1 where telegram_id = 1`.execute(conn);
      await new Promise((r) => setTimeout(r, 3000));
      await sql`commit`.execute(conn);
    });
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    await sql`update users set updated_at = 2 where telegram_id = 1`.execute(db);
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThan(500);
    expect(waited).toBeLessThan(2500);
    // The frozen session was ended by the server (no uncaught error): its commit fails, its write is
    // gone, and the pool goes on with other connections.
    await expect(frozen).rejects.toThrow(/not queryable|terminat/);
    const row = await db.selectFrom("users").select("updated_at").where("telegram_id", "=", 1).executeTakeFirstOrThrow();
    expect(Number(row.updated_at)).toBe(2);
  });

  it("has none of them unless asked", async () => {
    const opened = openDatabase(PG_URL);
    try {
      const { rows } = await sql<{ lock_timeout: string }>`show lock_timeout`.execute(opened.db);
      expect(rows[0]!.lock_timeout).toBe("0");
    } finally {
      await opened.db.destroy();
    }
  });
});
