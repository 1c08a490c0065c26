/**
 * Users (with their encrypted service keys), irreversible operations, and a key-value store for
 * sessions and conversations. Only portable types: bigint (ids, epoch ms), integer and text.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("users")
    .addColumn("telegram_id", "bigint", (c) => c.primaryKey())
    .addColumn("language", "text")
    .addColumn("network", "text", (c) => c.notNull())
    .addColumn("key_ciphertext", "text")
    .addColumn("key_nonce", "text")
    .addColumn("key_tag", "text")
    .addColumn("key_version", "integer")
    .addColumn("account_name", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("operations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("telegram_id", "bigint", (c) => c.notNull())
    .addColumn("chat_id", "bigint", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("network", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("result", "text")
    .addColumn("error", "text")
    .addColumn("message_id", "bigint")
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("operations_state_idx").on("operations").column("state").execute();

  await db.schema
    .createTable("kv")
    .addColumn("namespace", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("kv_pk", ["namespace", "key"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("kv").execute();
  await db.schema.dropTable("operations").execute();
  await db.schema.dropTable("users").execute();
}
