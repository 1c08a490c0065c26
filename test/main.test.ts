/**
 * The bot's entry point (src/main.ts, built into dist/main.js) end to end, against a local stand-in
 * for the Bot API (TELEGRAM_API_ROOT) and the simulator: it starts, registers its commands, polls, and
 * stops cleanly. Without a token it stops: the playground is not its to start.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type RunningSimulator, startSimulator } from "../src/dev/simulator/server.js";
import { type BotApiServer, startBotApiServer } from "../src/dev/telegram-stand-in/bot-api-server.js";

let telegram: BotApiServer;
let sim: RunningSimulator;
const methods = () => telegram.calls.map((c) => c.method);

beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
  telegram = await startBotApiServer({ token: "123456:LOCAL-TEST" });
});

afterAll(async () => {
  await telegram.close();
  await sim.close();
});

it("starts, registers commands, polls and stops on SIGTERM", async () => {
  const dir = mkdtempSync(join(tmpdir(), "bot-main-"));
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    env: {
      PATH: process.env.PATH,
      BOT_TOKEN: "123456:LOCAL-TEST",
      TELEGRAM_API_ROOT: telegram.apiRoot,
      KEY_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
      DATABASE_URL: `sqlite:${join(dir, "bot.sqlite")}`,
      ADMIN_IDS: "42",
      PAY_BASE_URL: sim.baseUrls.pay,
      EXCHANGE_BASE_URL: sim.baseUrls.exchange,
      PAY_TESTNET_BASE_URL: sim.baseUrls.payTestnet,
      EXCHANGE_TESTNET_BASE_URL: sim.baseUrls.exchangeTestnet,
      LOG_LEVEL: "info",
      PORT: "0",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += String(d)));
  child.stderr.on("data", (d) => (output += String(d)));
  const deadline = Date.now() + 20_000;
  while (!/bot started/.test(output) || !methods().includes("getUpdates")) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(methods()).toContain("setMyCommands");
  child.kill("SIGTERM");
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  expect(code).toBe(0);
  expect(output).not.toContain("LOCAL-TEST");
}, 30_000);

it("never starts the playground: without BOT_TOKEN, whatever NODE_ENV, it stops naming BOT_TOKEN and where the playground is", async () => {
  for (const nodeEnv of [undefined, "production"]) {
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, PLAYGROUND_PORT: "0" };
    if (nodeEnv) env.NODE_ENV = nodeEnv;
    const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], { env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d) => (output += String(d)));
    child.stderr.on("data", (d) => (output += String(d)));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code, output).toBe(1);
    expect(output).toMatch(/BOT_TOKEN is required/);
    expect(output).toMatch(/needs BOT_TOKEN.*@BotFather.*playground is not part of the build or the container.*`npm start`/s);
    expect(output).not.toMatch(/^Playground: /m);
  }
}, 30_000);
