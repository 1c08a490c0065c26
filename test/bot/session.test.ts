/**
 * The chat's session and its flow's state in one row (src/bot/session.ts), through the real bot over
 * the simulator and the fake Telegram; and the unit behaviour of `chatSession` and the context class.
 */
import { Bot, type Context } from "grammy";
import type { Update } from "grammy/types";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { BotContext, SessionData } from "../../src/bot/context.js";
import { createContextClass } from "../../src/bot/context-class.js";
import { chatSession } from "../../src/bot/session.js";
import type { ChatSessions } from "../../src/storage/chat-sessions.js";
import { createMigrator, MIGRATION_NAMES, migrateToLatest } from "../../src/storage/index.js";
import { Harness } from "../helpers/bot-harness.js";
import { pickData } from "../../src/bot/shared/input-data.js";

const backends = [
  { name: "sqlite", databaseUrl: undefined as string | undefined },
  ...(process.env.TEST_DATABASE_URL ? [{ name: "postgres", databaseUrl: process.env.TEST_DATABASE_URL }] : []),
];

describe.each(backends)("the chat's session ($name)", ({ databaseUrl }) => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.create(databaseUrl ? { databaseUrl } : {});
  });
  afterEach(async () => {
    await h.close();
  });

  const rows = (chatId: number) =>
    h.storage.db.selectFrom("kv").selectAll().where("key", "=", String(chatId)).orderBy("namespace").execute();

  it("keeps a flow's state in the chat's one session row, and drops it when the flow ends", async () => {
    const { user } = await h.linkedUser({ pay: { USDT: "10" } });
    await user.send("/cheque_new");
    await user.press(pickData("USDT"));
    expect(user.last()?.text).toMatch(/How much USDT/);

    const inFlow = await rows(user.id);
    expect(inFlow.map((r) => r.namespace)).toEqual(["session"]);
    expect(JSON.parse(inFlow[0]!.value)).toHaveProperty("flow");

    await user.send("/cancel");
    const after = await rows(user.id);
    expect(after.map((r) => r.namespace)).toEqual(["session"]);
    expect(JSON.parse(after[0]!.value)).not.toHaveProperty("flow");
    // The next answer is no longer taken as an amount.
    await user.send("3");
    expect(user.last()?.text).toMatch(/did not understand/i);
  });

  it("writes the row only when it changed", async () => {
    const { user } = await h.linkedUser();
    // Marked, so that any write (it stamps the time) shows.
    await h.storage.db.updateTable("kv").set({ updated_at: 0 }).where("key", "=", String(user.id)).execute();
    const [before] = await rows(user.id);
    await user.send("/start");
    await user.send("/help");
    expect(await rows(user.id)).toEqual([before]);
    expect(before!.updated_at).toBe(0);
  });

  it("goes on with a flow in progress across the upgrade that moved it into the session (migration 012)", async () => {
    const { user, account } = await h.linkedUser({ pay: { USDT: "10" } });
    await user.send("/cheque_new");
    await user.press(pickData("USDT"));
    // Back to the layout before 012 (its own row), then upgraded again, as at a deploy.
    const migrator = await createMigrator(h.storage.db);
    expect((await migrator.migrateTo("011-lean-update-ids")).error).toBeUndefined();
    const old = await rows(user.id);
    expect(old.map((r) => r.namespace)).toEqual(["conversation", "session"]);
    expect(JSON.parse(old[1]!.value)).not.toHaveProperty("flow");
    expect(await migrateToLatest(h.storage.db)).toEqual(MIGRATION_NAMES.slice(MIGRATION_NAMES.indexOf("012-flow-state-in-session")));
    expect((await rows(user.id)).map((r) => r.namespace)).toEqual(["session"]);

    await user.send("2");
    await user.press("in:skip");
    await user.press("in:skip");
    const confirm = (user.last()?.keyboard?.inline_keyboard.flat() ?? []).flatMap((b) =>
      "callback_data" in b && b.callback_data.startsWith("cf:") ? [b.callback_data] : [],
    )[0];
    await user.press(confirm!);
    expect((await h.account(account.userId)).pay.USDT).toEqual({ balance: "10", available: "8", holds: "2" });
  });
});

