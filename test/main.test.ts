/**
 * `npm start` end to end: the real entry point against a local stand-in for the Bot API
 * (TELEGRAM_API_ROOT) and the simulator. It starts, registers its commands, polls, and stops cleanly.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type RunningSimulator, startSimulator } from "../src/simulator/server.js";

let api: Server;
let apiUrl = "";
let sim: RunningSimulator;
const methods: string[] = [];

beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
  api = createServer((req, res) => {
    const method = (req.url ?? "").split("/").pop() ?? "";
    methods.push(method);
    const result =
      method === "getMe"
        ? { id: 1, is_bot: true, first_name: "Bot", username: "local_bot", can_join_groups: false, can_read_all_group_messages: false, supports_inline_queries: false }
        : method === "getUpdates"
          ? []
          : true;
    // Long polling: hold getUpdates briefly so the runner does not spin.
    setTimeout(() => res.end(JSON.stringify({ ok: true, result })), method === "getUpdates" ? 200 : 0);
  });
  await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
  const address = api.address();
  apiUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});

afterAll(async () => {
  api.closeAllConnections();
  await new Promise((resolve) => api.close(resolve));
  await sim.close();
});

it("starts, registers commands, polls and stops on SIGTERM", async () => {
  const dir = mkdtempSync(join(tmpdir(), "bot-main-"));
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    env: {
      PATH: process.env.PATH,
      BOT_TOKEN: "123456:LOCAL-TEST",
      TELEGRAM_API_ROOT: apiUrl,
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
  while (!/bot started/.test(output) || !methods.includes("getUpdates")) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(methods).toContain("setMyCommands");
  child.kill("SIGTERM");
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  expect(code).toBe(0);
  expect(output).not.toContain("LOCAL-TEST");
}, 30_000);
