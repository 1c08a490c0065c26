/**
 * The database out of reach as one typed error: which driver errors mean it (a server restarting or
 * gone, a connection cut, SQLite's file locked past the busy timeout) and which do not (a query that
 * is wrong); the outage logged once however many queries fail, and its end once, by a query made
 * after it began. On a real PostgreSQL (a session the server terminates, as a restart does) and a
 * real SQLite file (locked by another connection).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { DatabaseUnavailableError, DatabaseWatch, isDatabaseUnavailable } from "../../src/storage/availability.js";
import { openDatabase, type OpenedDatabase } from "../../src/storage/database.js";
import { pgExec } from "../helpers/pg.js";

const PG_URL = process.env.TEST_DATABASE_URL;

const coded = (code: string, message = "x") => Object.assign(new Error(message), { code });

/** A log that keeps what the watch tells. */
function recordingLog() {
  const lines: { level: "warn" | "info"; msg: string; obj: object }[] = [];
  return {
    lines,
    warn: (obj: object, msg: string) => lines.push({ level: "warn", msg, obj }),
    info: (obj: object, msg: string) => lines.push({ level: "info", msg, obj }),
  };
}

describe("isDatabaseUnavailable", () => {
  it.each([
    ["a restart ending the session (57P01)", coded("57P01", "terminating connection due to administrator command")],
    ["a server starting up (57P03)", coded("57P03", "the database system is starting up")],
    ["a crash shutdown (57P02)", coded("57P02")],
    ["too many connections (53300)", coded("53300")],
    ["a connection failure (08006)", coded("08006")],
    ["a refused connection", coded("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432")],
    ["a reset connection", coded("ECONNRESET")],
    ["a connection cut under way", new Error("Connection terminated unexpectedly")],
    ["a client left broken by its connection", new Error("Client has encountered a connection error and is not queryable")],
    ["SQLite busy past its timeout", coded("SQLITE_BUSY", "database is locked")],
    ["SQLite busy on a stale snapshot", coded("SQLITE_BUSY_SNAPSHOT")],
    ["every address refusing", new AggregateError([coded("ECONNREFUSED"), coded("ECONNREFUSED")])],
    ["the typed error itself", new DatabaseUnavailableError(coded("ECONNREFUSED"))],
  ])("counts %s", (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it.each([
    ["a unique violation", coded("23505", "duplicate key value violates unique constraint")],
    ["a syntax error", coded("42601")],
    ["a statement timeout", coded("57014", "canceling statement due to statement timeout")],
    ["an SQLite constraint", coded("SQLITE_CONSTRAINT_PRIMARYKEY")],
    ["a plain error", new Error("something else")],
    ["a pool used after it was ended", new Error("Cannot use a pool after calling end on the pool")],
    ["not an error", "ECONNREFUSED"],
  ])("does not count %s", (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
  });
});

describe("DatabaseWatch", () => {
  it("tells an outage once however many queries fail, and its end once", () => {
    const log = recordingLog();
    const watch = new DatabaseWatch(log);
    const before = performance.now();
    for (let i = 0; i < 5; i++) expect(watch.failed(coded("ECONNREFUSED"))).toBeInstanceOf(DatabaseUnavailableError);
    watch.lost(new Error("Connection terminated unexpectedly"));
    expect(watch.available).toBe(false);
    // A query under way before the outage began proves nothing when it succeeds.
    watch.answered(before);
    expect(watch.available).toBe(false);
    watch.answered(performance.now());
    watch.answered(performance.now());
    expect(watch.available).toBe(true);
    expect(log.lines.map((l) => [l.level, l.msg])).toEqual([
      ["warn", "database unavailable; reconnecting until it answers"],
      ["info", "database available again"],
    ]);
    expect(log.lines[1]!.obj).toMatchObject({ failures: 6 });
  });

  it("passes a query's own mistakes through untouched and says nothing", () => {
    const log = recordingLog();
    const watch = new DatabaseWatch(log);
    const err = coded("23505");
    expect(watch.failed(err)).toBe(err);
    expect(watch.available).toBe(true);
    expect(log.lines).toEqual([]);
  });
});

describe.skipIf(!PG_URL)("PostgreSQL ending the bot's sessions, as a restart does", () => {
  let opened: OpenedDatabase | undefined;
  afterEach(async () => opened?.db.destroy());

  it("a query under way fails as DatabaseUnavailableError; the next one reconnects; one warn, one info", async () => {
    const log = recordingLog();
    opened = openDatabase(PG_URL, { log, poolSize: 1 });
    const { db } = opened;
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
    const running = sql`select pg_sleep(5)`.execute(db).then(
      () => undefined,
      (err: unknown) => err,
    );
    await new Promise((r) => setTimeout(r, 200));
    await pgExec(PG_URL!, `select pg_terminate_backend(${rows[0]!.pid})`);
    const failure = await running;
    expect(failure).toBeInstanceOf(DatabaseUnavailableError);
    expect(((failure as Error).cause as { code?: string }).code).toBe("57P01");

    // pg may hand out the ended connection once more before its "error" event drops it from the pool:
    // that query fails the same way, inside the same outage (no second warning).
    let answered: unknown;
    for (let attempt = 0; attempt < 20 && answered === undefined; attempt++) {
      answered = await sql<{ one: number }>`select 1 as one`.execute(db).then(
        (r) => r.rows,
        async (err: unknown) => {
          expect(err).toBeInstanceOf(DatabaseUnavailableError);
          await new Promise((r) => setTimeout(r, 50));
          return undefined;
        },
      );
    }
    expect(answered).toEqual([{ one: 1 }]);
    expect(log.lines.map((l) => [l.level, l.msg])).toEqual([
      ["warn", "database unavailable; reconnecting until it answers"],
      ["info", "database available again"],
    ]);
  });
});

describe("SQLite locked by another process past the busy timeout", () => {
  const dir = mkdtempSync(join(tmpdir(), "bot-busy-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("a write fails as DatabaseUnavailableError while reads go on; the outage ends with the first write after it", async () => {
    const path = join(dir, "bot.sqlite");
    const log = recordingLog();
    const { db } = openDatabase(path, { log, busyTimeoutMs: 50 });
    try {
      await sql`create table t (n integer)`.execute(db);
      const other = new SQLite(path);
      other.exec("BEGIN IMMEDIATE");
      const failure = await sql`insert into t values (1)`.execute(db).then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(failure).toBeInstanceOf(DatabaseUnavailableError);
      expect(((failure as Error).cause as { code?: string }).code).toBe("SQLITE_BUSY");
      // Readers are not held up by the lock (WAL), and do not end the outage.
      expect((await sql`select count(*) as n from t`.execute(db)).rows).toEqual([{ n: 0 }]);
      expect(log.lines.map((l) => l.level)).toEqual(["warn"]);
      other.exec("COMMIT");
      other.close();
      await sql`insert into t values (1)`.execute(db);
      expect(log.lines.map((l) => l.level)).toEqual(["warn", "info"]);
    } finally {
      await db.destroy();
    }
  });
});
