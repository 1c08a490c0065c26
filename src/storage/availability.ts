/**
 * The database being out of reach, as one typed error: PostgreSQL restarting or down (connections
 * refused or dropped, "the database system is starting up" or "shutting down"), or SQLite's file
 * locked by another process past the busy timeout. Callers can then tell the truth: a step that
 * failed on it did nothing, and an outcome it could not record is written again once the database
 * answers. The outage itself is logged once, at warn, and its end once, at info.
 */

/** A query failed because the database could not be reached or was busy; it was not carried out (or its outcome is unknown for a write whose reply was lost). */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`the database is unavailable: ${describe(cause)}`, { cause });
    this.name = "DatabaseUnavailableError";
  }
}

/** PostgreSQL's codes for a server that is going away, coming up, or full; and lost connections. */
const PG_CODES = new Set([
  "57P01", // admin_shutdown: terminating connection due to administrator command (a restart)
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: the database system is starting up / shutting down
  "53300", // too_many_connections
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
]);
/** The system's errors of a connection that could not be made or was cut. */
const NET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
/** node-postgres reports a connection lost under way by these messages, without a code. */
const PG_CONNECTION_LOST = /Connection terminated|not queryable|timeout exceeded when trying to connect/i;

/** Whether `err` (a driver's own error) says the database is out of reach or busy, not that the query was wrong. */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (err instanceof DatabaseUnavailableError) return true;
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === "string" && (PG_CODES.has(code) || NET_CODES.has(code) || code.startsWith("SQLITE_BUSY")))
    return true;
  // A connection attempt to every address of a name fails as one AggregateError.
  if (err instanceof AggregateError && err.errors.length > 0) return err.errors.every(isDatabaseUnavailable);
  return PG_CONNECTION_LOST.test(err.message);
}

function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const code = (err as { code?: unknown }).code;
  return typeof code === "string" ? `${code} ${err.message}` : err.message;
}

/** Where an outage is told: pino's logger fits. */
export interface OutageLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * Follows whether the database answers, from the queries themselves: the first failure for want of
 * the database starts an outage (one warn line), the first query started after it that succeeds
 * ends it (one info line). A query already under way when the outage began proves nothing.
 */
export class DatabaseWatch {
  readonly #log: OutageLog | undefined;
  /** When the outage began (performance.now()), or undefined while the database answers. */
  #downSince: number | undefined;
  #failures = 0;

  constructor(log?: OutageLog) {
    this.#log = log;
  }

  get available(): boolean {
    return this.#downSince === undefined;
  }

  /** The error to throw for a query's failure: a DatabaseUnavailableError when it is one (noting the outage), else `err`. */
  failed(err: unknown): unknown {
    if (!isDatabaseUnavailable(err)) return err;
    this.lost(err);
    return err instanceof DatabaseUnavailableError ? err : new DatabaseUnavailableError(err);
  }

  /** The database was found out of reach (a failed query, or an idle connection the server dropped). */
  lost(err: unknown): void {
    this.#failures++;
    if (this.#downSince !== undefined) return;
    this.#downSince = performance.now();
    this.#log?.warn({ err: describe(err) }, "database unavailable; reconnecting until it answers");
  }

  /** A query started at `startedAt` (performance.now()) succeeded. */
  answered(startedAt: number): void {
    if (this.#downSince === undefined || startedAt < this.#downSince) return;
    const downMs = Math.round(performance.now() - this.#downSince);
    this.#log?.info({ downMs, failures: this.#failures }, "database available again");
    this.#downSince = undefined;
    this.#failures = 0;
  }
}
