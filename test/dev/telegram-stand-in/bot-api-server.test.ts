/**
 * The Bot API stand-in over real HTTP: grammY's own client talks to it, long polling delivers what
 * simulated people do, and Telegram's refusals come back with Telegram's descriptions.
 */
import { Bot, GrammyError, InputFile } from "grammy";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type BotApiServer, startBotApiServer } from "../../../src/dev/telegram-stand-in/bot-api-server.js";
import type { ChatEvent } from "../../../src/dev/telegram-stand-in/chat-model.js";

const TOKEN = "123:TEST";
let server: BotApiServer;
let bot: Bot;
let events: ChatEvent[];

beforeEach(async () => {
  server = await startBotApiServer({ token: TOKEN, callbackAnswerTimeoutMs: 300 });
  bot = new Bot(TOKEN, { client: { apiRoot: server.apiRoot } });
  events = [];
  server.state.on("change", (e) => events.push(e));
});

afterEach(async () => {
  if (bot.isRunning()) await bot.stop();
  await server.close();
});

async function refusal(p: Promise<unknown>): Promise<GrammyError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(GrammyError);
  return err as GrammyError;
}

describe("methods", () => {
  it("answers getMe, and refuses an unknown method and a wrong token as Telegram does", async () => {
    const me = await bot.api.getMe();
    expect(me.username).toBe("local_playground_bot");
    const res = await fetch(`${server.apiRoot}/bot${TOKEN}/sendTelepathy`, { method: "POST" });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ ok: false, error_code: 404, description: "Not Found" });
    const wrong = await fetch(`${server.apiRoot}/bot999:NOPE/getMe`);
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { description: string }).description).toBe("Unauthorized");
  });

  it("sends, edits and deletes, refusing what Telegram refuses", async () => {
    const alice = server.user(10, { first_name: "Alice", language_code: "en" });
    alice.command("start");
    // Nobody may be messaged before they wrote to the bot.
    server.user(11);
    expect((await refusal(bot.api.sendMessage(11, "hi"))).description).toBe(
      "Forbidden: bot can't initiate conversation with a user",
    );
    expect((await refusal(bot.api.sendMessage(999, "hi"))).description).toBe("Bad Request: chat not found");

    const sent = await bot.api.sendMessage(10, "<b>Hello</b> &amp; welcome", {
      parse_mode: "HTML",
      reply_markup: { inline_keyboard: [[{ text: "Go", callback_data: "go" }]] },
    });
    expect(sent.text).toBe("Hello & welcome");
    expect(sent.entities).toEqual([{ type: "bold", offset: 0, length: 5 }]);
    expect(alice.lastFromBot()?.reply_markup?.inline_keyboard[0]?.[0]?.text).toBe("Go");

    expect((await refusal(bot.api.sendMessage(10, "x".repeat(4097)))).description).toBe(
      "Bad Request: message text is too long",
    );
    expect((await refusal(bot.api.sendMessage(10, "  "))).description).toBe("Bad Request: message text is empty");
    expect((await refusal(bot.api.sendMessage(10, "<blink>x</blink>", { parse_mode: "HTML" }))).description).toMatch(
      /^Bad Request: can't parse entities: Unsupported start tag "blink" at byte offset 0$/,
    );
    expect(
      (await refusal(bot.api.sendMessage(10, "x", { reply_markup: { inline_keyboard: [[{ text: "b", callback_data: "d".repeat(65) }]] } })))
        .description,
    ).toBe("Bad Request: BUTTON_DATA_INVALID");

    const edited = await bot.api.editMessageText(10, sent.message_id, "Changed");
    expect(edited).toMatchObject({ text: "Changed" });
    expect(alice.lastFromBot()?.reply_markup).toBeUndefined();
    expect((await refusal(bot.api.editMessageText(10, sent.message_id, "Changed"))).description).toMatch(
      /^Bad Request: message is not modified: specified new message content and reply markup are exactly the same/,
    );
    expect((await refusal(bot.api.editMessageText(10, 9999, "x"))).description).toBe("Bad Request: message to edit not found");
    expect((await refusal(bot.api.editMessageReplyMarkup(10, sent.message_id))).description).toMatch(/not modified/);
    await bot.api.editMessageReplyMarkup(10, sent.message_id, {
      reply_markup: { inline_keyboard: [[{ text: "Again", callback_data: "again" }]] },
    });
    expect(alice.findButton("again")?.message_id).toBe(sent.message_id);
    // The person's own message cannot be edited by the bot.
    expect((await refusal(bot.api.editMessageText(10, 1, "x"))).description).toBe("Bad Request: message can't be edited");

    await bot.api.deleteMessage(10, sent.message_id);
    expect(alice.fromBot).toHaveLength(0);
    expect((await refusal(bot.api.deleteMessage(10, sent.message_id))).description).toBe(
      "Bad Request: message to delete not found",
    );
    expect(events.map((e) => e.type)).toEqual(["message", "update", "message", "edit", "edit", "delete"]);

    alice.block();
    expect((await refusal(bot.api.sendMessage(10, "hi"))).error_code).toBe(403);
  });

  it("lets the bot write to a person whose messages it deleted: they started it once", async () => {
    const erin = server.user(12);
    const update = erin.send("my secret key");
    await bot.api.deleteMessage(12, update.message!.message_id);
    expect(erin.messages).toEqual([]);
    expect((await bot.api.sendMessage(12, "Deleted: never paste a key here")).text).toBe("Deleted: never paste a key here");
  });

  it("uploads documents (multipart), serves them back through getFile, and edits captions", async () => {
    const bob = server.user(20);
    bob.send("hello");
    const sent = await bot.api.sendDocument(20, new InputFile(Buffer.from("a,b\n1,2\n"), "report.csv"), {
      caption: "Your report",
    });
    expect(sent.document?.file_name).toBe("report.csv");
    expect(sent.caption).toBe("Your report");
    const file = await bot.api.getFile(sent.document!.file_id);
    const body = await (await fetch(`${server.apiRoot}/file/bot${TOKEN}/${file.file_path}`)).text();
    expect(body).toBe("a,b\n1,2\n");
    expect((await refusal(bot.api.editMessageText(20, sent.message_id, "x"))).description).toBe(
      "Bad Request: there is no text in the message to edit",
    );
    await bot.api.editMessageCaption(20, sent.message_id, { caption: "Updated" });
    expect(bob.lastFromBot()?.caption).toBe("Updated");
    expect((await refusal(bot.api.getFile("nope"))).description).toBe("Bad Request: invalid file_id");

    // A person's upload is downloadable by the bot.
    const update = bob.sendDocument("list.csv", "1,2\n");
    const theirs = await bot.api.getFile(update.message!.document!.file_id);
    expect(await (await fetch(`${server.apiRoot}/file/bot${TOKEN}/${theirs.file_path}`)).text()).toBe("1,2\n");
    const photo = await bot.api.sendPhoto(20, new InputFile(Buffer.from([137, 80, 78, 71]), "chart.png"));
    expect(photo.photo?.[0]?.file_id).toBeTruthy();
  });

  it("keeps command lists per scope and language, and the menu button", async () => {
    server.user(30).command("start");
    await bot.api.setMyCommands([{ command: "start", description: "Start" }]);
    await bot.api.setMyCommands([{ command: "start", description: "Старт" }], { language_code: "ru" });
    await bot.api.setMyCommands(
      [
        { command: "start", description: "Start" },
        { command: "mass", description: "Mass" },
      ],
      { scope: { type: "chat", chat_id: 30 } },
    );
    expect(server.commandsFor(31, "ru")).toEqual([{ command: "start", description: "Старт" }]);
    expect(server.commandsFor(31, "en")).toEqual([{ command: "start", description: "Start" }]);
    expect(server.commandsFor(30, "en").map((c) => c.command)).toEqual(["start", "mass"]);
    expect(await bot.api.getMyCommands({ language_code: "ru" })).toEqual([{ command: "start", description: "Старт" }]);
    expect((await refusal(bot.api.setMyCommands([{ command: "Bad-Name", description: "x" }]))).description).toBe(
      "Bad Request: BOT_COMMAND_INVALID",
    );
    expect(
      (await refusal(bot.api.setMyCommands([{ command: "x", description: "y" }], { scope: { type: "chat", chat_id: 404 } })))
        .description,
    ).toBe("Bad Request: chat not found");
    await bot.api.setChatMenuButton({ menu_button: { type: "commands" } });
    expect(await bot.api.getChatMenuButton()).toEqual({ type: "commands" });
  });
});

