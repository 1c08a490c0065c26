/**
 * Two bot processes (src/main.ts, webhook mode) on one PostgreSQL schema and one in-process simulator,
 * for mass-transfer takeover trials (test/web/mass-takeover.test.ts, bench/mass-chaos.ts): start a
 * job, find the instance whose run holds it (from its log), kill (SIGKILL) or freeze (SIGSTOP) that
 * process, optionally while it is inside a database transaction, watch the other take the job over,
 * and check the outcome against the simulator's ledger.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { money } from "../../src/domain/money.js";
import { createServiceFactory } from "../../src/service/factory.js";
import { type RunningSimulator, startSimulator } from "../../src/dev/simulator/server.js";
import { button, LiveBot, TelegramOverHttp, until } from "./live-bot.js";
import { pgExec } from "./pg.js";

const ADMIN = 960_001;

export interface ClusterOptions {
  pgUrl: string;
  batchSize: number;
  /** Added to every createMassTransfer call, so a job lasts long enough to be interrupted. */
  sendLatencyMs: number;
}

/** One bot process of the cluster, with the name its database sessions carry. */
export interface Instance {
  name: string;
  bot: LiveBot;
}

export interface JobCheck {
  rows: number;
  /** Recipients whose balance is twice (or more) their amount. */
  paidTwice: number;
  /** Recipients left without their amount. */
  missing: number;
  /** The service's transfers made under this job's client ids. */
  ledgerPaid: number;
  /** "Paid: N" in the report the admin got. */
  reportPaid: number | undefined;
  rowsCompleted: number;
  auditPaid: number | undefined;
}

export class MassCluster {
  readonly telegram = new TelegramOverHttp();
  readonly schema = `chaos_${randomBytes(5).toString("hex")}`;
  instances: Instance[] = [];
  sim!: RunningSimulator;
  db!: pg.Client;
  #env: Record<string, string> = {};
  #key = "";
  #started = 0;
  #nextTarget = 961_000_001;

  constructor(readonly options: ClusterOptions) {}

  static async start(options: ClusterOptions): Promise<MassCluster> {
    const c = new MassCluster(options);
    await c.#init();
    return c;
  }

