/**
 * The watcher's storage: per user and kind a polling slot, per object its last-seen state, and the
 * notices owed. A state change and its notices are written in one transaction, guarded by the state
 * it replaces, so two sources that see the same change at once store (and announce) it once, and a
 * restart neither repeats a notice (the new state is stored) nor misses one (it is queued with it).
 */
import { type Kysely, sql } from "kysely";
import { precompile } from "../storage/compiled.js";
import type { Database } from "../storage/schema.js";
import { type NoticeDraft, type ObjectState, WATCH_KINDS, type WatchKind } from "./detect.js";

export interface Slot {
  telegramId: number;
  kind: WatchKind;
  nextPollAt: number;
  activeAt: number;
  baseline: boolean;
}

/** A slot's key in the maps a round keeps. */
export const slotKey = (telegramId: number, kind: WatchKind): string => `${telegramId}:${kind}`;

/** Rows (or user ids) per batched statement: well within SQLite's and PostgreSQL's parameter limits. */
const CHUNK = 500;

/** The notice topic (settings switch) of a kind. */
export const TOPIC_OF: Record<WatchKind | "alert", "invoices" | "cheques" | "orders" | "alerts"> = {
  invoice: "invoices",
  cheque: "cheques",
  order: "orders",
  alert: "alerts",
};

