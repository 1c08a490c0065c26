/**
 * The chats' sessions: a chat's row (kv namespace `session`) read when one of its updates is taken up
 * and written back when the update is done, only when it changed.
 *
 * On PostgreSQL several instances take updates, and a chat's consecutive updates may reach different
 * ones at once (a balancer, Telegram's several webhook connections, an update still being handled
 * after its webhook was answered at 8 s). There an update first takes its chat's turn (`chat_turns`):
 * one update of a chat at a time across instances, the lowest waiting update id first, and the
 * session is written by the statement that ends the turn, only while the turn is still that update's.
 * A turn is a lease on the database's clock, renewed while its update is handled: an instance that
 * dies or freezes holding one lets it lapse after `leaseMs`, and a write it makes later finds the turn
 * taken and writes nothing (docs/decisions/039-chat-turns.md).
 *
 * SQLite serves one instance, whose per-chat queue already orders a chat's updates: there a session is
 * a plain read and write.
 */
import { randomUUID } from "node:crypto";
import { CompiledQuery, type Kysely } from "kysely";
import type { DialectName } from "./database.js";
import { createKeyValueStore } from "./kv.js";
import type { Database } from "./schema.js";

/** A chat's session while one of its updates is handled. */
export interface OpenSession<T> {
  /** The stored session; undefined for a chat without one. */
  readonly value: T | undefined;
  /** A later update of this chat was handled before this one arrived (known on PostgreSQL only). */
  readonly late: boolean;
  /**
   * Ends the update's hold on the chat: writes `session` when it differs from what was read, deletes
   * the row for null, writes nothing when called without it (the handler failed). False when the
   * chat's turn had lapsed and another instance had taken it: then nothing was written.
   */
  close(session?: T | null): Promise<boolean>;
}

export interface ChatSessions<T> {
  /** The chat's session for update `updateId`; on PostgreSQL, once the chat's turn is this update's. */
  open(chatKey: string, updateId: number): Promise<OpenSession<T>>;
}

export interface ChatSessionsOptions {
  /** How long a turn outlives a dead or frozen instance; renewed every third of it meanwhile. */
  leaseMs?: number;
  /** Names this instance in the turns it takes (random by default). */
  holder?: string;
}

/** A chat whose instance died while handling its update waits this long for the turn to lapse. */
export const DEFAULT_TURN_LEASE_MS = 10_000;
const NAMESPACE = "session";
/** An update waiting for its chat's turn asks again after this long, doubling up to the most. */
const RETRY_FIRST_MS = 5;
const RETRY_MOST_MS = 50;

export function createChatSessions<T>(
  storage: { db: Kysely<Database>; dialect: DialectName },
  options: ChatSessionsOptions = {},
): ChatSessions<T> {
  return storage.dialect === "postgres" ? sessionsInTurns(storage.db, options) : plainSessions(storage.db);
}

/** One instance: read, and write back what changed. */
function plainSessions<T>(db: Kysely<Database>): ChatSessions<T> {
  const store = createKeyValueStore<T>(db, NAMESPACE);
  return {
    async open(chatKey) {
      const row = await store.readWithText(chatKey);
      return {
        value: row?.value,
        late: false,
        async close(session) {
          if (session === undefined) return true;
          if (session === null) await store.delete(chatKey);
          // The text as read was written by JSON.stringify, so an unchanged session gives the same.
          else if (JSON.stringify(session) !== row?.text) await store.write(chatKey, session);
          return true;
        },
      };
    },
  };
}

/** The database's clock in epoch ms. */
const CLOCK = "(extract(epoch from clock_timestamp()) * 1000)::bigint";

/**
 * Takes the chat's turn when it is free (or lapsed) and no lower update of the chat waits for it;
 * else enters (or renews) this update's place among the waiters. The conflicting row is locked while
 * the condition is checked, so of several instances asking at once one takes it. Returns a row when
 * the turn was taken, with the session as this statement saw it: current (`fresh`) when the turn
 * taken is the version the statement's snapshot holds, since whoever wrote the session last did so in
 * the statement that ended the turn. When the turn changed hands while the statement waited for the
 * row, the session is read again.
 */
const TAKE = `
with clock as (select ${CLOCK} as now_ms),
seen as (select version from chat_turns where chat_key = $1),
taken as (
  insert into chat_turns as t (chat_key, holder, update_id, lease_until, handled_through, version)
  select $1, $2, $3, now_ms + $4, 0, 1 from clock
  on conflict (chat_key) do update
    set holder = excluded.holder, update_id = excluded.update_id, lease_until = excluded.lease_until,
      version = t.version + 1
    where t.lease_until <= excluded.lease_until - $4
      and not exists (
        select 1 from chat_turn_waiters w
        where w.chat_key = excluded.chat_key and w.update_id < excluded.update_id
          and w.lease_until > excluded.lease_until - $4
      )
  returning t.handled_through, t.version
),
waiting as (
  insert into chat_turn_waiters (chat_key, update_id, lease_until)
  select $1, $3, now_ms + $4 from clock where not exists (select 1 from taken)
  on conflict (chat_key, update_id) do update set lease_until = excluded.lease_until
),
done_waiting as (
  delete from chat_turn_waiters where chat_key = $1 and update_id = $3 and exists (select 1 from taken)
),
lapsed_waiters as (
  delete from chat_turn_waiters
  where chat_key = $1 and update_id <> $3 and lease_until <= (select now_ms from clock)
    and not exists (select 1 from taken)
)
select handled_through,
  version = coalesce((select version from seen), 0) + 1 as fresh,
  (select value from "kv" where namespace = $5 and key = $1) as value
from taken`;