  async #init(): Promise<void> {
    this.sim = await startSimulator({ port: 0, seed: false });
    await this.telegram.start();
    await pgExec(this.options.pgUrl, `CREATE SCHEMA ${this.schema}`);
    this.db = new pg.Client({ connectionString: this.options.pgUrl });
    await this.db.connect();
    this.#env = {
      BOT_TOKEN: "123456:MASS-CLUSTER",
      TELEGRAM_API_ROOT: this.telegram.url,
      KEY_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
      JOBS_SCHEMA: `${this.schema}_jobs`,
      ADMIN_IDS: String(ADMIN),
      MASS_BATCH_SIZE: String(this.options.batchSize),
      MASS_MAX_ROWS: "100000",
      MASS_CONFIRM_TOTAL: "1000000000",
      PAY_BASE_URL: this.sim.baseUrls.pay,
      EXCHANGE_BASE_URL: this.sim.baseUrls.exchange,
      PAY_TESTNET_BASE_URL: this.sim.baseUrls.payTestnet,
      EXCHANGE_TESTNET_BASE_URL: this.sim.baseUrls.exchangeTestnet,
      WATCH_ENABLED: "false",
    };
    this.sim.sim.faults.add({
      operationId: "createMassTransfer",
      mode: "latency",
      ms: this.options.sendLatencyMs,
      count: 100_000_000,
    });
    this.instances = [await this.#spawn(), await this.#spawn()];
    const admin = this.sim.createAccount({ userId: ADMIN, pay: { USDT: "100000000" } });
    this.#key = admin.keys.production;
    const first = this.instances[0]!.bot;
    await this.#step(first, this.telegram.updates.text(ADMIN, "/connect"));
    await this.#press(first, /Production|production/);
    await this.#step(first, this.telegram.updates.text(ADMIN, this.#key), /✅/);
  }

  async #spawn(): Promise<Instance> {
    const name = `mass-${++this.#started}`;
    const url = new URL(this.options.pgUrl);
    url.searchParams.set("application_name", name);
    url.searchParams.set("options", `-c search_path=${this.schema}`);
    const bot = new LiveBot({ ...this.#env, DATABASE_URL: url.toString() });
    await bot.started(60_000);
    return { name, bot };
  }

  /** Replaces a killed instance with a new process, so two run again. */
  async replace(dead: Instance): Promise<Instance> {
    const next = await this.#spawn();
    this.instances = this.instances.map((i) => (i === dead ? next : i));
    return next;
  }

  /** Confirms a mass transfer of `rows` rows to fresh recipients (each its own amount); returns its id. */
  async startJob(rows: number): Promise<{ jobId: string; amounts: Map<number, string> }> {
    const amounts = new Map<number, string>();
    for (let i = 0; i < rows; i++) {
      const target = this.#nextTarget++;
      this.sim.createAccount({ userId: target });
      amounts.set(target, `${1 + (i % 9)}.${String(i % 100).padStart(2, "0")}`);
    }
    const bot = this.instances[0]!.bot;
    await this.#step(bot, this.telegram.updates.text(ADMIN, "/mass"));
    const list = [...amounts].map(([t, a]) => `${t},${a},USDT`).join("\n");
    await this.#step(bot, this.telegram.updates.text(ADMIN, list), /tell each paid recipient/);
    await this.#press(bot, /Don.t notify/, /Recipients:/);
    const { rows: drafts } = await this.db.query(
      `select id from ${this.schema}.mass_jobs where status = 'draft' order by created_at desc limit 1`,
    );
    const jobId = String(drafts[0].id);
    const { data, messageId } = button(this.telegram.tg, ADMIN, /Confirm/);
    if ((await bot.post(this.telegram.updates.press(ADMIN, data, messageId))) !== 200) throw new Error("Confirm refused");
    return { jobId, amounts };
  }

  /** Each instance's newest lease on the job, from its "took the job" log lines. */
  leases(jobId: string): Map<Instance, number> {
    const out = new Map<Instance, number>();
    for (const i of this.instances) {
      for (const line of i.bot.output.split("\n")) {
        if (!line.includes('"msg":"mass-transfer run took the job"') || !line.includes(`"jobId":"${jobId}"`)) continue;
        const lease = Number(/"lease":(\d+)/.exec(line)?.[1]);
        out.set(i, Math.max(out.get(i) ?? 0, lease));
      }
    }
    return out;
  }

  /** The instance whose run holds the job now (the newest lease), and that lease. */
  holder(jobId: string): { instance: Instance; lease: number } | undefined {
    let best: { instance: Instance; lease: number } | undefined;
    for (const [instance, lease] of this.leases(jobId)) if (!best || lease > best.lease) best = { instance, lease };
    return best;
  }

  /** Waits until an instance other than `from` holds the job with a lease above `lease`. */
  async takenOver(jobId: string, from: Instance, lease: number, timeoutMs: number): Promise<{ instance: Instance; lease: number }> {
    let found: { instance: Instance; lease: number } | undefined;
    await until(
      () => {
        const h = this.holder(jobId);
        if (h && h.instance !== from && h.lease > lease) found = h;
        return found !== undefined;
      },
      timeoutMs,
      "another instance to take the job over",
    );
    return found!;
  }

  async rowsIn(jobId: string, state: string): Promise<number> {
    const { rows } = await this.db.query(
      `select count(*) as n from ${this.schema}.mass_rows where job_id = $1 and state = $2`,
      [jobId, state],
    );
    return Number(rows[0].n);
  }

  /**
   * Freezes the instance while one of its database sessions is inside a transaction (idle in
   * transaction, waiting for the process), checked after the stop; tries up to `tries` times.
   */
  async freezeInTransaction(instance: Instance, tries = 200): Promise<boolean> {
    const inTransaction = async () => {
      const { rows } = await this.db.query(
        `select count(*) as n from pg_stat_activity where application_name = $1 and state = 'idle in transaction'`,
        [instance.name],
      );
      return Number(rows[0].n) > 0;
    };
    for (let i = 0; i < tries; i++) {
      const deadline = Date.now() + 2000;
      while (!(await inTransaction())) if (Date.now() > deadline) break;
      instance.bot.child.kill("SIGSTOP");
      await new Promise((r) => setTimeout(r, 30));
      if (await inTransaction()) return true;
      instance.bot.child.kill("SIGCONT");
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20));
    }
    instance.bot.child.kill("SIGSTOP");
    return false;
  }

  /**
   * createMassTransfer requests the instance started at or after `since` (epoch ms), from its log
   * (each request's line says when it ended and how long it took), up to where it took a job again.
   * A request already in flight when the process was frozen is not counted.
   */
  sendsStartedSince(instance: Instance, since: number, fromOffset = 0): string[] {
    const output = instance.bot.output.slice(fromOffset).split('"msg":"mass-transfer run took the job"')[0]!;
    return output.split("\n").filter((line) => {
      if (!line.includes('"operationId":"createMassTransfer"')) return false;
      // The service client's line for each attempt (other lines may name the operation in an error).
      const entry = JSON.parse(line) as { time: number; ms?: number; msg?: string; operationId?: string };
      if (entry.operationId !== "createMassTransfer" || entry.ms === undefined) return false;
      return entry.time - entry.ms >= since;
    });
  }

  /** Waits until the job is finished, its report queued and the outbox empty. */
  async done(jobId: string, timeoutMs: number): Promise<void> {
    await until(
      async () => {
        const job = (await this.db.query(`select status, report_sent from ${this.schema}.mass_jobs where id = $1`, [jobId]))
          .rows[0];
        const pending = Number(
          (await this.db.query(`select count(*) as n from ${this.schema}.outbox where state = 'pending'`)).rows[0].n,
        );
        return job?.status === "completed" && job.report_sent === 1 && pending === 0;
      },
      timeoutMs,
      `job ${jobId} to finish`,
    );
  }

  /** The job's outcome against the simulator's ledger. */
  async check(jobId: string, amounts: Map<number, string>): Promise<JobCheck> {
    let paidTwice = 0;
    let missing = 0;
    for (const [target, amount] of amounts) {
      const balance = this.sim.account(target).pay.USDT?.balance ?? "0";
      if (money.gt(balance, amount)) paidTwice++;
      else if (!money.eq(balance, amount)) missing++;
    }
    const prefix = `mt${jobId}-`;
    const { pay } = createServiceFactory({
      PAY_BASE_URL: this.sim.baseUrls.pay,
      EXCHANGE_BASE_URL: this.sim.baseUrls.exchange,
      PAY_TESTNET_BASE_URL: this.sim.baseUrls.payTestnet,
      EXCHANGE_TESTNET_BASE_URL: this.sim.baseUrls.exchangeTestnet,
      SERVICE_TIMEOUT_MS: 10_000,
    }).forKey("production", this.#key);
    let ledgerPaid = 0;
    let cursor: string | undefined;
    do {
      const page = await pay.getTransfers({ limit: 100, ...(cursor ? { cursor } : {}) });
      ledgerPaid += page.items.filter((t) => t.clientPayoutId?.startsWith(prefix)).length;
      cursor = page.pagination.next ?? undefined;
    } while (cursor);
    const label = `#${jobId.slice(0, 8)}`;
    const report = this.telegram.tg.textsIn(ADMIN).find((t) => t.startsWith(`✅ Mass transfer ${label}`));
    const reportPaid = report ? Number(/Paid: (\d[\d,.\s]*)/.exec(report)?.[1]?.replace(/\D/g, "")) : undefined;
    const audit = (await this.db.query(`select paid_rows from ${this.schema}.mass_audit where job_id = $1`, [jobId]))
      .rows[0];
    return {
      rows: amounts.size,
      paidTwice,
      missing,
      ledgerPaid,
      reportPaid,
      rowsCompleted: await this.rowsIn(jobId, "completed"),
      auditPaid: audit?.paid_rows ?? undefined,
    };
  }

  async close(): Promise<void> {
    for (const i of this.instances) {
      if (i.bot.child.exitCode === null) {
        i.bot.child.kill("SIGCONT");
        i.bot.child.kill("SIGKILL");
      }
    }
    await this.db?.end();
    await pgExec(this.options.pgUrl, `DROP SCHEMA IF EXISTS ${this.schema} CASCADE`).catch(() => undefined);
    await pgExec(this.options.pgUrl, `DROP SCHEMA IF EXISTS ${this.schema}_jobs CASCADE`).catch(() => undefined);
    await this.telegram.close();
    await this.sim.close();
  }

  /** Posts to `bot` and waits for the bot's next message (or edit) in the admin's chat. */
  async #step(bot: LiveBot, update: object, expect?: RegExp): Promise<void> {
    const before = this.telegram.tg.calls.length;
    const status = await bot.post(update);
    if (status !== 200) throw new Error(`webhook answered ${status}`);
    await until(
      () =>
        this.telegram.tg.calls
          .slice(before)
          .some(
            (c) =>
              ["sendMessage", "editMessageText"].includes(c.method) &&
              (!expect || expect.test(String(c.payload.text ?? ""))),
          ),
      30_000,
      `a reply${expect ? ` matching ${expect}` : ""}`,
    );
  }

  async #press(bot: LiveBot, label: RegExp, expectText?: RegExp): Promise<void> {
    const { data, messageId } = button(this.telegram.tg, ADMIN, label);
    await this.#step(bot, this.telegram.updates.press(ADMIN, data, messageId), expectText);
  }
}
