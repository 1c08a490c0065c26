/**
 * The outbox table: messages owed to people outside the current update. A feature writes them with
 * `writeOutbox` inside the transaction of the state change that makes them owed, so after any crash
 * either both happened or neither did; the worker sends them and records each outcome.
 */
import { type Kysely, type Selectable, sql } from "kysely";
import type { Database, OutboxTable } from "../storage/schema.js";

export type OutboxState = "pending" | "sent" | "blocked" | "failed";

/**
 * One message to send: a text, or a document (UTF-8 content, e.g. a CSV report) with a caption; or,
 * with `edit`, a new text (and buttons) for a message the bot sent earlier in that chat.
 */
export interface OutgoingMessage {
  chatId: number;
  text?: string;
  edit?: { messageId: number };
  document?: { fileName: string; content: string };
  caption?: string;
  replyMarkup?: unknown;
  /** Messages counted together (e.g. one job's notifications). */
  group?: string;
  /** What the message is about, to map its outcome back (e.g. the recipient). */
  ref?: string;
}

export interface OutboxRecord {
  id: number;
  chatId: number;
  message: OutgoingMessage;
  attempts: number;
}

/** Rows per INSERT: well below both dialects' limits on bound parameters. */
const INSERT_CHUNK = 500;

/** Writes messages to the outbox within `db` (pass the transaction of the state change). */
export async function writeOutbox(db: Kysely<Database>, messages: OutgoingMessage[], now: number): Promise<void> {
  for (let i = 0; i < messages.length; i += INSERT_CHUNK) {
    await db
      .insertInto("outbox")
      .values(
        messages.slice(i, i + INSERT_CHUNK).map((m) => ({
          chat_id: m.chatId,
          group_key: m.group ?? null,
          ref: m.ref ?? null,
          payload: JSON.stringify(m),
          state: "pending",
          attempts: 0,
          not_before: now,
          created_at: now,
        })),
      )
      .execute();
  }
}


/** The worker's and the metrics' view of the outbox. */
export function createOutboxStore(db: Kysely<Database>) {
  return {
    /** The oldest pending messages due by `now`. */
    async due(now: number, limit: number): Promise<OutboxRecord[]> {
      const rows = await db
        .selectFrom("outbox")
        .selectAll()
        .where("state", "=", "pending")
        .where("not_before", "<=", now)
        .orderBy("id")
        .limit(limit)
        .execute();
      return rows.map(toRecord);
    },

    /** When the next pending message falls due (undefined when none is pending). */
    async nextDue(): Promise<number | undefined> {
      const row = await db
        .selectFrom("outbox")
        .select((eb) => eb.fn.min("not_before").as("at"))
        .where("state", "=", "pending")
        .executeTakeFirst();
      return row?.at === null || row?.at === undefined ? undefined : Number(row.at);
    },

    async settle(id: number, state: Exclude<OutboxState, "pending">, now: number, error?: string): Promise<void> {
      await db
        .updateTable("outbox")
        .set({ state, sent_at: now, error: error ?? null, attempts: sql`attempts + 1` })
        .where("id", "=", id)
        .where("state", "=", "pending")
        .execute();
    },

    async retryAt(id: number, at: number, error: string): Promise<void> {
      await db
        .updateTable("outbox")
        .set({ not_before: at, error, attempts: sql`attempts + 1` })
        .where("id", "=", id)
        .where("state", "=", "pending")
        .execute();
    },

    /** Messages per state, for one group or all. */
    async counts(group?: string): Promise<Record<OutboxState, number>> {
      let q = db.selectFrom("outbox").select(["state", (eb) => eb.fn.countAll<number | string>().as("n")]);
      if (group !== undefined) q = q.where("group_key", "=", group);
      const rows = await q.groupBy("state").execute();
      const out: Record<OutboxState, number> = { pending: 0, sent: 0, blocked: 0, failed: 0 };
      for (const r of rows) out[r.state as OutboxState] = Number(r.n);
      return out;
    },

    /** Settled messages of a group with their ref (e.g. to record each recipient's outcome). */
    async outcomes(group: string): Promise<{ ref: string | null; state: OutboxState }[]> {
      const rows = await db
        .selectFrom("outbox")
        .select(["ref", "state"])
        .where("group_key", "=", group)
        .where("state", "!=", "pending")
        .execute();
      return rows.map((r) => ({ ref: r.ref, state: r.state as OutboxState }));
    },
  };
}

function toRecord(row: Selectable<OutboxTable>): OutboxRecord {
  return {
    id: Number(row.id),
    chatId: row.chat_id,
    message: JSON.parse(row.payload) as OutgoingMessage,
    attempts: row.attempts,
  };
}
