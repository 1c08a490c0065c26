/**
 * Notifications: per-user notice settings (with an optional webhook secret, encrypted like
 * keys), the watcher's last-seen state of each watched object and its polling schedule per user and
 * kind, the notices owed (one row per change, so a change is announced once), price alerts and the
 * callback deliveries already accepted (replays are refused). Timestamps are epoch ms as in 001.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("notify_settings")
    .addColumn("telegram_id", "bigint", (c) => c.primaryKey())
    .addColumn("invoices", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("cheques", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("orders", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("alerts", "integer", (c) => c.notNull().defaultTo(1))
    /** Quiet hours in UTC, [from, to) hours; both null when off. */
    .addColumn("quiet_from", "integer")
    .addColumn("quiet_to", "integer")
    /** Set when Telegram answered 403: nothing is sent until the user writes again. */
    .addColumn("blocked", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("secret_ciphertext", "text")
    .addColumn("secret_nonce", "text")
    .addColumn("secret_tag", "text")
    .addColumn("secret_version", "integer")
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("watch_slots")
    .addColumn("telegram_id", "bigint", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("next_poll_at", "bigint", (c) => c.notNull())
    /** Last time something of this kind was created or changed: recent activity → frequent polls. */
    .addColumn("active_at", "bigint", (c) => c.notNull())
    /** Whether one full round has stored a baseline (objects first seen later are new). */
    .addColumn("baseline", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("watch_slots_pk", ["telegram_id", "kind"])
    .execute();
  await db.schema.createIndex("watch_slots_due_idx").on("watch_slots").column("next_poll_at").execute();

  await db.schema
    .createTable("watch_objects")
    .addColumn("telegram_id", "bigint", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("object_id", "text", (c) => c.notNull())
    /** JSON of the fields notices are computed from (status, filled size …). */
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("open", "integer", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("watch_objects_pk", ["telegram_id", "kind", "object_id"])
    .execute();

  await db.schema
    .createTable("notices")
    /** `<kind>:<object id>:<what changed>`: a change seen twice (poll, callback, stream) is one row. */
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("telegram_id", "bigint", (c) => c.notNull())
    .addColumn("topic", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    /** pending → sending → sent | dropped (settings off, blocked) | failed. */
    .addColumn("state", "text", (c) => c.notNull())
    /** When the change was detected, for latency figures. */
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("not_before", "bigint", (c) => c.notNull())
    .addColumn("sent_at", "bigint")
    .execute();
  await db.schema
    .createIndex("notices_pending_idx")
    .on("notices")
    .columns(["state", "not_before"])
    .execute();

  await db.schema
    .createTable("price_alerts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("telegram_id", "bigint", (c) => c.notNull())
    .addColumn("network", "text", (c) => c.notNull())
    .addColumn("symbol", "text", (c) => c.notNull())
    .addColumn("direction", "text", (c) => c.notNull())
    .addColumn("price", "text", (c) => c.notNull())
    .addColumn("repeat", "integer", (c) => c.notNull())
    /** 0 after firing while the price has not gone back across (an "every time" alert re-arms then). */
    .addColumn("armed", "integer", (c) => c.notNull())
    .addColumn("fired_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_fired_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("price_alerts_user_idx").on("price_alerts").column("telegram_id").execute();
  await db.schema.createIndex("price_alerts_symbol_idx").on("price_alerts").columns(["network", "symbol"]).execute();

  await db.schema
    .createTable("callback_deliveries")
    .addColumn("delivery_id", "text", (c) => c.primaryKey())
    .addColumn("telegram_id", "bigint", (c) => c.notNull())
    .addColumn("received_at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "callback_deliveries",
    "price_alerts",
    "notices",
    "watch_objects",
    "watch_slots",
    "notify_settings",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
