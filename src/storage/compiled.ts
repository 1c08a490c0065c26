/**
 * Queries compiled once and run many times with fresh arguments. Building and compiling a Kysely
 * query costs more than running a small one on SQLite, and the hottest queries (session and
 * conversation reads, the user row) run on every update.
 */
import { type Compilable, CompiledQuery, type Kysely } from "kysely";
import { sqliteRunNow } from "./database.js";

const SLOT = "\u0000arg:";

/** The SQL text, and the parameters for given arguments (any other parameter kept as compiled). */
function compileParts<DB, Row>(
  db: Kysely<DB>,
  build: (db: Kysely<DB>, arg: (i: number) => never) => Compilable<Row>,
): { sql: string; parameters: (args: readonly unknown[]) => unknown[] } {
  const compiled = build(db, (i) => `${SLOT}${i}` as never).compile();
  const places = compiled.parameters.map((p) =>
    typeof p === "string" && p.startsWith(SLOT) ? Number(p.slice(SLOT.length)) : -1,
  );
  return {
    sql: compiled.sql,
    parameters: (args) => compiled.parameters.map((p, i) => (places[i]! >= 0 ? args[places[i]!] : p)),
  };
}

/**
 * `build(arg)` builds the query with `arg(i)` standing for the i-th argument; the result runs it on
 * `db` with the arguments put in their places (on SQLite at once when its connection is free).
 */
export function precompile<DB, Row, Args extends unknown[]>(
  db: Kysely<DB>,
  build: (db: Kysely<DB>, arg: (i: number) => never) => Compilable<Row>,
): (...args: Args) => Promise<Row[]> {
  const { sql, parameters } = compileParts(db, build);
  const runNow = sqliteRunNow(db);
  // The synchronous path takes the parameters as they are: Kysely's CompiledQuery (frozen on each
  // build, a few percent of `/start`) is made only when the query must wait its turn.
  return async (...args) => {
    const values = parameters(args);
    const rows = runNow?.(sql, values);
    if (rows !== undefined) return rows as Row[];
    return (await db.executeQuery<Row>(CompiledQuery.raw(sql, values) as CompiledQuery<Row>)).rows;
  };
}