const ENDED = `update chat_turns
  set lease_until = 0, handled_through = greatest(handled_through, $3), version = version + 1
  where chat_key = $1 and holder = $2 and update_id = $3`;
/** Ends the turn and, only if it was still this update's, writes the session. */
const END_WRITING = `
with ended as (${ENDED} returning chat_key),
written as (
  insert into "kv" (namespace, key, value, updated_at) select $4, chat_key, $5, $6 from ended
  on conflict (namespace, key) do update set value = excluded.value, updated_at = excluded.updated_at
)
select count(*)::int as ended from ended`;
/** Ends the turn and, only if it was still this update's, deletes the session. */
const END_DELETING = `
with ended as (${ENDED} returning chat_key),
deleted as (delete from "kv" where namespace = $4 and key = $1 and exists (select 1 from ended))
select count(*)::int as ended from ended`;
const RENEW = `update chat_turns set lease_until = ${CLOCK} + $3
  where holder = $1 and chat_key = any($2::text[]) and lease_until > 0`;

/** Several instances: each update in its chat's turn (see the file's comment). */
function sessionsInTurns<T>(db: Kysely<Database>, options: ChatSessionsOptions): ChatSessions<T> {
  const store = createKeyValueStore<T>(db, NAMESPACE);
  const holder = options.holder ?? randomUUID();
  const leaseMs = options.leaseMs ?? DEFAULT_TURN_LEASE_MS;
  /** Turns this instance holds now: chat key → update id. */
  const held = new Map<string, number>();
  let renewing: NodeJS.Timeout | undefined;

  const run = <R>(text: string, parameters: unknown[]) => db.executeQuery<R>(CompiledQuery.raw(text, parameters));

  /** While turns are held, their leases are renewed every third of a lease. */
  function keepRenewing(): void {
    if (renewing) return;
    renewing = setInterval(() => {
      if (held.size === 0) {
        clearInterval(renewing);
        renewing = undefined;
        return;
      }
      // A renewal that fails (the database unreachable) is not retried here: the update's own next
      // statement meets the same failure, and a turn that lapses meanwhile is fenced at its end.
      run(RENEW, [holder, [...held.keys()], leaseMs]).catch(() => undefined);
    }, Math.max(1, Math.floor(leaseMs / 3)));
    renewing.unref();
  }

  type Taken = { handled_through: number; fresh: boolean; value: string | null };
  /** Waits for the chat's turn; the session as the taking statement read it, when that read is current. */
  async function take(chatKey: string, updateId: number): Promise<Taken> {
    for (let pause = RETRY_FIRST_MS; ; pause = Math.min(pause * 2, RETRY_MOST_MS)) {
      const { rows } = await run<Taken>(TAKE, [chatKey, holder, updateId, leaseMs, NAMESPACE]);
      if (rows[0] !== undefined) {
        held.set(chatKey, updateId);
        keepRenewing();
        return rows[0];
      }
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }

  return {
    async open(chatKey, updateId) {
      const taken = await take(chatKey, updateId);
      let row: Awaited<ReturnType<typeof store.readWithText>>;
      try {
        if (!taken.fresh) row = await store.readWithText(chatKey);
        else if (taken.value !== null) row = { value: JSON.parse(taken.value) as T, text: taken.value };
      } catch (err) {
        held.delete(chatKey);
        await run(ENDED, [chatKey, holder, updateId]).catch(() => undefined);
        throw err;
      }
      return {
        value: row?.value,
        late: Number(taken.handled_through) > updateId,
        async close(session) {
          held.delete(chatKey);
          const json = session === undefined || session === null ? undefined : JSON.stringify(session);
          if (session === undefined || (json !== undefined && json === row?.text)) {
            const res = await run(ENDED, [chatKey, holder, updateId]);
            return Number(res.numAffectedRows ?? 0) > 0;
          }
          const { rows } =
            json === undefined
              ? await run<{ ended: number }>(END_DELETING, [chatKey, holder, updateId, NAMESPACE])
              : await run<{ ended: number }>(END_WRITING, [chatKey, holder, updateId, NAMESPACE, json, Date.now()]);
          return Number(rows[0]?.ended ?? 0) > 0;
        },
      };
    },
  };
}
