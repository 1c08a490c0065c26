/**
 * One bot process for real, in webhook mode, against the simulator and a fake Bot API over HTTP:
 * setWebhook with the secret and the allowed update types; 401 for a request without the right
 * secret (nothing handled); a body over 1 MB refused with 413 without being read, a malformed one with
 * 400 and one warn line; an update delivered twice handled once; /healthz, and /metrics on its loopback
 * listener only (none on the public port without a token); a user linking
 * a key; SIGTERM exits 0; and the whole log holds neither the key, nor the bot token, nor the
 * encryption key.
 */
import { randomBytes } from "node:crypto";
import { request } from "node:http";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningSimulator, startSimulator } from "../../src/dev/simulator/server.js";
import { button, LiveBot, TelegramOverHttp, until, WEBHOOK_SECRET } from "../helpers/live-bot.js";

const TOKEN = "123456:LIVE-TOKEN-abcdefghijklmnop";
const ENCRYPTION_KEY = randomBytes(32).toString("base64");
const USER = 910_001;

describe("a bot process in webhook mode", () => {
  let sim: RunningSimulator;
  const telegram = new TelegramOverHttp();
  let bot: LiveBot;

  beforeAll(async () => {
    sim = await startSimulator({ port: 0, seed: false });
    await telegram.start();
    const dir = mkdtempSync(join(tmpdir(), "bot-live-"));
    bot = new LiveBot({
      BOT_TOKEN: TOKEN,
      TELEGRAM_API_ROOT: telegram.url,
      KEY_ENCRYPTION_KEY: ENCRYPTION_KEY,
      DATABASE_URL: `sqlite:${join(dir, "bot.sqlite")}`,
      PAY_BASE_URL: sim.baseUrls.pay,
      EXCHANGE_BASE_URL: sim.baseUrls.exchange,
      PAY_TESTNET_BASE_URL: sim.baseUrls.payTestnet,
      EXCHANGE_TESTNET_BASE_URL: sim.baseUrls.exchangeTestnet,
      HEALTH_CHECK_SECONDS: "1",
      // The public port has no /metrics without a token: a loopback listener of its own serves them.
      METRICS_PORT: "0",
    });
    await bot.started();
  }, 40_000);

  afterAll(async () => {
    if (bot.child.exitCode === null) bot.child.kill("SIGKILL");
    await telegram.close();
    await sim.close();
  });

  it("sets its webhook with the secret and the update types it handles", () => {
    const set = telegram.tg.calls.find((c) => c.method === "setWebhook");
    expect(set?.payload).toMatchObject({
      url: "https://bot.example.org/telegram/hook",
      secret_token: WEBHOOK_SECRET,
      allowed_updates: ["message", "callback_query"],
    });
  });

  it("refuses requests without the right secret, and handles nothing of them", async () => {
    expect(await bot.post(telegram.updates.text(USER, "/start"), null)).toBe(401);
    expect(await bot.post(telegram.updates.text(USER, "/start"), "wrong-secret-123456")).toBe(401);
    await new Promise((r) => setTimeout(r, 200));
    expect(telegram.tg.textsIn(USER)).toEqual([]);
  });

  it("refuses a body over 1 MB with 413 without reading it, whether its length is announced or not", async () => {
    const announced = await streamPost(bot.url, { "content-length": String(100 * 1024 * 1024) }, 0);
    expect(announced.status).toBe(413);
    const streamed = await streamPost(bot.url, {}, 100 * 1024 * 1024);
    expect(streamed.status).toBe(413);
    // What the client managed to send before the answer: the limit and what sockets buffer, not 100 MB.
    expect(streamed.written).toBeLessThan(16 * 1024 * 1024);
    // Without the right secret nothing is read either.
    expect((await streamPost(bot.url, { "content-length": String(100 * 1024 * 1024) }, 0, "wrong-secret-123456")).status).toBe(401);
    expect(telegram.tg.textsIn(USER)).toEqual([]);
  });

  it("answers a malformed body with 400 and one warn line, and handles nothing of it", async () => {
    const from = bot.output.length;
    for (const body of ["{not json", "[]", JSON.stringify({ update_id: "x" })]) {
      const res = await fetch(`${bot.url}/telegram/hook`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": WEBHOOK_SECRET },
        body,
      });
      expect(res.status).toBe(400);
    }
    await new Promise((r) => setTimeout(r, 200));
    const lines = bot.output
      .slice(from)
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as { level: number; msg: string; reason?: string });
    // Lines of the earlier tests' refusals may still be arriving: only these bodies' are counted.
    expect(lines.filter((l) => l.level >= 40 && l.reason !== "too large").map((l) => [l.level, l.msg])).toEqual([
      [40, "webhook request refused"],
      [40, "webhook request refused"],
      [40, "webhook request refused"],
    ]);
    expect(telegram.tg.textsIn(USER)).toEqual([]);
  });

  it("handles an update delivered twice once", async () => {
    const start = telegram.updates.text(USER, "/start");
    const replies = () =>
      telegram.tg.calls.filter((c) => c.method === "sendMessage" && Number(c.payload.chat_id) === USER).length;
    expect(await Promise.all([bot.post(start), bot.post(start)])).toEqual([200, 200]);
    await until(() => replies() > 0, 10_000, "the greeting");
    await new Promise((r) => setTimeout(r, 300));
    const once = replies();
    expect(await bot.post(start)).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(replies()).toBe(once);
    const skipped = bot.output
      .split("\n")
      .filter((l) => l.includes("update already taken") && l.includes(`"update_id":${start.update_id}`));
    expect(skipped).toHaveLength(2);
  });

  it("links a key: the pasted key is deleted and never logged", async () => {
    const account = await (
      await fetch(`${sim.url}/_sim/accounts`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ userId: USER, pay: { USDT: "50" } }),
      })
    ).json() as { keys: { production: string } };
    await bot.post(telegram.updates.text(USER, "/connect"));
    await until(() => {
      try {
        button(telegram.tg, USER, /Production|production/);
        return true;
      } catch {
        return false;
      }
    }, 10_000, "the network buttons");
    const net = button(telegram.tg, USER, /Production|production/);
    await bot.post(telegram.updates.press(USER, net.data, net.messageId));
    await new Promise((r) => setTimeout(r, 200));
    await bot.post(telegram.updates.text(USER, account.keys.production));
    await until(() => telegram.tg.textsIn(USER).some((t) => t.includes("✅")), 10_000, "the key to be linked");
    expect(telegram.tg.deleted.some((d) => d.chatId === USER)).toBe(true);
    (globalThis as { linkedKey?: string }).linkedKey = account.keys.production;
  });

  it("serves /healthz on its port, and /metrics only on the loopback metrics listener", async () => {
    const health = await fetch(`${bot.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ ok: true, checks: { database: "ok", service: "ok" } });

    expect((await fetch(`${bot.url}/metrics`)).status).toBe(404);
    const metricsPort = Number(/"metricsHost":"127\.0\.0\.1","metricsPort":(\d+)/.exec(bot.output)?.[1]);
    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(metrics).toMatch(/bot_updates_total\{type="message",outcome="ok"\} [1-9]/);
    expect(metrics).toMatch(/bot_updates_total\{type="message",outcome="duplicate"\} [1-9]/);
    expect(metrics).toMatch(/bot_update_handler_seconds_count\{type="message"\} [1-9]/);
    expect(metrics).toMatch(/bot_service_calls_total\{operation="getAppInfo",status="200"\} [1-9]/);
    expect(metrics).toMatch(/bot_service_call_seconds_count\{operation="getAppInfo"\} [1-9]/);
    expect(metrics).toMatch(/bot_outbox_depth 0/);
    expect(metrics).toMatch(/bot_journal_unfinished\{state="pending"\} 0/);
    expect(metrics).toMatch(/bot_mass_rows_unfinished\{state="queued"\} 0/);
    expect(await (await fetch(`${bot.url}/nothing`)).text()).toBe("");
  });

  it("reports 503 when the service cannot be reached", async () => {
    await sim.close();
    await new Promise((r) => setTimeout(r, 1100)); // HEALTH_CHECK_SECONDS
    const health = await fetch(`${bot.url}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ ok: false, checks: { database: "ok", service: "failing" } });
    sim = await startSimulator({ port: 0, seed: false });
  });

  it("stops on SIGTERM with exit code 0, and its log holds no secret", async () => {
    bot.child.kill("SIGTERM");
    expect(await bot.exited).toBe(0);
    const log = bot.output;
    expect(log).toContain('"msg":"stopped"');
    expect(log).toContain('"user_id":910001');
    const key = (globalThis as { linkedKey?: string }).linkedKey!;
    expect(log).not.toContain(key);
    expect(log).not.toContain(TOKEN);
    expect(log).not.toContain(TOKEN.split(":")[1]);
    expect(log).not.toContain(ENCRYPTION_KEY);
  });
});

/**
 * POSTs `total` bytes to the webhook in 64 KB chunks (or only the headers when 0), stopping once an
 * answer comes; the status (or "timeout" after 5 s) and the bytes written by then.
 */
function streamPost(
  base: string,
  headers: Record<string, string>,
  total: number,
  secret = WEBHOOK_SECRET,
): Promise<{ status: number | "timeout"; written: number }> {
  return new Promise((resolve) => {
    let written = 0;
    let answered = false;
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const req = request(`${base}/telegram/hook`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": secret, ...headers },
    });
    const finish = (status: number | "timeout") => {
      if (answered) return;
      answered = true;
      clearTimeout(timer);
      req.destroy();
      resolve({ status, written });
    };
    const timer = setTimeout(() => finish("timeout"), 5000);
    req.on("response", (res) => {
      res.resume();
      finish(res.statusCode ?? 0);
    });
    req.on("error", () => undefined); // the server closing the connection early is what is expected
    const pump = () => {
      while (!answered && written < total) {
        written += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!answered && total > 0) req.end();
    };
    if (total === 0) req.flushHeaders();
    else pump();
  });
}
