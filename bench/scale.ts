/**
 * Growing past one instance, measured: bot processes (the compiled src/main.ts, as production runs it)
 * in webhook mode on one PostgreSQL, behind a round-robin balancer that sends each webhook request to
 * the next instance, as a load balancer in front of several instances does. Telegram is the Bot API
 * stand-in served over HTTP with a round trip of TELEGRAM_RTT_MS (50) on every call; the simulator runs
 * in this process. USERS people (20) at once each go through ROUNDS rounds (2) of a transfer, a cheque, a
 * swap, ten answers at one amount prompt, their balances with the total and a price card, each step
 * sent when the previous one was answered; the same is done with one instance and with two
 * (INSTANCES="1,2"), each phase on a fresh schema, after a warm-up round that is not counted.
 *
 * Printed per phase: updates, wall time, each instance's CPU seconds (from /proc, the whole process)
 * and updates per CPU-second, all instances' CPU milliseconds per update, the instances' idle CPU (their
 * background jobs, measured before the load), and reply latency (webhook request sent → the bot's first
 * reply in the chat) p50 / p95 / max; then two instances against one: the extra CPU per update (what
 * several instances cost each update: shared state read and written through the database, and the
 * per-chat ordering across instances once there is one) and the change in reply p95. On this 2-core
 * machine the instances share the cores with each other and with this process, so the CPU figures, not
 * the wall clock, are the ones to compare. Every transfer and swap is checked against the simulator's
 * ledger; a wrong count, a refused webhook request or a child process that dies fails the run (exit 1),
 * and every wait is bounded.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:scale
 *   USERS=10 ROUNDS=1 INSTANCES=1,2 TELEGRAM_RTT_MS=50 npm run bench:scale
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { Agent, createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import type { Update } from "grammy/types";
import pg from "pg";
import { money } from "../src/domain/money.js";
import type { ApiRequest, ApiResponse } from "../src/dev/telegram-stand-in/bot-api.js";
import { BotApiServer } from "../src/dev/telegram-stand-in/bot-api-server.js";
import { type ChatEvent, commandEntities } from "../src/dev/telegram-stand-in/chat-model.js";
import type { SimulatedUser } from "../src/dev/telegram-stand-in/simulated-user.js";
import { type RunningSimulator, startSimulator } from "../src/dev/simulator/server.js";
import { buttonData, cheque, isReply, keyText, percentile, type Step, SWAP_BTC, swap, tenAnswers, transfer } from "./flows.js";

const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const USERS = Number(process.env.USERS ?? 20);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const WARM_ROUNDS = Number(process.env.WARM_ROUNDS ?? 1);
const INSTANCES = (process.env.INSTANCES ?? "1,2").split(",").map(Number);
const TELEGRAM_RTT_MS = Number(process.env.TELEGRAM_RTT_MS ?? 50);
const IDLE_SECONDS = Number(process.env.IDLE_SECONDS ?? 3);
/** Longest a step may wait for its answer before the run fails. */
const STEP_TIMEOUT_MS = Number(process.env.STEP_TIMEOUT_MS ?? 30_000);
/** Longest the whole run may take before it fails. */
const RUN_TIMEOUT_MS = Number(process.env.RUN_TIMEOUT_MS ?? 30 * 60_000);
/** Times Telegram delivers an update whose webhook request failed before the run fails. */
const DELIVERIES = 3;
const TOKEN = "100300:SCALE";
const SECRET = "scale-bench-secret-0123";
/** The compiled entry point next to this file (npm run bench:scale builds both into .bench/). */
const MAIN = fileURLToPath(new URL("../src/main.js", import.meta.url));

const reads: Step[] = [
  { label: "balances with total", text: "/balance" },
  { label: "price card", text: "/price btc" },
];
const round = (recipient: number): Step[] => [...transfer(recipient), ...cheque, ...swap, ...tenAnswers, ...reads];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The run fails with the first error any part reports (a child that died, a step that timed out). */
class Failure {
  #reject: (err: Error) => void = () => undefined;
  readonly failed = new Promise<never>((_, reject) => {
    this.#reject = reject;
  });
  constructor() {
    this.failed.catch(() => undefined);
  }
  fail(err: Error): void {
    this.#reject(err);
  }
  /** `p`, or the run's failure if that comes first. */
  guard<T>(p: Promise<T>): Promise<T> {
    return Promise.race([p, this.failed]);
  }
}

