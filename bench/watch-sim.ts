/**
 * The simulator side of `bench:watch`, in its own process (so that the benchmark's RSS is the bot's
 * alone). Its USERS accounts are lazy (src/dev/simulator, `lazyAccounts`): user i's key, and the 1–3
 * open objects (active invoices, active cheques, resting limit orders) its account opens, follow from i
 * alone, and an account is made with its objects the first time its key is used; so the simulator holds
 * only the accounts the watchers have polled, and a million users fit. It writes the bot's database
 * (BENCH_DB_URL) as the bot would have it after running a while — keys encrypted with BENCH_KEY, every
 * object seen, the polling slots a month quiet with their polls spread over the interval the parent
 * fitted — a batch of users at a time, computed, never all in memory. Then it serves HTTP and makes the
 * changes the parent asks for, to random objects (in a window: only objects whose slot's poll falls due
 * in it), telling the parent each object changed and when its slot is due.
 */
import { sql } from "kysely";
import { initialState, type WatchKind } from "../src/notifications/detect.js";
import { fillOrder } from "../src/dev/simulator/exchange/control.js";
import { exchangeHandlers } from "../src/dev/simulator/exchange/index.js";
import { payHandlers, payInvoice, redeemCheque } from "../src/dev/simulator/pay/index.js";
import { startSimulator } from "../src/dev/simulator/server.js";
import type { SimAccount, SimHandler, World } from "../src/dev/simulator/types.js";
import { openingId, uuidOf } from "../src/dev/simulator/world.js";
import { createStorage } from "../src/storage/index.js";
import { createKeyCipher, keyAad } from "../src/storage/key-crypto.js";

export type FromSim =
  | {
      type: "counts";
      baseUrls: Record<string, string>;
      users: number;
      objects: number;
      /** (user, kind) pairs with something open. */
      openSlots: number;
    }
  | {
      type: "ready";
      slots: number;
      /** When the first polls fall due (epoch ms): the slots' polls are spread from it over the interval. */
      base: number;
      seconds: number;
    }
  /** An object changed; its slot's poll falls due at `due` (epoch ms, as seeded: the first poll). */
  | { type: "changed"; id: string; due: number }
  /** Fewer objects than asked for could be found to change. */
  | { type: "short"; wanted: number; found: number }
  /** Accounts made so far (those polled or changed), and this process's RSS. */
  | { type: "stats"; accounts: number; rss: number };
export type ToSim =
  | { type: "slots"; intervalSeconds: number }
  /** Change `count` random objects not changed before; with `dueFrom`/`dueTo`, only objects whose slot's first poll falls due between them. */
  | { type: "change"; count: number; dueFrom?: number; dueTo?: number }
  | { type: "stats" };

const USERS = Number(process.env.USERS ?? 100_000);
const KINDS = ["invoice", "cheque", "order"] as const;
const KIND_STATE: Record<WatchKind, string> = {
  invoice: JSON.stringify(initialState({ kind: "invoice", object: {} as never })),
  cheque: JSON.stringify(initialState({ kind: "cheque", object: {} as never })),
  order: JSON.stringify(initialState({ kind: "order", object: {} as never })),
};
/** Users per batch written to the database (a batch of slots is three times that; within PostgreSQL's 65,535 parameters). */
const BATCH = 2000;
/** Batches written at once (the storage's pool has ten connections). */
const IN_FLIGHT = 3;

/** User i's Telegram id, and its account's id in the simulator. */
const userIdOf = (i: number) => 1001 + i;
const keyOf = (i: number, network: "production" | "testnet") =>
  `xr_${network === "production" ? "live" : "test"}_bench${String(i).padStart(8, "0")}`;
const KEY = /^xr_(live|test)_bench(\d{8})$/;
/**
 * User i's number of open objects, 1–3. Not `i % 3`: user ids are given in order, and instances share
 * users by id modulo their count, so that would give one instance all the users with three.
 */
