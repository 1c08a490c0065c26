/**
 * Notification watcher benchmark: USERS users (default 100,000) with 1–3 open objects each (active
 * invoices, active cheques, resting limit orders) in the simulator, their keys stored encrypted in the
 * bot's database, the watcher's last-seen state as after it has run a while (every object seen,
 * objects a month old, so polled at the longest interval, polls spread over it). The simulator and
 * that set-up run in a child process (bench/watch-sim.ts); WATCHERS watcher processes
 * (bench/watch-worker.ts, default 1) share the users as bot instances do (a lease each, every one
 * polls its part and spends its part of the call budget), real HTTP on loopback. With more than one
 * the database is PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL; a fresh schema, dropped
 * afterwards); with one it is a temporary SQLite file unless BENCH_DATABASE_URL is set. For
 * MEASURE_SECONDS, CHANGES_PER_SECOND random objects are changed (paid, redeemed, filled) and each
 * change is timed until its notice reaches the outbox. The configuration is the bot's defaults
 * (longest interval INTERVAL_SECONDS 300, idle five times that, CALLS_PER_MINUTE 60,000 for all
 * instances together, CONCURRENCY 32 per instance); the intervals are fitted to the call budget as
 * the bot fits them. Prints service calls per minute measured against the configured bound, the
 * changes announced (once each), change → notice latency p50/p95/max, and the peak RSS of each
 * watcher process while watching, and the largest. A child process that dies fails the benchmark.
 *
 *   npm run bench:watch            WATCHERS=3 USERS=200000 npm run bench:watch
 */
import { type ChildProcess, fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import pino from "pino";
import { Watcher, type WatcherDeps } from "../src/notifications/watcher.js";
import type { BenchObject, FromSim, ToSim } from "./watch-sim.js";
import type { FromWorker, ToWorker } from "./watch-worker.js";

const USERS = Number(process.env.USERS ?? 100_000);
const WATCHERS = Number(process.env.WATCHERS ?? 1);
const INTERVAL_SECONDS = Number(process.env.INTERVAL_SECONDS ?? 300);
const MEASURE_SECONDS = Number(process.env.MEASURE_SECONDS ?? 60);
const CHANGES_PER_SECOND = Number(process.env.CHANGES_PER_SECOND ?? 20);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 32);
const CALLS_PER_USER = 20;
const CALLS_PER_MINUTE = Number(process.env.CALLS_PER_MINUTE ?? 60_000);
/** Peak RSS each watcher process must stay within (MB). */
const RSS_TARGET_MB = 300;

/** The children; one that exits before the benchmark ends it fails the benchmark instead of leaving it waiting. */
const children = new Set<ChildProcess>();
let finishing = false;

function fail(message: string): never {
  console.error(`watch benchmark failed: ${message}`);
  for (const c of children) c.kill("SIGKILL");
  process.exit(1);
}

/** Forks a child whose death fails the benchmark; returns a way to await its next message of a type. */
function child<In extends { type: string }>(name: string, script: string, env: Record<string, string>, onMessage?: (m: In) => boolean) {
  // Run as TypeScript or compiled to JavaScript (npm run bench:watch: no tsx loader thread in the processes).
  const compiled = import.meta.url.endsWith(".js");
  const proc = fork(new URL(compiled ? `./${script}.js` : `./${script}.ts`, import.meta.url).pathname, [], {
    execArgv: compiled ? process.execArgv : ["--import", "tsx"],
    env: { ...process.env, ...env },
  });
  children.add(proc);
  proc.on("exit", (code, signal) => {
    children.delete(proc);
    if (!finishing) fail(`the ${name} process exited (${signal ?? `code ${code}`}) before the benchmark ended; see its output above`);
  });
  const waiting: ((m: In) => void)[] = [];
  proc.on("message", (m: In) => {
    if (!onMessage?.(m)) waiting.shift()?.(m);
  });
  const reply = <T extends In["type"]>(type: T) =>
    new Promise<Extract<In, { type: T }>>((resolve, reject) =>
      waiting.push((m) => (m.type === type ? resolve(m as Extract<In, { type: T }>) : reject(new Error(`${name}: expected ${type}, got ${m.type}`)))),
    );
  return { proc, reply };
}

