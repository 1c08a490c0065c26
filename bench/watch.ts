/**
 * Notification watcher benchmark: USERS users (default 100,000) with 1–3 open objects each (active
 * invoices, active cheques, resting limit orders) in the simulator, their keys stored encrypted in
 * SQLite (a temporary file), the watcher's last-seen state as after it has run a while (every object
 * seen, objects a month old, so polled at the longest interval, polls spread over it). The simulator
 * and that set-up run in a child process (bench/watch-sim.ts), so this process is the bot's alone:
 * the watcher and the notice sender on the in-process scheduler, real HTTP on loopback. For
 * MEASURE_SECONDS, CHANGES_PER_SECOND random objects are changed (paid, redeemed, filled) and each
 * change is timed until its notice reaches the outbox. The configuration is the bot's defaults
 * (longest interval INTERVAL_SECONDS 300, idle five times that, CALLS_PER_MINUTE 60,000, CONCURRENCY
 * 32); the intervals are fitted to the call budget as the bot fits them. Prints service calls per
 * minute measured against the configured bound, change → notice latency p50/p95/max, and the peak
 * RSS of this process while watching, with its parts when it peaked. VERBOSE=1 prints memory every
 * 5 s; ALLOC_PROFILE=1 the top allocation sites (garbage included); HEAP_SNAPSHOT=1 writes a snapshot.
 *
 *   npm run bench:watch            USERS=20000 INTERVAL_SECONDS=60 CALLS_PER_MINUTE=30000 npm run bench:watch
 */
import { fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { Session } from "node:inspector";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { getHeapSpaceStatistics, writeHeapSnapshot } from "node:v8";
import pino from "pino";
import { noticeButtons } from "../src/bot/notice-buttons.js";
import { createNotifications } from "../src/notifications/index.js";
import { NOTICE_REF } from "../src/notifications/notices.js";
import { timerScheduler } from "../src/notifications/schedule.js";
import { createServiceFactory } from "../src/service/factory.js";
import { createStorage } from "../src/storage/index.js";
import type { BenchObject, FromSim, ToSim } from "./watch-sim.js";

const USERS = Number(process.env.USERS ?? 100_000);
const INTERVAL_SECONDS = Number(process.env.INTERVAL_SECONDS ?? 300);
const MEASURE_SECONDS = Number(process.env.MEASURE_SECONDS ?? 60);
const CHANGES_PER_SECOND = Number(process.env.CHANGES_PER_SECOND ?? 20);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 32);
const CALLS_PER_USER = 20;
const CALLS_PER_MINUTE = Number(process.env.CALLS_PER_MINUTE ?? 60_000);

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "watch-bench-"));
  let peakRss = process.memoryUsage().rss;
  let peakHeap = 0;
  // The parts of memory at the moment RSS peaked: where the memory beyond the live heap sits.
  let atPeak: NodeJS.MemoryUsage | undefined;
  let samples = 0;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    samples++;
    if (m.rss > peakRss) atPeak = m;
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
    if (process.env.VERBOSE && samples % 50 === 0) {
      const spaces = Object.fromEntries(getHeapSpaceStatistics().map((sp) => [sp.space_name, mb(sp.space_size)]));
      console.error(JSON.stringify({ ...mbOf(m), spaces }));
    }
  }, 100);
  const log = pino({ level: "warn" });
  const t0 = Date.now();

  // The simulator and the set-up run in a child process; this one is the bot's alone.
  const databasePath = join(dir, "bench.sqlite");
  const encryption = randomBytes(32);
  // Run as TypeScript (npm run bench:watch) or compiled to JavaScript (no tsx loader thread in the process).
  const compiled = import.meta.url.endsWith(".js");
  const child = fork(new URL(compiled ? "./watch-sim.js" : "./watch-sim.ts", import.meta.url).pathname, [], {
    execArgv: compiled ? [] : ["--import", "tsx"],
    env: {
      ...process.env,
      USERS: String(USERS),
      SAMPLE: String(CHANGES_PER_SECOND * MEASURE_SECONDS),
      BENCH_DB: databasePath,
      BENCH_KEY: encryption.toString("hex"),
    },
  });
  const changedAt = new Map<string, number>();
  const replies: ((m: FromSim) => void)[] = [];
  child.on("message", (m: FromSim) => {
    if (m.type === "changed") changedAt.set(m.id, Date.now());
    else replies.shift()?.(m);
  });
  const reply = <T extends FromSim["type"]>(type: T) =>
    new Promise<Extract<FromSim, { type: T }>>((resolve, reject) =>
      replies.push((m) => (m.type === type ? resolve(m as Extract<FromSim, { type: T }>) : reject(new Error(`expected ${type}, got ${m.type}`)))),
    );
  const seeded = await reply("seeded");
  const { baseUrls, openSlots } = seeded;
  const objectCount = seeded.objects;
  const pool: BenchObject[] = seeded.sample;

  const storage = await createStorage({ databaseUrl: `sqlite:${databasePath}`, keyEncryptionKey: encryption, keyVersion: 1 });
  const handed = new Map<string, number>();
  const services = createServiceFactory(
    { EXCHANGE_BASE_URL: baseUrls.exchange!, PAY_BASE_URL: baseUrls.pay!, EXCHANGE_TESTNET_BASE_URL: baseUrls.exchangeTestnet!, PAY_TESTNET_BASE_URL: baseUrls.payTestnet!, SERVICE_TIMEOUT_MS: 15_000 },
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
    noticeButtons,
    translatorFor: async () => (key) => key,
    log,
    config: {
      WATCH_MIN_INTERVAL_SECONDS: 10,
      WATCH_MAX_INTERVAL_SECONDS: INTERVAL_SECONDS,
      WATCH_IDLE_INTERVAL_SECONDS: INTERVAL_SECONDS * 5,
      WATCH_USER_CALLS_PER_MINUTE: CALLS_PER_USER,
      WATCH_CALLS_PER_MINUTE: CALLS_PER_MINUTE,
      WATCH_CONCURRENCY: CONCURRENCY,
      ALERT_INTERVAL_SECONDS: 15,
      ALERT_REPEAT_MIN_GAP_SECONDS: 300,
      CALLBACK_PUBLIC_URL: undefined,
      CALLBACK_MAX_AGE_SECONDS: 300,
    },
  });
  // The watcher's intervals as fitted to its call budget (the bot does this every minute): polls spread over them.
  const stretch = notifications.watcher.fitIntervals({ slots: seeded.users * 3, open: openSlots });
  const interval = INTERVAL_SECONDS * stretch;
  const waitSlots = reply("ready");
  child.send({ type: "slots", intervalSeconds: interval } satisfies ToSim);
  const slotCount = (await waitSlots).slots;
  console.log(`set-up: ${USERS} users, ${objectCount} open objects, ${slotCount} slots in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const setupRss = peakRss;
  atPeak = process.memoryUsage();
  peakRss = atPeak.rss;
  peakHeap = atPeak.heapUsed;

  const scheduler = timerScheduler(log);
  scheduler.every("watch-round", 1000, () => notifications.watcher.round());
  scheduler.every("notices", 250, () => notifications.sender.drain());

  const profiler = process.env.ALLOC_PROFILE ? await startAllocationProfile() : undefined;
  const started = Date.now();
  while (Date.now() - started < MEASURE_SECONDS * 1000) {
    for (let k = 0; k < CHANGES_PER_SECOND && pool.length > 0; k++) {
      const object = pool.pop()!;
      child.send({ type: "change", object } satisfies ToSim);
    }
    await sleep(1000);
  }
  const elapsedMin = (Date.now() - started) / 60_000;
  if (process.env.HEAP_SNAPSHOT) console.error(`heap snapshot: ${writeHeapSnapshot()}`);
  if (profiler) console.error(await profiler.stop());
  const calls = notifications.watcher.calls;
  // Let the last changes be seen: one (fitted) interval at most, plus a little.
  const deadline = Date.now() + (interval + 5) * 1000;
  while (Date.now() < deadline && [...changedAt.keys()].some((id) => !handed.has(id))) await sleep(500);
  await scheduler.stop();

  const latencies = [...changedAt].filter(([id]) => handed.has(id)).map(([id, at]) => (handed.get(id) as number) - at).sort((a, b) => a - b);
  const pct = (p: number) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]! / 1000 : Number.NaN);
  const activeSlots = openSlots;
  console.log(
    `watch benchmark: ${USERS} users, ${objectCount} open objects, ${activeSlots} slots with something open, ` +
      `longest interval ${INTERVAL_SECONDS} s configured, ${interval.toFixed(0)} s fitted to ${CALLS_PER_MINUTE} calls a minute (×${stretch.toFixed(2)})`,
  );
  const needed = notifications.watcher.callsNeeded({ slots: slotCount, open: activeSlots });
  console.log(
    `  service calls per minute: ${Math.round(calls / elapsedMin)} measured; bound by configuration: at most ` +
      `${CALLS_PER_MINUTE} in all (WATCH_CALLS_PER_MINUTE), ${CALLS_PER_USER} per user; these slots need about ` +
      `${Math.round(needed)} at the configured intervals, ${Math.round(needed / stretch)} at the fitted ones`,
  );
  console.log(`  changes: ${changedAt.size}, announced: ${latencies.length}, missed: ${changedAt.size - latencies.length}`);
  console.log(`  change → notice latency: p50 ${pct(50).toFixed(1)} s, p95 ${pct(95).toFixed(1)} s, max ${pct(100).toFixed(1)} s (target p95 ≤ ${(interval + 1).toFixed(0)} s)`);
  console.log(`  peak RSS of the bot process while watching: ${mb(peakRss)} MB (V8 heap in use at most ${mb(peakHeap)} MB); during set-up: ${mb(setupRss)} MB`);
  console.log(`  memory when RSS peaked (MB): ${JSON.stringify(mbOf(atPeak ?? process.memoryUsage()))}`);
  clearInterval(sampler);
  child.disconnect();
  await storage.close();
  rmSync(dir, { recursive: true, force: true });
}

/**
 * Samples allocations during the measure, garbage included (what makes the heap grow between
 * collections), and sums them per function: the top allocation sites, printed with ALLOC_PROFILE=1.
 */
async function startAllocationProfile(): Promise<{ stop(): Promise<string> }> {
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) => session.post(method, params, (err, r) => (err ? reject(err) : resolve(r))));
  await post("HeapProfiler.startSampling", {
    samplingInterval: 32_768,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  type Node = { callFrame: { functionName: string; url: string; lineNumber: number }; selfSize: number; children: Node[] };
  return {
    async stop() {
      const { profile } = (await post("HeapProfiler.stopSampling")) as { profile: { head: Node } };
      const bySite = new Map<string, number>();
      let total = 0;
      const walk = (n: Node) => {
        const f = n.callFrame;
        const site = `${f.functionName || "(anonymous)"} ${f.url.replace(/^.*node_modules\//, "").replace(/^.*wt14\//, "")}:${f.lineNumber}`;
        bySite.set(site, (bySite.get(site) ?? 0) + n.selfSize);
        total += n.selfSize;
        n.children.forEach(walk);
      };
      walk(profile.head);
      session.disconnect();
      const top = [...bySite].sort((a, b) => b[1] - a[1]).slice(0, 40);
      return [`allocated ${mb(total)} MB sampled`, ...top.map(([site, bytes]) => `${mb(bytes).toString().padStart(6)} MB  ${site}`)].join("\n");
    },
  };
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const mbOf = (m: NodeJS.MemoryUsage) => Object.fromEntries(Object.entries(m).map(([k, v]) => [k, mb(v)]));

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
