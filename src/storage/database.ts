/**
 * Opens the database named by DATABASE_URL: SQLite (embedded default, one bot instance) or
 * PostgreSQL (several instances). The URL itself never appears in an error: it may hold a password.
 * Every query passes a DatabaseWatch (availability.ts), through the dialects' public interfaces (the
 * pool Kysely is given, the SQLite database it prepares on): a failure for want of the database
 * becomes a DatabaseUnavailableError, and the outage is logged once.
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import {
  type DialectAdapter,
  Kysely,
  type MigrationLockOptions,
  PostgresDialect,
  SqliteAdapter,
  type DatabaseConnection,
  type Driver,
  type PostgresPool,
  type PostgresPoolClient,
  type SqliteDatabase,
  type SqliteStatement,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  sql,
} from "kysely";
import pg from "pg";
import { DatabaseWatch, type OutageLog } from "./availability.js";
import type { Database } from "./schema.js";

export type DialectName = "sqlite" | "postgres";

export interface OpenedDatabase {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Whether the database answers, as its queries found. */
  watch: DatabaseWatch;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL schema to work in (sets search_path), e.g. to isolate test runs. */
  schema?: string;
  /** PostgreSQL limits on each of the pool's sessions (none when absent). */
  timeouts?: PgTimeouts;
  /** Most PostgreSQL connections held by the pool (default 10). */
  poolSize?: number;
  /**
   * Where an outage is told: one warn line when queries start failing for want of the database (a
   * PostgreSQL restart, SQLite's file locked past the busy timeout), one info line when it answers.
   */
  log?: OutageLog;
  /** How long an SQLite write waits for another process's lock before it fails (default 5 s). */
  busyTimeoutMs?: number;
}

/**
 * PostgreSQL's limits on a session, in milliseconds (0: none). A bot instance frozen inside a
 * transaction (a paused VM, a long stop) would hold its row locks until it woke and stop every other
 * instance's writes to those rows: the server ends such a session after `idleInTransactionMs`, and a
 * write waits at most `lockMs` for a lock and a statement runs at most `statementMs`.
 */
export interface PgTimeouts {
  idleInTransactionMs: number;
  lockMs: number;
  statementMs: number;
}

/** The PostgreSQL settings of `timeouts`, by name. */
export function pgTimeoutSettings(timeouts: Partial<PgTimeouts>): Record<string, number> {
  const settings: Record<string, number> = {};
  if (timeouts.idleInTransactionMs !== undefined)
    settings.idle_in_transaction_session_timeout = timeouts.idleInTransactionMs;
  if (timeouts.lockMs !== undefined) settings.lock_timeout = timeouts.lockMs;
  if (timeouts.statementMs !== undefined) settings.statement_timeout = timeouts.statementMs;
  return settings;
}

/**
 * The connection string with these session settings added to its `options` (sent at connect, so
 * every connection of a pool has them and RESET returns to them), after any it already carries.
 */
