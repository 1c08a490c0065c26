/**
 * A Confirm pressed while the bot restarts: the production wiring (startBot, polling) against the Bot
 * API stand-in (which refuses to answer a press more than 15 s old, as Telegram does) and the
 * simulator. Each run shows a transfer summary, stops the bot, presses Confirm, waits RESTART_MS and
 * starts the bot again on the same database. Prints, per run, whether the transfer was made (and
 * how often), whether the summary lost its buttons and showed the outcome, and how long after the
 * start the person saw it.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type RunningBot, startBot } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { createLogger } from "../src/logger.js";
import { startBotApiServer } from "../src/dev/telegram-stand-in/bot-api-server.js";
import { startSimulator } from "../src/dev/simulator/server.js";

const RUNS = Number(process.env.RUNS ?? 3);
const RESTART_MS = Number(process.env.RESTART_MS ?? 20_000);
const TOKEN = "4242:BENCH";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => unknown, timeoutMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await sleep(10);
  }
  return true;
}

const sim = await startSimulator({ port: 0 });
const telegram = await startBotApiServer({ token: TOKEN, firstUpdateId: Date.now() });
const config = loadConfig({
  BOT_TOKEN: TOKEN,
  TELEGRAM_API_ROOT: telegram.apiRoot,
  KEY_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
  DATABASE_URL: `sqlite:${join(mkdtempSync(join(tmpdir(), "confirm-restart-")), "bot.sqlite")}`,
  PAY_BASE_URL: sim.baseUrls.pay,
  EXCHANGE_BASE_URL: sim.baseUrls.exchange,
  PAY_TESTNET_BASE_URL: sim.baseUrls.payTestnet,
  EXCHANGE_TESTNET_BASE_URL: sim.baseUrls.exchangeTestnet,
  PORT: "0",
});
const start = () => startBot(config, { logger: createLogger("warn"), runner: { runner: { fetch: { timeout: 1 } } } });
const transfers = async (clientId: string) =>
  ((await (await fetch(`${sim.url}/_sim/requests?operationId=createTransfer`)).json()) as { body: { clientPayoutId: string } }[]).filter(
    (r) => r.body.clientPayoutId === clientId,
  ).length;

const account = sim.sim.createAccount({ pay: { USDT: "1000" } });
const recipient = sim.sim.createAccount({});
const person = telegram.user(account.userId, { first_name: "Ann", language_code: "en" });
let bot: RunningBot = await start();
person.command("start");
await until(() => person.fromBot.some((m) => /API key/.test(m.text ?? "")));
person.command("connect");
await until(() => person.findButton("keys:net:production"));
person.press("keys:net:production");
await until(() => person.fromBot.some((m) => /Paste/.test(m.text ?? "")));
person.send(account.keys.production);
if (!(await until(() => person.fromBot.some((m) => /✅ Key linked/.test(m.text ?? ""))))) throw new Error("linking failed");

console.log(`Confirm pressed during a ${RESTART_MS / 1000} s restart, ${RUNS} runs`);
let carriedOut = 0;
for (let run = 1; run <= RUNS; run++) {
  person.command("send", String(recipient.userId));
  await until(() => person.findButton("in:pick:USDT"));
  person.press("in:pick:USDT");
  await until(() => /How much USDT/.test(person.lastFromBot()?.text ?? ""));
  person.send("1");
  await until(() => person.findButton("in:skip") && /note/i.test(person.lastFromBot()?.text ?? ""));
  person.press("in:skip");
  const confirmOf = (m: { reply_markup?: { inline_keyboard: { text: string }[][] } } | undefined) =>
    m?.reply_markup?.inline_keyboard.flat().find((b) => "callback_data" in b && String(b.callback_data).startsWith("cf:"));
  await until(() => confirmOf(person.lastFromBot()));
  const summary = person.lastFromBot()!;
  const confirm = confirmOf(summary)!;
  const clientId = String("callback_data" in confirm ? confirm.callback_data : "").slice(3);

  await bot.stop();
  person.press(`cf:${clientId}`, summary.message_id);
  await sleep(RESTART_MS);
  const started = Date.now();
  bot = await start();
  const shown = () => person.messages.find((m) => m.message_id === summary.message_id);
  const told = await until(() => /✅|❌|⚠️/.test((shown()?.text ?? "").split("\n").at(-2) ?? "") || /Sent 1 USDT/.test(shown()?.text ?? ""), 20_000);
  const ms = Date.now() - started;
  await sleep(500);
  const sent = await transfers(clientId);
  const buttons = (shown()?.reply_markup?.inline_keyboard.flat() ?? []).map((b) => b.text);
  if (sent === 1) carriedOut++;
  console.log(
    `run ${run}: transfer sent ${sent}×; summary ${told ? `shows the outcome ${ms} ms after the start` : "shows no outcome"}` +
      `; buttons now [${buttons.join(", ")}]`,
  );
}
console.log(`${carriedOut} of ${RUNS} presses carried out`);
await bot.stop();
await telegram.close();
await sim.close();
