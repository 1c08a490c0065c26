/**
 * Stale buttons never lie: a Cancel or a choice left on a message of a flow that is over (or of a step
 * already taken) answers "no longer active" and changes nothing; a Cancel that does cancel says what
 * it cancelled. Through the real bot, the simulator and the Bot API stand-in, in both languages.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Harness, type TestUser } from "../helpers/bot-harness.js";
import { transferSummary } from "../helpers/transfers.js";
import { SEND_DATA } from "../../src/bot/features/send/callback-data.js";
import { pickData } from "../../src/bot/shared/input-data.js";

describe("stale buttons", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.create();
  });
  afterEach(async () => h.close());

  /** The text the newest press was answered with (its handler's answer, even when the at-once empty answer went first). */
  const lastAnswer = () => {
    const calls = h.tg.callsOf("answerCallbackQuery");
    const id = calls.at(-1)?.payload.callback_query_id;
    return calls.filter((c) => c.payload.callback_query_id === id).map((c) => c.payload.text).find((t) => t !== undefined);
  };
  /** The newest message of `user` whose text matches, with the id a press on it carries. */
  const messageLike = (user: TestUser, text: RegExp) =>
    [...h.tg.sent].reverse().find((m) => m.chatId === user.id && text.test(m.text))!;

  for (const [lang, words] of [
    ["en", { outdated: "This button is no longer active.", kept: "Cancelled. The key linked before stays linked." }],
    ["ru", { outdated: "Эта кнопка больше не действует.", kept: "Отменено. Привязанный ранее ключ остаётся." }],
  ] as const) {
    it(`the key prompt's Cancel, pressed after the key was linked, says it is no longer active (${lang})`, async () => {
      const { user } = await h.linkedUser({ pay: { USDT: "5" } }, { languageCode: lang });
      const prompt = messageLike(user, /API key as the next message|следующим сообщением/);
      const shown = user.texts().length;

      await user.press("keys:abort", prompt.messageId);
      expect(lastAnswer()).toBe(words.outdated);
      expect(user.texts()).toHaveLength(shown);
      expect((await h.storage.users.get(user.id))?.hasKey).toBe(true);

      // A live prompt's Cancel cancels, and says what stays as it was.
      await user.send("/connect");
      await user.press("keys:net:testnet");
      await user.press("keys:abort");
      expect(user.last()!.text).toBe(words.kept);
      const stored = await h.storage.users.get(user.id);
      expect(stored).toMatchObject({ hasKey: true, network: "production" });
      // Pressed again, it is stale too.
      await user.press("keys:abort");
      expect(lastAnswer()).toBe(words.outdated);
    });
  }

  it("a new person's key prompt Cancel says no key was linked; the network question's Cancel just closes it", async () => {
    const user = h.user(6101);
    await user.send("/connect");
    const question = user.last()!;
    await user.press("keys:close");
    expect(h.tg.deleted).toContainEqual({ chatId: user.id, messageId: question.messageId });
    await user.send("/connect");
    await user.press("keys:net:production");
    await user.press("keys:abort");
    expect(user.last()!.text).toBe("Cancelled. No key was linked.");
  });

  it("a cheque's Cancel buttons, pressed after the cheque was made, cancel nothing", async () => {
    const { user, account } = await h.linkedUser({ pay: { USDT: "100" } }, { languageCode: "ru" });
    await user.send("/cheque_new");
    await user.press(pickData("USDT"));
    const amountPrompt = user.last()!;
    await user.send("5");
    await user.press("in:skip");
    await user.press("in:skip");
    const confirm = user.confirmData()!;
    const summary = user.last()!;
    await user.press(confirm);
    const after = (await h.account(account.userId)).pay.USDT!;
    expect(after.available).toBe("95");

    // The flow's Cancel under the amount question.
    const shown = user.texts().length;
    await user.press("in:cancel", amountPrompt.messageId);
    expect(lastAnswer()).toBe("Эта кнопка больше не действует.");
    // The summary's Cancel (as a client that still showed it would send it).
    await user.press(`cx:${confirm.slice(3)}`, summary.messageId);
    expect(lastAnswer()).toBe("Эта кнопка больше не действует: действие уже выполнено, ничего не отменено.");
    expect(user.texts()).toHaveLength(shown);
    expect(user.texts().join("\n")).not.toContain("Отменено");
    expect((await h.account(account.userId)).pay.USDT!.available).toBe("95");
  });

  it("a transfer's Cancel buttons, pressed after it was sent, cancel nothing (English)", async () => {
    const { user, senderId, recipientId, confirm } = await transferSummary(h);
    const amountPrompt = [...h.tg.sent].reverse().find((m) => m.chatId === user.id && /How much USDT/.test(m.text))!;
    const summary = user.last()!;
    await user.press(confirm);
    expect((await h.account(recipientId)).pay.USDT!.balance).toBe("10");

    await user.press("in:cancel", amountPrompt.messageId);
    expect(lastAnswer()).toBe("This button is no longer active.");
    await user.press(`cx:${confirm.slice(3)}`, summary.messageId);
    expect(lastAnswer()).toBe("This button is no longer active: this was already carried out, and nothing was cancelled.");
    expect(user.texts().join("\n")).not.toContain("Cancelled");
    expect((await h.account(senderId)).pay.USDT!.balance).toBe("90");
  });

  it("an old flow's Cancel or choice does not cancel or answer the flow that runs now", async () => {
    const { user, recipientId } = await transferSummary(h).then(async (t) => {
      await t.user.press(t.confirm);
      return t;
    });
    // An abandoned cheque flow: its asset buttons and Cancel stay in the chat.
    await user.send("/cheque_new");
    const oldAssets = user.last()!;
    // A new transfer, up to its asset question.
    await user.press("menu:send");
    await user.press(SEND_DATA.create.build({}));
    await user.send(String(recipientId));
    const shown = user.texts().length;

    await user.press("in:cancel", oldAssets.messageId);
    expect(lastAnswer()).toBe("This button is no longer active.");
    await user.press(pickData("USDT"), oldAssets.messageId);
    expect(lastAnswer()).toBe("This button is no longer active.");
    expect(user.texts()).toHaveLength(shown);

    // The running transfer still takes its own answers.
    await user.press(pickData("USDT"));
    await user.send("1");
    await user.press("in:skip");
    expect(user.confirmData()).toMatch(/^cf:/);
  });

  it("the webhook secret prompt's Cancel, pressed after the secret was stored, cancels nothing", async () => {
    const user = h.user(6201);
    await user.send("/notify");
    await user.press("nt:ws:set");
    const prompt = user.last()!;
    await user.send("s3cret-value-0123456789");
    expect((await h.storage.notifySettings.get(user.id)).hasSecret).toBe(true);
    const shown = user.texts().length;
    await user.press("nt:ws:abort", prompt.messageId);
    expect(lastAnswer()).toBe("This button is no longer active.");
    expect(user.texts()).toHaveLength(shown);
    expect((await h.storage.notifySettings.get(user.id)).hasSecret).toBe(true);
  });
});
