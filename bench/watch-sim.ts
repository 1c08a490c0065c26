/**
 * The simulator side of `bench:watch`, in its own process (so that the benchmark's RSS is the bot's
 * alone): creates USERS accounts with 1–3 open objects each, writes the bot's database (BENCH_DB_URL) as
 * the bot would have it after running a while — keys encrypted with BENCH_KEY, every object seen,
 * then the polling slots spread over the interval the parent fitted — and sends the parent only counts
 * and the sample of objects it will change. Then it serves HTTP and applies the changes asked for.
 * The set-up's arrays (100,000 keys, 300,000 rows) never enter the bot's process.
 */
import { initialState, type WatchKind } from "../src/notifications/detect.js";
import { fillOrder } from "../src/dev/simulator/exchange/control.js";
import { exchangeHandlers } from "../src/dev/simulator/exchange/index.js";
import { payHandlers, payInvoice, redeemCheque } from "../src/dev/simulator/pay/index.js";
import { startSimulator } from "../src/dev/simulator/server.js";
import type { SimHandler } from "../src/dev/simulator/types.js";
import { createStorage } from "../src/storage/index.js";
import { createKeyCipher, keyAad } from "../src/storage/key-crypto.js";

export type BenchObject = { kind: WatchKind; id: string; owner: number };
export type FromSim =
  | {
      type: "seeded";
      baseUrls: Record<string, string>;
      users: number;
      objects: number;
      /** (user, kind) pairs with something open. */
      openSlots: number;
      /** Random objects to change, as many as the parent asked for. */
      sample: BenchObject[];
    }
  | { type: "ready"; slots: number }
  | { type: "changed"; id: string };
export type ToSim = { type: "slots"; intervalSeconds: number } | { type: "change"; object: BenchObject };

const USERS = Number(process.env.USERS ?? 100_000);
const SAMPLE = Number(process.env.SAMPLE ?? 1200);
const KINDS = ["invoice", "cheque", "order"] as const;
const KIND_STATE: Record<WatchKind, string> = {
  invoice: JSON.stringify(initialState({ kind: "invoice", object: {} as never })),
  cheque: JSON.stringify(initialState({ kind: "cheque", object: {} as never })),
  order: JSON.stringify(initialState({ kind: "order", object: {} as never })),
};

/**
 * User i's number of open objects, 1–3. Not `i % 3`: user ids are given in order, and instances share
 * users by id modulo their count, so that would give one instance all the users with three.
 */
const objectsOf = (i: number) => 1 + (Math.floor(i / 3) % 3);

