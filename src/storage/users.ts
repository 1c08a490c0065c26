/**
 * Users and their linked service keys, one per network (production and testnet), both kept. The
 * user's `network` is the one they act on now; every key is stored only encrypted (key-crypto.ts) and
 * decrypted on demand; it never appears in a row, an error or a log line in clear.
 */
import { type ExpressionBuilder, type Kysely, type Selectable, sql, type Transaction } from "kysely";
import type { NetworkName } from "../domain/networks.js";
import { zoneOrUtc } from "../domain/time-zones.js";
import { precompile } from "./compiled.js";
import type { KeyCipher } from "./key-crypto.js";
import type { Database, UsersTable } from "./schema.js";
import { SERVICE_KEY, seal, unseal } from "./sealed-columns.js";
import type { UserRecord, UsersRepo } from "./types.js";

export const DEFAULT_NETWORK: NetworkName = "production";
const NETWORKS: readonly NetworkName[] = ["production", "testnet"];
/** User ids per read of `loadActiveKeys`: well within the databases' parameter limits. */
const KEYS_PER_READ = 500;

/**
 * The user's row with which networks hold a key (1 or 0) and the active key's account name. Read with
 * correlated subqueries rather than a join: on SQLite a LEFT JOIN read cost about five times as much
 * (docs/performance.md), and this row is read on nearly every update.
 */
type UserRow = Selectable<UsersTable> & { has_production: number; has_testnet: number; active_account: string | null };