describe("updates and people", () => {
  it("long-polls with timeout and offset, and grammY's polling bot serves a conversation", async () => {
    // An empty poll waits for its timeout, and returns at once when something arrives.
    const started = performance.now();
    const waiting = bot.api.getUpdates({ timeout: 5 });
    setTimeout(() => server.user(40).send("ping"), 100);
    const got = await waiting;
    expect(got).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(2000);
    // Without an offset the same update comes again; with one it is confirmed and gone.
    expect(await bot.api.getUpdates({ timeout: 0 })).toHaveLength(1);
    expect(await bot.api.getUpdates({ offset: got[0]!.update_id + 1, timeout: 0 })).toEqual([]);
    const empty = performance.now();
    expect(await bot.api.getUpdates({ offset: got[0]!.update_id + 1, timeout: 1 })).toEqual([]);
    expect(performance.now() - empty).toBeGreaterThanOrEqual(900);

    bot.command("start", (ctx) => ctx.reply("Welcome", { reply_markup: { inline_keyboard: [[{ text: "Pay", callback_data: "pay" }]] } }));
    bot.callbackQuery("pay", async (ctx) => {
      await ctx.answerCallbackQuery({ text: "Paid" });
      await ctx.editMessageText("Done");
    });
    bot.on("message:users_shared", (ctx) => ctx.reply(`picked ${ctx.message.users_shared.users[0]!.user_id}`));
    bot.on("message:forward_origin", (ctx) => ctx.reply(`forwarded ${ctx.message.forward_origin.type}`));
    void bot.start({ timeout: 1 });

    const carol = server.user(41, { first_name: "Carol" });
    carol.command("start");
    const welcome = await carol.nextReply();
    expect(welcome.text).toBe("Welcome");
    const answer = carol.waitFor((e): e is Extract<ChatEvent, { type: "callback-answer" }> => e.type === "callback-answer");
    carol.press("pay");
    expect((await answer).text).toBe("Paid");
    await carol.waitFor((e): e is Extract<ChatEvent, { type: "edit" }> => e.type === "edit");
    expect(carol.lastFromBot()?.text).toBe("Done");

    carol.shareUser(7, 555);
    expect((await carol.nextReply()).text).toBe("picked 555");
    carol.forwardFrom({ hiddenName: "Someone" }, "hi");
    expect((await carol.nextReply()).text).toBe("forwarded hidden_user");

    const delivered = events.filter((e) => e.type === "update-delivered" && e.chatId === 41);
    expect(delivered.length).toBeGreaterThanOrEqual(4);
  });

  it("refuses a callback answered twice or too late", async () => {
    const dave = server.user(50);
    dave.command("start");
    await bot.api.sendMessage(50, "Choose", { reply_markup: { inline_keyboard: [[{ text: "A", callback_data: "a" }]] } });
    const first = dave.press("a");
    await bot.api.answerCallbackQuery(first.queryId);
    const tooOld = "Bad Request: query is too old and response timeout expired or query ID is invalid";
    expect((await refusal(bot.api.answerCallbackQuery(first.queryId))).description).toBe(tooOld);
    const late = dave.press("a");
    await new Promise((r) => setTimeout(r, 350));
    expect((await refusal(bot.api.answerCallbackQuery(late.queryId))).description).toBe(tooOld);
    expect((await refusal(bot.api.answerCallbackQuery("unknown"))).description).toBe(tooOld);
  });

  it("refuses a second poller and polling while a webhook is set", async () => {
    const first = bot.api.getUpdates({ timeout: 5 });
    await new Promise((r) => setTimeout(r, 50));
    const second = bot.api.getUpdates({ timeout: 0 });
    expect((await refusal(first)).description).toBe(
      "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running",
    );
    await second;
    await bot.api.setWebhook("https://example.invalid/hook");
    expect((await refusal(bot.api.getUpdates())).error_code).toBe(409);
    await bot.api.deleteWebhook();
    expect(await bot.api.getUpdates({ timeout: 0 })).toEqual([]);
  });
});
