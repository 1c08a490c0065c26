/**
 * Users and their linked service keys. The key is stored only encrypted (key-crypto.ts) and
 * decrypted on demand; it never appears in a row, an error or a log line in clear.
 */
import type { Kysely, Selectable } from "kysely";
import type { NetworkName } from "../domain/networks.js";
import { zoneOrUtc } from "../domain/time-zones.js";
import { precompile } from "./compiled.js";
import type { KeyCipher } from "./key-crypto.js";
import type { Database, UsersTable } from "./schema.js";
import { noSealedValue, SERVICE_KEY, seal, unseal } from "./sealed-columns.js";
import type { UserRecord, UsersRepo } from "./types.js";

export const DEFAULT_NETWORK: NetworkName = "production";

const NO_KEY = { ...noSealedValue(SERVICE_KEY), account_name: null } as const;

/** Users over Kysely; `cipher` encrypts keys on save and decrypts them on load. */
export function createUsersRepo(db: Kysely<Database>, cipher: KeyCipher): UsersRepo {
  // Read on nearly every update (language, key status): compiled once.
  const select = precompile<Database, Selectable<UsersTable>, [number]>(db, (db, arg) =>
    db.selectFrom("users").selectAll().where("telegram_id", "=", arg(0)),
  );
  const find = async (telegramId: number) => (await select(telegramId))[0];

  return {
    async get(telegramId) {
      const row = await find(telegramId);
      return row && toUser(row);
    },

    async ensure(telegramId) {
      // Nearly always the user exists: a read, not a write transaction per /start.
      const existing = await find(telegramId);
      if (existing) return toUser(existing);
      const now = Date.now();
      await db
        .insertInto("users")
        .values({ telegram_id: telegramId, network: DEFAULT_NETWORK, created_at: now, updated_at: now })
        .onConflict((oc) => oc.column("telegram_id").doNothing())
        .execute();
      const row = await find(telegramId);
      if (!row) throw new Error(`user ${telegramId} vanished right after being ensured`);
      return toUser(row);
    },

    async setLanguage(telegramId, language) {
      const now = Date.now();
      await db
        .insertInto("users")
        .values({
          telegram_id: telegramId,
          language,
          network: DEFAULT_NETWORK,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column("telegram_id").doUpdateSet({ language, updated_at: now }))
        .execute();
    },

    async setTimeZone(telegramId, timeZone) {
      const now = Date.now();
      await db
        .insertInto("users")
        .values({ telegram_id: telegramId, time_zone: timeZone, network: DEFAULT_NETWORK, created_at: now, updated_at: now })
        .onConflict((oc) => oc.column("telegram_id").doUpdateSet({ time_zone: timeZone, updated_at: now }))
        .execute();
    },

    async saveKey(telegramId, network, apiKey, accountName) {
      const now = Date.now();
      const fields = {
        network,
        ...seal(cipher, SERVICE_KEY, apiKey, telegramId, { network }),
        account_name: accountName,
        updated_at: now,
      };
      await db
        .insertInto("users")
        .values({ telegram_id: telegramId, ...fields, created_at: now })
        .onConflict((oc) => oc.column("telegram_id").doUpdateSet(fields))
        .execute();
    },

    async loadKey(telegramId) {
      const row = await find(telegramId);
      if (!row?.key_ciphertext) return undefined;
      const network = toNetwork(row.network);
      const apiKey = unseal(cipher, SERVICE_KEY, row, telegramId, { network });
      return apiKey === undefined ? undefined : { network, apiKey };
    },

    async removeKey(telegramId) {
      const result = await db
        .updateTable("users")
        .set({ ...NO_KEY, updated_at: Date.now() })
        .where("telegram_id", "=", telegramId)
        .where("key_ciphertext", "is not", null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async listIds() {
      const rows = await db
        .selectFrom("users")
        .select("telegram_id")
        .where("key_ciphertext", "is not", null)
        .orderBy("telegram_id")
        .execute();
      return rows.map((r) => r.telegram_id);
    },
  };
}

function toUser(row: Selectable<UsersTable>): UserRecord {
  return {
    telegramId: row.telegram_id,
    language: row.language,
    network: toNetwork(row.network),
    hasKey: row.key_ciphertext !== null,
    accountName: row.account_name,
    timeZone: zoneOrUtc(row.time_zone),
  };
}

/** A network read back from the database; anything else means the row was altered by hand. */
export function toNetwork(value: string): NetworkName {
  if (value === "production" || value === "testnet") return value;
  throw new Error(`unknown network "${value}" in the database`);
}
