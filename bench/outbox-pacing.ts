/**
 * The outbox sending MESSAGES notices to as many people against a Telegram that refuses more than 30
 * messages a second with 429 (the Bot API stand-in's broadcast limit): with the broadcast pacer
 * (messages spaced to BROADCAST_PER_SECOND, a 429 pausing every paced call) and without it (auto-retry
 * alone waiting out each 429). Printed: the time until every notice went out, the 429s Telegram
 * answered, and how many people got none or more than one.
 *
 *   npx tsx bench/outbox-pacing.ts        MESSAGES=1000 PER_SECOND=30 npx tsx bench/outbox-pacing.ts
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { autoRetry } from "@grammyjs/auto-retry";
import { Api } from "grammy";
import pino from "pino";
import { BotApi } from "../src/dev/telegram-stand-in/bot-api.js";
import { createJobs } from "../src/jobs/index.js";
import { createOutbox } from "../src/outbox/worker.js";
import { createStorage } from "../src/storage/index.js";
import { BroadcastPacer, broadcastApi } from "../src/telegram/broadcast-pacer.js";

const MESSAGES = Number(process.env.MESSAGES ?? 1_000);
const PER_SECOND = Number(process.env.PER_SECOND ?? 30);
const TOKEN = "100400:PACING";
const FIRST = 8_000_001;
const logger = pino({ level: "silent" });

async function run(paced: boolean): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "outbox-pacing-"));
  const tg = new BotApi({ token: TOKEN, broadcastPerSecond: PER_SECOND });
  const people = Array.from({ length: MESSAGES }, (_, i) => FIRST + i);
  for (const id of people) {
    tg.state.user(id);
    tg.state.started.add(id);
  }
  const retry = autoRetry({ maxRetryAttempts: 5, maxDelaySeconds: 60 });
  const api = paced
    ? broadcastApi(TOKEN, { fetch: tg.fetch }, new BroadcastPacer(() => PER_SECOND), [retry])
    : new Api(TOKEN, { fetch: tg.fetch });
  if (!paced) api.config.use(retry);
  const storage = await createStorage({ databaseUrl: `sqlite:${join(dir, "bot.sqlite")}`, keyEncryptionKey: Buffer.alloc(32, 7), keyVersion: 1 });
  const jobs = createJobs(undefined, logger);
  const outbox = createOutbox({ db: storage.db, api, jobs, logger, now: () => new Date() });
  await jobs.start();
  const started = performance.now();
  await storage.db.transaction().execute((trx) =>
    outbox.write(trx, people.map((chatId) => ({ chatId, text: "💸 You received 1 USDT." }))),
  );
  outbox.kick();
  for (;;) {
    const { pending } = await outbox.store.counts();
    if (pending === 0) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const seconds = (performance.now() - started) / 1000;
  const shown = people.map((id) => tg.state.history(id).filter((m) => m.from?.is_bot).length);
  const counts = await outbox.store.counts();
  console.log(
    `${paced ? "with the pacer   " : "without the pacer"}  ${MESSAGES} notices in ${seconds.toFixed(1)} s; 429s answered: ${tg.rateLimited}; ` +
      `outbox ${JSON.stringify(counts)}; people with none: ${shown.filter((n) => n === 0).length}, with more than one: ${shown.filter((n) => n > 1).length}`,
  );
  await jobs.stop(1_000);
  await storage.close();
  rmSync(dir, { recursive: true, force: true });
}

console.log(`Outbox: ${MESSAGES} notices to as many people; Telegram refuses past ${PER_SECOND} messages a second (429, retry after 1 s)\n`);
await run(true);
await run(false);
