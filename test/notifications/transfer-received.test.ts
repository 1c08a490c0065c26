/**
 * A transfer one person of this bot makes to another: the receiver is told once, by name, in their
 * language (the service has no list of incoming transfers; the bot carried this one out).
 */
import { afterEach, describe, expect, it } from "vitest";
import { NOTIFY_DATA } from "../../src/bot/features/notify/callback-data.js";
import { Harness } from "../helpers/bot-harness.js";
import { outboxDrained } from "../helpers/mass-flow.js";
import { payThroughMenu } from "../helpers/transfers.js";

let h: Harness;
afterEach(async () => h?.close());


async function delivered() {
  await h.notifications.sender.drain();
  for (let i = 0; i < 400 && !(await outboxDrained(h)); i++) await new Promise((r) => setTimeout(r, 10));
}

describe("money received from another person of this bot", () => {
  it("is announced to the receiver once, naming the sender, with the note", async () => {
    h = await Harness.create();
    const sender = await h.linkedUser({ pay: { USDT: "50" } });
    await h.user(sender.user.id, { firstName: "Alex" }).send("/start");
    const receiver = h.user(2002, { firstName: "Sam", languageCode: "ru" });
    h.sim.createAccount({ userId: 2002 });
    await receiver.send("/start");
    await payThroughMenu(sender.user, 2002, "7,5", "за обед");
    await delivered();
    await delivered();
    const told = receiver.texts().filter((t) => t.startsWith("💸"));
    expect(told).toEqual([`💸 Вам пришло 7,5 USDT (≈ 7,50\u00a0$). Отправитель: «Alex» (ID ${sender.user.id}).\n│ за обед`]);
    expect((await h.account(2002)).pay.USDT?.available).toBe("7.5");
  });

  it("is a kind of notice the receiver can turn off under /notify, and on again", async () => {
    h = await Harness.create();
    const sender = await h.linkedUser({ pay: { USDT: "50" } });
    const receiver = h.user(2102, { firstName: "Sam" });
    h.sim.createAccount({ userId: 2102 });
    await receiver.send("/start");
    await receiver.send("/notify");
    const toggle = NOTIFY_DATA.toggle.build({ topic: "transfers" });
    expect(receiver.buttonData(/Money received from people here/)).toBe(toggle);
    await receiver.press(toggle);
    await payThroughMenu(sender.user, 2102, "2");
    await delivered();
    await delivered();
    expect(receiver.texts().filter((t) => t.startsWith("💸"))).toEqual([]);
    expect((await h.account(2102)).pay.USDT?.available).toBe("2");

    await receiver.press(toggle);
    await payThroughMenu(sender.user, 2102, "3");
    await delivered();
    await delivered();
    expect(receiver.texts().filter((t) => t.startsWith("💸"))).toEqual([expect.stringMatching(/^💸 You received 3 USDT /)]);
  });

  it("tells nobody who never started the bot", async () => {
    h = await Harness.create();
    const sender = await h.linkedUser({ pay: { USDT: "50" } });
    h.sim.createAccount({ userId: 3003 });
    await payThroughMenu(sender.user, 3003, "1");
    await delivered();
    expect(h.tg.callsOf("sendMessage").filter((c) => Number(c.payload.chat_id) === 3003)).toEqual([]);
  });
});

describe("a notice to a person who never chose a language", () => {
  it("is in the language their Telegram app last said it uses", async () => {
    h = await Harness.create();
    const sender = await h.linkedUser({ pay: { USDT: "50" } });
    h.sim.createAccount({ userId: 4004 });
    await h.user(4004, { firstName: "Оксана", languageCode: "uk" }).send("/start");
    await payThroughMenu(sender.user, 4004, "1");
    await delivered();
    await delivered();
    expect(h.user(4004).texts().filter((t) => t.startsWith("💸"))).toEqual([expect.stringMatching(/^💸 Вам надійшло 1 USDT \(≈ 1,00\u00a0USD\)\. Відправник: /)]);
  });
});
