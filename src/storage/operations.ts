/**
 * Irreversible operations and their states (see OperationState in types.ts). Every state change is a
 * single conditional UPDATE, so two processes racing on one row cannot both win.
 */
import type { Kysely, Selectable } from "kysely";
import type { Database, OperationsTable } from "./schema.js";
import type { ClaimOutcome, OperationRecord, OperationState, OperationsRepo } from "./types.js";
import { toNetwork } from "./users.js";

/** States a settled outcome (done, refused, unknown) may be written over. */
const SETTLEABLE: OperationState[] = ["pending", "unknown"];

/** Operations over Kysely. `propose` throws when the id exists already (it is the client id). */
export function createOperationsRepo(db: Kysely<Database>): OperationsRepo {
  const find = async (id: string) => {
    const row = await db.selectFrom("operations").selectAll().where("id", "=", id).executeTakeFirst();
    return row && toOperation(row);
  };

  const settle = async (id: string, fields: Partial<Pick<OperationsTable, "state" | "result" | "error">>) => {
    const result = await db
      .updateTable("operations")
      .set({ ...fields, updated_at: Date.now() })
      .where("id", "=", id)
      .where("state", "in", SETTLEABLE)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  };

  return {
    async propose(op) {
      const now = Date.now();
      await db
        .insertInto("operations")
        .values({
          ...rowOf(op, now),
          state: "proposed",
          message_id: op.messageId,
          expires_at: op.expiresAt.getTime(),
          expired_text: op.expiredText ?? null,
          counterparty: op.counterparty ?? null,
        })
        .execute();
    },

    get: find,

    async setMessageId(id, messageId) {
      await db
        .updateTable("operations")
        .set({ message_id: messageId, updated_at: Date.now() })
        .where("id", "=", id)
        .execute();
    },

    async claim(id, telegramId, now) {
      const at = now.getTime();
      const claimed = await db
        .updateTable("operations")
        .set({ state: "pending", updated_at: at })
        .where("id", "=", id)
        .where("telegram_id", "=", telegramId)
        .where("state", "=", "proposed")
        .where("expires_at", ">", at)
        .returningAll()
        .executeTakeFirst();
      if (claimed) return { claimed: true, operation: toOperation(claimed) };
      return whyNotClaimed(db, id, telegramId, at);
    },

    async unclaim(id, telegramId, claimedAt) {
      const result = await db
        .updateTable("operations")
        .set({ state: "proposed", updated_at: Date.now() })
        .where("id", "=", id)
        .where("telegram_id", "=", telegramId)
        .where("state", "=", "pending")
        .where("updated_at", "=", claimedAt.getTime())
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async cancel(id, telegramId) {
      const result = await db
        .updateTable("operations")
        .set({ state: "cancelled", updated_at: Date.now() })
        .where("id", "=", id)
        .where("telegram_id", "=", telegramId)
        .where("state", "=", "proposed")
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    markDone: (id, result) => settle(id, { state: "done", result: JSON.stringify(result), error: null }),
    markRefused: (id, error) => settle(id, { state: "refused", error }),
    markUnknown: (id, error) => settle(id, { state: "unknown", error }),

    async listRecent(telegramId, kind, state, limit) {
      const rows = await db
        .selectFrom("operations")
        .selectAll()
        .where("telegram_id", "=", telegramId)
        .where("kind", "=", kind)
        .where("state", "=", state)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
      return rows.map(toOperation);
    },

    async recordDone(op) {
      const now = Date.now();
      await db
        .insertInto("operations")
        .values({
          ...rowOf(op, now),
          state: "done",
          result: JSON.stringify(op.result),
          message_id: null,
          expires_at: now,
          expired_text: null,
          counterparty: null,
        })
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
    },

    async listHistory(telegramId, query) {
      // Two index-ordered reads (own rows by telegram_id, received rows by counterparty) merged here:
      // an OR across the two columns would read every row of the person.
      const upTo = query.offset + query.limit + 1;
      const reads: Promise<Selectable<OperationsTable>[]>[] = [];
      if (query.own) {
        let q = db.selectFrom("operations").selectAll().where("telegram_id", "=", telegramId).where("state", "=", "done");
        if (query.own.kinds) q = q.where("kind", "in", [...query.own.kinds, ""]);
        if (query.asset) q = q.where("asset", "=", query.asset);
        reads.push(q.orderBy("created_at", "desc").orderBy("id", "desc").limit(upTo).execute());
      }
      if (query.received && query.received.kinds.length > 0) {
        let q = db
          .selectFrom("operations")
          .selectAll()
          .where("counterparty", "=", telegramId)
          .where("kind", "in", [...query.received.kinds])
          .where("state", "=", "done");
        if (query.asset) q = q.where("asset", "=", query.asset);
        reads.push(q.orderBy("created_at", "desc").orderBy("id", "desc").limit(upTo).execute());
      }
      const rows = (await Promise.all(reads))
        .flat()
        .sort((a, b) => b.created_at - a.created_at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
      return {
        entries: rows.slice(query.offset, query.offset + query.limit).map(toOperation),
        more: rows.length > query.offset + query.limit,
      };
    },

    async historyAssets(telegramId, receivedKinds) {
      const own = db
        .selectFrom("operations")
        .select("asset")
        .where("telegram_id", "=", telegramId)
        .where("state", "=", "done")
        .where("asset", "is not", null);
      const received = db
        .selectFrom("operations")
        .select("asset")
        .where("counterparty", "=", telegramId)
        .where("kind", "in", [...receivedKinds, ""])
        .where("state", "=", "done")
        .where("asset", "is not", null);
      const rows = await own.union(received).execute();
      return rows.flatMap((r) => (r.asset ? [r.asset] : [])).sort();
    },

    async listUnfinished() {
      const rows = await db
        .selectFrom("operations")
        .selectAll()
        .where("state", "in", SETTLEABLE)
        .orderBy("created_at")
        .orderBy("id")
        .execute();
      return rows.map(toOperation);
    },

    async takeOver(id, seen, now) {
      const result = await db
        .updateTable("operations")
        .set({ updated_at: now.getTime() })
        .where("id", "=", id)
        .where("state", "in", SETTLEABLE)
        .where("updated_at", "=", seen.getTime())
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async listProposed(limit, expiredBy) {
      let q = db.selectFrom("operations").selectAll().where("state", "=", "proposed");
      if (expiredBy !== undefined) q = q.where("expires_at", "<=", expiredBy.getTime());
      const rows = await q.orderBy("expires_at").orderBy("id").limit(limit).execute();
      return rows.map(toOperation);
    },

    async expire(id, by) {
      const result = await db
        .updateTable("operations")
        .set({ state: "expired", updated_at: Date.now() })
        .where("id", "=", id)
        .where("state", "=", "proposed")
        .where("expires_at", "<=", by.getTime())
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}

/** The reason a claim failed, read after the conditional UPDATE matched nothing. */
async function whyNotClaimed(
  db: Kysely<Database>,
  id: string,
  telegramId: number,
  at: number,
): Promise<ClaimOutcome> {
  const row = await db.selectFrom("operations").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return { claimed: false, reason: "missing" };
  // Another user's operation is not shown to this one.
  if (row.telegram_id !== telegramId) return { claimed: false, reason: "foreign" };
  if (row.state === "proposed" && row.expires_at <= at) {
    const expired = await db
      .updateTable("operations")
      .set({ state: "expired", updated_at: at })
      .where("id", "=", id)
      .where("state", "=", "proposed")
      .returningAll()
      .executeTakeFirst();
    // If it changed meanwhile (cancelled, or expired by another process) report what it is now.
    if (expired) return { claimed: false, reason: "expired", operation: toOperation(expired) };
    return whyNotClaimed(db, id, telegramId, at);
  }
  const operation = toOperation(row);
  return { claimed: false, reason: row.state === "expired" ? "expired" : "already", operation };
}

/** The columns every new operation row has, whatever its first state. */
function rowOf(op: Pick<OperationRecord, "id" | "telegramId" | "chatId" | "kind" | "network" | "payload">, now: number) {
  return {
    id: op.id,
    telegram_id: op.telegramId,
    chat_id: op.chatId,
    kind: op.kind,
    network: op.network,
    payload: JSON.stringify(op.payload),
    asset: assetOf(op.payload),
    created_at: now,
    updated_at: now,
  };
}

/** An operation's asset for its history filter: the payload's `asset` when it is an asset code. */
function assetOf(payload: Record<string, unknown>): string | null {
  const asset = payload.asset;
  return typeof asset === "string" && /^[A-Za-z0-9_]{1,20}$/.test(asset) ? asset : null;
}

function toOperation(row: Selectable<OperationsTable>): OperationRecord {
  return {
    id: row.id,
    telegramId: row.telegram_id,
    chatId: row.chat_id,
    kind: row.kind,
    network: toNetwork(row.network),
    payload: JSON.parse(row.payload) as Record<string, unknown>,
    state: row.state as OperationState,
    result: row.result === null ? null : (JSON.parse(row.result) as Record<string, unknown>),
    error: row.error,
    messageId: row.message_id,
    expiresAt: new Date(row.expires_at),
    expiredText: row.expired_text,
    counterparty: row.counterparty === null ? null : Number(row.counterparty),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}
