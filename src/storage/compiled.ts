/**
 * Queries compiled once and run many times with fresh arguments. Building and compiling a Kysely
 * query costs more than running a small one on SQLite, and the hottest queries (session and
 * conversation reads, the user row) run on every update.
 */
import { type Compilable, CompiledQuery, type Kysely } from "kysely";
import { sqliteRunNow } from "./database.js";

const SLOT = "\u0000arg:";

/**
 * `build(arg)` builds the query with `arg(i)` standing for the i-th argument; the result runs the
 * compiled SQL with the arguments put in their places (any other parameter is kept as compiled).
 */
export function precompile<DB, Row, Args extends unknown[]>(
  db: Kysely<DB>,
  build: (db: Kysely<DB>, arg: (i: number) => never) => Compilable<Row>,
): (...args: Args) => Promise<Row[]> {
  const compiled = build(db, (i) => `${SLOT}${i}` as never).compile();
  const places = compiled.parameters.map((p) =>
    typeof p === "string" && p.startsWith(SLOT) ? Number(p.slice(SLOT.length)) : -1,
  );
  const runNow = sqliteRunNow(db);
  return async (...args) => {
    const parameters = compiled.parameters.map((p, i) => (places[i]! >= 0 ? args[places[i]!] : p));
    const rows = runNow?.(compiled.sql, parameters);
    if (rows !== undefined) return rows as Row[];
    const result = await db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, parameters));
    return result.rows;
  };
}
