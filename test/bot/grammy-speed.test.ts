/**
 * The bot's replacements for grammY's `Composer.use` and `Composer.branch` (src/bot/grammy-speed.ts)
 * must behave as grammY's own do in everything the bot relies on.
 */
import { Bot, Composer, type Context } from "grammy";
import type { Update, UserFromGetMe } from "grammy/types";
import { describe, expect, it } from "vitest";
import "../../src/bot/grammy-speed.js";

const botInfo = {
  id: 1,
  is_bot: true,
  first_name: "Bot",
  username: "bot",
  can_join_groups: false,
  can_read_all_group_messages: false,
  supports_inline_queries: false,
  can_connect_to_business: false,
  has_main_web_app: false,
} as UserFromGetMe;

let nextId = 1;
function message(text: string, chatType: "private" | "group" = "private"): Update {
  const chat = chatType === "private" ? { id: 7, type: "private", first_name: "A" } : { id: -7, type: "group", title: "G" };
  return {
    update_id: nextId++,
    message: {
      message_id: nextId,
      date: 0,
      chat,
      from: { id: 7, is_bot: false, first_name: "A" },
      text,
      ...(text.startsWith("/") ? { entities: [{ type: "bot_command", offset: 0, length: text.split(" ")[0]!.length }] } : {}),
    },
  } as Update;
}

const newBot = () => new Bot<Context>("1:test", { botInfo });

describe("grammY composition as the bot runs it", () => {
  it("runs handlers in order, each after the previous one's next, and unwinds in reverse", async () => {
    const bot = newBot();
    const seen: string[] = [];
    bot.use(async (_ctx, next) => {
      seen.push("a in");
      await next();
      seen.push("a out");
    });
    bot.use(async (_ctx, next) => {
      seen.push("b in");
      await new Promise((r) => setTimeout(r, 5));
      await next();
      seen.push("b out");
    });
    bot.use(() => void seen.push("c"));
    bot.use(() => void seen.push("never: c did not call next"));
    await bot.handleUpdate(message("hi"));
    expect(seen).toEqual(["a in", "b in", "c", "b out", "a out"]);
  });

  it("lets handlers be added to a filtered branch after it was made, and falls through when it does not match", async () => {
    const bot = newBot();
    const seen: string[] = [];
    const pm = bot.chatType("private");
    const composer = new Composer<Context>();
    bot.use(composer);
    // Added after both branches exist: must still run.
    pm.command("start", (ctx) => void seen.push(`start ${ctx.match}`));
    pm.on("message:text", (ctx) => void seen.push(`private text ${ctx.message.text}`));
    composer.on("message:text", (ctx) => void seen.push(`any text ${ctx.message.text}`));
    await bot.handleUpdate(message("/start deep"));
    await bot.handleUpdate(message("hello"));
    await bot.handleUpdate(message("/start", "group"));
    expect(seen).toEqual(["start deep", "private text hello", "any text /start"]);
  });

  it("awaits async predicates, and a false one passes the update on", async () => {
    const bot = newBot();
    const seen: string[] = [];
    bot.filter(
      async (ctx) => {
        await new Promise((r) => setTimeout(r, 1));
        return ctx.message?.text === "yes";
      },
      () => void seen.push("matched"),
    );
    bot.use(() => void seen.push("passed on"));
    await bot.handleUpdate(message("yes"));
    await bot.handleUpdate(message("no"));
    expect(seen).toEqual(["matched", "passed on"]);
  });

  it("runs a Composer's constructor handlers before the ones used later", async () => {
    const seen: string[] = [];
    const composer = new Composer<Context>(
      (_ctx, next) => (seen.push("first"), next()),
      (_ctx, next) => (seen.push("second"), next()),
    );
    composer.use(() => void seen.push("third"));
    const bot = newBot();
    bot.use(composer);
    await bot.handleUpdate(message("x"));
    expect(seen).toEqual(["first", "second", "third"]);
  });

  it("refuses a second call of next, and rejects on an error thrown synchronously or later", async () => {
    const twice = newBot();
    twice.use(async (_ctx, next) => {
      await next();
      await next();
    });
    twice.use((_ctx, next) => next());
    await expect(twice.handleUpdate(message("x"))).rejects.toThrow("`next` already called before!");

    for (const fail of [
      () => {
        throw new Error("sync failure");
      },
      async () => {
        throw new Error("async failure");
      },
    ]) {
      const bot = newBot();
      const caught: string[] = [];
      // As the bot's own middleware does: a try around `next` sees the failure as a rejection.
      bot.use(async (_ctx, next) => {
        await next().catch((err: Error) => {
          caught.push(err.message);
          throw err;
        });
      });
      bot.chatType("private").use(fail);
      await expect(bot.handleUpdate(message("x"))).rejects.toThrow(/failure/);
      expect(caught).toHaveLength(1);
    }
  });

  it("keeps error boundaries: the error goes to the boundary's handler and the rest of the bot goes on", async () => {
    const bot = newBot();
    const seen: string[] = [];
    const guarded = bot.errorBoundary((err) => void seen.push(`caught ${(err.error as Error).message}`));
    guarded.command("boom", () => {
      throw new Error("boom");
    });
    guarded.use((_ctx, next) => next());
    bot.use(() => void seen.push("after the boundary"));
    await bot.handleUpdate(message("/boom"));
    await bot.handleUpdate(message("/other"));
    expect(seen).toEqual(["caught boom", "after the boundary"]);
  });
});
