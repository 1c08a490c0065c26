/**
 * Latency benchmark: the production wiring (`startBot`, what `npm start` runs) long-polling a local
 * Bot API stand-in over HTTP, with the simulator in process and SQLite in a file. 50 people at once
 * (USERS to change it) each go through a transfer, a cheque, a swap (BTC on funding for USDT: the
 * estimate, both balances and the move in one summary), ten answers at one amount prompt, the
 * balances with their total (in USD, then in EUR) and a price alert set step by step (then the list
 * of alerts) and their history of 1,000 entries (HISTORY_ENTRIES: a page, a receipt, back, the next page); the
 * time from an update's delivery (getUpdates returning it) to the bot's first reply in that chat
 * (a message, an edit or a callback answer) is printed per step number as p50 / p95 / max.
 *
 * Then throughput: `/start` and `/balance` from linked users with 1 and 50 at once, fed straight to
 * the same wiring's bot with Telegram answered in process (no socket to Telegram in the figure), each
 * after a warm-up of WARM_UP updates (5,000) that are not counted. The CPU counted is this process's:
 * for `/balance` it includes the in-process simulator answering the bot's three service reads.
 *
 *   npm run bench:latency          USERS=20 UPDATES=5000 ONLY=latency|throughput npm run bench:latency
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Update } from "grammy/types";
import pino from "pino";
import { type RunningBot, startBot } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { createLogger } from "../src/logger.js";
import type { ChatEvent } from "../src/dev/telegram-stand-in/chat-model.js";
import { buttonData, cheque, isReply, keyText, percentile, type Reply, type Step, swap, tenAnswers, transfer } from "./flows.js";
import { startBotApiServer } from "../src/dev/telegram-stand-in/bot-api-server.js";
import type { SimulatedUser } from "../src/dev/telegram-stand-in/simulated-user.js";
import { startSimulator } from "../src/dev/simulator/server.js";

const USERS = Number(process.env.USERS ?? 50);
const UPDATES = Number(process.env.UPDATES ?? 20_000);
/** Updates handled before each throughput measurement, not counted. */
const WARM_UP = Number(process.env.WARM_UP ?? 5_000);
const FIRST_USER = 5_000_001;
/** "latency" or "throughput" runs one part only. */
const ONLY = process.env.ONLY;

/** The balances with each asset's worth and the total (four service reads at once), then in EUR. */
const balancesWithTotal: Step[] = [
  { label: "balances with total", text: "/balance" },
  { label: "balances: value in…", press: "bal:fiats" },
  { label: "balances: in EUR", press: "bal:fiat:EUR" },
];

/** Entries each person's history holds before the flows (the journal's rows, written directly). */
const HISTORY_ENTRIES = Number(process.env.HISTORY_ENTRIES ?? 1_000);

/** The history of HISTORY_ENTRIES entries: its first page, a receipt (one service read), back, the next page. */
const history: Step[] = [
  { label: "history: /history", text: "/history" },
  { label: "history: a receipt", press: /^hst:e:/ },
  { label: "history: back to the list", press: /^hst:pg:0:/ },
  { label: "history: next page", press: /^hst:pg:1:/ },
];

/** A price alert set step by step, then the list of alerts. */
const alert: Step[] = [
  { label: "alert: /alert", text: "/alert" },
  { label: "alert: pair typed", text: "btc" },
  { label: "alert: Above", press: "in:pick:d:above" },
  { label: "alert: +1 % button", press: /^in:pick:v:/ },
  { label: "alert: /alerts", text: "/alerts" },
];

async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 2));
  }
}


async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "latency-bench-"));
  const sim = await startSimulator({ port: 0, seed: false });
  const telegram = await startBotApiServer({ token: "100200:BENCH" });
  const warnings: string[] = [];
  const config = loadConfig({
    BOT_TOKEN: "100200:BENCH",
    TELEGRAM_API_ROOT: telegram.apiRoot,
    KEY_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? `sqlite:${join(dir, "bot.sqlite")}`,
    PAY_BASE_URL: sim.baseUrls.pay,
    EXCHANGE_BASE_URL: sim.baseUrls.exchange,
    PAY_TESTNET_BASE_URL: sim.baseUrls.payTestnet,
    EXCHANGE_TESTNET_BASE_URL: sim.baseUrls.exchangeTestnet,
    LOG_LEVEL: "warn",
    // /healthz and /metrics on a port the system picks: nothing here scrapes them.
    PORT: "0",
    // The simulated people answer each reply at once, and the throughput part sends thousands of
    // updates from one person: far past what a person types, so the flood limit is raised out of
    // the way; it still runs (and costs what it costs) on every update.
    RATE_LIMIT_UPDATES: "1000000",
  });
  // Warnings and errors are counted (a slow reply must not pass silently); nothing else is logged.
  const logger = createLogger("warn", { write: (line: string) => void warnings.push(line) });
  let running: RunningBot | undefined = await startBot(config, { logger, runner: { runner: { fetch: { timeout: 30 } } } });

  try {
    if (ONLY !== "throughput") await latency(sim, telegram, warnings, running);
    await running.stop();
    running = undefined;
    if (ONLY !== "latency") await throughput(config, dir, sim);
  } finally {
    await running?.stop();
    await telegram.close();
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  }
  if (warnings.length > 0) console.log(`first warning: ${warnings[0]}`);
}