/** The stand-in, with Telegram's round trip added to every call (half before it is handled, half after). */
class DistantTelegram extends BotApiServer {
  override async answer(r: ApiRequest): Promise<ApiResponse> {
    await sleep(TELEGRAM_RTT_MS / 2);
    const answer = await super.answer(r);
    await sleep(TELEGRAM_RTT_MS / 2);
    return answer;
  }
}

/** One bot process. */
class Instance {
  output = "";
  port = 0;
  stopping = false;
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;

  constructor(
    readonly name: string,
    env: Record<string, string>,
    failure: Failure,
  ) {
    this.child = spawn(process.execPath, ["--max-semi-space-size=16", MAIN], { env, stdio: ["ignore", "pipe", "pipe"] });
    const keep = (d: Buffer) => {
      // Only the start line and the last lines matter: a long run's log is not kept whole.
      this.output = (this.output + String(d)).slice(-64 * 1024);
      if (this.port === 0) this.port = Number(/"port":([1-9][0-9]*)[^\n]*"msg":"bot started"/.exec(this.output)?.[1] ?? 0);
    };
    this.child.stdout!.on("data", keep);
    this.child.stderr!.on("data", keep);
    this.exited = new Promise((resolve) => this.child.once("exit", (code) => resolve(code)));
    void this.exited.then((code) => {
      if (!this.stopping) failure.fail(new Error(`${name} exited (code ${code}) during the run; its last output:\n${this.output.slice(-4000)}`));
    });
  }

