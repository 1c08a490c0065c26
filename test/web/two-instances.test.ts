/**
 * Two bot processes behind one webhook address (as behind a load balancer) on one PostgreSQL and
 * one simulator, with pg-boss as the job engine: an update delivered to both is handled once; a mass
 * transfer confirmed on instance A, A killed (SIGKILL) mid-job, is finished by B with every row paid
 * exactly once and the report sent once; a job running on B when B gets SIGTERM is handed back (B
 * exits 0) and finished by the next instance.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningSimulator, startSimulator } from "../../src/dev/simulator/server.js";
import { button, LiveBot, TelegramOverHttp, until } from "../helpers/live-bot.js";
import { pgExec } from "../helpers/pg.js";
import pg from "pg";
import { money } from "../../src/domain/money.js";

const PG_URL = process.env.TEST_DATABASE_URL;
const ADMIN = 920_001;
const ROWS = 60;
const FIRST = 921_001;

describe.skipIf(!PG_URL)("two instances on one PostgreSQL", () => {
  let sim: RunningSimulator;
  const telegram = new TelegramOverHttp();
  const schema = `two_${randomBytes(5).toString("hex")}`;
  let a: LiveBot;
  let b: LiveBot;
  let db: pg.Client;
  let env: Record<string, string>;
  let c: LiveBot | undefined;

  beforeAll(async () => {
    sim = await startSimulator({ port: 0, seed: false });
    await telegram.start();
    await pgExec(PG_URL!, `CREATE SCHEMA ${schema}`);
    db = new pg.Client({ connectionString: PG_URL });
    await db.connect();
    env = {
      BOT_TOKEN: "123456:TWO-INSTANCES",
      TELEGRAM_API_ROOT: telegram.url,
      KEY_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
      DATABASE_URL: `${PG_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`,
      JOBS_SCHEMA: `${schema}_jobs`,
      ADMIN_IDS: String(ADMIN),
      MASS_BATCH_SIZE: "4",
      PAY_BASE_URL: sim.baseUrls.pay,
      EXCHANGE_BASE_URL: sim.baseUrls.exchange,
      PAY_TESTNET_BASE_URL: sim.baseUrls.payTestnet,
      EXCHANGE_TESTNET_BASE_URL: sim.baseUrls.exchangeTestnet,
    };
    a = new LiveBot(env);
    await a.started();
    b = new LiveBot(env);
    await b.started();
  }, 60_000);

  afterAll(async () => {
    for (const bot of [a, b, c]) if (bot && bot.child.exitCode === null) bot.child.kill("SIGKILL");
    await db?.end();
    await pgExec(PG_URL!, `DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    await pgExec(PG_URL!, `DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`).catch(() => undefined);
    await telegram.close();
    await sim.close();
  });

  const sentTo = (chatId: number) => telegram.tg.sent.filter((m) => m.chatId === chatId).length;
  /** Posts to `bot` and waits for the bot's next message (or edit) in the chat. */
  async function step(bot: LiveBot, update: object, expect?: RegExp): Promise<void> {
    const before = telegram.tg.calls.length;
    expect200(await bot.post(update));
    await until(
      () =>
        telegram.tg.calls
          .slice(before)
          .some(
            (c) =>
              ["sendMessage", "editMessageText"].includes(c.method) &&
              (!expect || expect.test(String(c.payload.text ?? ""))),
          ),
      15_000,
      `a reply${expect ? ` matching ${expect}` : ""}`,
    );
  }
  const expect200 = (status: number) => {
    if (status !== 200) throw new Error(`webhook answered ${status}`);
  };
  async function press(bot: LiveBot, label: RegExp, expectText?: RegExp): Promise<void> {
    const { data, messageId } = button(telegram.tg, ADMIN, label);
    await step(bot, telegram.updates.press(ADMIN, data, messageId), expectText);
  }

  it("handles an update delivered to both instances once", async () => {
    const start = telegram.updates.text(ADMIN, "/start");
    expect(await Promise.all([a.post(start), b.post(start)])).toEqual([200, 200]);
    await until(() => sentTo(ADMIN) > 0, 15_000, "the greeting");
    await new Promise((r) => setTimeout(r, 500));
    const once = sentTo(ADMIN);
    const taken = (bot: LiveBot) => bot.output.includes(`"update_id":${start.update_id},"user_id":${ADMIN},"msg":"update already taken; skipped"`);
    expect([taken(a), taken(b)].filter(Boolean)).toHaveLength(1);
    expect(await b.post(start)).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(sentTo(ADMIN)).toBe(once);
  }, 30_000);

  it("finishes on B a mass transfer started on A after A is killed: every row paid once", async () => {
    const admin = (await (
      await fetch(`${sim.url}/_sim/accounts`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ userId: ADMIN, pay: { USDT: "1000" } }),
      })
    ).json()) as { keys: { production: string } };
    const targets = Array.from({ length: ROWS }, (_, i) => FIRST + i);
    for (const userId of targets) {
      await fetch(`${sim.url}/_sim/accounts`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ userId }),
      });
    }
    await step(a, telegram.updates.text(ADMIN, "/connect"));
    await press(a, /Production|production/);
    await step(a, telegram.updates.text(ADMIN, admin.keys.production), /✅/);
    await step(a, telegram.updates.text(ADMIN, "/mass"));
    const amountOf = (i: number) => `${1 + (i % 3)}.${String(i % 10).padStart(2, "0")}`;
    await step(a, telegram.updates.text(ADMIN, targets.map((t, i) => `${t},${amountOf(i)},USDT`).join("\n")), /tell each paid recipient/);
    await press(a, /Don.t notify/, /Recipients:/);
    // Slow the service down so that the job is still running when A dies.
    await fetch(`${sim.url}/_sim/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ operationId: "createMassTransfer", mode: "latency", ms: 250, count: 1000 }),
    });
    const { data, messageId } = button(telegram.tg, ADMIN, /Confirm/);
    expect(await a.post(telegram.updates.press(ADMIN, data, messageId))).toBe(200);

    const completedRows = async () =>
      Number((await db.query(`select count(*) as n from ${schema}.mass_rows where state = 'completed'`)).rows[0].n);
    await until(async () => (await completedRows()) >= 8, 30_000, "the first rows to be paid on A");
    a.child.kill("SIGKILL");
    await a.exited;
    const killedAt = Date.now();
    const paidAtKill = await completedRows();
    expect(paidAtKill).toBeLessThan(ROWS);

    // B takes the job over once A's heartbeat stops, and finishes it.
    await until(
      async () => {
        const job = (await db.query(`select status, report_sent from ${schema}.mass_jobs where status <> 'discarded'`)).rows[0];
        const pending = Number((await db.query(`select count(*) as n from ${schema}.outbox where state = 'pending'`)).rows[0].n);
        return job?.status === "completed" && job.report_sent === 1 && pending === 0;
      },
      90_000,
      "B to finish the job",
    );
    console.log(`takeover: ${paidAtKill}/${ROWS} rows paid when A was killed; B finished ${((Date.now() - killedAt) / 1000).toFixed(1)} s later`);
    expect(b.output).toContain("mass-transfer job finished sending");
    expect(a.output).not.toContain("mass-transfer job finished sending");
    for (const [i, t] of targets.entries()) {
      const view = (await (await fetch(`${sim.url}/_sim/accounts/${t}`)).json()) as {
        pay: Record<string, { balance: string }>;
      };
      expect(view.pay.USDT?.balance, `recipient ${t}`).toBe(money.normalise(amountOf(i)));
    }
    const requests = (await (await fetch(`${sim.url}/_sim/requests?operationId=createMassTransfer`)).json()) as {
      body: { payouts: { clientPayoutId: string }[] };
    }[];
    const ids = requests.flatMap((r) => r.body.payouts.map((t) => t.clientPayoutId));
    expect(new Set(ids).size).toBe(ROWS);
    const states = (await db.query(`select state, count(*) as n from ${schema}.mass_rows group by state`)).rows;
    expect(states).toEqual([{ state: "completed", n: String(ROWS) }]);
    // The report went out once.
    expect(telegram.tg.textsIn(ADMIN).filter((t) => t.startsWith("✅ Mass transfer"))).toHaveLength(1);
  }, 150_000);

  it("hands a running job back on SIGTERM (exit 0); the next instance finishes it, each row paid once", async () => {
    const targets = Array.from({ length: ROWS }, (_, i) => FIRST + i);
    const before = await Promise.all(targets.map((t) => balance(t)));
    await step(b, telegram.updates.text(ADMIN, "/mass"));
    await step(b, telegram.updates.text(ADMIN, targets.map((t) => `${t},1,USDT`).join("\n")), /tell each paid recipient/);
    await press(b, /Don.t notify/, /Recipients:/);
    const { data, messageId } = button(telegram.tg, ADMIN, /Confirm/);
    expect(await b.post(telegram.updates.press(ADMIN, data, messageId))).toBe(200);
    const job = async () =>
      (await db.query(`select id, status, report_sent from ${schema}.mass_jobs where status <> 'discarded' order by created_at desc limit 1`)).rows[0];
    const rows = async (state: string) =>
      Number((await db.query(`select count(*) as n from ${schema}.mass_rows where job_id = $1 and state = $2`, [(await job()).id, state])).rows[0].n);
    await until(async () => (await job())?.status === "running" && (await rows("completed")) >= 8, 30_000, "B to pay the first rows");

    const stoppedAt = Date.now();
    b.child.kill("SIGTERM");
    expect(await b.exited).toBe(0);
    console.log(`SIGTERM with a job running: B exited 0 in ${((Date.now() - stoppedAt) / 1000).toFixed(1)} s`);
    expect(b.output).toContain('"clean":true');
    expect((await job()).status).toBe("running");
    expect(await rows("sending")).toBe(0);
    expect(await rows("completed")).toBeLessThan(ROWS);

    c = new LiveBot(env);
    await c.started();
    await until(
      async () => {
        const j = await job();
        const pending = Number((await db.query(`select count(*) as n from ${schema}.outbox where state = 'pending'`)).rows[0].n);
        return j.status === "completed" && j.report_sent === 1 && pending === 0;
      },
      60_000,
      "the next instance to finish the job",
    );
    expect(await rows("completed")).toBe(ROWS);
    const after = await Promise.all(targets.map((t) => balance(t)));
    for (const [i, t] of targets.entries()) expect(money.sub(after[i]!, before[i]!), `recipient ${t}`).toBe("1");
    expect(telegram.tg.textsIn(ADMIN).filter((t) => t.startsWith("✅ Mass transfer"))).toHaveLength(2);
  }, 150_000);

  async function balance(userId: number): Promise<string> {
    const view = (await (await fetch(`${sim.url}/_sim/accounts/${userId}`)).json()) as {
      pay: Record<string, { balance: string }>;
    };
    return view.pay.USDT?.balance ?? "0";
  }
});
