/**
 * Flood benchmark: one person sends FLOOD updates at once (3,000 by default: /balance, a text and
 * /start in turn, their key linked so /balance asks the service), and right after them OTHERS people
 * (20) each send /start, then STEPS more updates one after another. The production wiring (`startBot`)
 * takes them from a local Bot API stand-in over HTTP, by long polling (MODE=polling, the runner's 500
 * updates in flight) or by webhook (MODE=webhook: this process plays Telegram, posting the stand-in's
 * updates in order over 40 connections, as Telegram does at most); SQLite in a file, or
 * BENCH_DATABASE_URL.
 *
 * Printed: the other people's time from sending an update to the bot's first reply in their chat
 * (p50 / p95 / max; the first update of each, and every update), how many of the flood's updates the
 * flooder got answered and how many were dropped, the most updates parked behind their chat, and the
 * process's RSS before the flood, at its peak and after.
 *
 *   npm run bench:flood        MODE=webhook FLOOD=3000 OTHERS=20 STEPS=5 npm run bench:flood
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type RunningBot, startBot } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { createLogger } from "../src/logger.js";
import { startSimulator } from "../src/dev/simulator/server.js";
import { startBotApiServer } from "../src/dev/telegram-stand-in/bot-api-server.js";
import type { ChatEvent } from "../src/dev/telegram-stand-in/chat-model.js";

const MODE = process.env.MODE === "webhook" ? "webhook" : "polling";
const FLOOD = Number(process.env.FLOOD ?? 3_000);
const OTHERS = Number(process.env.OTHERS ?? 20);
const STEPS = Number(process.env.STEPS ?? 5);
/** Telegram's most webhook connections at once. */
const WEBHOOK_CONNECTIONS = 40;
/** The whole run fails (exit 1) rather than wait past this. */
const DEADLINE_MS = Number(process.env.DEADLINE_MS ?? 300_000);
const TOKEN = "100300:FLOOD";
const SECRET = "flood-bench-webhook-secret";
const FLOODER = 6_000_001;
const FIRST_OTHER = 6_000_101;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function until(check: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(2);
  }
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "flood-bench-"));
  const sim = await startSimulator({ port: 0, seed: false });
  const telegram = await startBotApiServer({ token: TOKEN });
  const state = telegram.state;
  const warnings: string[] = [];
  const config = loadConfig({
    BOT_TOKEN: TOKEN,
    TELEGRAM_API_ROOT: telegram.apiRoot,
    KEY_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? `sqlite:${join(dir, "bot.sqlite")}`,
    PAY_BASE_URL: sim.baseUrls.pay,
    EXCHANGE_BASE_URL: sim.baseUrls.exchange,
    PAY_TESTNET_BASE_URL: sim.baseUrls.payTestnet,
    EXCHANGE_TESTNET_BASE_URL: sim.baseUrls.exchangeTestnet,
    LOG_LEVEL: "warn",
    PORT: "0",
    // The flood settings as configured (the defaults unless set), e.g. RATE_LIMIT_UPDATES=0 CHAT_BACKLOG=1000
    // for a bot without a limit, as before there was one.
    ...(process.env.RATE_LIMIT_UPDATES ? { RATE_LIMIT_UPDATES: process.env.RATE_LIMIT_UPDATES } : {}),
    ...(process.env.RATE_LIMIT_SECONDS ? { RATE_LIMIT_SECONDS: process.env.RATE_LIMIT_SECONDS } : {}),
    ...(process.env.CHAT_BACKLOG ? { CHAT_BACKLOG: process.env.CHAT_BACKLOG } : {}),
    ...(MODE === "webhook"
      ? { BOT_MODE: "webhook", WEBHOOK_URL: "https://bench.invalid/telegram", WEBHOOK_SECRET: SECRET, WEB_HOST: "127.0.0.1" }
      : {}),
  });
  const logger = createLogger("warn", { write: (line: string) => void warnings.push(line) });
  let running: RunningBot | undefined;
  let posting: Promise<void> | undefined;
  let stopPosting = false;
  /** When each update left Telegram for the bot (getUpdates returned it, or its webhook post began). */
  const deliveredAt = new Map<number, number>();
  state.on("change", (e: ChatEvent) => {
    if (e.type === "update-delivered") deliveredAt.set(e.updateId, e.at);
  });
  try {
    running = await startBot(config, { logger, ...(MODE === "polling" ? { runner: { runner: { fetch: { timeout: 30 } } } } : {}) });
    const app = running.app;
    if (MODE === "webhook") {
      // Telegram: the queued updates, oldest first, over at most 40 connections, each waiting for its answer.
      const url = `http://127.0.0.1:${running.port}/telegram`;
      posting = Promise.all(
        Array.from({ length: WEBHOOK_CONNECTIONS }, async () => {
          while (!stopPosting) {
            const update = state.queue.shift();
            if (update === undefined) {
              await sleep(1);
              continue;
            }
            deliveredAt.set(update.update_id, state.now());
            const res = await fetch(url, {
              method: "POST",
              headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": SECRET },
              body: JSON.stringify(update),
            });
            await res.arrayBuffer();
            if (res.status !== 200) throw new Error(`the webhook answered ${res.status}`);
          }
        }),
      ).then(() => undefined);
    }

    // The flooder's key is linked, so that each /balance asks the service.
    const account = sim.createAccount({ userId: FLOODER, pay: { USDT: "100" } });
    await running.storage.users.saveKey(FLOODER, "production", account.keys.production, "Flooder");
    const flooder = telegram.user(FLOODER, { first_name: "Flooder", language_code: "en" });
    const others = Array.from({ length: OTHERS }, (_, i) =>
      telegram.user(FIRST_OTHER + i, { first_name: `Other ${i}`, language_code: i % 5 === 0 ? "ru" : "en" }),
    );
    // Messages the bot sent, by chat.
    const sent = new Map<number, number>();
    state.on("change", (e: ChatEvent) => {
      if (e.type === "message" && e.fromBot) sent.set(e.chatId, (sent.get(e.chatId) ?? 0) + 1);
    });
    const fromBot = (chatId: number) => sent.get(chatId) ?? 0;
    // Everyone has talked to the bot once before (first contact is not what is measured).
    for (const person of [flooder, ...others]) {
      const before = fromBot(person.id);
      person.send("/start");
      await until(() => fromBot(person.id) > before, `the greeting of ${person.id}`);
    }

    // The first reply in a chat after a moment, by event time.
    const firstReplyAfter = (chatId: number, after: number) =>
      new Promise<number>((resolve) => {
        const listener = (e: ChatEvent) => {
          if (e.chatId !== chatId || e.at < after) return;
          if ((e.type === "message" && e.fromBot) || e.type === "edit") {
            state.off("change", listener);
            resolve(e.at);
          }
        };
        state.on("change", listener);
      });

    let peakRss = process.memoryUsage().rss;
    const rssBefore = peakRss;
    let mostParked = 0;
    const sampling = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      mostParked = Math.max(mostParked, app.backlog().parked);
    }, 10);
    const flooderBefore = fromBot(FLOODER);
    const droppedBefore = app.backlog().dropped;

    const kinds = ["/balance", "what is my balance", "/start"];
    const cpuAtStart = process.cpuUsage();
    const started = performance.now();
    for (let i = 0; i < FLOOD; i++) flooder.send(kinds[i % kinds.length]!);
    const first: number[] = [];
    const all: number[] = [];
    /** Of each other person's update: the time it waited at Telegram, and the bot's time to its first reply. */
    const queued: number[] = [];
    const handled: number[] = [];
    await Promise.all(
      others.map(async (person) => {
        for (let step = 0; step <= STEPS; step++) {
          const sentAt = state.now();
          const reply = firstReplyAfter(person.id, sentAt);
          const { update_id } = person.send(step % 2 === 0 ? "/start" : "/help");
          const repliedAt = await reply;
          const ms = repliedAt - sentAt;
          if (step === 0) first.push(ms);
          all.push(ms);
          const delivered = deliveredAt.get(update_id) ?? repliedAt;
          queued.push(delivered - sentAt);
          handled.push(repliedAt - delivered);
        }
      }),
    );
    const othersSeconds = (performance.now() - started) / 1000;
    // Then the flood is worked off (or dropped) to the end.
    await until(() => state.queue.length === 0 && app.backlog().parked === 0, "the flood to clear", DEADLINE_MS);
    await sleep(500);
    clearInterval(sampling);
    const floodSeconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuAtStart);
    const answered = fromBot(FLOODER) - flooderBefore;
    const dropped = app.backlog().dropped - droppedBefore;

    for (const list of [first, all, queued, handled]) list.sort((a, b) => a - b);
    const row = (what: string, ms: number[]) =>
      `${what.padEnd(34)} ${percentile(ms, 50).toFixed(0).padStart(6)}  ${percentile(ms, 95).toFixed(0).padStart(6)}  ${ms.at(-1)!.toFixed(0).padStart(6)}`;
    console.log(`\nFlood (${MODE}): one person sends ${FLOOD} updates at once; ${OTHERS} others right after, ${STEPS + 1} updates each\n`);
    console.log(`${"others: sent → first reply (ms)".padEnd(34)}    p50     p95     max`);
    console.log(row("  first update of each", first));
    console.log(row(`  every update (${all.length})`, all));
    console.log(row("    of it, waiting at Telegram", queued));
    console.log(row("    of it, delivered → first reply", handled));
    console.log(
      `\nflooder: ${answered} replies to ${FLOOD} updates, ${dropped} dropped; most parked behind their chat: ${mostParked}; ` +
        `others done in ${othersSeconds.toFixed(1)} s, flood cleared in ${floodSeconds.toFixed(1)} s`,
    );
    console.log(
      `CPU of this process (bot, Bot API stand-in${MODE === "webhook" ? ", the webhook poster" : ""}, simulator) from the flood ` +
        `to its end: ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s, ${((cpu.user + cpu.system) / (FLOOD + all.length)).toFixed(0)} µs per update`,
    );
    console.log(`RSS: ${mb(rssBefore)} before the flood, ${mb(peakRss)} at its peak, ${mb(process.memoryUsage().rss)} after`);
    if (warnings.length > 0) console.log(`warnings logged: ${warnings.length}; first: ${warnings[0]}`);
  } finally {
    stopPosting = true;
    await posting?.catch(() => undefined);
    await running?.stop();
    await telegram.close();
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const deadline = setTimeout(() => {
  console.error(`flood benchmark: not finished within ${DEADLINE_MS / 1000} s`);
  process.exit(1);
}, DEADLINE_MS);
deadline.unref();
main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