/** Users over Kysely; `cipher` encrypts keys on save and decrypts them on load. */
export function createUsersRepo(db: Kysely<Database>, cipher: KeyCipher): UsersRepo {
  // Read on nearly every update (language, key status): compiled once.
  const select = precompile<Database, UserRow, [number]>(db, (db, arg) => {
    const keyOf = (eb: ExpressionBuilder<Database, "users">, network: NetworkName) =>
      eb
        .selectFrom("service_keys as k")
        .select(sql.lit(1).as("one"))
        .whereRef("k.telegram_id", "=", "users.telegram_id")
        .where("k.network", "=", sql.lit(network));
    return db
      .selectFrom("users")
      .selectAll("users")
      .select((eb) => [
        eb.case().when(eb.exists(keyOf(eb, "production"))).then(sql.lit(1)).else(sql.lit(0)).end().as("has_production"),
        eb.case().when(eb.exists(keyOf(eb, "testnet"))).then(sql.lit(1)).else(sql.lit(0)).end().as("has_testnet"),
        eb
          .selectFrom("service_keys as k")
          .select("k.account_name")
          .whereRef("k.telegram_id", "=", "users.telegram_id")
          .whereRef("k.network", "=", "users.network")
          .as("active_account"),
      ])
      .where("users.telegram_id", "=", arg(0));
  });
  const selectKey = precompile<Database, Selectable<Database["service_keys"]>, [number, string]>(db, (db, arg) =>
    db.selectFrom("service_keys").selectAll().where("telegram_id", "=", arg(0)).where("network", "=", arg(1)),
  );
  const find = async (telegramId: number) => {
    const rows = await select(telegramId);
    return rows[0] === undefined ? undefined : toUser(rows[0]);
  };
  const insertUser = (trx: Kysely<Database>, telegramId: number, network: NetworkName, now: number) =>
    trx
      .insertInto("users")
      .values({ telegram_id: telegramId, network, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column("telegram_id").doNothing())
      .execute();

  return {
    get: find,

    async ensure(telegramId) {
      // Nearly always the user exists: a read, not a write transaction per /start.
      const existing = await find(telegramId);
      if (existing) return existing;
      await insertUser(db, telegramId, DEFAULT_NETWORK, Date.now());
      const user = await find(telegramId);
      if (!user) throw new Error(`user ${telegramId} vanished right after being ensured`);
      return user;
    },

    async setLanguage(telegramId, language) {
      const now = Date.now();
      await db
        .insertInto("users")
        .values({ telegram_id: telegramId, language, network: DEFAULT_NETWORK, created_at: now, updated_at: now })
        .onConflict((oc) => oc.column("telegram_id").doUpdateSet({ language, updated_at: now }))
        .execute();
    },

    async setFiat(telegramId, fiat) {
      const now = Date.now();
      await db
        .insertInto("users")
        .values({ telegram_id: telegramId, fiat, network: DEFAULT_NETWORK, created_at: now, updated_at: now })
        .onConflict((oc) => oc.column("telegram_id").doUpdateSet({ fiat, updated_at: now }))
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
      const fields = { ...seal(cipher, SERVICE_KEY, apiKey, telegramId, { network }), account_name: accountName, updated_at: now };
      await db.transaction().execute(async (trx) => {
        await insertUser(trx, telegramId, network, now);
        await trx
          .insertInto("service_keys")
          .values({ telegram_id: telegramId, network, ...fields, created_at: now })
          .onConflict((oc) => oc.columns(["telegram_id", "network"]).doUpdateSet(fields))
          .execute();
        // The key just linked is the one the person means to use next.
        await switchNetwork(trx, telegramId, network, now);
      });
    },

    async loadKey(telegramId, network) {
      const wanted = network ?? (await find(telegramId))?.network;
      if (wanted === undefined) return undefined;
      const row = (await selectKey(telegramId, wanted))[0];
      if (!row) return undefined;
      const apiKey = unseal(cipher, SERVICE_KEY, row, telegramId, { network: wanted });
      return apiKey === undefined ? undefined : { network: wanted, apiKey };
    },

    async loadActiveKeys(telegramIds, unreadable) {
      const out = new Map<number, { network: NetworkName; apiKey: string }>();
      for (let at = 0; at < telegramIds.length; at += KEYS_PER_READ) {
        const rows = await db
          .selectFrom("users")
          .innerJoin("service_keys as k", (join) =>
            join.onRef("k.telegram_id", "=", "users.telegram_id").onRef("k.network", "=", "users.network"),
          )
          .selectAll("k")
          .where("users.telegram_id", "in", telegramIds.slice(at, at + KEYS_PER_READ))
          .execute();
        for (const row of rows) {
          const network = row.network as NetworkName;
          try {
            const apiKey = unseal(cipher, SERVICE_KEY, row, row.telegram_id, { network });
            if (apiKey !== undefined) out.set(row.telegram_id, { network, apiKey });
          } catch (err) {
            unreadable(row.telegram_id, err);
          }
        }
      }
      return out;
    },

    async removeKey(telegramId, network) {
      return db.transaction().execute(async (trx) => {
        const user = await trx.selectFrom("users").select("network").where("telegram_id", "=", telegramId).executeTakeFirst();
        if (!user) return false;
        const active = toNetwork(user.network);
        const target = network ?? active;
        const result = await trx
          .deleteFrom("service_keys")
          .where("telegram_id", "=", telegramId)
          .where("network", "=", target)
          .executeTakeFirst();
        if (result.numDeletedRows === 0n) return false;
        // Without the active network's key, the other network's key (when there is one) takes over.
        if (target === active) {
          const other = await trx
            .selectFrom("service_keys")
            .select("network")
            .where("telegram_id", "=", telegramId)
            .executeTakeFirst();
          if (other) await switchNetwork(trx, telegramId, toNetwork(other.network), Date.now());
        }
        return true;
      });
    },

    async setNetwork(telegramId, network) {
      await db.transaction().execute(async (trx) => {
        await insertUser(trx, telegramId, network, Date.now());
        await switchNetwork(trx, telegramId, network, Date.now());
      });
    },

    async listIds() {
      const rows = await db.selectFrom("service_keys").select("telegram_id").distinct().orderBy("telegram_id").execute();
      return rows.map((r) => r.telegram_id);
    },
  };
}

/**
 * Makes `network` the user's active one. What the notification watcher remembered of the other
 * network's objects is dropped with it: the same id names another object there, and the watcher's
 * first round on the new network only remembers what it finds.
 */
async function switchNetwork(trx: Transaction<Database>, telegramId: number, network: NetworkName, now: number): Promise<void> {
  const changed = await trx
    .updateTable("users")
    .set({ network, updated_at: now })
    .where("telegram_id", "=", telegramId)
    .where("network", "!=", network)
    .executeTakeFirst();
  if (changed.numUpdatedRows === 0n) return;
  await trx.deleteFrom("watch_objects").where("telegram_id", "=", telegramId).execute();
  await trx.deleteFrom("watch_slots").where("telegram_id", "=", telegramId).execute();
}

function toUser(row: UserRow): UserRecord {
  // 1 or 0 as a number on SQLite and PostgreSQL alike (a CASE of literals, not EXISTS's boolean).
  const holds = { production: row.has_production, testnet: row.has_testnet };
  const linked = NETWORKS.filter((n) => Number(holds[n]) === 1);
  const network = toNetwork(row.network);
  const hasKey = linked.includes(network);
  return {
    telegramId: row.telegram_id,
    language: row.language,
    network,
    hasKey,
    accountName: hasKey ? row.active_account : null,
    linkedNetworks: linked,
    fiat: row.fiat,
    timeZone: zoneOrUtc(row.time_zone),
  };
}

/** A network read back from the database; anything else means the row was altered by hand. */
export function toNetwork(value: string): NetworkName {
  if (value === "production" || value === "testnet") return value;
  throw new Error(`unknown network "${value}" in the database`);
}