async function main(): Promise<void> {
  const sim = await startSimulator({ port: 0 });
  const world = sim.sim.worlds.production;
  // The simulator logs every request for tests; a benchmark has no use for that memory.
  setInterval(() => sim.sim.requests.clear(), 1000).unref();
  const call = (h: SimHandler | undefined, input: object, owner: number) =>
    (h as SimHandler)({ operationId: "getHealth", api: "pay", input: input as never, account: world.accounts.get(owner), world }) as {
      chequeId?: string;
      id?: string;
    };
  const users: { userId: number; key: string }[] = [];
  const objects: BenchObject[] = [];
  for (let i = 0; i < USERS; i++) {
    const { userId, keys } = sim.createAccount({ pay: { USDT: "100" }, trading: { USDT: "1000" } });
    users.push({ userId, key: keys.production });
    for (let k = 0; k < objectsOf(i); k++) {
      const kind = KINDS[(i + k) % 3]!;
      const clientId = `b${i}-${k}`;
      if (kind === "invoice") {
        const inv = call(payHandlers.createInvoice, { clientInvoiceId: clientId, priceCurrency: "USDT", priceAmount: "5" }, userId);
        objects.push({ kind, id: inv.id!, owner: userId });
      } else if (kind === "cheque") {
        const c = call(payHandlers.createCheque, { clientChequeId: clientId, asset: "USDT", amount: "1" }, userId);
        objects.push({ kind, id: c.chequeId!, owner: userId });
      } else {
        const terms = { symbol: "TONCOIN-USDT", side: "buy", type: "limit", timeInForce: "GTC", size: "1", price: "1" };
        const o = call(exchangeHandlers.placeOrder, { clientOrderId: clientId, ...terms }, userId);
        objects.push({ kind, id: o.id!, owner: userId });
      }
    }
  }

  // The bot's database: users with encrypted keys, every open object seen in the state it was created in.
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
  for (let i = 0; i < users.length; i += 500) {
    const batch = users.slice(i, i + 500);
    await storage.db
      .insertInto("users")
      .values(batch.map(({ userId }) => ({ telegram_id: userId, network: "production", created_at: t0, updated_at: t0 })))
      .execute();
    await storage.db
      .insertInto("service_keys")
      .values(
        batch.map(({ userId, key }) => {
          const sealed = cipher.encrypt(key, keyAad(userId, "production"));
          return {
            telegram_id: userId,
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
  }
  for (let i = 0; i < objects.length; i += 500) {
    await storage.db
      .insertInto("watch_objects")
      .values(
        objects.slice(i, i + 500).map((o) => ({
          telegram_id: o.owner,
          kind: o.kind,
          object_id: o.id,
          state: KIND_STATE[o.kind],
          open: 1,
          updated_at: t0,
        })),
      )
      .execute();
  }
  // User i has objects of the kinds KINDS[(i + k) % 3], k < objectsOf(i): its (user, kind) pairs with
  // something open are known without a set of them (two million strings at a million users).
  const hasOpen = (i: number, kind: number) => (((kind - i) % 3) + 3) % 3 < objectsOf(i);
  const openSlots = users.reduce((n, _u, i) => n + [0, 1, 2].filter((kind) => hasOpen(i, kind)).length, 0);
  // A random sample without copying the objects: a partial shuffle of their indexes, undone afterwards.
  const sample: BenchObject[] = [];
  const picked = new Map<number, number>();
  for (let n = 0; n < Math.min(SAMPLE, objects.length); n++) {
    const at = n + Math.floor(Math.random() * (objects.length - n));
    const chosen = picked.get(at) ?? at;
    picked.set(at, picked.get(n) ?? n);
    sample.push(objects[chosen]!);
  }

  const redeemer = users[0]!.userId;
  const other = users[1]!.userId;
  process.on("message", (msg: ToSim) => {
    if (msg.type === "slots") {
      void seedSlots(msg.intervalSeconds).then((slots) => process.send?.({ type: "ready", slots } satisfies FromSim));
      return;
    }
    const o = msg.object;
    if (o.kind === "invoice") payInvoice(world, o.id);
    else if (o.kind === "cheque") redeemCheque(world, o.id, o.owner === redeemer ? other : redeemer);
    else fillOrder(world, o.id);
    process.send?.({ type: "changed", id: o.id } satisfies FromSim);
  });
  // Slots a month quiet, their polls spread over the fitted interval (idle ones over five times it),
  // written a batch at a time (three million rows at a million users are never in memory at once).
  async function seedSlots(intervalSeconds: number): Promise<number> {
    const now = Date.now();
    const monthAgo = now - 30 * 86_400_000;
    let count = 0;
    for (let i = 0; i < users.length; i += 500) {
      const batch = users.slice(i, i + 500).flatMap(({ userId }, j) =>
        KINDS.map((kind, k) => {
          const spread = (hasOpen(i + j, k) ? intervalSeconds : intervalSeconds * 5) * 1000;
          return { telegram_id: userId, kind, next_poll_at: Math.round(now + Math.random() * spread), active_at: monthAgo, baseline: 1 };
        }),
      );
      await storage.db.insertInto("watch_slots").values(batch).execute();
      count += batch.length;
    }
    await storage.close();
    return count;
  }
  process.on("disconnect", () => void sim.close().then(() => process.exit(0)));
  process.send?.({
    type: "seeded",
    baseUrls: { ...sim.baseUrls },
    users: users.length,
    objects: objects.length,
    openSlots,
    sample,
  } satisfies FromSim);
}

void main();
