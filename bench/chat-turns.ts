/**
 * What keeping one chat's updates in order across instances costs per update on PostgreSQL, for the
 * ways docs/decisions/039-chat-turns.md weighs. Each handles UPDATES updates of a chat one after
 * another, reading the chat's session and writing it back for every other update (a step of a flow
 * changes it, a `/start` does not); then, for the first two, 50 chats at once.
 *
 *   unordered     read, write (as before: nothing orders a chat across instances)
 *   chat turn     the bot's own (src/storage/chat-sessions.ts): take + read in one statement, end (+ write)
 *   version       read with the row's version, write only if it is unchanged (a refused write would mean
 *                 handling the update again, with its replies sent twice: not usable, its cost shown only)
 *   advisory lock pg_advisory_lock on a connection held while the update is handled, read, write, unlock
 *   job queue     the job engine on PostgreSQL (pg-boss through src/jobs), one job per update, a session
 *                 read and write in the handler: enqueue → handled. (Its queues keep one waiting job per
 *                 key, so a key per chat would drop a chat's third update: here each update has its own.)
 *
 * Printed per way: wall-clock µs per update and this process's CPU µs per update (the database's own
 * time is in the wall clock only).
 *
 *   npm run bench:turns        UPDATES=2000 BENCH_DATABASE_URL=postgres://… npm run bench:turns
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import pino from "pino";
import { createPgBossJobs } from "../src/jobs/pg-boss.js";
import { createChatSessions } from "../src/storage/chat-sessions.js";
import { createStorage, type SqlStorage } from "../src/storage/index.js";

const URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const UPDATES = Number(process.env.UPDATES ?? 2_000);
const QUEUED = Number(process.env.QUEUED ?? 50);
const CHATS = 50;

interface Session {
  step: number;
}

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Runs `count` updates of each of `chats` chats (each chat's one after another); µs per update. */
async function measure(
  label: string,
  chats: number,
  count: number,
  handle: (chat: string, updateId: number) => Promise<void>,
): Promise<void> {
  let next = 1;
  const run = () =>
    Promise.all(
      Array.from({ length: chats }, async (_, c) => {
        for (let i = 0; i < count / chats; i++) await handle(`chat-${label.length}-${c}`, next++);
      }),
    );
  await run(); // warm-up
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await run();
  const wall = ((performance.now() - t0) * 1000) / count;
  const cpu = process.cpuUsage(cpu0);
  console.log(
    `${label.padEnd(16)} ${String(chats).padStart(2)} chat${chats > 1 ? "s" : " "} at once  ` +
      `${wall.toFixed(0).padStart(6)} µs wall  ${((cpu.user + cpu.system) / count).toFixed(0).padStart(5)} µs CPU per update`,
  );
}

async function main(): Promise<void> {
  const schema = `bench_turns_${randomBytes(4).toString("hex")}`;
  await admin(`create schema ${schema}`);
  let storage: SqlStorage | undefined;
  const lockClients: pg.Client[] = [];
  try {
    storage = await createStorage({
      databaseUrl: URL,
      keyEncryptionKey: randomBytes(32),
      keyVersion: 1,
      database: { schema, poolSize: 20 },
    });
    const db = storage.db;
    const kv = storage.kv<Session>("session");
    const step = (s: Session | undefined, updateId: number): Session | undefined =>
      updateId % 2 === 0 ? { step: updateId } : s;
    console.log(`\nOrdering one chat's updates across instances on PostgreSQL: ${UPDATES} updates a way\n`);

    const unordered = async (chat: string, updateId: number) => {
      const value = await kv.read(chat);
      const after = step(value, updateId);
      if (after !== value) await kv.write(chat, after!);
    };
    const sessions = createChatSessions<Session>(storage);
    const turn = async (chat: string, updateId: number) => {
      const open = await sessions.open(chat, updateId);
      await open.close(step(open.value, updateId) ?? null);
    };
    const version = async (chat: string, updateId: number) => {
      const row = await db.selectFrom("kv").select(["value", "updated_at"]).where("namespace", "=", "session").where("key", "=", chat).executeTakeFirst();
      const value = row ? (JSON.parse(row.value) as Session) : undefined;
      const after = step(value, updateId);
      if (after === value) return;
      const json = JSON.stringify(after);
      if (row)
        await db.updateTable("kv").set({ value: json, updated_at: row.updated_at + 1 }).where("namespace", "=", "session").where("key", "=", chat).where("updated_at", "=", row.updated_at).execute();
      else await db.insertInto("kv").values({ namespace: "session", key: chat, value: json, updated_at: 1 }).onConflict((oc) => oc.doNothing()).execute();
    };
    const lockClient = new pg.Client({ connectionString: URL });
    await lockClient.connect();
    lockClients.push(lockClient);
    const advisory = async (chat: string, updateId: number) => {
      await lockClient.query("select pg_advisory_lock(hashtext($1))", [chat]);
      try {
        await unordered(chat, updateId);
      } finally {
        await lockClient.query("select pg_advisory_unlock(hashtext($1))", [chat]);
      }
    };

    await measure("unordered", 1, UPDATES, unordered);
    await measure("chat turn", 1, UPDATES, turn);
    await measure("version", 1, UPDATES, version);
    await measure("advisory lock", 1, UPDATES, advisory);
    await measure("unordered", CHATS, UPDATES, unordered);
    await measure("chat turn", CHATS, UPDATES, turn);
    console.log(
      `(advisory lock with ${CHATS} chats at once: a connection held per chat in flight, ${CHATS} connections, ` +
        `beside the pool the handlers themselves need)`,
    );

    // A queue keyed by chat on the job engine: each update a job, handled by a worker that polls.
    const jobs = createPgBossJobs({ connectionString: `${URL}`, schema: `${schema}_jobs`, logger: pino({ level: "silent" }), pollingIntervalSeconds: 0.5 });
    let handled: (() => void) | undefined;
    jobs.handle<{ chat: string; updateId: number }>("chat-update", async ({ chat, updateId }) => {
      await unordered(chat, updateId);
      handled?.();
    });
    await jobs.start();
    try {
      const t0 = performance.now();
      for (let i = 0; i < QUEUED; i++) {
        const done = new Promise<void>((resolve) => (handled = resolve));
        await jobs.enqueue("chat-update", { chat: "queued", updateId: i }, { key: `chat:queued:${i}` });
        await done;
      }
      console.log(`${"job queue".padEnd(16)}  1 chat   ${(((performance.now() - t0) * 1000) / QUEUED).toFixed(0).padStart(6)} µs wall per update (${QUEUED} updates: enqueue → handled)`);
    } finally {
      await jobs.stop(5_000);
    }
  } finally {
    for (const c of lockClients) await c.end();
    await storage?.close();
    await admin(`drop schema if exists ${schema} cascade`);
    await admin(`drop schema if exists ${schema}_jobs cascade`);
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
