/**
 * A person without a linked key opens every feature (each menu button, each command): each answers
 * with the same "link your key with /connect", and nothing is logged at error level.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Harness, type TestUser } from "../helpers/bot-harness.js";

let h: Harness;
let user: TestUser;
beforeAll(async () => {
  h = await Harness.create();
  user = h.user(4242);
  await user.send("/start");
});
afterAll(async () => {
  await h.close();
});

const NO_KEY = "You have not linked an API key yet. Use /connect.";

const errors = (from: number) =>
  h.logLines
    .slice(from)
    .map((l) => JSON.parse(l) as { level: number; msg: string; err?: { stack?: string } })
    .filter((l) => l.level >= 50 || l.err?.stack !== undefined);

describe("without a key", () => {
  it.each([
    "/balance",
    "/balances",
    "/move",
    "/cheques",
    "/cheque_new",
    "/send",
    "/transfers",
    "/transfer trf_p1",
    "/invoices",
    "/newinvoice",
    "/myinvoices",
    "/withdraw",
    "/withdraw_link",
    "/withdraw_to",
    "/withdrawals",
    "/orders",
    "/trade",
    "/swap",
  ])("%s asks to link a key", async (command) => {
    const logFrom = h.logLines.length;
    const sentFrom = h.tg.sent.length;
    await user.send(command);
    const shown = h.tg.sent.slice(sentFrom).map((m) => m.text);
    expect(shown).toEqual([NO_KEY]);
    expect(errors(logFrom).map((l) => l.msg)).toEqual([]);
    // Logged as what it is: an expected situation, at info.
    const said = h.logLines.slice(logFrom).map((l) => JSON.parse(l) as { level: number; msg: string });
    expect(said.some((l) => l.level === 30 && /no key/.test(l.msg))).toBe(true);
    await user.send("/cancel");
  });

  it.each([
    "menu:balances",
    "menu:cheques",
    "menu:send",
    "menu:invoices",
    "menu:withdraw",
    "menu:orders",
    "menu:trade",
    "menu:swap",
  ])("the %s button asks to link a key", async (data) => {
    await user.send("/menu");
    const logFrom = h.logLines.length;
    const sentFrom = h.tg.sent.length;
    await user.press(data);
    const shown = h.tg.sent.slice(sentFrom).map((m) => h.tg.messages.get(`${m.chatId}:${m.messageId}`)!.text);
    const edited = user.last()?.text;
    expect([...shown, edited]).toContain(NO_KEY);
    expect(errors(logFrom).map((l) => l.msg)).toEqual([]);
    await user.send("/cancel");
  });
});