  async started(timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.port === 0) {
      if (Date.now() > deadline) throw new Error(`${this.name} did not start within ${timeoutMs} ms:\n${this.output.slice(-4000)}`);
      await sleep(50);
    }
  }

  /** CPU seconds the process has used (user and system, all its threads). */
  cpuSeconds(): number {
    const stat = readFileSync(`/proc/${this.child.pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.child.exitCode !== null) return;
    this.child.kill("SIGTERM");
    const done = await Promise.race([this.exited.then(() => true), sleep(30_000).then(() => false)]);
    if (!done) this.child.kill("SIGKILL");
  }
}

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** A round-robin balancer: each request goes to the next backend in turn; counts what each got. */
class Balancer {
  backends: string[] = [];
  counts: number[] = [];
  /** Requests that reached no backend (502), with why. */
  errors: string[] = [];
  #next = 0;
  #agent = new Agent({ keepAlive: true, maxSockets: 40 });
  #server: Server = createServer((req, res) => {
    const i = this.#next++ % this.backends.length;
    this.counts[i] = (this.counts[i] ?? 0) + 1;
    const out = request(`${this.backends[i]}${req.url ?? "/"}`, { method: req.method, headers: req.headers, agent: this.#agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    out.on("error", (err) => {
      this.errors.push(`${this.backends[i]}: ${err.message}`);
      if (!res.headersSent) res.writeHead(502);
      res.end(err.message);
    });
    req.pipe(out);
  });
  url = "";

  async listen(): Promise<void> {
    await new Promise<void>((r) => this.#server.listen(0, "127.0.0.1", r));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  route(ports: number[]): void {
    this.backends = ports.map((p) => `http://127.0.0.1:${p}`);
    this.counts = ports.map(() => 0);
    this.#next = 0;
  }

  async close(): Promise<void> {
    this.#agent.destroy();
    this.#server.closeAllConnections();
    await new Promise((r) => this.#server.close(r));
  }
}

interface PhaseResult {
  instances: number;
  updates: number;
  wallSeconds: number;
  cpu: number[];
  handled: number[];
  idleCpuPerSecond: number[];
  latencies: number[];
  parentCpuSeconds: number;
  /** Webhook requests of the phase delivered again (set-up and warm-up included), with why. */
  redeliveries: string[];
}

class Run {
  readonly failure = new Failure();
  readonly telegram = new DistantTelegram({ token: TOKEN });
  readonly balancer = new Balancer();
  sim!: RunningSimulator;
  db!: pg.Client;
  instances: Instance[] = [];
  schemas: string[] = [];
  /** Webhook requests delivered again after an answer other than 200, with why. */
  redeliveries: string[] = [];
  #updateId = 1;

  async start(): Promise<void> {
    this.sim = await startSimulator({ port: 0, seed: false });
    await this.telegram.listen();
    await this.balancer.listen();
    this.db = new pg.Client({ connectionString: PG_URL });
    await this.db.connect();
  }

  /** Webhook requests as Telegram sends them, through the balancer; a step waits for its answer. */
  /**
   * Delivers an update as Telegram does: an answer other than 200 is delivered again (the bot skips an
   * update id it has taken), up to DELIVERIES times; each redelivery is counted.
   */
  async post(update: Update): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const res = await fetch(`${this.balancer.url}/telegram/hook`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": SECRET },
        body: JSON.stringify(update),
        signal: AbortSignal.timeout(STEP_TIMEOUT_MS),
      });
      const body = await res.text();
      if (res.status === 200) return;
      if (attempt >= DELIVERIES) throw new Error(`the webhook answered ${res.status} to update ${update.update_id} ${attempt} times: ${body}`);
      this.redeliveries.push(`update ${update.update_id}: ${res.status} ${body}`);
      await sleep(100);
    }
  }

  /** One step: the update sent, its answer awaited; returns the time to the bot's first reply (ms). */
  async step(user: SimulatedUser, step: Step): Promise<number> {
    const state = this.telegram.state;
    let update: Update;
    const text = step.text ?? (step.key ? keyText(user, step.key) : undefined);
    if (step.key && text === undefined) {
      throw new Error(`${user.id}: no key ${String(step.key)} for "${step.label}" after: ${user.fromBot.slice(-2).map((m) => m.text).join(" | ")}`);
    }
    if (text !== undefined) {
      const entities = commandEntities(text);
      const message = this.telegram.personMessage(user.id, { text, ...(entities ? { entities } : {}) });
      update = { update_id: this.#updateId++, message } as Update;
    } else {
      const found = buttonData(user, step.press!);
      if (!found) {
        throw new Error(`${user.id}: no button ${String(step.press)} for "${step.label}" after: ${user.fromBot.slice(-2).map((m) => m.text).join(" | ")}`);
      }
      update = { update_id: this.#updateId++, ...this.telegram.pressOf(user.id, found.messageId, found.data) } as Update;
    }
    let firstReplyAt = 0;
    const listener = (e: ChatEvent) => {
      if (firstReplyAt === 0 && e.chatId === user.id && isReply(e)) firstReplyAt = e.at;
    };
    state.on("change", listener);
    const sentAt = state.now();
    try {
      await this.post(update);
      const deadline = Date.now() + STEP_TIMEOUT_MS;
      while (firstReplyAt === 0) {
        if (Date.now() > deadline) throw new Error(`${user.id}: no reply to "${step.label}" within ${STEP_TIMEOUT_MS} ms`);
        await sleep(2);
      }
    } finally {
      state.off("change", listener);
    }
    return firstReplyAt - sentAt;
  }

  async spawn(name: string, schema: string): Promise<Instance> {
    const url = new URL(PG_URL);
    url.searchParams.set("application_name", name);
    url.searchParams.set("options", `-c search_path=${schema}`);
    const instance = new Instance(
      name,
      {
        PATH: process.env.PATH ?? "",
        NODE_ENV: "production",
        // No .env of the developer's: the benchmark says everything.
        DOTENV_CONFIG_PATH: "/nonexistent/.env",
        BOT_TOKEN: TOKEN,
        TELEGRAM_API_ROOT: this.telegram.apiRoot,
        KEY_ENCRYPTION_KEY: KEY,
        DATABASE_URL: url.toString(),
        JOBS_SCHEMA: `${schema}_jobs`,
        BOT_MODE: "webhook",
        WEBHOOK_URL: `${this.balancer.url}/telegram/hook`,
        WEBHOOK_SECRET: SECRET,
        PORT: "0",
        WEB_HOST: "127.0.0.1",
        PAY_BASE_URL: this.sim.baseUrls.pay,
        EXCHANGE_BASE_URL: this.sim.baseUrls.exchange,
        PAY_TESTNET_BASE_URL: this.sim.baseUrls.payTestnet,
        EXCHANGE_TESTNET_BASE_URL: this.sim.baseUrls.exchangeTestnet,
        // Per-update work is measured: the notification watcher's polling would add its own.
        WATCH_ENABLED: "false",
        // The simulated people answer each reply at once, far past what a person types: the flood
        // limit is raised out of the way (it still runs, and costs what it costs, on every update).
        RATE_LIMIT_UPDATES: "1000000",
        LOG_LEVEL: "info",
      },
      this.failure,
    );
    this.instances.push(instance);
    await this.failure.guard(instance.started());
    return instance;
  }

  async phase(count: number, firstUser: number): Promise<PhaseResult> {
    const schema = `scale_${randomBytes(5).toString("hex")}`;
    this.schemas.push(schema);
    await this.db.query(`CREATE SCHEMA ${schema}`);
    const redelivered = this.redeliveries.length;
    const instances: Instance[] = [];
    // One after the other: the first migrates the schema.
    for (let i = 0; i < count; i++) instances.push(await this.spawn(`scale-${count}-${i + 1}`, schema));
    this.balancer.route(instances.map((i) => i.port));
    try {
      // People with accounts, each linked through /connect, and a recipient each.
      const people = await this.failure.guard(
        Promise.all(
          Array.from({ length: USERS }, async (_, i) => {
            const id = firstUser + i;
            const account = this.sim.createAccount({
              userId: id,
              pay: { USDT: "1000" },
              funding: { BTC: "0.01" },
            });
            const recipient = this.sim.createAccount({}).userId;
            const user = this.telegram.user(id, { first_name: `Scale ${i}`, language_code: i % 5 === 0 ? "ru" : "en" });
            await this.step(user, { label: "setup: /start", text: "/start" });
            await this.step(user, { label: "setup: /connect", text: "/connect" });
            await this.step(user, { label: "setup: network", press: "keys:net:production" });
            await this.step(user, { label: "setup: key", text: account.keys.production });
            if (!user.fromBot.some((m) => /✅/.test(m.text ?? ""))) throw new Error(`${id}: the key was not linked`);
            return { user, recipient };
          }),
        ),
      );
      for (let r = 0; r < WARM_ROUNDS; r++) {
        await this.failure.guard(Promise.all(people.map(async ({ user, recipient }) => {
          for (const s of round(recipient)) await this.step(user, s);
        })));
      }

      // The instances' background work alone (job engine polling, outbox, reconciliation).
      const idle0 = instances.map((i) => i.cpuSeconds());
      await this.failure.guard(sleep(IDLE_SECONDS * 1000));
      const idleCpuPerSecond = instances.map((inst, k) => (inst.cpuSeconds() - idle0[k]!) / IDLE_SECONDS);

      this.balancer.route(instances.map((i) => i.port));
      const cpu0 = instances.map((i) => i.cpuSeconds());
      const parent0 = process.cpuUsage();
      const latencies: number[] = [];
      const t0 = performance.now();
      await this.failure.guard(
        Promise.all(
          people.map(async ({ user, recipient }) => {
            for (let r = 0; r < ROUNDS; r++) for (const s of round(recipient)) latencies.push(await this.step(user, s));
          }),
        ),
      );
      const wallSeconds = (performance.now() - t0) / 1000;
      const cpu = instances.map((inst, k) => inst.cpuSeconds() - cpu0[k]!);
      const parent = process.cpuUsage(parent0);

      // Every transfer arrived once and every swap moved once: the flows did not diverge.
      const rounds = WARM_ROUNDS + ROUNDS;
      const wrong: string[] = [];
      for (const { user, recipient } of people) {
        const got = this.sim.account(recipient).pay.USDT?.balance ?? "0";
        if (!money.eq(got, String(rounds))) wrong.push(`recipient of ${user.id} holds ${got} USDT, not ${rounds}`);
        const btc = this.sim.account(user.id).funding.BTC ?? "0";
        const expected = money.sub("0.01", money.mul(SWAP_BTC, String(rounds)));
        if (!money.eq(btc, expected)) wrong.push(`${user.id} holds ${btc} BTC on funding, not ${expected}`);
      }
      if (wrong.length > 0) throw new Error(`outcomes off with ${count} instance(s):\n  ${wrong.slice(0, 10).join("\n  ")}`);

      return {
        instances: count,
        updates: latencies.length,
        wallSeconds,
        cpu,
        handled: [...this.balancer.counts],
        idleCpuPerSecond,
        latencies: latencies.sort((a, b) => a - b),
        parentCpuSeconds: (parent.user + parent.system) / 1e6,
        redeliveries: this.redeliveries.slice(redelivered),
      };
    } finally {
      await Promise.all(instances.map((i) => i.stop()));
    }
  }

  async close(): Promise<void> {
    for (const i of this.instances) {
      i.stopping = true;
      if (i.child.exitCode === null) i.child.kill("SIGKILL");
    }
    for (const schema of this.schemas) {
      await this.db?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
      await this.db?.query(`DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`).catch(() => undefined);
    }
    await this.db?.end().catch(() => undefined);
    await this.balancer.close();
    await this.telegram.close();
    await this.sim?.close();
  }
}

const KEY = randomBytes(32).toString("base64");

function report(results: PhaseResult[]): void {
  const steps = round(0).length;
  console.log(
    `\nScale: webhook mode behind a round-robin balancer, one PostgreSQL, Telegram round trip ${TELEGRAM_RTT_MS} ms; ` +
      `${USERS} people at once × ${ROUNDS} rounds of ${steps} steps (transfer, cheque, swap, ten answers at a prompt, ` +
      `balances, price card) after ${WARM_ROUNDS} warm-up round(s)\n`,
  );
  console.log(
    "instances  updates  wall s  CPU s each        updates/CPU-s each   all: updates/CPU-s  CPU ms/update  idle CPU ms/s each  reply p50 / p95 / max ms",
  );
  for (const r of results) {
    const total = r.cpu.reduce((a, b) => a + b, 0);
    console.log(
      `${String(r.instances).padEnd(9)}  ${String(r.updates).padStart(7)}  ${r.wallSeconds.toFixed(1).padStart(6)}  ` +
        `${r.cpu.map((c) => c.toFixed(2)).join(", ").padEnd(16)}  ` +
        `${r.cpu.map((c, i) => Math.round(r.handled[i]! / c)).join(", ").padEnd(19)}  ` +
        `${String(Math.round(r.updates / total)).padStart(18)}  ${((total * 1000) / r.updates).toFixed(2).padStart(13)}  ` +
        `${r.idleCpuPerSecond.map((c) => (c * 1000).toFixed(0)).join(", ").padEnd(18)}  ` +
        `${percentile(r.latencies, 50).toFixed(0)} / ${percentile(r.latencies, 95).toFixed(0)} / ${r.latencies.at(-1)!.toFixed(0)}`,
    );
  }
  for (const r of results) {
    console.log(
      `  ${r.instances} instance(s): webhook requests per instance ${r.handled.join(", ")}; ` +
        `this process (simulator, Telegram stand-in, balancer, people) ${r.parentCpuSeconds.toFixed(2)} CPU s; ` +
        `webhook requests delivered again ${r.redeliveries.length}${r.redeliveries.length ? ` (first: ${r.redeliveries[0]})` : ""}`,
    );
  }
  const one = results.find((r) => r.instances === 1);
  const two = results.find((r) => r.instances === 2);
  if (one && two) {
    const perUpdate = (r: PhaseResult) => (r.cpu.reduce((a, b) => a + b, 0) * 1000) / r.updates;
    const extra = perUpdate(two) - perUpdate(one);
    console.log(
      `\nTwo instances against one: ${extra >= 0 ? "+" : ""}${extra.toFixed(2)} CPU ms per update ` +
        `(${((extra / perUpdate(one)) * 100).toFixed(1)} %); reply p95 ${percentile(one.latencies, 95).toFixed(0)} → ` +
        `${percentile(two.latencies, 95).toFixed(0)} ms. Every transfer arrived once and every swap moved once in both.`,
    );
  }
}

async function main(): Promise<void> {
  const run = new Run();
  const timer = setTimeout(() => run.failure.fail(new Error(`the run took longer than ${RUN_TIMEOUT_MS} ms`)), RUN_TIMEOUT_MS);
  timer.unref();
  const results: PhaseResult[] = [];
  try {
    await run.failure.guard(run.start());
    for (const [n, count] of INSTANCES.entries()) results.push(await run.failure.guard(run.phase(count, 7_000_001 + n * 10_000)));
  } finally {
    clearTimeout(timer);
    await run.close();
  }
  report(results);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