async function latency(
  sim: Awaited<ReturnType<typeof startSimulator>>,
  telegram: Awaited<ReturnType<typeof startBotApiServer>>,
  warnings: string[],
  running: RunningBot,
): Promise<void> {
  {
    // Setup: 50 people with accounts, linked through /connect, and one recipient each.
    const people = await Promise.all(
      Array.from({ length: USERS }, async (_, i) => {
        const id = FIRST_USER + i;
        const account = sim.createAccount({ userId: id, pay: { USDT: "1000" }, funding: { BTC: "0.01" } });
        const recipient = sim.createAccount({}).userId;
        const user = telegram.user(id, { first_name: `Bench ${i}`, language_code: i % 5 === 0 ? "ru" : "en" });
        await drive(user, [
          { label: "setup", text: "/start" },
          { label: "setup", text: "/connect" },
          { label: "setup", press: "keys:net:production" },
        ]);
        const linked = user.waitFor((e): e is Reply => e.type === "message" && e.fromBot && /✅/.test(e.message.text ?? ""));
        user.send(account.keys.production);
        await linked;
        return { user, recipient };
      }),
    );

    // Each person's history: HISTORY_ENTRIES invoices made before, in the journal as the bot writes them.
    for (const { user } of people) {
      for (let n = 0; n < HISTORY_ENTRIES; n++) {
        await running.storage.operations.recordDone({
          id: `inv-${user.id}-${n}`,
          telegramId: user.id,
          chatId: user.id,
          kind: "invoice_create",
          network: "production",
          payload: { asset: n % 2 ? "USDT" : "TONCOIN", amount: String(n + 1) },
          result: { id: `I${user.id}-${n}` },
        });
      }
    }

    // The measured flows: everyone at once.
    const latencies = new Map<number, { label: string; ms: number[] }>();
    const started = performance.now();
    await Promise.all(
      people.map(({ user, recipient }) =>
        drive(user, [...transfer(recipient), ...cheque, ...swap, ...tenAnswers, ...balancesWithTotal, ...alert, ...history], (step, label, ms) => {
          const entry = latencies.get(step) ?? { label, ms: [] };
          entry.ms.push(ms);
          latencies.set(step, entry);
        }),
      ),
    );
    const flowSeconds = (performance.now() - started) / 1000;

    console.log(`\nLatency: ${USERS} people at once, update delivered → first reply (ms)\n`);
    console.log("step  what                          p50     p95     max");
    let worstP95 = 0;
    let worstMax = 0;
    for (const [step, { label, ms }] of [...latencies].sort((a, b) => a[0] - b[0])) {
      const sorted = ms.sort((a, b) => a - b);
      const [p50, p95, max] = [percentile(sorted, 50), percentile(sorted, 95), sorted.at(-1)!];
      worstP95 = Math.max(worstP95, p95);
      worstMax = Math.max(worstMax, max);
      console.log(
        `${String(step).padStart(4)}  ${label.padEnd(28)} ${p50.toFixed(1).padStart(6)}  ${p95.toFixed(1).padStart(6)}  ${max.toFixed(1).padStart(6)}`,
      );
    }
    const transfers = (await Promise.all(people.map(({ recipient }) => sim.account(recipient)))).filter(
      (a) => a.pay.USDT?.balance === "1",
    ).length;
    const swapped = (await Promise.all(people.map(({ user }) => sim.account(user.id)))).filter(
      (a) => a.funding.BTC === "0.0095" && (a.trading.BTC ?? "0") === "0",
    ).length;
    console.log(
      `\nworst p95 ${worstP95.toFixed(1)} ms, worst reply ${worstMax.toFixed(1)} ms; ${transfers}/${USERS} transfers arrived; ` +
        `${swapped}/${USERS} swaps moved and sold once; ` +
        `${latencies.size} steps × ${USERS} people in ${flowSeconds.toFixed(1)} s; warnings logged: ${warnings.length}`,
    );
  }
}

