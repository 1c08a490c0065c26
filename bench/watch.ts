/**
 * Notification watcher benchmark: USERS users (default 100,000) with 1–3 open objects each (active
 * invoices, active cheques, resting limit orders) in the simulator, their keys stored encrypted in the
 * bot's database, the watcher's last-seen state as after it has run a while (every object seen,
 * objects a month old, so polled at the longest interval, polls spread over it). The simulator and
 * that set-up run in a child process (bench/watch-sim.ts; its accounts are made when first polled);
 * WATCHERS watcher processes (bench/watch-worker.ts; default one per 250,000 users) share the users as
 * bot instances do (a lease each, every one polls its part and spends its part of the call budget),
 * real HTTP on loopback. With more than one the database is PostgreSQL (BENCH_DATABASE_URL, else
 * TEST_DATABASE_URL; a fresh schema, dropped afterwards); with one it is a temporary SQLite file unless
 * BENCH_DATABASE_URL is set. The configuration is the bot's defaults (longest interval INTERVAL_SECONDS
 * 300, idle five times that, CALLS_PER_MINUTE 60,000 for all instances together, CONCURRENCY 32 per
 * instance); the intervals are fitted to the call budget as the bot fits them.
 *
 * For MEASURE_SECONDS, CHANGES_PER_SECOND random objects are changed (paid, redeemed, filled) and each
 * change is timed until its notice reaches the outbox. When the fitted interval is short enough to wait
 * for (at most MAX_WAIT_SECONDS, 600), the run waits up to one interval after the last change: the
 * changes are at random points of their slots' intervals, and the latency is the whole story. Otherwise
 * (a million users at the default budget: about 2,750 s) the run lasts a window of WINDOW_SECONDS (240)
 * from when the watchers start, and the changes are made to random objects whose slot's poll falls due
 * in it; every change → notice time is then shorter than the window, so the run also prints how late
 * each notice came after its poll fell due, the part of the latency that is the watcher's doing.
 *
 * Prints service calls per minute measured against the configured bound, the changes announced (once
 * each), change → notice latency p50/p95/max, and the peak RSS of each watcher process while watching,
 * and the largest. A child process that dies, or does not answer in time, fails the benchmark.
 *
 *   npm run bench:watch            WATCHERS=3 USERS=200000 npm run bench:watch
 *   USERS=1000000 npm run bench:watch      (four watcher processes, PostgreSQL, a 240 s window)
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
import type { FromSim, ToSim } from "./watch-sim.js";
import type { FromWorker, ToWorker } from "./watch-worker.js";

const USERS = Number(process.env.USERS ?? 100_000);
const WATCHERS = Number(process.env.WATCHERS ?? Math.max(1, Math.ceil(USERS / 250_000)));
const INTERVAL_SECONDS = Number(process.env.INTERVAL_SECONDS ?? 300);
const MEASURE_SECONDS = Number(process.env.MEASURE_SECONDS ?? 60);
const CHANGES_PER_SECOND = Number(process.env.CHANGES_PER_SECOND ?? 20);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 32);
const CALLS_PER_USER = 20;
const CALLS_PER_MINUTE = Number(process.env.CALLS_PER_MINUTE ?? 60_000);
/** The longest fitted interval the run waits out after its last change; past it, a window. */
const MAX_WAIT_SECONDS = Number(process.env.MAX_WAIT_SECONDS ?? 600);
const WINDOW_SECONDS = process.env.WINDOW_SECONDS === undefined ? undefined : Number(process.env.WINDOW_SECONDS);
/** In a window, changes are made to objects whose poll falls due at least this long after the change. */
const LEAD_MS = 2000;
/** After a window, how long notices of its changes are still waited for (those later count as missed). */
const GRACE_MS = 60_000;
/** Peak RSS each watcher process must stay within (MB). */
const RSS_TARGET_MB = 300;
/** How long the set-up (the database written by the simulator child) may take before the benchmark gives up. */
const SETUP_TIMEOUT_MS = Number(process.env.SETUP_TIMEOUT_SECONDS ?? 1800) * 1000;
/** How long any other answer of a child may take. */
const ANSWER_TIMEOUT_MS = 120_000;

/** The children; one that exits before it was done, or does not answer in time, fails the benchmark instead of leaving it waiting. */
const children = new Set<ChildProcess>();

/** What a failed run still undoes (the PostgreSQL schema it made). */
let cleanup: (() => Promise<void>) | undefined;
let failed = false;

/** Stops the run: the children killed, the clean-up done (ten seconds at most), exit code 1. */
function fail(message: string): void {
  if (failed) return;
  failed = true;
  console.error(`watch benchmark failed: ${message}`);
  for (const c of children) c.kill("SIGKILL");
  const exit = () => process.exit(1);
  setTimeout(exit, 10_000);
  void (cleanup?.() ?? Promise.resolve()).catch(() => undefined).finally(exit);
}

