/**
 * The production wiring (startBot) against the Bot API stand-in and the simulator over HTTP: a person
 * links a key and reads balances, and a shutdown while an update is being handled lets it finish
 * before storage closes; in polling mode its HTTP server answers on loopback only, /metrics wants its
 * token, and however many /healthz requests come, the service is probed once per HEALTH_CHECK_SECONDS.
 * Port 3000 (the default) is held meanwhile: the tests bind no fixed port.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { networkInterfaces } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startBot } from "../src/app.js";
import { type Config, loadConfig } from "../src/config.js";
import { createLogger } from "../src/logger.js";
import { type RunningSimulator, startSimulator } from "../src/dev/simulator/server.js";
import { type BotApiServer, startBotApiServer } from "../src/dev/telegram-stand-in/bot-api-server.js";
import { holdPort } from "./helpers/hold-port.js";

let sim: RunningSimulator;
let telegram: BotApiServer;
let releasePort: () => Promise<void>;
beforeAll(async () => {
  releasePort = await holdPort(3000);
  sim = await startSimulator({ port: 0 });
  telegram = await startBotApiServer({ token: "4242:APP" });
});
afterAll(async () => {
  await releasePort();
  await telegram.close();
  await sim.close();
});

function logSink(): { lines: string[]; logger: ReturnType<typeof createLogger> } {
  const lines: string[] = [];
  const logger = createLogger(
    "info",
    new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  );
  return { lines, logger };
}

function configFor(env: Record<string, string> = {}): Config {
  return loadConfig({
    BOT_TOKEN: "4242:APP",
    TELEGRAM_API_ROOT: telegram.apiRoot,
    KEY_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    DATABASE_URL: `sqlite:${join(mkdtempSync(join(tmpdir(), "app-")), "bot.sqlite")}`,
    PAY_BASE_URL: sim.baseUrls.pay,
    EXCHANGE_BASE_URL: sim.baseUrls.exchange,
    PAY_TESTNET_BASE_URL: sim.baseUrls.payTestnet,
    EXCHANGE_TESTNET_BASE_URL: sim.baseUrls.exchangeTestnet,
    PORT: "0",
    ...env,
  });
}

it("serves a person end to end, and finishes an update in flight before stopping", async () => {
  const { lines, logger } = logSink();
  const running = await startBot(configFor(), { logger, runner: { runner: { fetch: { timeout: 1 } } } });
  const account = sim.createAccount({ pay: { USDT: "25" } });
  const person = telegram.user(account.userId, { language_code: "en" });
  const until = async (check: () => unknown) => {
    for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  };
  person.command("start");
  await until(() => person.fromBot.some((m) => /API key/.test(m.text ?? "")));
  person.command("connect");
  await until(() => person.findButton("keys:net:production"));
  person.press("keys:net:production");
  await until(() => person.fromBot.some((m) => /Send the key|Paste/i.test(m.text ?? "")) || person.fromBot.length > 5);
  person.send(account.keys.production);
  await until(() => person.fromBot.some((m) => /✅|❌|⚠️/.test(m.text ?? "")));
  // The key message leaves the chat; the bot confirms the link.
  expect(person.lastFromBot()?.text).toMatch(/✅ Key linked/);
  expect(person.messages.some((m) => m.text === account.keys.production)).toBe(false);

  // A slow service: the balances reply is in flight when the bot is told to stop.
  await fetch(`${sim.url}/_sim/faults`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ operationId: "getAppBalances", mode: "latency", ms: 300, count: 1 }),
  });
  const reply = person.waitFor((e): e is never => e.type === "message" && /USDT/.test(e.message.text ?? ""), 5000);
  let delivered = false;
  telegram.state.on("change", (e) => {
    if (e.type === "update-delivered" && e.chatId === person.id) delivered = true;
  });
  const balanceReads = async () =>
    ((await (await fetch(`${sim.url}/_sim/requests?operationId=getAppBalances`)).json()) as unknown[]).length;
  const readsBefore = await balanceReads();
  person.command("balance");
  await until(() => delivered);
  // Stop once the bot is inside the update (its service call is under way).
  for (let i = 0; i < 300 && (await balanceReads()) === readsBefore; i++) await new Promise((r) => setTimeout(r, 10));
  await running.stop();
  await reply;
  expect(lines.filter((l) => (JSON.parse(l) as { level: number }).level >= 50)).toEqual([]);
}, 30_000);

it("in polling mode answers on loopback only, asks for the metrics token, and probes the service once for many /healthz", async () => {
  const { lines, logger } = logSink();
  const token = "scrape-token-0123456789abcdef";
  const running = await startBot(configFor({ METRICS_TOKEN: token, HEALTH_CHECK_SECONDS: "60" }), {
    logger,
    runner: { runner: { fetch: { timeout: 1 } } },
  });
  try {
    const local = `http://127.0.0.1:${running.port}`;
    expect(lines.find((l) => l.includes('"bot started"'))).toContain('"host":"127.0.0.1"');
    // Not reachable on the machine's other addresses.
    const outside = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && !i.internal && i.family === "IPv4")?.address;
    if (outside) {
      const refused = await fetch(`http://${outside}:${running.port}/healthz`).then(
        () => "answered",
        (err: Error & { cause?: { code?: string } }) => err.cause?.code,
      );
      expect(refused).toBe("ECONNREFUSED");
    }

    // /metrics only with the token.
    expect((await fetch(`${local}/metrics`)).status).toBe(401);
    expect((await fetch(`${local}/metrics`, { headers: { authorization: "Bearer wrong-token-0123456789ab" } })).status).toBe(
      401,
    );
    const metrics = await fetch(`${local}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain("bot_outbox_depth 0");

    // 200 concurrent /healthz: one service probe.
    await fetch(`${sim.url}/_sim/requests`, { method: "DELETE" });
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => fetch(`${local}/healthz`).then(async (r) => [r.status, await r.json()] as const)),
    );
    expect(answers.every(([status]) => status === 200)).toBe(true);
    expect(answers[0]![1]).toEqual({ ok: true, checks: { database: "ok", service: "ok" } });
    const probes = (await (await fetch(`${sim.url}/_sim/requests?operationId=getHealth`)).json()) as unknown[];
    expect(probes).toHaveLength(1);
    expect((await fetch(`${local}/healthz`)).status).toBe(200);
    expect((await (await fetch(`${sim.url}/_sim/requests?operationId=getHealth`)).json()) as unknown[]).toHaveLength(1);
  } finally {
    await running.stop();
  }
  expect(lines.join("\n")).not.toContain(token);
}, 30_000);

it("in webhook mode without METRICS_TOKEN serves /metrics only on the loopback metrics listener, never on the public port", async () => {
  // A stand-in of its own: the webhook this bot sets must not stop the other tests' polling.
  const own = await startBotApiServer({ token: "4242:APP" });
  const webhook = { BOT_MODE: "webhook", WEBHOOK_URL: "https://bot.example.org/hook", WEBHOOK_SECRET: "a-secret-of-enough-length" };
  const outside = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && !i.internal && i.family === "IPv4")?.address;
  const start = async (env: Record<string, string>) => {
    const { lines, logger } = logSink();
    const running = await startBot(configFor({ TELEGRAM_API_ROOT: own.apiRoot, ...webhook, ...env }), { logger });
    return { running, lines, web: `http://127.0.0.1:${running.port}` };
  };
  try {
    // No token, no metrics listener: the public port has no /metrics (nothing else changes), and the log says why.
    const bare = await start({});
    try {
      expect((await fetch(`${bare.web}/metrics`)).status).toBe(404);
      expect((await fetch(`${bare.web}/healthz`)).status).toBe(200);
      expect(bare.running.metricsPort).toBeUndefined();
      expect(bare.lines.some((l) => l.includes("/metrics is not served"))).toBe(true);
    } finally {
      await bare.running.stop();
    }

    // METRICS_PORT: a listener of its own on loopback serves them; the public port still does not.
    const apart = await start({ METRICS_PORT: "0" });
    try {
      expect((await fetch(`${apart.web}/metrics`)).status).toBe(404);
      const port = apart.running.metricsPort!;
      expect(apart.lines.find((l) => l.includes('"bot started"'))).toContain(`"metricsHost":"127.0.0.1","metricsPort":${port}`);
      const scraped = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(scraped.status).toBe(200);
      expect(await scraped.text()).toContain("bot_outbox_depth 0");
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(404);
      if (outside) {
        const refused = await fetch(`http://${outside}:${port}/metrics`).then(
          () => "answered",
          (err: Error & { cause?: { code?: string } }) => err.cause?.code,
        );
        expect(refused).toBe("ECONNREFUSED");
      }
    } finally {
      await apart.running.stop();
    }

    // With the token, the public port serves them to the scraper that carries it.
    const token = "scrape-token-0123456789abcdef";
    const tokened = await start({ METRICS_TOKEN: token });
    try {
      expect((await fetch(`${tokened.web}/metrics`)).status).toBe(401);
      expect((await fetch(`${tokened.web}/metrics`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    } finally {
      await tokened.running.stop();
    }
  } finally {
    await own.close();
  }
}, 60_000);
