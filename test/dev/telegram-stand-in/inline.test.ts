/**
 * The Bot API stand-in's inline mode, as the playground uses it: a person's "@bot query" becomes an
 * inline_query update, the bot's answerInlineQuery is checked as Telegram checks it, and a picked
 * result lands in the chat "via @bot".
 */
import { afterEach, expect, it } from "vitest";
import { type BotApiServer, startBotApiServer } from "../../../src/dev/telegram-stand-in/bot-api-server.js";

let api: BotApiServer | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

async function call(method: string, params: Record<string, unknown>): Promise<{ ok: boolean; description?: string }> {
  const res = await fetch(`${api!.apiRoot}/bot1:T/${method}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(params),
  });
  return (await res.json()) as { ok: boolean; description?: string };
}

const article = (id: string, text = "hello") => ({ type: "article", id, title: id, input_message_content: { message_text: text } });

it("delivers the query, checks the answer like Telegram and sends the picked result via the bot", async () => {
  api = await startBotApiServer({ callbackAnswerTimeoutMs: 2000 });
  api.user(5, { first_name: "Ann" });
  const asked = api.personQueriesInline(5, "btc");
  const update = api.state.queue.at(-1)!;
  expect(update.inline_query).toMatchObject({ query: "btc", from: { id: 5 } });
  const id = update.inline_query!.id;

  expect(await call("answerInlineQuery", { inline_query_id: id, results: [article("a"), article("a")] })).toMatchObject({
    ok: false,
    description: "Bad Request: RESULT_ID_DUPLICATE",
  });
  expect(await call("answerInlineQuery", { inline_query_id: id, results: Array.from({ length: 51 }, (_, i) => article(`r${i}`)) })).toMatchObject({
    ok: false,
    description: "Bad Request: RESULTS_TOO_MUCH",
  });
  expect(await call("answerInlineQuery", { inline_query_id: id, results: [article("a", "<b>BTC</b> 1"), article("b")] })).toMatchObject({ ok: true });
  // Answered once: a second answer is refused as too old.
  expect((await call("answerInlineQuery", { inline_query_id: id, results: [] })).description).toMatch(/query is too old/);

  const { queryId, results } = await asked;
  expect(results.map((r) => r.id)).toEqual(["a", "b"]);
  const sent = api.personSendsInlineResult(5, queryId, "a");
  expect(sent).toMatchObject({ text: "<b>BTC</b> 1", via_bot: { id: api.botUser.id }, from: { id: 5 } });
  expect(() => api!.personSendsInlineResult(6, queryId, "a")).toThrow(/inline result not found/);
});

it("rejects the person's wait when the bot never answers", async () => {
  api = await startBotApiServer({ callbackAnswerTimeoutMs: 50 });
  api.user(5);
  await expect(api.personQueriesInline(5, "")).rejects.toThrow(/did not answer/);
});