/** Forks a child whose death fails the benchmark (until `done`); `reply` awaits its next message of a type, within a time. */
function child<In extends { type: string }>(name: string, script: string, env: Record<string, string>, onMessage?: (m: In) => boolean) {
  // Run as TypeScript or compiled to JavaScript (npm run bench:watch: no tsx loader thread in the processes).
  const compiled = import.meta.url.endsWith(".js");
  const proc = fork(new URL(compiled ? `./${script}.js` : `./${script}.ts`, import.meta.url).pathname, [], {
    execArgv: compiled ? process.execArgv : ["--import", "tsx"],
    env: { ...process.env, ...env },
  });
  children.add(proc);
  let expected = false;
  proc.on("exit", (code, signal) => {
    children.delete(proc);
    if (!expected) fail(`the ${name} process exited (${signal ?? `code ${code}`}) before the benchmark was done with it; see its output above`);
  });
  const waiting: ((m: In) => void)[] = [];
  proc.on("message", (m: In) => {
    if (!onMessage?.(m)) waiting.shift()?.(m);
  });
  const reply = <T extends In["type"]>(type: T, timeoutMs = ANSWER_TIMEOUT_MS) =>
    new Promise<Extract<In, { type: T }>>((resolve, reject) => {
      const timer = setTimeout(() => fail(`the ${name} process sent no "${type}" within ${timeoutMs / 1000} s`), timeoutMs);
      waiting.push((m) => {
        clearTimeout(timer);
        if (m.type === type) resolve(m as Extract<In, { type: T }>);
        else reject(new Error(`${name}: expected ${type}, got ${m.type}`));
      });
    });
  /** From now on its exit is expected. */
  const done = () => {
    expected = true;
  };
  return { proc, reply, done };
}

