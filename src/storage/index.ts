/**
 * The storage layer: opens the database, migrates it, and returns the repositories of types.ts. The
 * Kysely instance is exposed too: each engine keeps the repository of its own tables beside its code
 * (mass/store.ts, notifications/store.ts, outbox/store.ts), while the schema and the migrations of
 * every table stay here, in one ordered list. The notice settings stay here as well: they hold
 * webhook secrets sealed with the key cipher, which this layer owns and rotates.
 */
import type { Kysely } from "kysely";
import { type DialectName, type OpenDatabaseOptions, openDatabase } from "./database.js";
import { createKeyCipher } from "./key-crypto.js";
import { createKeyValueStore } from "./kv.js";
import { migrateToLatest } from "./migrations/index.js";
import { createNotifySettingsRepo, type NotifySettingsRepo } from "./notify-settings.js";
import { createOperationsRepo } from "./operations.js";
import { createPeopleRepo, type PeopleRepo } from "./people.js";
import type { Database } from "./schema.js";
import type { Storage } from "./types.js";
import { createUsersRepo } from "./users.js";

export type { DialectName, OpenDatabaseOptions } from "./database.js";
export { openDatabase } from "./database.js";
export { createKeyCipher, KeyDecryptionError } from "./key-crypto.js";
export { createMigrator, MIGRATION_NAMES, migrateToLatest } from "./migrations/index.js";
export type { PeopleRepo } from "./people.js";
export type { Database } from "./schema.js";
export type * from "./types.js";

export interface SqlStorage extends Storage {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Notice settings and webhook secrets. */
  notifySettings: NotifySettingsRepo;
  /** Display names of people the bot has seen. */
  people: PeopleRepo;
}

export interface StorageOptions {
  /** DATABASE_URL: unset → ./data/bot.sqlite; see openDatabase for the accepted forms. */
  databaseUrl: string | undefined;
  /** 32 bytes: encrypts newly saved keys, under version `keyVersion`. */
  keyEncryptionKey: Buffer;
  keyVersion: number;
  /** Older encryption keys by version, still needed to read keys saved before a rotation. */
  previousKeys?: Map<number, Buffer>;
  database?: OpenDatabaseOptions;
}

/**
 * Opens and migrates the database and returns the repositories; throws (closing the database) when a
 * migration fails or the encryption key is not 32 bytes. `close()` ends every connection.
 */
export async function createStorage(options: StorageOptions): Promise<SqlStorage> {
  const keys = new Map(options.previousKeys);
  keys.set(options.keyVersion, options.keyEncryptionKey);
  const cipher = createKeyCipher({ currentVersion: options.keyVersion, keys });

  const { db, dialect } = openDatabase(options.databaseUrl, options.database);
  try {
    await migrateToLatest(db);
  } catch (err) {
    await db.destroy();
    throw err;
  }
  return {
    db,
    dialect,
    users: createUsersRepo(db, cipher),
    operations: createOperationsRepo(db),
    kv: <T>(namespace: string) => createKeyValueStore<T>(db, namespace),
    notifySettings: createNotifySettingsRepo(db, cipher),
    people: createPeopleRepo(db),
    close: () => db.destroy(),
  };
}