describe("chatSession", () => {
  const store = () => {
    const rows = new Map<string, SessionData>();
    const writes: string[] = [];
    return {
      rows,
      writes,
      kv: {
        open: async (key: string) => ({
          value: structuredClone(rows.get(key)),
          late: false,
          close: async (session?: SessionData | null) => {
            if (session === null) {
              writes.push(`delete ${key}`);
              rows.delete(key);
            } else if (session !== undefined) {
              writes.push(`write ${key}`);
              rows.set(key, structuredClone(session));
            }
            return true;
          },
        }),
      } satisfies ChatSessions<SessionData>,
    };
  };

  function botWith(kv: ReturnType<typeof store>["kv"], handler: (ctx: BotContext) => unknown) {
    const lines: string[] = [];
    const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(line) });
    const bot = new Bot<BotContext>("1:T", {
      botInfo: { id: 1, is_bot: true, first_name: "B", username: "b" } as never,
      ContextConstructor: createContextClass(logger),
    });
    bot.use(chatSession(kv, () => ({})));
    bot.use(async (ctx) => {
      await handler(ctx);
    });
    return { bot, lines };
  }
  let n = 1;
  const message = (chatId: number | undefined): Update =>
    chatId === undefined
      ? ({ update_id: n++, inline_query: { id: "q", from: { id: 7, is_bot: false, first_name: "U" }, query: "", offset: "" } } as Update)
      : ({
          update_id: n++,
          message: { message_id: n, date: 0, chat: { id: chatId, type: "private", first_name: "U" }, from: { id: 7, is_bot: false, first_name: "U" }, text: "hi" },
        } as Update);

  it("reads the chat's session, writes it back, deletes it when set to null, and writes nothing when a handler throws", async () => {
    const s = store();
    const seen: unknown[] = [];
    let step: (ctx: BotContext) => void = (ctx) => {
      ctx.session.pendingWebhookSecret = { until: 5 };
    };
    const { bot } = botWith(s.kv, (ctx) => {
      seen.push(structuredClone(ctx.session));
      step(ctx);
    });
    await bot.handleUpdate(message(42));
    expect(s.rows.get("42")).toEqual({ pendingWebhookSecret: { until: 5 } });

    step = (ctx) => {
      ctx.session.pendingWebhookSecret = { until: 9 };
      throw new Error("boom");
    };
    await expect(bot.handleUpdate(message(42))).rejects.toThrow("boom");
    expect(s.rows.get("42")).toEqual({ pendingWebhookSecret: { until: 5 } });

    step = (ctx) => {
      (ctx as { session: unknown }).session = null;
    };
    await bot.handleUpdate(message(42));
    expect(s.rows.has("42")).toBe(false);
    expect(seen).toEqual([{}, { pendingWebhookSecret: { until: 5 } }, { pendingWebhookSecret: { until: 5 } }]);
    expect(s.writes).toEqual(["write 42", "delete 42"]);
  });

  it("gives an update without a chat no session", async () => {
    const s = store();
    let session: unknown = "unset";
    const { bot } = botWith(s.kv, (ctx) => {
      session = ctx.session;
    });
    await bot.handleUpdate(message(undefined));
    expect(session).toBeUndefined();
    expect(s.writes).toEqual([]);
  });

  it("gives each context a logger with its update's and user's ids, made when first used", async () => {
    const { bot, lines } = botWith(store().kv, (ctx) => ctx.log.info("hello"));
    await bot.handleUpdate(message(42));
    expect(JSON.parse(lines[0]!)).toMatchObject({ update_id: n - 1, user_id: 7, msg: "hello" });
    const plain: Context = new (createContextClass(pino({ level: "silent" })))(message(1), bot.api, bot.botInfo);
    expect(Object.keys(plain)).not.toContain("log");
  });
});
