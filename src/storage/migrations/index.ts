/**
 * Versioned schema migrations, run at start. To add one, create `NNN-name.ts` exporting `up` (and
 * `down`) and add one line to `migrations` below; Kysely applies them in key order, each once.
 */
import { type Kysely, PostgresAdapter, sql } from "kysely";
// Kysely's migration API is its own entry point.
import {
  type MigrateOptions,
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
  Migrator,
  type MigratorProps,
  type NoMigrations,
} from "kysely/migration";
import * as initial from "./001-initial.js";
import * as massTransfers from "./002-mass-transfers.js";
import * as outboxAndUpdates from "./006-outbox-and-updates.js";
import * as notifications from "./007-notifications.js";
import * as massSenderName from "./010-mass-sender-name.js";
import * as leanUpdateIds from "./011-lean-update-ids.js";
import * as flowStateInSession from "./012-flow-state-in-session.js";
import * as massLease from "./013-mass-lease.js";
import * as userTimeZone from "./014-user-time-zone.js";
import * as knownPeople from "./015-known-people.js";
import * as keysPerNetwork from "./023-keys-per-network.js";
import * as balanceFiat from "./024-balance-fiat.js";
import * as massRetry from "./032-mass-retry.js";
import * as operationExpiredText from "./036-operation-expired-text.js";
import * as chatTurns from "./038-chat-turns.js";
import * as watchInstances from "./042-watch-instances.js";
import * as operationsByPerson from "./046-operations-by-person.js";
import * as historyColumns from "./047-history-columns.js";
import * as peopleLanguage from "./048-people-language.js";
import * as transferNoticesSwitch from "./049-transfer-notices-switch.js";

const migrations: Record<string, Migration> = {
  "001-initial": initial,
  "002-mass-transfers": massTransfers,
  "006-outbox-and-updates": outboxAndUpdates,
  "007-notifications": notifications,
  "010-mass-sender-name": massSenderName,
  "011-lean-update-ids": leanUpdateIds,
  "012-flow-state-in-session": flowStateInSession,
  "013-mass-lease": massLease,
  "014-user-time-zone": userTimeZone,
  "015-known-people": knownPeople,
  "023-keys-per-network": keysPerNetwork,
  "024-balance-fiat": balanceFiat,
  "032-mass-retry": massRetry,
  "036-operation-expired-text": operationExpiredText,
  "038-chat-turns": chatTurns,
  "042-watch-instances": watchInstances,
  "046-operations-by-person": operationsByPerson,
  "047-history-columns": historyColumns,
  "048-people-language": peopleLanguage,
  "049-transfer-notices-switch": transferNoticesSwitch,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Kysely checks for its tables by introspecting every schema of the database; a schema another
 * process drops meanwhile makes that read fail (PostgreSQL 3F000 for the schema, 42P01 or 42703 for
 * its tables and columns) though ours is fine. Nothing is applied before that check, migrations run
 * in a transaction, and a real fault fails again, so running the same step again a few times is safe.
 */
class SharedDatabaseMigrator extends Migrator {
  readonly #ours: string | undefined;
  constructor(props: MigratorProps, ours: string | undefined) {
    super(props);
    this.#ours = ours;
  }
  override migrateToLatest(options?: MigrateOptions): Promise<MigrationResultSet> {
    return this.#again(() => super.migrateToLatest(options));
  }
  override migrateTo(target: string | NoMigrations, options?: MigrateOptions): Promise<MigrationResultSet> {
    return this.#again(() => super.migrateTo(target, options));
  }
  override migrateUp(options?: MigrateOptions): Promise<MigrationResultSet> {
    return this.#again(() => super.migrateUp(options));
  }
  override migrateDown(options?: MigrateOptions): Promise<MigrationResultSet> {
    return this.#again(() => super.migrateDown(options));
  }
  async #again(step: () => Promise<MigrationResultSet>): Promise<MigrationResultSet> {
    for (let attempt = 1; ; attempt++) {
      const result = await step();
      if (result.error === undefined || attempt >= 5 || !isConcurrentDrop(result.error, this.#ours)) return result;
    }
  }
}

/** An error of the kind a concurrently dropped schema causes, and not about our own schema. */
function isConcurrentDrop(error: unknown, ours: string | undefined): boolean {
  if (ours === undefined || typeof error !== "object" || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof message !== "string" || message.includes(`"${ours}"`)) return false;
  return code === "3F000" || code === "42P01" || code === "42703";
}

/** A Migrator over this project's migrations (for rollbacks and tooling; start-up uses migrateToLatest). */
/** Every migration's name, in the order they apply. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations);

export async function createMigrator<DB>(db: Kysely<DB>): Promise<Migrator> {
  const schema = await postgresSchema(db);
  return new SharedDatabaseMigrator({ db, provider, migrationTableSchema: schema }, schema);
}

/**
 * Brings the schema up to date; returns the names of the migrations it applied (none when current).
 * Throws the first migration error. Safe to run repeatedly and from several processes at once (locked).
 */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<string[]> {
  const { error, results = [] } = await withoutTimeouts(db, async (conn) => (await createMigrator(conn)).migrateToLatest());
  if (error) throw error instanceof Error ? error : new Error(`migration failed: ${String(error)}`);
  return results.filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/**
 * On PostgreSQL, runs `fn` on one connection with the session's statement and lock timeouts off: a
 * migration may rewrite a large table, and an instance starting meanwhile waits for its lock. They
 * are reset (to the pool's settings) before the connection goes back.
 */
async function withoutTimeouts<DB, T>(db: Kysely<DB>, fn: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return fn(db);
  return db.connection().execute(async (conn) => {
    await sql`set statement_timeout = 0`.execute(conn);
    await sql`set lock_timeout = 0`.execute(conn);
    try {
      return await fn(conn);
    } finally {
      await sql`reset statement_timeout`.execute(conn);
      await sql`reset lock_timeout`.execute(conn);
    }
  });
}

/**
 * On PostgreSQL, the schema the tables go to (first of search_path). Kysely looks for its own
 * bookkeeping tables in every schema unless told which one, and another schema's would fool it.
 */
async function postgresSchema<DB>(db: Kysely<DB>): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error("PostgreSQL search_path names no existing schema to migrate into");
  return schema;
}
