/**
 * The chats' sessions (src/storage/chat-sessions.ts): read and written back only when changed on
 * every backend; on PostgreSQL, each update in its chat's turn across instances: one at a time, the
 * lowest waiting update id first, a dead instance's turn lapsing, a lapsed holder's write refused.
 */
import { expect, it } from "vitest";
import { createChatSessions, type OpenSession } from "../../src/storage/chat-sessions.js";
import type { SqlStorage } from "../../src/storage/index.js";
import { describeBackends } from "./backends.js";

interface Session {
  step: string;
  items: number[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether `p` settled within `ms`. */
async function settlesWithin(p: Promise<unknown>, ms: number): Promise<boolean> {
  return Promise.race([p.then(() => true), sleep(ms).then(() => false)]);
}

describeBackends("chat sessions", (backend) => {
  const sessions = (storage: SqlStorage = backend.storage(), leaseMs = 10_000) =>
    createChatSessions<Session>(storage, { leaseMs });
  const stored = async (key: string) => (await backend.storage().kv<Session>("session").read(key)) ?? null;
  const updatedAt = async (key: string) =>
    (await backend.storage().db.selectFrom("kv").select("updated_at").where("key", "=", key).executeTakeFirst())?.updated_at;

  it("reads a chat's session, writes back only what changed, deletes it for null, writes nothing after a failure", async () => {
    const s = sessions();
    let open = await s.open("7", 1);
    expect(open.value).toBeUndefined();
    expect(await open.close({ step: "amount", items: [1] })).toBe(true);
    expect(await stored("7")).toEqual({ step: "amount", items: [1] });

    // Unchanged: not written (the time it was written stays).
    await backend.storage().db.updateTable("kv").set({ updated_at: 0 }).where("key", "=", "7").execute();
    open = await s.open("7", 2);
    expect(open.value).toEqual({ step: "amount", items: [1] });
    expect(await open.close(structuredClone(open.value)!)).toBe(true);
    expect(await updatedAt("7")).toBe(0);

    open = await s.open("7", 3);
    expect(await open.close()).toBe(true);
    expect(await stored("7")).toEqual({ step: "amount", items: [1] });

    open = await s.open("7", 4);
    expect(await open.close({ step: "note", items: [1, 2] })).toBe(true);
    expect(await stored("7")).toEqual({ step: "note", items: [1, 2] });

    open = await s.open("7", 5);
    expect(await open.close(null)).toBe(true);
    expect(await stored("7")).toBeNull();
  });

  if (backend.name !== "postgres") return;

  it("lets one update of a chat at a time through, across instances; the next reads what the first wrote", async () => {
    const [a, b] = [sessions(), sessions(await backend.open())];
    const first = await a.open("42", 100);
    const second = b.open("42", 101);
    expect(await settlesWithin(second, 300)).toBe(false);
    // Another chat is not held up.
    await (await b.open("43", 102)).close({ step: "other", items: [] });
    await first.close({ step: "note", items: [100] });
    const next = await second;
    expect(next.value).toEqual({ step: "note", items: [100] });
    expect(next.late).toBe(false);
    await next.close({ step: "summary", items: [100, 101] });
    expect(await stored("42")).toEqual({ step: "summary", items: [100, 101] });
  });

  it("gives the turn to the lowest waiting update id, whichever asked first", async () => {
    const [a, b, c] = [sessions(), sessions(await backend.open()), sessions(await backend.open())];
    const holding = await a.open("42", 200);
    const order: number[] = [];
    const wait = (s: typeof a, id: number) =>
      s.open("42", id).then(async (open) => {
        order.push(id);
        await sleep(20);
        await open.close({ step: String(id), items: [...(open.value?.items ?? []), id] });
      });
    const later = wait(b, 203);
    await sleep(50);
    const lower = wait(c, 201);
    await sleep(50);
    const middle = wait(a, 202);
    await sleep(50);
    await holding.close({ step: "200", items: [200] });
    await Promise.all([later, lower, middle]);
    expect(order).toEqual([201, 202, 203]);
    expect(await stored("42")).toEqual({ step: "203", items: [200, 201, 202, 203] });
  });

  it("reads the session written by a turn that ended while the taking statement waited for it", async () => {
    const a = sessions();
    await (await a.open("42", 700)).close({ step: "old", items: [] });
    const held = await a.open("42", 701);
    // The holder's ending statement, caught mid-way: it has ended the turn and written the session but
    // not yet committed when the next update's statement (and its snapshot) starts and waits on the row.
    const pg = await import("pg");
    const { PG_URL } = await import("./backends.js");
    const schema = (await backend.storage().db.selectNoFrom((eb) => eb.fn<string>("current_schema", []).as("s")).executeTakeFirstOrThrow()).s;
    const ending = new pg.default.Client({ connectionString: PG_URL });
    await ending.connect();
    try {
      await ending.query(`set search_path = ${schema}`);
      await ending.query("begin");
      await ending.query(
        "update chat_turns set lease_until = 0, handled_through = 701, version = version + 1 where chat_key = '42'",
      );
      await ending.query(`update kv set value = '{"step":"new","items":[701]}' where namespace = 'session' and key = '42'`);
      const next = sessions(await backend.open()).open("42", 702);
      expect(await settlesWithin(next, 300)).toBe(false);
      await ending.query("commit");
      const open = await next;
      expect(open.value).toEqual({ step: "new", items: [701] });
      await open.close();
    } finally {
      await ending.end();
    }
    expect(await held.close({ step: "stale", items: [] })).toBe(false);
  });

  it("lets a dead instance's turn lapse after the lease; a waiter it left behind holds nobody up", async () => {
    const dying = await backend.open();
    const open = await sessions(dying, 300).open("42", 300);
    expect(open.value).toBeUndefined();
    // The instance dies holding the turn: its connections close, nothing renews the lease.
    await dying.close();
    // And a waiter of another dead instance, for a lower update, lapsed long ago.
    await backend.storage().db.insertInto("chat_turn_waiters").values({ chat_key: "42", update_id: 299, lease_until: 1 }).execute();
    const started = Date.now();
    const next = await sessions().open("42", 301);
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(150);
    expect(waited).toBeLessThan(5_000);
    await next.close({ step: "after", items: [] });
    expect(await stored("42")).toEqual({ step: "after", items: [] });
    expect(await backend.storage().db.selectFrom("chat_turn_waiters").selectAll().execute()).toEqual([]);
  });

  it("keeps a turn past its lease while the instance is alive and handling", async () => {
    const [a, b] = [sessions(backend.storage(), 300), sessions(await backend.open(), 300)];
    const open = await a.open("42", 400);
    const second = b.open("42", 401);
    expect(await settlesWithin(second, 1_000)).toBe(false);
    await open.close({ step: "400", items: [] });
    await (await second).close();
  });

  it("writes nothing for a holder whose turn lapsed and was taken (a frozen instance woken late)", async () => {
    const [a, b] = [sessions(), sessions(await backend.open())];
    const frozen: OpenSession<Session> = await a.open("42", 500);
    // Frozen past its lease: the lease runs out and another instance takes the turn.
    await backend.storage().db.updateTable("chat_turns").set({ lease_until: 1 }).where("chat_key", "=", "42").execute();
    const taken = await b.open("42", 501);
    await taken.close({ step: "newer", items: [501] });
    expect(await frozen.close({ step: "stale", items: [500] })).toBe(false);
    expect(await frozen.close(null)).toBe(false);
    expect(await stored("42")).toEqual({ step: "newer", items: [501] });
  });

  it("tells an update that arrives after a later one of its chat was handled that it is late", async () => {
    const s = sessions();
    await (await s.open("42", 601)).close({ step: "601", items: [] });
    const late = await s.open("42", 600);
    expect(late.late).toBe(true);
    await late.close({ step: "600", items: [] });
    expect((await s.open("42", 602)).late).toBe(false);
  });
});
