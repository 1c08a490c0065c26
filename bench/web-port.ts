/**
 * What the HTTP server's endpoints cost the people using the bot: the production wiring (`startBot`)
 * on SQLite holding ROWS (500,000) mass-transfer rows of a finished job, long-polling a local Bot API
 * stand-in, with the simulator in process behind a proxy that counts the service calls.
 *
 *   1. /start reply time (update delivered → reply shown), 20 in a row: alone, then while 50 clients
 *      scrape /metrics in a loop.
 *   2. 200 concurrent GET /healthz: how many calls reach the service.
 *   3. Webhook mode: one POST of 100 MB with the right secret: status, and the process's RSS before
 *      and after.
 *
 *   npx tsx bench/web-port.ts            ROWS=100000 npx tsx bench/web-port.ts
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer as createHttpServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { startBot } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { createLogger } from "../src/logger.js";
import type { ChatEvent } from "../src/dev/telegram-stand-in/chat-model.js";
import { startBotApiServer } from "../src/dev/telegram-stand-in/bot-api-server.js";
import { startSimulator } from "../src/dev/simulator/server.js";
import { createStorage } from "../src/storage/index.js";

const ROWS = Number(process.env.ROWS ?? 500_000);
const SCRAPERS = 50;
const SECRET = "bench-webhook-secret-0123";

/** A port free right now: known before the bot starts, and usable with code that has no PORT=0. */
async function freePort(): Promise<number> {
  const s = createHttpServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

async function seed(databaseUrl: string, key: Buffer): Promise<void> {
  const storage = await createStorage({ databaseUrl, keyEncryptionKey: key, keyVersion: 1 });
  await sql`insert into mass_jobs (id, admin_id, chat_id, network, status, rows_total, notify, report_sent, notify_done, created_at, updated_at)
            values ('old', 1, 1, 'production', 'completed', ${ROWS}, 0, 1, 1, 0, 0)`.execute(storage.db);
  await sql`
    with recursive n(i) as (select 1 union all select i + 1 from n where i < ${ROWS})
    insert into mass_rows (job_id, row_no, lines, target, asset, amount, client_id, state, attempts, notified, updated_at)
    select 'old', i, i, '1000', 'USDT', '1', 'c' || i, 'completed', 1, 1, 0 from n`.execute(storage.db);
  await storage.close();
}

function stats(ms: number[]): string {
  const s = [...ms].sort((a, b) => a - b);
  return `p50 ${s[Math.floor(s.length / 2)]!.toFixed(0)} ms, max ${s.at(-1)!.toFixed(0)} ms`;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "web-port-bench-"));
  const key = randomBytes(32);
  const databaseUrl = `sqlite:${join(dir, "bot.sqlite")}`;
  const seeded = Date.now();
  await seed(databaseUrl, key);
  console.log(`seeded ${ROWS} mass rows in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);

  const sim = await startSimulator({ port: 0, seed: false });
  const PREFIXES: [string, string][] = [
    ["/testnet/pay", sim.baseUrls.payTestnet],
    ["/testnet/exchange", sim.baseUrls.exchangeTestnet],
    ["/pay", sim.baseUrls.pay],
    ["/exchange", sim.baseUrls.exchange],
  ];
  // Every call to the service passes here and is counted.
  let serviceCalls = 0;
  const proxy = createHttpServer((req, res) => {
    serviceCalls++;
    // The bot is given one prefix per interface here; each goes on to that interface's own origin.
    const path = req.url ?? "/";
    const [prefix, origin] = PREFIXES.find(([p]) => path.startsWith(`${p}/`)) ?? ["", sim.baseUrls.pay];
    const target = new URL(path.slice(prefix.length), origin);
    const out = request(target, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    out.on("error", () => res.writeHead(502).end());
    req.pipe(out);
  });
  await new Promise<void>((r) => proxy.listen(0, "127.0.0.1", r));
  const proxied = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  const telegram = await startBotApiServer({ token: "100200:WEB" });
  const port = await freePort();
  const env = {
    BOT_TOKEN: "100200:WEB",
    TELEGRAM_API_ROOT: telegram.apiRoot,
    KEY_ENCRYPTION_KEY: key.toString("base64"),
    DATABASE_URL: databaseUrl,
    PAY_BASE_URL: `${proxied}/pay`,
    EXCHANGE_BASE_URL: `${proxied}/exchange`,
    PAY_TESTNET_BASE_URL: `${proxied}/testnet/pay`,
    EXCHANGE_TESTNET_BASE_URL: `${proxied}/testnet/exchange`,
    LOG_LEVEL: "warn",
    PORT: String(port),
  };
  const logger = createLogger("warn", { write: () => undefined });
  const running = await startBot(loadConfig(env), { logger, runner: { runner: { fetch: { timeout: 30 } } } });
  const base = `http://127.0.0.1:${port}`;

  try {
    const person = telegram.user(6_000_001, { first_name: "Bench", language_code: "en" });
    const startReply = async (): Promise<number> => {
      const seen = person.fromBot.length;
      const t0 = performance.now();
      const replied = new Promise<void>((resolve) => {
        const listener = (e: ChatEvent) => {
          if (e.type === "message" && e.fromBot && person.fromBot.length > seen) {
            telegram.state.off("change", listener);
            resolve();
          }
        };
        telegram.state.on("change", listener);
      });
      person.command("start");
      await replied;
      return performance.now() - t0;
    };
    await startReply();
    const alone: number[] = [];
    for (let i = 0; i < 20; i++) alone.push(await startReply());
    console.log(`/start alone: ${stats(alone)}`);

    let scraping = true;
    let scrapes = 0;
    const scraper = async () => {
      while (scraping) {
        await (await fetch(`${base}/metrics`)).text();
        scrapes++;
      }
    };
    const scrapers = Array.from({ length: SCRAPERS }, scraper);
    await new Promise((r) => setTimeout(r, 500));
    const t0 = performance.now();
    const busy: number[] = [];
    for (let i = 0; i < 20; i++) busy.push(await startReply());
    const seconds = (performance.now() - t0) / 1000;
    scraping = false;
    await Promise.all(scrapers);
    console.log(`/start with ${SCRAPERS} clients scraping /metrics: ${stats(busy)} (${(scrapes / seconds).toFixed(0)} scrapes/s)`);

    serviceCalls = 0;
    const health = await Promise.all(Array.from({ length: 200 }, () => fetch(`${base}/healthz`).then((r) => r.status)));
    console.log(`200 concurrent /healthz: statuses ${[...new Set(health)].join(",")}, service calls ${serviceCalls}`);
  } finally {
    await running.stop();
  }

  // Webhook mode: one oversized body with the right secret.
  const hookPort = await freePort();
  const hooked = await startBot(
    loadConfig({
      ...env,
      PORT: String(hookPort),
      BOT_MODE: "webhook",
      WEBHOOK_URL: "https://bot.example.org/hook",
      WEBHOOK_SECRET: SECRET,
    }),
    { logger },
  );
  try {
    const body = Buffer.alloc(100 * 1024 * 1024, 0x20);
    const before = process.memoryUsage().rss;
    const t0 = performance.now();
    const status = await new Promise<number | string>((resolve) => {
      const req = request(`http://127.0.0.1:${hookPort}/hook`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": SECRET },
      });
      req.on("response", (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on("error", (err) => resolve(err.message));
      req.end(body);
    });
    const after = process.memoryUsage().rss;
    console.log(
      `100 MB webhook body with the right secret: ${status} in ${(performance.now() - t0).toFixed(0)} ms; ` +
        `RSS ${(before / 2 ** 20).toFixed(0)} → ${(after / 2 ** 20).toFixed(0)} MB (the 100 MB being sent counted in both)`,
    );
  } finally {
    await hooked.stop();
    await telegram.close();
    await new Promise((r) => proxy.close(r));
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
