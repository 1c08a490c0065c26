/**
 * Opens the database named by DATABASE_URL: SQLite (embedded default, one bot instance) or
 * PostgreSQL (several instances). The URL itself never appears in an error: it may hold a password.
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
  type SqliteDatabase,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  sql,
} from "kysely";
import pg from "pg";
import type { Database } from "./schema.js";

export type DialectName = "sqlite" | "postgres";

export interface OpenedDatabase {
  db: Kysely<Database>;
  dialect: DialectName;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL schema to work in (sets search_path), e.g. to isolate test runs. */
  schema?: string;
  /** PostgreSQL limits on each of the pool's sessions (none when absent). */
  timeouts?: PgTimeouts;
  /** Most PostgreSQL connections held by the pool (default 10). */
  poolSize?: number;
  /** Called when an idle PostgreSQL connection fails (server restart); the pool replaces it. */
  onIdleError?: (err: Error) => void;
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
  if (target && /^postgres(ql)?:\/\//i.test(target)) {
    return { db: openPostgres(target, options), dialect: "postgres" };
  }
  return { db: openSqlite(sqlitePath(target)), dialect: "sqlite" };
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

function openSqlite(path: string): Kysely<Database> {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path);
  // WAL lets readers proceed while the bot writes; busy_timeout waits out a writer instead of failing.
  sqlite.pragma("journal_mode = WAL");
  // With WAL, NORMAL syncs at checkpoints instead of at every commit: a killed process loses nothing,
  // only a power loss can lose the last commits (never corrupt the file). Every write that moves money
  // carries a client id the service applies once, so a lost journal row is settled by reading back.
  // FULL cost one disk flush per update of a conversation, serialised for all chats.
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  const dialect = new LockingSqliteDialect({ database: withStatementCache(sqlite) });
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
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    prepare(text: string) {
      let statement = cache.get(text);
      if (!statement) {
        statement = sqlite.prepare(text);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
        cache.set(text, statement);
      }
      return statement as unknown as ReturnType<SqliteDatabase["prepare"]>;
    },
    close() {
      cache.clear();
      sqlite.close();
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

function openPostgres(connectionString: string, options: OpenDatabaseOptions): Kysely<Database> {
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
  // Without a listener, an idle connection dropped by the server would crash the process.
  pool.on("error", (err) => options.onIdleError?.(err));
  // The same for a connection in use between two queries, e.g. ended by the server's
  // idle-in-transaction limit while this process was frozen: its next query fails with the error
  // (and the pool drops it), so the event itself needs nothing more.
  pool.on("connect", (client) => client.on("error", () => undefined));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

function parseInt8(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError("a bigint column holds a value beyond 2^53");
  return n;
}