async function main(): Promise<void> {
  const t0 = Date.now();
  const dir = mkdtempSync(join(tmpdir(), "watch-bench-"));
  const pgUrl = process.env.BENCH_DATABASE_URL ?? (WATCHERS > 1 ? process.env.TEST_DATABASE_URL : undefined);
  if (WATCHERS > 1 && pgUrl === undefined) throw new Error("several watcher processes share a PostgreSQL database: set BENCH_DATABASE_URL");
  const schema = pgUrl ? `watch_bench_${randomBytes(4).toString("hex")}` : undefined;
  if (pgUrl && schema) await pgExec(pgUrl, `create schema ${schema}`);
  cleanup = async () => {
    if (pgUrl && schema) await pgExec(pgUrl, `drop schema if exists ${schema} cascade`);
    rmSync(dir, { recursive: true, force: true });
  };
  const database = { BENCH_DB_URL: pgUrl ?? `sqlite:${join(dir, "bench.sqlite")}`, ...(schema ? { BENCH_DB_SCHEMA: schema } : {}) };
  const encryption = randomBytes(32).toString("hex");

  /** Changes made: when (as the parent heard of it), and when the changed object's slot falls due. */
  const changedAt = new Map<string, { at: number; due: number }>();
  let short = 0;
  const sim = child<FromSim>("simulator", "watch-sim", { USERS: String(USERS), BENCH_KEY: encryption, ...database }, (m) => {
    if (m.type === "changed") changedAt.set(m.id, { at: Date.now(), due: m.due });
    else if (m.type === "short") short += m.wanted - m.found;
    else return false;
    return true;
  });
  const counted = await sim.reply("counts");
  const { baseUrls, openSlots } = counted;

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
  const counts = { slots: counted.users * 3, open: openSlots };
  const stretch = fitter.fitIntervals(counts);
  const interval = INTERVAL_SECONDS * stretch;
  const window = WINDOW_SECONDS ?? (interval > MAX_WAIT_SECONDS ? 240 : undefined);
  if (window !== undefined && window < MEASURE_SECONDS + 10) throw new Error(`WINDOW_SECONDS (${window}) must exceed MEASURE_SECONDS (${MEASURE_SECONDS}) by 10 s at least`);
  const waitSlots = sim.reply("ready", SETUP_TIMEOUT_MS);
  sim.proc.send({ type: "slots", intervalSeconds: interval } satisfies ToSim);
  const seeded = await waitSlots;
  console.log(
    `set-up: ${USERS} users, ${counted.objects} open objects, ${seeded.slots} slots written in ${seeded.seconds.toFixed(1)} s ` +
      `(${((Date.now() - t0) / 1000).toFixed(1)} s in all)`,
  );

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
  // The first polls fall due from `base` on (the set-up's estimate of when it would be done).
  const idleStart = Math.max(0, seeded.base - Date.now());
  await sleep(idleStart);
  const started = Date.now();
  const windowEnd = window === undefined ? undefined : started + window * 1000;

  while (Date.now() - started < MEASURE_SECONDS * 1000) {
    const now = Date.now();
    const change: ToSim =
      windowEnd === undefined
        ? { type: "change", count: CHANGES_PER_SECOND }
        : { type: "change", count: CHANGES_PER_SECOND, dueFrom: now + LEAD_MS, dueTo: windowEnd };
    sim.proc.send(change);
    await sleep(1000);
  }
  // Let the last changes be seen: one (fitted) interval at most, plus a little; or to a minute past the window's end.
  const deadline = windowEnd === undefined ? Date.now() + (interval + 5) * 1000 : windowEnd + GRACE_MS;
  while (Date.now() < deadline && [...changedAt.keys()].some((id) => !handed.has(id))) await sleep(500);
  const done = workers.map((w) => w.reply("done").then((r) => (w.done(), r)));
  for (const w of workers) w.proc.send({ type: "stop" } satisfies ToWorker);
  const reports = await Promise.all(done);
  const elapsedMin = (Date.now() - started) / 60_000;

  const announced = [...changedAt].filter(([id]) => handed.has(id));
  const sorted = (xs: number[]) => xs.sort((a, b) => a - b);
  const latencies = sorted(announced.map(([id, c]) => handed.get(id)!.at - c.at));
  const lateness = sorted(announced.map(([id, c]) => handed.get(id)!.at - c.due));
  const twice = [...handed.values()].filter((h) => h.times > 1).length;
  const pct = (xs: number[], p: number) => (xs.length ? xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]! / 1000 : Number.NaN);
  const calls = reports.reduce((sum, r) => sum + r.calls, 0);
  const largest = Math.max(...reports.map((r) => r.peakRss));
  console.log(
    `watch benchmark: ${USERS} users over ${WATCHERS} watcher process${WATCHERS === 1 ? "" : "es"} (${schema ? "PostgreSQL" : "SQLite"}), ` +
      `${counted.objects} open objects, ${openSlots} slots with something open, longest interval ${INTERVAL_SECONDS} s configured, ` +
      `${interval.toFixed(0)} s fitted to ${CALLS_PER_MINUTE} calls a minute (×${stretch.toFixed(2)})`,
  );
  if (window !== undefined) {
    console.log(
      `  a window of ${window} s from when the watchers started (they waited ${(idleStart / 1000).toFixed(1)} s for the first polls to fall due` +
        `${started - seeded.base > 1000 ? `; the first had fallen due ${((started - seeded.base) / 1000).toFixed(1)} s before` : ""}), ` +
        `not a whole interval: the changes were made to random objects whose slot's poll fell due in the window, ` +
        `so every change → notice time is shorter than the window`,
    );
  }
  const needed = fitter.callsNeeded({ slots: seeded.slots, open: openSlots });
  console.log(
    `  service calls per minute: ${Math.round(calls / elapsedMin)} measured, all processes together; bound by configuration: at most ` +
      `${CALLS_PER_MINUTE} in all (WATCH_CALLS_PER_MINUTE), ${CALLS_PER_USER} per user; these slots need about ` +
      `${Math.round(needed)} at the configured intervals, ${Math.round(needed / stretch)} at the fitted ones`,
  );
  console.log(
    `  changes: ${changedAt.size}${short > 0 ? ` (${short} asked for found no object due in the window)` : ""}, announced: ${latencies.length}, ` +
      `missed: ${changedAt.size - latencies.length}${window === undefined ? "" : ` (not announced by ${GRACE_MS / 1000} s after the window)`}, announced more than once: ${twice}`,
  );
  console.log(
    `  change → notice latency: p50 ${pct(latencies, 50).toFixed(1)} s, p95 ${pct(latencies, 95).toFixed(1)} s, max ${pct(latencies, 100).toFixed(1)} s ` +
      `(target p95 ≤ ${(interval + 1).toFixed(0)} s${window === undefined ? "" : `; within a ${window} s window by construction`})`,
  );
  if (window !== undefined) {
    const late95 = pct(lateness, 95);
    console.log(
      `  notice after its poll fell due: p50 ${pct(lateness, 50).toFixed(1)} s, p95 ${late95.toFixed(1)} s, max ${pct(lateness, 100).toFixed(1)} s; ` +
        `over whole intervals a change waits uniformly up to one for its poll, so p95 would be about 0.95 × ${interval.toFixed(0)} + ${late95.toFixed(1)} = ` +
        `${(0.95 * interval + late95).toFixed(0)} s (derived, not measured; target ≤ ${(interval + 1).toFixed(0)} s)`,
    );
  }
  reports.forEach((r, i) =>
    console.log(
      `  watcher ${i} (share ${r.share}${i === 0 ? ", hands notices over" : ""}): ${Math.round(r.calls / elapsedMin)} calls a minute, ` +
        `peak RSS ${mb(r.peakRss)} MB (V8 heap in use at most ${mb(r.peakHeap)} MB); after set-up ${mb(r.setupRss)} MB`,
    ),
  );
  console.log(`  largest peak RSS of a watcher process: ${mb(largest)} MB (target ≤ ${RSS_TARGET_MB} MB)`);
  const simStats = sim.reply("stats");
  sim.proc.send({ type: "stats" } satisfies ToSim);
  const { accounts, rss } = await simStats;
  console.log(`  the simulator made ${accounts} of the ${USERS} accounts (those polled or changed); its RSS at the end ${mb(rss)} MB`);
  sim.done();
  sim.proc.disconnect();
  await cleanup();
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
