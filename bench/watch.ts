/**
 * Notification watcher benchmark: USERS users (default 100,000) with 1–3 open objects each (active
 * invoices, active cheques, resting limit orders) in the in-process simulator (port 0, real HTTP),
 * their keys stored encrypted in SQLite (a temporary file). The watcher runs on the in-process
 * scheduler with the configured intervals; after a warm-up of one full interval, CHANGES_PER_SECOND
 * objects are changed from outside (paid, redeemed, filled) and each change is timed until its
 * notice reaches the outbox. Prints service calls per minute, change → notice latency p50/p95 and
 * peak RSS.
 *
 *   npm run bench:watch            USERS=20000 INTERVAL_SECONDS=30 npm run bench:watch
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pino from "pino";
import { createServiceFactory } from "../src/service/factory.js";
import { fillOrder } from "../src/simulator/exchange/control.js";
import { exchangeHandlers } from "../src/simulator/exchange/index.js";
import { payHandlers, payInvoice, redeemCheque } from "../src/simulator/pay/index.js";
import { startSimulator } from "../src/simulator/server.js";
import type { SimHandler } from "../src/simulator/types.js";
import { createStorage } from "../src/storage/index.js";
import { keyAad } from "../src/storage/key-crypto.js";
import { createKeyCipher } from "../src/storage/key-crypto.js";
import { createNotifications } from "../src/watch/index.js";
import { NOTICE_REF } from "../src/watch/notices.js";
import { timerScheduler } from "../src/watch/schedule.js";

const USERS = Number(process.env.USERS ?? 100_000);
const INTERVAL_SECONDS = Number(process.env.INTERVAL_SECONDS ?? 120);
const MEASURE_SECONDS = Number(process.env.MEASURE_SECONDS ?? INTERVAL_SECONDS * 1.5);
const CHANGES_PER_SECOND = Number(process.env.CHANGES_PER_SECOND ?? 20);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 64);

type Obj = { kind: "invoice" | "cheque" | "order"; id: string; owner: number };

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "watch-bench-"));
  let peakRss = process.memoryUsage().rss;
  const sim = await startSimulator({ port: 0 });
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    // The simulator logs every request for tests; a benchmark has no use for that memory.
    sim.sim.requests.clear();
  }, 100);
  const log = pino({ level: "warn" });
  const world = sim.sim.worlds.production;
  const encryption = randomBytes(32);
  const storage = await createStorage({
    databaseUrl: `sqlite:${join(dir, "bench.sqlite")}`,
    keyEncryptionKey: encryption,
    keyVersion: 1,
  });
  const cipher = createKeyCipher({ currentVersion: 1, keys: new Map([[1, encryption]]) });

  // ---- set-up: accounts, objects and stored keys, made in process (no HTTP) to keep set-up short
  const t0 = Date.now();
  const objects: Obj[] = [];
  const call = (h: SimHandler | undefined, input: object, owner: number) =>
    (h as SimHandler)({ operationId: "getHealth", input: input as never, account: world.accounts.get(owner), world }) as {
      invoiceId?: string;
      chequeId?: string;
      id?: string;
    };
  const rows: { telegram_id: number; network: string; key_ciphertext: string; key_nonce: string; key_tag: string; key_version: number; account_name: string; created_at: number; updated_at: number }[] = [];
  for (let i = 0; i < USERS; i++) {
    const { userId, keys } = sim.createAccount({ pay: { USDT: "100" }, trading: { USDT: "1000" } });
    const n = 1 + (i % 3);
    for (let k = 0; k < n; k++) {
      const kind = (["invoice", "cheque", "order"] as const)[(i + k) % 3]!;
      if (kind === "invoice") {
        const inv = call(payHandlers.createInvoice, { clientInvoiceId: `b${i}-${k}`, asset: "USDT", amount: "5" }, userId);
        objects.push({ kind, id: inv.invoiceId!, owner: userId });
      } else if (kind === "cheque") {
        const c = call(payHandlers.createCheque, { clientChequeId: `b${i}-${k}`, asset: "USDT", amount: "1" }, userId);
        objects.push({ kind, id: c.chequeId!, owner: userId });
      } else {
        const o = call(
          exchangeHandlers.placeOrder,
          { clientOrderId: `b${i}-${k}`, symbol: "TONCOIN-USDT", side: "buy", type: "limit", timeInForce: "GTC", size: "1", price: "1" },
          userId,
        );
        objects.push({ kind, id: o.id!, owner: userId });
      }
    }
    const sealed = cipher.encrypt(keys.production, keyAad(userId, "production"));
    rows.push({
      telegram_id: userId,
      network: "production",
      key_ciphertext: sealed.ciphertext.toString("base64"),
      key_nonce: sealed.nonce.toString("base64"),
      key_tag: sealed.tag.toString("base64"),
      key_version: 1,
      account_name: "bench",
      created_at: t0,
      updated_at: t0,
    });
    if (rows.length === 500 || i === USERS - 1) {
      await storage.db.insertInto("users").values(rows).execute();
      rows.length = 0;
    }
  }

  const handed = new Map<string, number>();
  const services = createServiceFactory(
    {
      EXCHANGE_BASE_URL: sim.baseUrls.exchange,
      PAY_BASE_URL: sim.baseUrls.pay,
      EXCHANGE_TESTNET_BASE_URL: sim.baseUrls.exchangeTestnet,
      PAY_TESTNET_BASE_URL: sim.baseUrls.payTestnet,
      SERVICE_TIMEOUT_MS: 15_000,
    },
    { logger: log },
  );
  const notifications = createNotifications({
    storage,
    services,
    // The outbox stand-in records when each notice is handed over (Telegram is not part of this measure).
    outbox: {
      async write(_trx, messages) {
        for (const m of messages) handed.set(String(m.ref).slice(NOTICE_REF.length).split(":")[1] ?? "", Date.now());
      },
      kick() {},
    },
    translatorFor: async () => (key) => key,
    log,
    config: {
      WATCH_MIN_INTERVAL_SECONDS: 10,
      WATCH_MAX_INTERVAL_SECONDS: INTERVAL_SECONDS,
      WATCH_IDLE_INTERVAL_SECONDS: INTERVAL_SECONDS * 5,
      WATCH_USER_CALLS_PER_MINUTE: 20,
      WATCH_CONCURRENCY: CONCURRENCY,
      ALERT_INTERVAL_SECONDS: 15,
      ALERT_REPEAT_MIN_GAP_SECONDS: 300,
      CALLBACK_PUBLIC_URL: undefined,
      CALLBACK_MAX_AGE_SECONDS: 300,
    },
  });
  // Steady state: objects are old (polled at the longest interval), first polls spread over one interval.
  const now = Date.now();
  await notifications.store.syncSlots(now);
  const slots = await storage.db.selectFrom("watch_slots").select(["telegram_id", "kind"]).execute();
  const openKinds = new Set(objects.map((o) => `${o.owner}:${o.kind}`));
  await storage.db.transaction().execute(async (trx) => {
    for (const s of slots) {
      const idle = !openKinds.has(`${s.telegram_id}:${s.kind}`);
      await trx
        .updateTable("watch_slots")
        .set({
          active_at: now - 30 * 86_400_000,
          next_poll_at: Math.round(now + Math.random() * (idle ? INTERVAL_SECONDS * 5 : INTERVAL_SECONDS) * 1000),
        })
        .where("telegram_id", "=", s.telegram_id)
        .where("kind", "=", s.kind)
        .execute();
    }
  });
  const setupSeconds = (Date.now() - t0) / 1000;
  console.log(`set-up: ${USERS} users, ${objects.length} open objects, ${slots.length} slots in ${setupSeconds.toFixed(1)} s`);

  const scheduler = timerScheduler(log);
  scheduler.every("watch-round", 1000, () => notifications.watcher.round());
  scheduler.every("notices", 250, () => notifications.sender.drain());

  // Warm-up: one interval, so every open object has been seen once.
  await sleep(INTERVAL_SECONDS * 1000 + 10_000);
  const callsAtStart = notifications.watcher.calls;
  const started = Date.now();
  const changed = new Map<string, number>();
  const pool = objects.filter(() => true);
  while (Date.now() - started < MEASURE_SECONDS * 1000) {
    for (let k = 0; k < CHANGES_PER_SECOND && pool.length > 0; k++) {
      const o = pool.splice(Math.floor(Math.random() * pool.length), 1)[0]!;
      if (o.kind === "invoice") payInvoice(world, o.id);
      else if (o.kind === "cheque") redeemCheque(world, o.id, o.owner === 1001 ? 1002 : 1001);
      else fillOrder(world, o.id);
      changed.set(o.id, Date.now());
    }
    await sleep(1000);
  }
  const elapsedMin = (Date.now() - started) / 60_000;
  const calls = notifications.watcher.calls - callsAtStart;
  // Let the last changes be seen (one interval at most).
  const deadline = Date.now() + (INTERVAL_SECONDS + 5) * 1000;
  while (Date.now() < deadline && [...changed.keys()].some((id) => !handed.has(id))) await sleep(500);
  await scheduler.stop();

  const latencies = [...changed].filter(([id]) => handed.has(id)).map(([id, at]) => (handed.get(id) as number) - at).sort((a, b) => a - b);
  const pct = (p: number) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]! / 1000 : NaN);
  console.log(`watch benchmark: ${USERS} users, ${objects.length} open objects, longest interval ${INTERVAL_SECONDS} s`);
  console.log(`  service calls per minute: ${Math.round(calls / elapsedMin)} (bound: ${USERS} users × 20 per minute each; ${slots.length} slots)`);
  const missed = objects.filter((o) => changed.has(o.id) && !handed.has(o.id));
  console.log(`  changes: ${changed.size}, announced: ${latencies.length}, missed: ${missed.length}`);
  if (process.env.DEBUG_MISSED) console.log(missed.slice(0, 5));
  console.log(`  change → notice latency: p50 ${pct(50).toFixed(1)} s, p95 ${pct(95).toFixed(1)} s, max ${pct(100).toFixed(1)} s (target p95 ≤ ${INTERVAL_SECONDS + 1} s)`);
  console.log(`  peak RSS: ${Math.round(peakRss / 1024 / 1024)} MB`);
  clearInterval(sampler);
  await storage.close();
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