const objectsOf = (i: number) => 1 + (Math.floor(i / 3) % 3);
/** The kind (index into KINDS) of user i's k-th object: a user's objects are of different kinds. */
const kindOf = (i: number, k: number) => (i + k) % 3;
/** Whether user i has something open of kind `kind`. */
const hasOpen = (i: number, kind: number) => (((kind - i) % 3) + 3) % 3 < objectsOf(i);
/** The id user i's k-th object gets when its account is made (the ids an account opens with are its own sequence's). */
function objectIdOf(i: number, k: number): string {
  const kind = KINDS[kindOf(i, k)]!;
  if (kind === "invoice") return openingId("production", "inv", userIdOf(i), k + 1);
  if (kind === "cheque") return openingId("production", "chq", userIdOf(i), k + 1);
  return uuidOf("production", openingId("production", "order", userIdOf(i), k + 1));
}
/** Where in its interval slot (i, kind)'s first poll falls, in [0, 1): a hash, so it needs no table. */
function phaseOf(i: number, kind: number): number {
  let h = Math.imul(i * 3 + kind + 1, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 2 ** 32;
}

/** Opens user i's objects in its account, through the handlers, and checks they got the ids the database has. */
function openObjects(world: World, account: SimAccount): void {
  if (world.network !== "production") return;
  const i = account.userId - 1001;
  const call = (operationId: "createInvoice" | "createCheque" | "placeOrder", input: object) => {
    const handler = (operationId === "placeOrder" ? exchangeHandlers : payHandlers)[operationId] as SimHandler;
    return handler({ operationId, api: operationId === "placeOrder" ? "exchange" : "pay", input: input as never, account, world }) as {
      chequeId?: string;
      id?: string;
    };
  };
  for (let k = 0; k < objectsOf(i); k++) {
    const kind = KINDS[kindOf(i, k)]!;
    const clientId = `b${i}-${k}`;
    const made =
      kind === "invoice"
        ? call("createInvoice", { clientInvoiceId: clientId, priceCurrency: "USDT", priceAmount: "5" }).id
        : kind === "cheque"
          ? call("createCheque", { clientChequeId: clientId, asset: "USDT", amount: "1" }).chequeId
          : call("placeOrder", { clientOrderId: clientId, symbol: "TONCOIN-USDT", side: "buy", type: "limit", timeInForce: "GTC", size: "1", price: "1" }).id;
    if (made !== objectIdOf(i, k)) {
      // The database says otherwise: every poll of this object would be wrong. Stop, so the benchmark fails.
      console.error(`bench simulator: user ${i}'s ${kind} got id ${made}, the database has ${objectIdOf(i, k)}`);
      process.exit(1);
    }
  }
}

async function main(): Promise<void> {
  const sim = await startSimulator({
    port: 0,
    lazyAccounts: {
      userOf(key, network) {
        const m = KEY.exec(key);
        const i = Number(m?.[2]);
        return m && (m[1] === "live") === (network === "production") && i < USERS ? userIdOf(i) : undefined;
      },
      account: (userId) => ({
        pay: { USDT: "100" },
        trading: { USDT: "1000" },
        keys: { production: keyOf(userId - 1001, "production"), testnet: keyOf(userId - 1001, "testnet") },
      }),
      open: openObjects,
    },
  });
  const world = sim.sim.worlds.production;
  // The simulator logs every request for tests; a benchmark has no use for that memory.
  setInterval(() => sim.sim.requests.clear(), 1000).unref();

  let objects = 0;
  let openSlots = 0;
  for (let i = 0; i < USERS; i++) {
    objects += objectsOf(i);
    for (let kind = 0; kind < 3; kind++) if (hasOpen(i, kind)) openSlots++;
  }
  let base = 0;
  let interval = 0;
  const changed = new Set<string>();
  const redeemer = userIdOf(0);
  const other = userIdOf(1);

  process.on("message", (msg: ToSim) => {
    if (msg.type === "slots") {
      interval = msg.intervalSeconds * 1000;
      void seed().then(
        (ready) => process.send?.(ready satisfies FromSim),
        (err: unknown) => {
          console.error("bench simulator: seeding failed", err);
          process.exit(1);
        },
      );
      return;
    }
    if (msg.type === "stats") {
      process.send?.({ type: "stats", accounts: world.accounts.size, rss: process.memoryUsage().rss } satisfies FromSim);
      return;
    }
    let found = 0;
    for (let attempt = 0; found < msg.count && attempt < msg.count * 10_000; attempt++) {
      const i = Math.floor(Math.random() * USERS);
      const k = Math.floor(Math.random() * objectsOf(i));
      const kind = kindOf(i, k);
      const due = Math.round(base + phaseOf(i, kind) * interval);
      if ((msg.dueFrom !== undefined && due <= msg.dueFrom) || (msg.dueTo !== undefined && due > msg.dueTo)) continue;
      const id = objectIdOf(i, k);
      if (changed.has(id)) continue;
      changed.add(id);
      found++;
      const owner = userIdOf(i);
      for (const u of [owner, redeemer, other]) sim.sim.ensureAccount(u);
      if (KINDS[kind] === "invoice") payInvoice(world, id);
      else if (KINDS[kind] === "cheque") redeemCheque(world, id, owner === redeemer ? other : redeemer);
      else fillOrder(world, id);
      process.send?.({ type: "changed", id, due } satisfies FromSim);
    }
    if (found < msg.count) process.send?.({ type: "short", wanted: msg.count, found } satisfies FromSim);
  });

  /**
   * The bot's database: users with encrypted keys, every open object seen in the state it was created
   * in, and the slots. The slots' polls are spread from `base` over the interval (idle slots over five
   * times it); `base` is when the writing is expected to end (from the pace of the users' part), so that
   * the watchers do not start with every poll due while writing lasted.
   */
  async function seed(): Promise<FromSim> {
    const encryption = Buffer.from(process.env.BENCH_KEY ?? "", "hex");
    const schema = process.env.BENCH_DB_SCHEMA;
    const storage = await createStorage({
      databaseUrl: process.env.BENCH_DB_URL ?? "",
      keyEncryptionKey: encryption,
      keyVersion: 1,
      ...(schema ? { database: { schema } } : {}),
    });
    const cipher = createKeyCipher({ currentVersion: 1, keys: new Map([[1, encryption]]) });
    const t0 = Date.now();
    const monthAgo = t0 - 30 * 86_400_000;
    const batches = (write: (from: number, to: number) => Promise<unknown>) => pipelined(USERS, write);

    await batches(async (from, to) => {
      const users = Array.from({ length: to - from }, (_, j) => from + j);
      await storage.db
        .insertInto("users")
        .values(users.map((i) => ({ telegram_id: userIdOf(i), network: "production", created_at: t0, updated_at: t0 })))
        .execute();
      await storage.db
        .insertInto("service_keys")
        .values(
          users.map((i) => {
            const sealed = cipher.encrypt(keyOf(i, "production"), keyAad(userIdOf(i), "production"));
            return {
              telegram_id: userIdOf(i),
              network: "production",
              key_ciphertext: sealed.ciphertext.toString("base64"),
              key_nonce: sealed.nonce.toString("base64"),
              key_tag: sealed.tag.toString("base64"),
              key_version: 1,
              account_name: "bench",
              created_at: t0,
              updated_at: t0,
            };
          }),
        )
        .execute();
      await storage.db
        .insertInto("watch_objects")
        .values(
          users.flatMap((i) =>
            Array.from({ length: objectsOf(i) }, (_, k) => {
              const kind = KINDS[kindOf(i, k)]!;
              return { telegram_id: userIdOf(i), kind, object_id: objectIdOf(i, k), state: KIND_STATE[kind], open: 1, updated_at: t0 };
            }),
          ),
        )
        .execute();
    });
    // The slots are narrower rows than a user's, a key's and the objects' rows: they take less time than
    // these did (about half at a million users), so the watchers start a little before the first poll.
    const t1 = Date.now();
    base = t1 + (t1 - t0);
    await batches((from, to) =>
      storage.db
        .insertInto("watch_slots")
        .values(
          Array.from({ length: to - from }, (_, j) => from + j).flatMap((i) =>
            KINDS.map((kind, k) => ({
              telegram_id: userIdOf(i),
              kind,
              next_poll_at: Math.round(base + phaseOf(i, k) * (hasOpen(i, k) ? interval : interval * 5)),
              active_at: monthAgo,
              baseline: 1,
            })),
          ),
        )
        .execute(),
    );
    // As the tables of a bot that has run a while are: PostgreSQL's planner knows their sizes.
    if (schema) await sql`analyze users, service_keys, watch_objects, watch_slots`.execute(storage.db);
    await storage.close();
    return { type: "ready", slots: USERS * 3, base, seconds: (Date.now() - t0) / 1000 };
  }

  process.on("disconnect", () => void sim.close().then(() => process.exit(0)));
  process.send?.({ type: "counts", baseUrls: { ...sim.baseUrls }, users: USERS, objects, openSlots } satisfies FromSim);
}

/** Runs `write` over [0, total) in batches of BATCH, IN_FLIGHT at once. */
async function pipelined(total: number, write: (from: number, to: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < total) {
      const from = next;
      next = Math.min(total, next + BATCH);
      await write(from, next);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
}

main().catch((err: unknown) => {
  console.error("bench simulator failed:", err);
  process.exit(1);
});