/** Drives one person through steps, reporting the first-reply latency of each (step numbers from 1). */
async function drive(
  user: SimulatedUser,
  steps: Step[],
  report?: (step: number, label: string, ms: number) => void,
): Promise<void> {
  const state = user.api.state;
  for (const [i, step] of steps.entries()) {
    let data: { data: string; messageId: number } | undefined;
    let text = step.text;
    if (step.key !== undefined) {
      await until(
        () => (text = keyText(user, step.key!)) !== undefined,
        `${step.label} (${String(step.key)}) after: ${user.fromBot.slice(-2).map((m) => m.text).join(" | ")}`,
      );
    }
    if (step.press !== undefined) {
      await until(
        () => (data = buttonData(user, step.press!)) !== undefined,
        `${step.label} (${String(step.press)}) after: ${user.fromBot.slice(-2).map((m) => m.text).join(" | ")}`,
      );
    }
    // Delivery time of this update, then the first reply after it, in this chat. The update may be
    // delivered inside send() (a poll is waiting), so events are kept and read afterwards.
    const seen: ChatEvent[] = [];
    const listener = (e: ChatEvent) => {
      if (e.chatId === user.id) seen.push(e);
    };
    state.on("change", listener);
    const updateId = (text !== undefined ? user.send(text) : user.press(data!.data, data!.messageId).update).update_id;
    let deliveredAt = 0;
    let firstReplyAt = 0;
    try {
      await until(() => {
        const delivered = seen.findIndex((e) => e.type === "update-delivered" && e.updateId === updateId);
        if (delivered < 0) return false;
        deliveredAt = seen[delivered]!.at;
        const replies = seen.slice(delivered + 1).filter(isReply);
        firstReplyAt = replies[0]?.at ?? 0;
        // A press is done when something besides its answer appeared (the next view or prompt).
        return replies.length > 0 && (step.press === undefined || replies.some((e) => e.type !== "callback-answer"));
      }, step.label);
    } finally {
      state.off("change", listener);
    }
    report?.(i + 1, step.label, firstReplyAt - deliveredAt);
  }
}

/** Updates a second through the production wiring's bot, Telegram answered in process. */
async function throughput(
  base: ReturnType<typeof loadConfig>,
  dir: string,
  sim: Awaited<ReturnType<typeof startSimulator>>,
): Promise<void> {
  const telegram = await startBotApiServer({ token: base.BOT_TOKEN });
  const running = await startBot(
    {
      ...base,
      TELEGRAM_API_ROOT: telegram.apiRoot,
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? `sqlite:${join(dir, "throughput.sqlite")}`,
    },
    { logger: pino({ level: "silent" }), runner: { runner: { fetch: { timeout: 30 } } } },
  );
  await running.runner?.stop();
  const bot = running.app.bot;
  // From here Telegram is answered in process: the time measured is the bot's, not a socket's.
  let messageId = 1;
  bot.api.config.use(async (_prev, method, payload) => {
    const chatId = Number((payload as { chat_id?: number }).chat_id ?? 0);
    const result =
      method === "sendMessage" || method === "editMessageText"
        ? { message_id: messageId++, date: 0, chat: { id: chatId, type: "private" }, text: "" }
        : true;
    return { ok: true, result } as never;
  });

  const ids = Array.from({ length: 50 }, (_, i) => FIRST_USER + 1000 + i);
  let updateId = 1;
  const message = (id: number, text: string): Update =>
    ({
      update_id: updateId++,
      message: {
        message_id: updateId,
        date: Math.floor(Date.now() / 1000),
        chat: { id, type: "private", first_name: "T" },
        from: { id, is_bot: false, first_name: "T", language_code: "en" },
        text,
        entities: [{ type: "bot_command", offset: 0, length: text.length }],
      },
    }) as Update;
  for (const id of ids) {
    const account = sim.createAccount({ userId: id, pay: { USDT: "5" } });
    await running.storage.users.saveKey(id, "production", account.keys.production, `Bench ${account.userId}`);
  }

  console.log(`\nThroughput (${UPDATES} updates each, bot work with Telegram in process)\n`);
  for (const command of (process.env.COMMANDS ?? "/start,/balance").split(",")) {
    for (const concurrency of (process.env.CONCURRENCY ?? "1,50").split(",").map(Number)) {
      const total = command === "/balance" ? Math.min(UPDATES, 5000) : UPDATES;
      const slowest: number[] = [];
      /** `count` updates from `concurrency` senders, each sending its next when answered. */
      const drive = async (count: number, times?: number[]) => {
        let next = 0;
        await Promise.all(
          ids.slice(0, concurrency).map(async (id) => {
            while (next < count) {
              next++;
              const s = performance.now();
              await bot.handleUpdate(message(id, command));
              times?.push(performance.now() - s);
            }
          }),
        );
      };
      // Warm-up, as a running bot is: the code compiled and the previous part's garbage collected.
      await drive(Math.min(WARM_UP, total));
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      await drive(total, slowest);
      const seconds = (performance.now() - t0) / 1000;
      // CPU time of this process (bot, and for /balance the simulator too): the figure for one core,
      // whatever else the machine is doing; wall-clock figures depend on the machine's load.
      const cpu = process.cpuUsage(cpu0);
      const cpuSeconds = (cpu.user + cpu.system) / 1e6;
      slowest.sort((a, b) => a - b);
      console.log(
        `${command.padEnd(9)} ${String(concurrency).padStart(2)} at once: ${Math.round(total / cpuSeconds)
          .toString()
          .padStart(6)} updates per CPU-second (${Math.round(total / seconds)} /s wall clock)   ` +
          `p99 ${percentile(slowest, 99).toFixed(2)} ms, max ${slowest.at(-1)!.toFixed(1)} ms`,
      );
    }
  }
  await running.stop();
  await telegram.close();
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
