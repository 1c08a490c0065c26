/**
 * Each user's notice settings: which kinds are on, quiet hours, whether Telegram refused delivery,
 * and the webhook secret of their service application, sealed with the same cipher as service keys
 * (bound to the user) and decrypted only for the check that needs it.
 */
import type { Kysely, Selectable, Updateable } from "kysely";
import { zoneOrUtc } from "../domain/time-zones.js";
import type { KeyCipher } from "./key-crypto.js";
import type { Database, NotifySettingsTable } from "./schema.js";
import { noSealedValue, seal, unseal, WEBHOOK_SECRET } from "./sealed-columns.js";

export const NOTICE_TOPICS = ["invoices", "cheques", "orders", "alerts", "transfers"] as const;
export type NoticeTopic = (typeof NOTICE_TOPICS)[number];

export interface NotifySettings {
  telegramId: number;
  /** On or off per kind; new users have every kind on. */
  topics: Record<NoticeTopic, boolean>;
  /** Hours [from, to) on the person's wall clock (`timeZone`): notices wait until the end; null when off. */
  quiet: { from: number; to: number } | null;
  /** The person's time zone (users.time_zone), UTC when none was picked. */
  timeZone: string;
  blocked: boolean;
  hasSecret: boolean;
}

export interface NotifySettingsRepo {
  get(telegramId: number): Promise<NotifySettings>;
  setTopic(telegramId: number, topic: NoticeTopic, on: boolean): Promise<void>;
  setQuiet(telegramId: number, quiet: { from: number; to: number } | null): Promise<void>;
  /** Blocked by the user (403) or unblocked (the user wrote again). */
  setBlocked(telegramId: number, blocked: boolean): Promise<void>;
  saveSecret(telegramId: number, secret: string): Promise<void>;
  /** The decrypted secret, or undefined when none is stored. */
  loadSecret(telegramId: number): Promise<string | undefined>;
  removeSecret(telegramId: number): Promise<void>;
}

/** The repository over Kysely; rows are created on first change, defaults apply before that. */
export function createNotifySettingsRepo(db: Kysely<Database>, cipher: KeyCipher): NotifySettingsRepo {
  const find = (telegramId: number) =>
    db.selectFrom("notify_settings").selectAll().where("telegram_id", "=", telegramId).executeTakeFirst();

  const upsert = async (telegramId: number, fields: Omit<Updateable<NotifySettingsTable>, "telegram_id">) => {
    const values = { ...fields, updated_at: Date.now() };
    await db
      .insertInto("notify_settings")
      .values({ telegram_id: telegramId, ...values })
      .onConflict((oc) => oc.column("telegram_id").doUpdateSet(values))
      .execute();
  };

  return {
    async get(telegramId) {
      const [row, user] = await Promise.all([
        find(telegramId),
        db.selectFrom("users").select("time_zone").where("telegram_id", "=", telegramId).executeTakeFirst(),
      ]);
      return toSettings(telegramId, row, zoneOrUtc(user?.time_zone));
    },
    setTopic: (telegramId, topic, on) => upsert(telegramId, { [topic]: on ? 1 : 0 }),
    setQuiet: (telegramId, quiet) =>
      upsert(telegramId, { quiet_from: quiet?.from ?? null, quiet_to: quiet?.to ?? null }),
    setBlocked: (telegramId, blocked) => upsert(telegramId, { blocked: blocked ? 1 : 0 }),
    saveSecret: (telegramId, secret) => upsert(telegramId, seal(cipher, WEBHOOK_SECRET, secret, telegramId)),
    async loadSecret(telegramId) {
      const row = await find(telegramId);
      return row && unseal(cipher, WEBHOOK_SECRET, row, telegramId);
    },
    removeSecret: (telegramId) => upsert(telegramId, noSealedValue(WEBHOOK_SECRET)),
  };
}

function toSettings(
  telegramId: number,
  row: Selectable<NotifySettingsTable> | undefined,
  timeZone: string,
): NotifySettings {
  return {
    telegramId,
    topics: {
      invoices: row ? row.invoices === 1 : true,
      cheques: row ? row.cheques === 1 : true,
      orders: row ? row.orders === 1 : true,
      alerts: row ? row.alerts === 1 : true,
      transfers: row ? row.transfers === 1 : true,
    },
    quiet:
      row && row.quiet_from !== null && row.quiet_to !== null ? { from: row.quiet_from, to: row.quiet_to } : null,
    timeZone,
    blocked: row ? row.blocked === 1 : false,
    hasSecret: !!row?.secret_ciphertext,
  };
}
