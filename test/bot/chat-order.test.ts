/**
 * One chat's updates across two webhook instances on one PostgreSQL, behind a balancer that sends a
 * chat's consecutive updates to the instances in turn (as round-robin does), with Telegram's round
 * trip at 50 ms. A person at the amount prompt types the amount and, 10–100 ms later, the note; or
 * presses the currency button and, as soon after, types the amount. Each run must end as handling the
 * same updates one after the other does: the amount kept, each prompt shown once, nothing refused.
 */
import type { Update } from "grammy/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateHandler } from "../../src/serve.js";
import { startWebServer, type WebServer } from "../../src/web/server.js";
import { Harness, type TestUser } from "../helpers/bot-harness.js";
import { pickData } from "../../src/bot/shared/input-data.js";

const PG_URL = process.env.TEST_DATABASE_URL;
const SECRET = "chat-order-webhook-secret";
const RUNS = 30;
const TELEGRAM_ROUND_TRIP_MS = 50;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!PG_URL)("one chat's updates across two webhook instances on PostgreSQL", () => {
  let h: Harness;
  const webs: WebServer[] = [];
  const urls: string[] = [];
  let user: TestUser;
  let recipientId: number;
  let turn = 0;

  beforeAll(async () => {
    h = await Harness.create({ databaseUrl: PG_URL });
    // Every Bot API call takes Telegram's round trip.
    const slowTelegram: typeof fetch = async (input, init) => {
      await sleep(TELEGRAM_ROUND_TRIP_MS);
      return h.tg.fetch(input, init);
    };
    for (let i = 0; i < 2; i++) {
      const app = h.newApp({ client: { fetch: slowTelegram } });
      const web = await startWebServer({
        port: 0,
        host: "127.0.0.1",
        logger: h.deps.logger,
        health: async () => ({ ok: true, checks: { database: "ok", service: "ok" } }),
        webhook: { path: "/telegram", secret: SECRET, handle: updateHandler(app) },
      });
      webs.push(web);
      urls.push(`http://127.0.0.1:${web.port}/telegram`);
    }
    ({ user } = await h.linkedUser({ pay: { USDT: "1000" } }));
    ({ userId: recipientId } = await h.createAccount({}));
  }, 60_000);

  afterAll(async () => {
    for (const web of webs) await web.close();
    await h?.close();
  });

  /** The balancer: each update to the next instance in turn; resolves when the webhook is answered. */
  async function deliver(update: Omit<Update, "update_id">): Promise<void> {
    const url = urls[turn++ % urls.length]!;
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": SECRET },
      body: JSON.stringify(h.stamp(update)),
    });
    await res.text();
    expect(res.status).toBe(200);
  }

  /** Two updates of the chat, the second `gapMs` after the first, each to the next instance. */
  async function closeTogether(first: Omit<Update, "update_id">, second: () => Omit<Update, "update_id">, gapMs: number) {
    const a = deliver(first);
    await sleep(gapMs);
    await Promise.all([a, deliver(second())]);
  }

  /** The bot's messages in the chat from the `from`-th message the bot sent on. */
  const shownSince = (from: number) => h.tg.sent.slice(from).filter((m) => m.chatId === user.id).map((m) => m.text);

  it(`ends every one of ${RUNS} runs as handling the updates one after the other does`, async () => {
    const diverged: string[] = [];
    for (let run = 0; run < RUNS; run++) {
      const gapMs = 10 + Math.round((90 * run) / (RUNS - 1));
      await deliver(user.textUpdate(`/send ${recipientId}`));
      if (run % 2 === 0) {
        // The amount, then the note.
        await deliver(user.pressUpdate(pickData("USDT")));
        const from = h.tg.sent.length;
        const note = `note ${run}`;
        await closeTogether(user.textUpdate("1.5"), () => user.textUpdate(note), gapMs);
        const shown = shownSince(from);
        const ok =
          shown.filter((t) => /Add a note/.test(t)).length === 1 &&
          !shown.some((t) => /not an amount/.test(t)) &&
          /please check/.test(shown.at(-1) ?? "") &&
          shown.at(-1)!.includes("1.5 USDT") &&
          shown.at(-1)!.includes(note);
        if (!ok) diverged.push(`run ${run} (amount, then note ${gapMs} ms later): ${JSON.stringify(shown)}`);
      } else {
        // The currency pressed, then the amount typed.
        const from = h.tg.sent.length;
        await closeTogether(user.pressUpdate(pickData("USDT")), () => user.textUpdate("2.5"), gapMs);
        const shown = shownSince(from);
        const ok =
          shown.filter((t) => /How much USDT/.test(t)).length === 1 &&
          !shown.some((t) => /pick one of the buttons|not an amount/.test(t)) &&
          /Add a note/.test(shown.at(-1) ?? "");
        if (!ok) diverged.push(`run ${run} (currency, then amount ${gapMs} ms later): ${JSON.stringify(shown)}`);
      }
    }
    expect(diverged).toEqual([]);
  }, 120_000);
});