async function main(): Promise<void> {
  const t0 = Date.now();
  const dir = mkdtempSync(join(tmpdir(), "watch-bench-"));
  const pgUrl = process.env.BENCH_DATABASE_URL ?? (WATCHERS > 1 ? process.env.TEST_DATABASE_URL : undefined);
  if (WATCHERS > 1 && pgUrl === undefined) fail("several watcher processes share a PostgreSQL database: set BENCH_DATABASE_URL");
  const schema = pgUrl ? `watch_bench_${randomBytes(4).toString("hex")}` : undefined;
  if (pgUrl && schema) await pgExec(pgUrl, `create schema ${schema}`);
  const database = { BENCH_DB_URL: pgUrl ?? `sqlite:${join(dir, "bench.sqlite")}`, ...(schema ? { BENCH_DB_SCHEMA: schema } : {}) };
  const encryption = randomBytes(32).toString("hex");

  const changedAt = new Map<string, number>();
  const sim = child<FromSim>(
    "simulator",
    "watch-sim",
    { USERS: String(USERS), SAMPLE: String(CHANGES_PER_SECOND * MEASURE_SECONDS), BENCH_KEY: encryption, ...database },
    (m) => {
      if (m.type !== "changed") return false;
      changedAt.set(m.id, Date.now());
      return true;
    },
  );
  const seeded = await sim.reply("seeded");
  const { baseUrls, openSlots } = seeded;
  const pool: BenchObject[] = seeded.sample;

  // The intervals as every instance fits them to the whole budget: the polls are spread over them.
  const options = {
    minIntervalMs: 10_000,
    maxIntervalMs: INTERVAL_SECONDS * 1000,
    idleIntervalMs: INTERVAL_SECONDS * 5000,
    userCallsPerMinute: CALLS_PER_USER,
    callsPerMinute: CALLS_PER_MINUTE,
    concurrency: CONCURRENCY,
    batch: 2000,
  };
  const fitter = new Watcher({ log: pino({ level: "silent" }), now: Date.now, options } as unknown as WatcherDeps);
  const counts = { slots: seeded.users * 3, open: openSlots };
  const stretch = fitter.fitIntervals(counts);
  const interval = INTERVAL_SECONDS * stretch;
  const waitSlots = sim.reply("ready");
  sim.proc.send({ type: "slots", intervalSeconds: interval } satisfies ToSim);
  const slotCount = (await waitSlots).slots;
  console.log(`set-up: ${USERS} users, ${seeded.objects} open objects, ${slotCount} slots in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  // Notices handed over, per object: when the first was, and how many there were (more than one: told twice).
  const handed = new Map<string, { at: number; times: number }>();
  const workers = Array.from({ length: WATCHERS }, (_, i) =>
    child<FromWorker>(
      `watcher ${i}`,
      "watch-worker",
      {
        ...database,
        BENCH_KEY: encryption,
        BENCH_INDEX: String(i),
        BENCH_DRAIN: i === 0 ? "1" : "0",
        BENCH_BASE_URLS: JSON.stringify(baseUrls),
        INTERVAL_SECONDS: String(INTERVAL_SECONDS),
        CALLS_PER_USER: String(CALLS_PER_USER),
        CALLS_PER_MINUTE: String(CALLS_PER_MINUTE),
        CONCURRENCY: String(CONCURRENCY),
      },
      (m) => {
        if (m.type !== "handed") return false;
        for (const [id, at] of m.notices) {
          const seen = handed.get(id);
          if (seen) seen.times++;
          else handed.set(id, { at, times: 1 });
        }
        return true;
      },
    ),
  );
  await Promise.all(workers.map((w) => w.reply("ready")));
  const placed = workers.map((w) => w.reply("placed"));
  for (const w of workers) w.proc.send({ type: "start", counts } satisfies ToWorker);
  // Each placed itself as it started; the live set is complete once every one has renewed after all started.
  await Promise.all(placed);
  const started = Date.now();

  while (Date.now() - started < MEASURE_SECONDS * 1000) {
    for (let k = 0; k < CHANGES_PER_SECOND && pool.length > 0; k++) {
      const object = pool.pop()!;
      sim.proc.send({ type: "change", object } satisfies ToSim);
    }
    await sleep(1000);
  }
  // Let the last changes be seen: one (fitted) interval at most, plus a little.
  const deadline = Date.now() + (interval + 5) * 1000;
  while (Date.now() < deadline && [...changedAt.keys()].some((id) => !handed.has(id))) await sleep(500);
  const done = workers.map((w) => w.reply("done"));
  finishing = true;
  for (const w of workers) w.proc.send({ type: "stop" } satisfies ToWorker);
  const reports = await Promise.all(done);
  const elapsedMin = (Date.now() - started) / 60_000;

  const latencies = [...changedAt]
    .filter(([id]) => handed.has(id))
    .map(([id, at]) => handed.get(id)!.at - at)
    .sort((a, b) => a - b);
  const twice = [...handed.values()].filter((h) => h.times > 1).length;
  const pct = (p: number) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]! / 1000 : Number.NaN);
  const calls = reports.reduce((sum, r) => sum + r.calls, 0);
  const largest = Math.max(...reports.map((r) => r.peakRss));
  console.log(
    `watch benchmark: ${USERS} users over ${WATCHERS} watcher process${WATCHERS === 1 ? "" : "es"} (${schema ? "PostgreSQL" : "SQLite"}), ` +
      `${seeded.objects} open objects, ${openSlots} slots with something open, longest interval ${INTERVAL_SECONDS} s configured, ` +
      `${interval.toFixed(0)} s fitted to ${CALLS_PER_MINUTE} calls a minute (×${stretch.toFixed(2)})`,
  );
  const needed = fitter.callsNeeded({ slots: slotCount, open: openSlots });
  console.log(
    `  service calls per minute: ${Math.round(calls / elapsedMin)} measured, all processes together; bound by configuration: at most ` +
      `${CALLS_PER_MINUTE} in all (WATCH_CALLS_PER_MINUTE), ${CALLS_PER_USER} per user; these slots need about ` +
      `${Math.round(needed)} at the configured intervals, ${Math.round(needed / stretch)} at the fitted ones`,
  );
  console.log(`  changes: ${changedAt.size}, announced: ${latencies.length}, missed: ${changedAt.size - latencies.length}, announced more than once: ${twice}`);
  console.log(`  change → notice latency: p50 ${pct(50).toFixed(1)} s, p95 ${pct(95).toFixed(1)} s, max ${pct(100).toFixed(1)} s (target p95 ≤ ${(interval + 1).toFixed(0)} s)`);
  reports.forEach((r, i) =>
    console.log(
      `  watcher ${i} (share ${r.share}${i === 0 ? ", hands notices over" : ""}): ${Math.round((r.calls / elapsedMin))} calls a minute, ` +
        `peak RSS ${mb(r.peakRss)} MB (V8 heap in use at most ${mb(r.peakHeap)} MB); after set-up ${mb(r.setupRss)} MB`,
    ),
  );
  console.log(`  largest peak RSS of a watcher process: ${mb(largest)} MB (target ≤ ${RSS_TARGET_MB} MB)`);
  sim.proc.disconnect();
  if (pgUrl && schema) await pgExec(pgUrl, `drop schema ${schema} cascade`);
  rmSync(dir, { recursive: true, force: true });
}

async function pgExec(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

main().catch((err: unknown) => fail(err instanceof Error ? (err.stack ?? err.message) : String(err)));