/** Queues one notice (inside the caller's transaction); a notice id already queued is left as it is. */
export async function queueNotice(
  trx: Kysely<Database>,
  telegramId: number,
  topic: string,
  n: NoticeDraft,
  now: number,
): Promise<void> {
  await trx
    .insertInto("notices")
    .values({
      id: n.id,
      telegram_id: telegramId,
      topic,
      payload: JSON.stringify(n.payload),
      state: "pending",
      created_at: now,
      not_before: now,
      sent_at: null,
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}

export function createWatchStore(db: Kysely<Database>) {
  // The queries of every poll, compiled once: building a Kysely query per call was most of the
  // watcher's allocations after the HTTP client's.
  const dueSlotRows = precompile(db, (q, arg) =>
    q.selectFrom("watch_slots").selectAll().where("next_poll_at", "<=", arg(0)).orderBy("next_poll_at").limit(arg(1)),
  );
  // An instance's part of the due slots (partition.ts): the users whose id modulo the live count is its index.
  const dueShareRows = precompile(db, (q, arg) =>
    q
      .selectFrom("watch_slots")
      .selectAll()
      .where("next_poll_at", "<=", arg(0))
      .where(sql<number>`telegram_id % ${arg(2)}`, "=", arg(3))
      .orderBy("next_poll_at")
      .limit(arg(1)),
  );
  return {
    /**
     * Gives every user with a key a slot per kind they have on, and removes slots of users without a
     * key or with that kind off. New slots are due at once and count as active now.
     */
    async syncSlots(now: number, telegramId?: number): Promise<void> {
      for (const kind of WATCH_KINDS) {
        const topic = TOPIC_OF[kind];
        let wanted = db
          .selectFrom("users")
          // Watched: what the person makes on the network they act on now (docs/decisions/023-keys-per-network.md).
          .innerJoin("service_keys", (j) =>
            j.onRef("service_keys.telegram_id", "=", "users.telegram_id").onRef("service_keys.network", "=", "users.network"),
          )
          .leftJoin("notify_settings", "notify_settings.telegram_id", "users.telegram_id")
          .select([
            "users.telegram_id",
            sql.lit(kind).as("kind"),
            sql.lit(now).as("next_poll_at"),
            sql.lit(now).as("active_at"),
            sql.lit(0).as("baseline"),
          ])
          .where((eb) => eb.or([eb(`notify_settings.${topic}`, "is", null), eb(`notify_settings.${topic}`, "=", 1)]));
        if (telegramId !== undefined) wanted = wanted.where("users.telegram_id", "=", telegramId);
        await db
          .insertInto("watch_slots")
          .columns(["telegram_id", "kind", "next_poll_at", "active_at", "baseline"])
          .expression(wanted)
          .onConflict((oc) => oc.columns(["telegram_id", "kind"]).doNothing())
          .execute();
        let stale = db
          .deleteFrom("watch_slots")
          .where("kind", "=", kind)
          .where((eb) =>
            eb.or([
              eb(
                "telegram_id",
                "not in",
                eb
                  .selectFrom("users")
                  .innerJoin("service_keys", (j) =>
                    j.onRef("service_keys.telegram_id", "=", "users.telegram_id").onRef("service_keys.network", "=", "users.network"),
                  )
                  .select("users.telegram_id"),
              ),
              eb(
                "telegram_id",
                "in",
                eb.selectFrom("notify_settings").select("telegram_id").where(topic, "=", 0),
              ),
            ]),
          );
        if (telegramId !== undefined) stale = stale.where("telegram_id", "=", telegramId);
        await stale.execute();
      }
    },

    /**
     * How many slots there are, how many of them have something open, and how many open invoices take
     * several payments (read with their payments at every poll): what the watcher's rate must serve.
     */
    async slotCounts(): Promise<{ slots: number; open: number; paymentReads: number }> {
      const slots = await db.selectFrom("watch_slots").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst();
      const open = await db
        .selectFrom((eb) =>
          eb.selectFrom("watch_objects").select(["telegram_id", "kind"]).distinct().where("open", "=", 1).as("o"),
        )
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirst();
      // Their remembered state counts their payments (see stateOf).
      const paymentReads = await db
        .selectFrom("watch_objects")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("open", "=", 1)
        .where("kind", "=", "invoice")
        .where("state", "like", '%"payments"%')
        .executeTakeFirst();
      return { slots: Number(slots?.n ?? 0), open: Number(open?.n ?? 0), paymentReads: Number(paymentReads?.n ?? 0) };
    },

    /** Slots due by `now`, soonest first; with `share`, only those of the users in it. */
    async dueSlots(now: number, limit: number, share?: { index: number; count: number }): Promise<Slot[]> {
      const rows =
        share === undefined || share.count <= 1
          ? await dueSlotRows(now, limit)
          : await dueShareRows(now, limit, share.count, share.index);
      return rows.map((r) => ({
        telegramId: r.telegram_id,
        kind: r.kind as WatchKind,
        nextPollAt: r.next_poll_at,
        activeAt: r.active_at,
        baseline: r.baseline === 1,
      }));
    },

    /**
     * Reschedules a round's polled slots in one transaction. A slot whose next poll moved since it was
     * read as due (`dueAt`: a callback, a stream push or a create in the bot made it due now) keeps
     * that earlier time, so a hint that arrives during the poll is not lost.
     */
    async rescheduleMany(
      slots: readonly { telegramId: number; kind: WatchKind; dueAt: number; nextPollAt: number; activeAt?: number }[],
    ): Promise<void> {
      // One statement per chunk rather than one per slot: a round reschedules up to its batch of slots,
      // and each round trip cost the watcher and the database more than the update itself. In key
      // order, so that two instances rescheduling the same slots (while the live set changes) mostly
      // lock them in the same order; should they deadlock, the loser's slots stay due and are polled again.
      const ordered = [...slots].sort((x, y) => x.telegramId - y.telegramId || (x.kind < y.kind ? -1 : x.kind > y.kind ? 1 : 0));
      for (let at = 0; at < ordered.length; at += CHUNK) {
        const rows = ordered
          .slice(at, at + CHUNK)
          .map(
            (s) =>
              sql`(cast(${s.telegramId} as bigint), cast(${s.kind} as text), cast(${s.dueAt} as bigint), cast(${s.nextPollAt} as bigint), cast(${s.activeAt ?? null} as bigint))`,
          );
        // Portable SQL (PostgreSQL and SQLite): typed VALUES named by the CTE, joined in UPDATE … FROM.
        await sql`with polled(telegram_id, kind, due_at, next_poll_at, active_at) as (values ${sql.join(rows)})
          update watch_slots set next_poll_at = polled.next_poll_at, baseline = 1,
            active_at = coalesce(polled.active_at, watch_slots.active_at)
          from polled
          where watch_slots.telegram_id = polled.telegram_id and watch_slots.kind = polled.kind
            and watch_slots.next_poll_at = polled.due_at`.execute(db);
      }
    },

    async reschedule(telegramId: number, kind: WatchKind, nextPollAt: number, activeAt?: number): Promise<void> {
      await db
        .updateTable("watch_slots")
        .set({ next_poll_at: nextPollAt, baseline: 1, ...(activeAt === undefined ? {} : { active_at: activeAt }) })
        .where("telegram_id", "=", telegramId)
        .where("kind", "=", kind)
        .execute();
    },

    /** A hint (a callback, a stream event, a create in the bot): poll this slot now, as recently active. */
    async pollSoon(telegramId: number, kind: WatchKind, now: number): Promise<void> {
      await db
        .updateTable("watch_slots")
        .set({ next_poll_at: now, active_at: now })
        .where("telegram_id", "=", telegramId)
        .where("kind", "=", kind)
        .execute();
    },

    /**
     * The open objects last seen of each of a round's slots, by `slotKey` (every slot given has an
     * entry, empty when nothing of it is open): one read per chunk of users instead of one per slot.
     */
    async openObjectsOf(slots: readonly { telegramId: number; kind: WatchKind }[]): Promise<Map<string, Map<string, ObjectState>>> {
      const out = new Map<string, Map<string, ObjectState>>();
      for (const s of slots) out.set(slotKey(s.telegramId, s.kind), new Map());
      const users = [...new Set(slots.map((s) => s.telegramId))];
      for (let at = 0; at < users.length; at += CHUNK) {
        const rows = await db
          .selectFrom("watch_objects")
          .select(["telegram_id", "kind", "object_id", "state"])
          .where("telegram_id", "in", users.slice(at, at + CHUNK))
          .where("open", "=", 1)
          .execute();
        // A user's objects of kinds not polled in this round are skipped.
        for (const r of rows) out.get(slotKey(r.telegram_id, r.kind as WatchKind))?.set(r.object_id, JSON.parse(r.state) as ObjectState);
      }
      return out;
    },

    async objectState(telegramId: number, kind: WatchKind, objectId: string): Promise<ObjectState | undefined> {
      const row = await db
        .selectFrom("watch_objects")
        .select("state")
        .where("telegram_id", "=", telegramId)
        .where("kind", "=", kind)
        .where("object_id", "=", objectId)
        .executeTakeFirst();
      return row ? (JSON.parse(row.state) as ObjectState) : undefined;
    },

    /**
     * Replaces the stored state `before` (undefined: none yet) by `after` and queues `notices`, all or
     * nothing. False when another writer got there first (then this caller's notices are not queued).
     */
    async commit(
      telegramId: number,
      kind: WatchKind,
      objectId: string,
      before: ObjectState | undefined,
      after: ObjectState,
      open: boolean,
      notices: NoticeDraft[],
      now: number,
    ): Promise<boolean> {
      const state = JSON.stringify(after);
      return db.transaction().execute(async (trx) => {
        if (before === undefined) {
          const inserted = await trx
            .insertInto("watch_objects")
            .values({ telegram_id: telegramId, kind, object_id: objectId, state, open: open ? 1 : 0, updated_at: now })
            .onConflict((oc) => oc.columns(["telegram_id", "kind", "object_id"]).doNothing())
            .executeTakeFirst();
          if ((inserted.numInsertedOrUpdatedRows ?? 0n) === 0n) return false;
        } else {
          const updated = await trx
            .updateTable("watch_objects")
            .set({ state, open: open ? 1 : 0, updated_at: now })
            .where("telegram_id", "=", telegramId)
            .where("kind", "=", kind)
            .where("object_id", "=", objectId)
            .where("state", "=", JSON.stringify(before))
            .executeTakeFirst();
          if (updated.numUpdatedRows === 0n) return false;
        }
        for (const n of notices) await queueNotice(trx, telegramId, TOPIC_OF[kind], n, now);
        return true;
      });
    },

    /**
     * How many of a user's notices wait for their quiet hours to end: those put off to later, or, while
     * the hours are on (`quietNow`), every one not sent yet (a released one is held again at once).
     */
    async heldCount(telegramId: number, now: number, quietNow: boolean): Promise<number> {
      let q = db
        .selectFrom("notices")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("telegram_id", "=", telegramId)
        .where("state", "=", "pending");
      if (!quietNow) q = q.where("not_before", ">", now);
      const row = await q.executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /**
     * Makes a user's held notices due now, after their quiet hours or time zone changed: the sender
     * then weighs each against the new settings (sends it, or holds it until the new end).
     */
    async releaseHeld(telegramId: number, now: number): Promise<number> {
      const r = await db
        .updateTable("notices")
        .set({ not_before: now })
        .where("telegram_id", "=", telegramId)
        .where("state", "=", "pending")
        .where("not_before", ">", now)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },

    /** Marks an object gone (deleted on the service): no longer polled, no notice. */
    async close(telegramId: number, kind: WatchKind, objectId: string): Promise<void> {
      await db
        .updateTable("watch_objects")
        .set({ open: 0, updated_at: Date.now() })
        .where("telegram_id", "=", telegramId)
        .where("kind", "=", kind)
        .where("object_id", "=", objectId)
        .execute();
    },

    /** Records a callback delivery id; false when it was seen before (a replay). */
    async acceptDelivery(deliveryId: string, telegramId: number, now: number): Promise<boolean> {
      const r = await db
        .insertInto("callback_deliveries")
        .values({ delivery_id: deliveryId, telegram_id: telegramId, received_at: now })
        .onConflict((oc) => oc.column("delivery_id").doNothing())
        .executeTakeFirst();
      return (r.numInsertedOrUpdatedRows ?? 0n) > 0n;
    },

    /** Forgets delivery ids older than the freshness window (older deliveries are refused as stale anyway). */
    async pruneDeliveries(before: number): Promise<void> {
      await db.deleteFrom("callback_deliveries").where("received_at", "<", before).execute();
    },
  };
}

export type WatchStore = ReturnType<typeof createWatchStore>;
