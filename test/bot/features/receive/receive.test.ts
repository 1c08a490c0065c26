/**
 * Receive end to end: the screen from /receive and the main menu, a payment request made through the
 * bot (an invoice paid once, shown as a QR code with its link) and its paid notice, the pay-me link
 * and the deposit link, with and without a key.
 */
import { afterEach, describe, expect, it } from "vitest";
import { INVOICE_DATA } from "../../../../src/bot/features/invoices/callback-data.js";
import { RECEIVE_DATA } from "../../../../src/bot/features/receive/callback-data.js";
import { pickData } from "../../../../src/bot/shared/input-data.js";
import { outboxDrained } from "../../../helpers/mass-flow.js";
import { BOT_INFO, Harness } from "../../../helpers/bot-harness.js";

let h: Harness;
afterEach(async () => h?.close());

type Photo = { chat_id: number; caption?: string; reply_markup?: unknown };
const photosTo = (chatId: number): Photo[] =>
  h.tg
    .callsOf("sendPhoto")
    .map((c) => c.payload as unknown as Photo)
    .filter((p) => Number(p.chat_id) === chatId);
const buttonsOf = (markup: unknown): { text: string; url?: string; switch_inline_query?: string; callback_data?: string }[] =>
  ((typeof markup === "string" ? JSON.parse(markup) : markup) as { inline_keyboard: never[][] }).inline_keyboard.flat();

describe("Receive", () => {
  it("opens from /receive and from the main menu, with a request, the pay-me link, a deposit and Back", async () => {
    h = await Harness.create();
    const { user } = await h.linkedUser({});
    await user.send("/receive");
    expect(user.last()!.text).toMatch(/^📥 Receive money/);
    const labels = user.last()!.keyboard!.inline_keyboard.flat().map((b) => b.text);
    expect(labels).toEqual(["🧾 Request an amount", "🔗 My pay-me link", "➕ Top up from outside", "« Back"]);
    await user.send("/start");
    expect(user.buttonData(/Receive/)).toBe("menu:receive");
    await user.press("menu:receive");
    expect(user.last()!.text).toMatch(/^📥 Receive money/);
  });

  it("a payment request may be asked in the person's fiat: converted at the rate shown, rounded down", async () => {
    h = await Harness.create();
    const { user } = await h.linkedUser({});
    await user.send("/receive");
    await user.press(RECEIVE_DATA.request.build({}));
    await user.press(pickData("TONCOIN"));
    expect(user.last()!.text).toContain("1 TONCOIN ≈ US$5.20 now; you may type the amount in USD too (e.g. 10 USD).");
    await user.send("$10");
    const [sent] = await h.simRequests("createInvoice");
    // 10 / 5.2 = 1.923076923… TONCOIN, rounded down to the asset's 9 places: never asks more than typed.
    expect(sent?.body).toMatchObject({ priceCurrency: "TONCOIN", priceAmount: "1.923076923" });
    expect(photosTo(user.id)[0]?.caption).toMatch(/^🧾 Payment request: 1\.923076923 TONCOIN \(≈ US\$10\.00\)\./);
  });

  it("a payment request asks only the asset and the amount, answers with its QR code and link, and is announced once paid", async () => {
    h = await Harness.create();
    const { user } = await h.linkedUser({});
    await h.notifications.store.syncSlots(h.deps.now().getTime());
    await user.send("/receive");
    await user.press(RECEIVE_DATA.request.build({}));
    await user.press(pickData("USDT"));
    await user.send("25");

    const created = (await h.simRequests("createInvoice")).map((r) => r.body as Record<string, unknown>);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ priceCurrency: "USDT", priceAmount: "25", numPayments: 1 });
    expect(created[0]!.description).toBeUndefined();

    const [photo] = photosTo(user.id);
    expect(photo?.caption).toMatch(/^🧾 Payment request: 25 USDT \(≈ US\$25\.00\)\. Scan the code to pay it, or share the link: https:\/\//);
    expect(photo?.caption).toContain("I will tell you here when it is paid.");
    const buttons = buttonsOf(photo!.reply_markup);
    expect(buttons.map((b) => b.text)).toEqual(["📣 Share", "💬 Send into a chat", "🧾 Details", "« Back"]);
    expect(buttons[1]!.switch_inline_query).toBe("");

    // Paid by someone else: the person is told, once.
    const id = INVOICE_DATA.show.parse(buttons[2]!.callback_data!)?.invoiceId;
    expect(id).toBeDefined();
    h.advanceClock(301_000);
    await h.notifications.watcher.round();
    await h.simFetch("/_sim/invoices/pay", { method: "POST", body: { invoiceId: id, payerId: "777" } });
    for (let round = 0; round < 2; round++) {
      h.advanceClock(301_000);
      await h.notifications.watcher.round();
      await h.notifications.sender.drain();
      for (let i = 0; i < 400 && !(await outboxDrained(h)); i++) await new Promise((r) => setTimeout(r, 10));
    }
    expect(user.texts().filter((t) => /was paid/.test(t))).toEqual([`🧾 Invoice ${id} was paid: 25 USDT (≈ US$25.00) by user id 777.`]);
  });

  it("the pay-me link opens a transfer to this person in the bot, as a QR code with a Share button", async () => {
    h = await Harness.create();
    const { user } = await h.linkedUser({});
    await user.send("/receive");
    await user.press(RECEIVE_DATA.payMe.build({}));
    const link = `https://t.me/${BOT_INFO.username}?start=send_${user.id}`;
    const [photo] = photosTo(user.id);
    expect(photo?.caption).toContain(`Your pay-me link: ${link}`);
    expect(buttonsOf(photo!.reply_markup).map((b) => b.text)).toEqual(["📣 Share", "« Back"]);

    // Someone who opens it is offered a transfer to this person.
    const payer = await h.linkedUser({ pay: { USDT: "5" } }, { id: 5005 });
    await payer.user.send(`/start send_${user.id}`);
    expect(payer.user.texts().some((t) => t.includes(`Recipient: user id ${user.id}`) || t.includes(`(id ${user.id})`))).toBe(true);
  });

  it("top up from outside points into the service's bot on the key's network, with Back to Receive", async () => {
    h = await Harness.create();
    const { user } = await h.linkedUser({}, { network: "testnet" });
    await user.send("/receive");
    await user.press(RECEIVE_DATA.topUp.build({}));
    expect(user.last()!.text).toMatch(/^Money from another wallet or an exchange arrives through a deposit address/);
    const buttons = user.last()!.keyboard!.inline_keyboard.flat();
    expect(buttons.map((b) => b.text)).toEqual(["➕ Top up in @xrocket_testnet_bot", "« Back"]);
  });

  it("without a key the screen, the pay-me link and the deposit work; a request asks for a key first", async () => {
    h = await Harness.create();
    const user = h.user(4321);
    await user.send("/receive");
    expect(user.last()!.text).toMatch(/^📥 Receive money/);
    await user.press(RECEIVE_DATA.payMe.build({}));
    expect(photosTo(user.id)).toHaveLength(1);
    await user.press(RECEIVE_DATA.request.build({}));
    expect(user.last()!.text).toMatch(/connect/i);
    expect(await h.simRequests("createInvoice")).toHaveLength(0);
  });
});
