/**
 * The stand-in's core in process: grammY's calls through its `fetch` get exactly what they get over
 * HTTP (one implementation of Telegram's behaviour); updates a test hands the bot directly are learnt
 * first; planned refusals can target one chat; formatting reads back as the HTML the bot wrote.
 */
import { Bot, GrammyError, InputFile } from "grammy";
import type { Update } from "grammy/types";
import { afterEach, expect, it } from "vitest";
import { ApiRefusal, BotApi } from "../../../src/dev/telegram-stand-in/bot-api.js";
import { type BotApiServer, startBotApiServer } from "../../../src/dev/telegram-stand-in/bot-api-server.js";
import { parseHtml, toHtml } from "../../../src/dev/telegram-stand-in/formatting.js";

const TOKEN = "123:TEST";
let server: BotApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** What a bot sees of one scenario: each call's result or refusal (dates left out). */
async function transcript(core: BotApi, bot: Bot, download: (path: string) => Promise<Response>): Promise<unknown[]> {
  const seen: unknown[] = [];
  const record = async (p: Promise<unknown>) =>
    seen.push(
      await p.then(
        (r) => JSON.parse(JSON.stringify(r, (k, v) => (k === "date" || k === "edit_date" ? undefined : v))) as unknown,
        (e: unknown) => (e instanceof GrammyError ? [e.error_code, e.description] : String(e)),
      ),
    );
  const ann = core.user(10, { first_name: "Ann" });
  await record(bot.api.sendMessage(10, "hi"));
  ann.command("start");
  const keyboard = { inline_keyboard: [[{ text: "Go", callback_data: "go" }]] };
  const sent = await bot.api.sendMessage(10, "<b>Pay</b> 5 &amp; more", { parse_mode: "HTML", reply_markup: keyboard });
  seen.push(sent.text, sent.entities);
  await record(bot.api.editMessageText(10, sent.message_id, "Pay 5 & more", { reply_markup: keyboard }));
  await record(bot.api.editMessageText(10, sent.message_id, "Pay 5 & more", { reply_markup: keyboard }));
  await record(bot.api.sendMessage(10, "x".repeat(4097)));
  await record(bot.api.sendMessage(10, "x", { reply_markup: { inline_keyboard: [[{ text: "b", callback_data: "d".repeat(65) }]] } }));
  // Half an emoji (a lone surrogate) cannot be encoded in UTF-8: a text or a button with one is refused.
  await record(bot.api.sendMessage(10, "pair “a😀\uD83D”"));
  await record(bot.api.sendMessage(10, "x", { reply_markup: { inline_keyboard: [[{ text: "b\uDE00", callback_data: "b" }]] } }));
  // grammY encodes a multipart upload's fields to UTF-8 itself, which turns the half into U+FFFD.
  seen.push((await bot.api.sendDocument(10, new InputFile(Buffer.from("x"), "x.csv"), { caption: "\uD83D" })).caption);
  await record((bot.api.raw as unknown as Record<string, (p: object) => Promise<unknown>>).sendTelepathy!({ chat_id: 10 }));
  await record(bot.api.deleteMessage(10, 999));
  const press = ann.press("go");
  await record(bot.api.answerCallbackQuery(press.queryId, { text: "Done" }));
  await record(bot.api.answerCallbackQuery(press.queryId));
  const doc = await bot.api.sendDocument(10, new InputFile(Buffer.from("a,b\n1,2\n"), "report.csv"), { caption: "Report" });
  seen.push(doc.document?.file_name, doc.caption);
  const file = await bot.api.getFile(doc.document!.file_id);
  const body = await download(file.file_path!);
  seen.push(body.status, await body.text());
  seen.push((await download("documents/none")).status);
  return seen;
}

it("answers grammY in process exactly as over HTTP", async () => {
  const core = new BotApi({ token: TOKEN });
  const inProcess = new Bot(TOKEN, { client: { fetch: core.fetch } });
  const viaFetch = await transcript(core, inProcess, (path) => core.fetch(`https://api.telegram.org/file/bot${TOKEN}/${path}`));

  server = await startBotApiServer({ token: TOKEN });
  const overHttp = new Bot(TOKEN, { client: { apiRoot: server.apiRoot } });
  const viaHttp = await transcript(server, overHttp, (path) => fetch(`${server!.apiRoot}/file/bot${TOKEN}/${path}`));

  expect(viaFetch).toEqual(viaHttp);
  expect(viaFetch).toEqual([
    [403, "Forbidden: bot can't initiate conversation with a user"],
    "Pay 5 & more",
    [{ type: "bold", offset: 0, length: 3 }],
    expect.objectContaining({ text: "Pay 5 & more" }),
    [400, expect.stringMatching(/^Bad Request: message is not modified/)],
    [400, "Bad Request: message text is too long"],
    [400, "Bad Request: BUTTON_DATA_INVALID"],
    [400, "Bad Request: strings must be encoded in UTF-8"],
    [400, "Bad Request: strings must be encoded in UTF-8"],
    "\uFFFD",
    [404, "Not Found"],
    [400, "Bad Request: message to delete not found"],
    true,
    [400, "Bad Request: query is too old and response timeout expired or query ID is invalid"],
    "report.csv",
    "Report",
    200,
    "a,b\n1,2\n",
    404,
  ]);
});

