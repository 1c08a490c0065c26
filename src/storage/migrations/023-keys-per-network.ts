/**
 * One service key per network (production and testnet), both kept: keys move from `users` to
 * `service_keys`, keyed by (user, network). `users.network` stays as the network the person acts on
 * now. A key keeps its ciphertext: its associated data was already the user and the network.
 */
import { type Kysely, sql } from "kysely";

const KEY_COLUMNS = ["key_ciphertext", "key_nonce", "key_tag", "key_version", "account_name"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("service_keys")
    .addColumn("telegram_id", "bigint", (c) => c.notNull())
    .addColumn("network", "text", (c) => c.notNull())
    .addColumn("key_ciphertext", "text", (c) => c.notNull())
    .addColumn("key_nonce", "text", (c) => c.notNull())
    .addColumn("key_tag", "text", (c) => c.notNull())
    .addColumn("key_version", "integer", (c) => c.notNull())
    .addColumn("account_name", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("service_keys_pk", ["telegram_id", "network"])
    .execute();
  // Every stored key keeps the network it was linked for.
  await sql`
    insert into service_keys (telegram_id, network, key_ciphertext, key_nonce, key_tag, key_version, account_name, created_at, updated_at)
    select telegram_id, network, key_ciphertext, key_nonce, key_tag, key_version, account_name, updated_at, updated_at
    from users
    where key_ciphertext is not null and key_nonce is not null and key_tag is not null and key_version is not null`.execute(db);
  for (const column of KEY_COLUMNS) await db.schema.alterTable("users").dropColumn(column).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("key_ciphertext", "text").execute();
  await db.schema.alterTable("users").addColumn("key_nonce", "text").execute();
  await db.schema.alterTable("users").addColumn("key_tag", "text").execute();
  await db.schema.alterTable("users").addColumn("key_version", "integer").execute();
  await db.schema.alterTable("users").addColumn("account_name", "text").execute();
  // Back to one key a user: the active network's, else the only one.
  await sql`
    update users set
      network = coalesce((select k.network from service_keys k where k.telegram_id = users.telegram_id and k.network = users.network),
                         (select min(k.network) from service_keys k where k.telegram_id = users.telegram_id), network)`.execute(db);
  for (const column of KEY_COLUMNS) {
    await sql`
      update users set ${sql.ref(column)} = (
        select k.${sql.ref(column)} from service_keys k where k.telegram_id = users.telegram_id and k.network = users.network)`.execute(db);
  }
  await db.schema.dropTable("service_keys").execute();
}
