/**
 * Words typed or forwarded where the bot expects something else, end to end: a word at /send's
 * recipient step is not taken for a @username, TON names TONCOIN's pair as BTC names BTC's, and a
 * message forwarded outside any flow offers a transfer to the person who wrote it.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { InlineKeyboardMarkup } from "grammy/types";
import { Harness } from "../helpers/bot-harness.js";

let h: Harness;
afterEach(async () => h?.close());

const callbacks = (keyboard?: InlineKeyboardMarkup) =>
  (keyboard?.inline_keyboard ?? []).flat().flatMap((b) => ("callback_data" in b ? [b.callback_data] : []));

describe("/send's recipient step", () => {
  it("answers a plain word as what it is, not an id, and keeps @usernames for @usernames", async () => {
    h = await Harness.create();
    const { user } = await h.linkedUser({ pay: { USDT: "50" } });
    await user.send("/send");
    await user.press("snd:new");
    for (const word of ["hello", "Sam", "привет"]) {
      await user.send(word);
      expect(user.last()?.text).toMatch(/^That is not a Telegram user id\./);
    }
    await user.send("@samlee");
    expect(user.last()?.text).toMatch(/^I cannot look up @usernames/);
    await user.send("t.me/samlee");
    expect(user.last()?.text).toMatch(/^I cannot look up @usernames/);
  });
});

describe("TON", () => {
  it("/alert ton below 5.3 sets an alert on TONCOIN-USDT, as btc names BTC-USDT", async () => {
    h = await Harness.create();
    await h.simFetch("/_sim/markets/price", { method: "POST", body: { symbol: "TONCOIN-USDT", price: "5.5" } });
    const user = h.user(8101);
    await user.send("/start");
    await user.send("/alert ton below 5.3");
    expect(user.last()?.text).toBe("✅ Alert set: TONCOIN-USDT below 5.3 USDT (once). The price now: 5.5 USDT.");
    await user.send("/alert TON/USDT above 6");
    expect(user.last()?.text).toMatch(/^✅ Alert set: TONCOIN-USDT above 6 USDT/);
    await user.send("/price ton");
    expect(user.last()?.text).toMatch(/TONCOIN-USDT/);
  });
});

describe("a message forwarded outside a flow", () => {
  it("offers “Send money to <name>?”, and its button starts the transfer to that person", async () => {
    h = await Harness.create();
    const { user } = await h.linkedUser({ pay: { USDT: "50" } });
    const friend = await h.createAccount({});
    await user.forwardFrom({ id: friend.userId, first_name: "Sam" });
    const offer = user.last()!;
    expect(offer.text).toBe(`Send money to “Sam” (id ${friend.userId})?`);
    expect(offer.text).not.toMatch(/did not understand/);
    expect(callbacks(offer.keyboard)).toEqual([`snd:to:${friend.userId}`, "menu:main"]);

    await user.press(`snd:to:${friend.userId}`);
    expect(user.texts()).toContain(`Recipient: “Sam” (id ${friend.userId})`);
    await user.pressLabel(/^USDT/);
    await user.send("5");
    await user.pressLabel(/Skip/);
    expect(user.last()?.text).toContain(`To: “Sam” (id ${friend.userId})`);
    await user.pressLabel(/Confirm/);
    expect(user.last()?.text).toContain(`Sent 5 USDT (≈ US$5.00) to “Sam” (id ${friend.userId})`);
    expect((await h.account(friend.userId)).pay.USDT?.balance).toBe("5");
  });

  it("in Russian", async () => {
    h = await Harness.create();
    const { user } = await h.linkedUser({}, { languageCode: "ru" });
    await user.forwardFrom({ id: 8202, first_name: "Сэм" });
    expect(user.last()?.text).toBe("Отправить деньги? Получатель: «Сэм» (ID 8202)");
    expect(user.last()?.keyboard?.inline_keyboard.flat().map((b) => b.text)).toEqual(["📤 Отправить деньги", "« Назад"]);
  });

  it("without a key, the offer's way in asks for one, with the Connect button", async () => {
    h = await Harness.create();
    const user = h.user(8301);
    await user.send("/start");
    await user.forwardFrom({ id: 8302, first_name: "Sam" });
    expect(user.last()?.text).toBe("You have not linked an API key yet. Use /connect.");
    expect(callbacks(user.last()?.keyboard)).toContain("keys:connect");
  });

  it("forwarded from the person themself or a bot gets no offer", async () => {
    h = await Harness.create();
    const { user } = await h.linkedUser({ pay: { USDT: "50" } });
    await user.forwardFrom({ id: user.id, first_name: "Me" });
    expect(user.last()?.text).toMatch(/did not understand/);
  });
});