it("learns an update a test hands the bot directly: its chat, message and query", async () => {
  const core = new BotApi();
  const bot = new Bot("1:T", { client: { fetch: core.fetch }, botInfo: { ...core.botUser, can_join_groups: true } as never });
  const inGroup = {
    message: {
      message_id: 9,
      date: 1,
      chat: { id: -100123, type: "supergroup", title: "Team" },
      from: { id: 5, is_bot: false, first_name: "A" },
      text: "a key",
    },
  } as Omit<Update, "update_id">;
  core.observe(inGroup);
  core.observe(inGroup);
  expect(core.state.history(-100123)).toHaveLength(1);
  await bot.api.deleteMessage(-100123, 9);
  // A group the bot is in may be written to; the next message is numbered after the one it saw.
  expect((await bot.api.sendMessage(-100123, "Never post keys here")).message_id).toBe(10);
  // The person wrote only in the group: their private chat is not open to the bot.
  await expect(bot.api.sendMessage(5, "hi")).rejects.toThrow(/can't initiate conversation/);

  const press = { callback_query: { id: "q1", chat_instance: "c", from: { id: 5, is_bot: false, first_name: "A" }, data: "x" } };
  core.observe(press);
  await bot.api.answerCallbackQuery("q1");
  // A redelivery of the same press is seen again, and its second answer refused.
  core.observe(press);
  await expect(bot.api.answerCallbackQuery("q1")).rejects.toThrow(/query is too old/);
});

it("refuses a planned call only in the chat it names, as many times as asked", async () => {
  const core = new BotApi();
  for (const id of [1, 2]) core.user(id).send("/start");
  const bot = new Bot("1:T", { client: { fetch: core.fetch }, botInfo: core.botUser as never });
  core.refuseNext("sendMessage", new ApiRefusal(502, "Bad Gateway"), { chatId: 2, times: 2 });
  await bot.api.sendMessage(1, "one");
  await expect(bot.api.sendMessage(2, "two")).rejects.toThrow(/Bad Gateway/);
  await expect(bot.api.sendMessage(2, "two")).rejects.toThrow(/Bad Gateway/);
  expect((await bot.api.sendMessage(2, "two")).text).toBe("two");
});

it("writes formatting back as the Telegram HTML it was parsed from", () => {
  for (const html of [
    "<b>Order book</b>\n<pre>1 &lt; 2 &amp; 3</pre>",
    '<b>bold <i>both</i></b> plain <a href="https://t.me/x?a=1&amp;b=2">link</a> <code>c</code>',
    "<tg-spoiler>hidden</tg-spoiler> then <s>gone</s><u>under</u>",
  ]) {
    const { text, entities } = parseHtml(html);
    expect(toHtml(text, entities)).toBe(html);
  }
});

it("shares a user's name and username only when the button asked for them, as Telegram does", async () => {
  const core = new BotApi({ token: TOKEN });
  const bot = new Bot(TOKEN, { client: { fetch: core.fetch } });
  core.user(20, { first_name: "Sam", last_name: "Lee", username: "samlee" });
  const ann = core.user(10, { first_name: "Ann" });
  ann.command("start");
  const button = (request_id: number, extra: object) => ({
    keyboard: [[{ text: "Choose", request_users: { request_id, user_is_bot: false, max_quantity: 1, ...extra } }]],
  });
  await bot.api.sendMessage(10, "plain", { reply_markup: button(1, {}) });
  await bot.api.sendMessage(10, "named", { reply_markup: button(2, { request_name: true }) });
  await bot.api.sendMessage(10, "all", { reply_markup: button(3, { request_name: true, request_username: true }) });
  const shared = (requestId: number) =>
    ann.shareUser(requestId, 20).message?.users_shared?.users[0];
  expect(shared(1)).toEqual({ user_id: 20 });
  expect(shared(2)).toEqual({ user_id: 20, first_name: "Sam", last_name: "Lee" });
  expect(shared(3)).toEqual({ user_id: 20, first_name: "Sam", last_name: "Lee", username: "samlee" });
  // No button with that request id in the chat: only the id.
  expect(shared(9)).toEqual({ user_id: 20 });
});

it("refuses messages past its broadcast limit with 429 and retry_after, as Telegram does, then takes them again", async () => {
  const core = new BotApi({ token: "1:B", broadcastPerSecond: 2 });
  for (const id of [11, 12, 13]) {
    core.state.user(id);
    core.state.started.add(id);
  }
  const api = new Bot("1:B", { client: { fetch: core.fetch } }).api;
  await api.sendMessage(11, "one");
  await api.sendMessage(12, "two");
  const refused = await api.sendMessage(13, "three").catch((err: unknown) => err);
  expect(refused).toBeInstanceOf(GrammyError);
  expect((refused as GrammyError).error_code).toBe(429);
  expect((refused as GrammyError).parameters.retry_after).toBe(1);
  expect(core.rateLimited).toBe(1);
  await new Promise((r) => setTimeout(r, 1_050));
  await expect(api.sendMessage(13, "three")).resolves.toMatchObject({ text: "three" });
});