export function withSessionSettings(connectionString: string, settings: Record<string, string | number>): string {
  const flags = Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`);
  if (flags.length === 0) return connectionString;
  const url = new URL(connectionString);
  url.searchParams.set("options", [url.searchParams.get("options"), ...flags].filter(Boolean).join(" "));
  return url.toString();
}

export const DEFAULT_SQLITE_PATH = "./data/bot.sqlite";
const BUSY_TIMEOUT_MS = 5000;
const INT8_OID = 20;

/**
 * Opens (creating the SQLite file and its folder if needed) without migrating.
 * Accepts unset (→ ./data/bot.sqlite), `:memory:`, `sqlite:<path>`, `file:<path>`, a plain path, or
 * `postgres://` / `postgresql://`; throws on any other scheme.
 */
export function openDatabase(url: string | undefined, options: OpenDatabaseOptions = {}): OpenedDatabase {
  const target = url?.trim() || undefined;
  const watch = new DatabaseWatch(options.log);
  if (target && /^postgres(ql)?:\/\//i.test(target)) {
    return { db: openPostgres(target, options, watch), dialect: "postgres", watch };
  }
  return { db: openSqlite(sqlitePath(target), options.busyTimeoutMs ?? BUSY_TIMEOUT_MS, watch), dialect: "sqlite", watch };
}

/** The SQLite file path for a DATABASE_URL that is not PostgreSQL. */
export function sqlitePath(url: string | undefined): string {
  if (url === undefined) return DEFAULT_SQLITE_PATH;
  const prefixed = /^(sqlite|file):(?:\/\/)?(.*)$/i.exec(url);
  const path = prefixed ? prefixed[2]! : url;
  if (!prefixed && /^[a-z][a-z0-9+.-]*:\/\//i.test(url)) {
    throw new Error(`DATABASE_URL: unsupported scheme "${url.slice(0, url.indexOf(":"))}"`);
  }
  if (path === "") throw new Error("DATABASE_URL: the SQLite path is empty");
  return path;
}

/**
 * Runs one statement at once, synchronously, when SQLite's one connection is free; undefined when it is
 * not (a transaction or a queued query holds it: then go through Kysely and wait your turn).
 */
export type SqliteRunNow = (sql: string, parameters: readonly unknown[]) => unknown[] | undefined;

const runNowOf = new WeakMap<object, SqliteRunNow>();

/**
 * The synchronous path of an SQLite database opened here (undefined for PostgreSQL, and for a
 * transaction's Kysely, which must use its own connection). Kysely's path costs a dozen promise hops
 * per query, several times what a small indexed read costs SQLite itself.
 */
export function sqliteRunNow(db: object): SqliteRunNow | undefined {
  return runNowOf.get(db);
}

function openSqlite(path: string, busyTimeoutMs: number, watch: DatabaseWatch): Kysely<Database> {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path);
  // busy_timeout waits out a writer instead of failing; first, since switching to WAL takes a lock too
  // (processes opening a new file together failed with SQLITE_BUSY). WAL lets readers proceed while
  // the bot writes.
  sqlite.pragma(`busy_timeout = ${busyTimeoutMs}`);
  sqlite.pragma("journal_mode = WAL");
  // With WAL, NORMAL syncs at checkpoints instead of at every commit: a killed process loses nothing,
  // only a power loss can lose the last commits (never corrupt the file). Every write that moves money
  // carries a client id the service applies once, so a lost journal row is settled by reading back.
  // FULL cost one disk flush per update of a conversation, serialised for all chats.
  sqlite.pragma("synchronous = NORMAL");
  const dialect = new LockingSqliteDialect({ database: withStatementCache(sqlite, watch) });
  const db = new Kysely<Database>({ dialect });
  runNowOf.set(db, (text, parameters) => dialect.driver?.runNow(text, parameters));
  return db;
}

/** Distinct SQL texts kept prepared; the bot issues a few dozen, so this is never reached in practice. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew, and preparing costs more than running a small query: most of an
 * update's storage time. Statements are reusable (each run binds its own parameters), so each SQL
 * text is prepared once. Statements are run to completion synchronously, never interleaved.
 */
function withStatementCache(sqlite: SQLite.Database, watch: DatabaseWatch): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    prepare(text: string) {
      let statement = cache.get(text);
      if (!statement) {
        statement = watchedStatement(sqlite.prepare(text), watch);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
        cache.set(text, statement);
      }
      return statement;
    },
    close() {
      cache.clear();
      sqlite.close();
    },
  };
}

/**
 * A statement whose failures pass the watch: SQLITE_BUSY (another process kept the write lock past
 * the busy timeout) becomes a DatabaseUnavailableError. Only a write that succeeds ends an outage:
 * readers go on in WAL mode while another process holds the write lock.
 */
function watchedStatement(statement: SQLite.Statement, watch: DatabaseWatch): SqliteStatement {
  const writes = !statement.readonly;
  return {
    reader: statement.reader,
    all(parameters) {
      const started = performance.now();
      try {
        const rows = statement.all(parameters);
        if (writes) watch.answered(started);
        return rows;
      } catch (err) {
        throw watch.failed(err);
      }
    },
    run(parameters) {
      const started = performance.now();
      try {
        const result = statement.run(parameters);
        if (writes) watch.answered(started);
        return result;
      } catch (err) {
        throw watch.failed(err);
      }
    },
    iterate(parameters) {
      try {
        return statement.iterate(parameters);
      } catch (err) {
        throw watch.failed(err);
      }
    },
  };
}

/**
 * Kysely's SQLite adapter runs migrations outside a transaction and takes no lock (it assumes one
 * process). SQLite's DDL is transactional, so we ask for a transaction (a failed migration leaves
 * nothing behind) and write the lock row first: the transaction then holds SQLite's write lock, and
 * a second process starting at the same time waits (busy_timeout) instead of creating the same tables.
 */
class LockingSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }

  override async acquireMigrationLock(db: Kysely<unknown>, options: MigrationLockOptions): Promise<void> {
    await sql`update ${sql.table(options.lockTable)} set is_locked = 1 where id = ${options.lockRowId}`.execute(
      db,
    );
  }
}

class LockingSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  /** The driver Kysely made (it makes one per instance). */
  driver: HeldSqliteDriver | undefined;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createAdapter(): DialectAdapter {
    return new LockingSqliteAdapter();
  }

  override createDriver(): Driver {
    this.driver = new HeldSqliteDriver(this.#config);
    return this.driver;
  }
}

/**
 * Kysely's SQLite driver, knowing whether its one connection is held (by a query or a transaction) so
 * that a statement can run at once when it is not. Those who wait for the connection are queued by
 * Kysely itself (the adapter reports a single connection).
 */
class HeldSqliteDriver extends SqliteDriver {
  #held = false;
  readonly #database: SqliteDatabase;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#database = config.database as SqliteDatabase;
  }

  /**
   * Runs a statement now if nobody holds the connection. It runs to completion before anything else
   * can, so it never lands inside another's transaction.
   */
  runNow(text: string, parameters: readonly unknown[]): unknown[] | undefined {
    if (this.#held) return undefined;
    const statement = this.#database.prepare(text);
    if (statement.reader) return statement.all(parameters);
    statement.run(parameters);
    return [];
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    this.#held = true;
    return super.acquireConnection();
  }

  override async releaseConnection(): Promise<void> {
    this.#held = false;
    await super.releaseConnection();
  }
}

function openPostgres(connectionString: string, options: OpenDatabaseOptions, watch: DatabaseWatch): Kysely<Database> {
  const schema = options.schema;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) {
    throw new Error("database schema must be a lower-case SQL identifier");
  }
  const settings = {
    ...(schema === undefined ? {} : { search_path: schema }),
    ...pgTimeoutSettings(options.timeouts ?? {}),
  };
  const pool = new pg.Pool({
    connectionString: withSessionSettings(connectionString, settings),
    max: options.poolSize ?? 10,
    // Per pool, not global: bigint columns (Telegram ids, epoch ms) read as numbers, as on SQLite.
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") =>
        oid === INT8_OID && format !== "binary"
          ? parseInt8
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // Without a listener, an idle connection dropped by the server would crash the process. The pool
  // replaces it; a restart drops them all, and the watch tells that once.
  pool.on("error", (err) => watch.lost(err));
  // The same for a connection in use between two queries, e.g. ended by the server's
  // idle-in-transaction limit while this process was frozen: its next query fails with the error
  // (and the pool drops it), so the event itself needs nothing more.
  pool.on("connect", (client) => client.on("error", () => undefined));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: watchedPool(pool, watch) }) });
}

/**
 * The pool as Kysely's PostgresDialect takes it, each query's failure passing the watch: a connection
 * refused or lost, or a server starting up or shutting down, becomes a DatabaseUnavailableError.
 */
function watchedPool(pool: pg.Pool, watch: DatabaseWatch): PostgresPool {
  const watched = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const watchedClient = (client: pg.PoolClient): PostgresPoolClient => ({
    get processID() {
      return (client as { processID?: number }).processID;
    },
    // Kysely streams through a cursor only when given a cursor class, which it is not: text queries only.
    query: (async (text: string, parameters: readonly unknown[]) => {
      const started = performance.now();
      try {
        const result = await client.query(text, parameters as unknown[]);
        watch.answered(started);
        return result;
      } catch (err) {
        throw watch.failed(err);
      }
    }) as unknown as PostgresPoolClient["query"],
    release: (destroy?: boolean) => client.release(destroy),
  });
  return {
    // Kysely cancels a query through a client of this class (an aborted query); as with the pool itself.
    Client: (pool as unknown as Pick<PostgresPool, "Client">).Client,
    options: pool.options,
    async connect() {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (err) {
        throw watch.failed(err);
      }
      let wrapper = watched.get(client);
      if (!wrapper) {
        wrapper = watchedClient(client);
        watched.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}

function parseInt8(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError("a bigint column holds a value beyond 2^53");
  return n;
}
