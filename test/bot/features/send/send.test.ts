/**
 * Send (transfers to users) end to end: the real bot, the simulator over HTTP, real storage and a fake
 * Telegram. Runs on SQLite, and on PostgreSQL too when TEST_DATABASE_URL is set.
 */
import type { Update } from "grammy/types";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { RECIPIENT_REQUEST_ID } from "../../../../src/bot/shared/recipient.js";
import { Harness, type TestUser } from "../../../helpers/bot-harness.js";
import { SEND_DATA } from "../../../../src/bot/features/send/callback-data.js";
import { pickData } from "../../../../src/bot/shared/input-data.js";

const databases = [undefined, process.env.TEST_DATABASE_URL].filter((u, i) => i === 0 || u !== undefined);

type Linked = Awaited<ReturnType<Harness["linkedUser"]>>;
type TransferBody = {
  target: string;
  asset: string;
  amount: string;
  clientPayoutId: string;
  description?: string;
};

describe.each(databases)("send (database %s)", (databaseUrl) => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.create(databaseUrl ? { databaseUrl } : {});
  });
  afterEach(async () => {
    await h.close();
  });

  const available = async (userId: number, asset = "USDT") =>
    (await h.account(userId)).pay[asset]?.available ?? "0";
  const transferBodies = async () =>
    (await h.simRequests("createTransfer")).map((r) => r.body as TransferBody);
  /** Every reply markup the bot sent in a chat (reply keyboards are not kept by the fake's messages). */
  const markupsIn = (chatId: number) =>
    h.tg
      .callsOf("sendMessage")
      .filter((c) => Number(c.payload.chat_id) === chatId)
      .map((c) =>
        typeof c.payload.reply_markup === "string"
          ? JSON.parse(c.payload.reply_markup)
          : c.payload.reply_markup,
      );

  /** From the menu up to the recipient question. */
  async function openNewTransfer(user: TestUser) {
    await user.press("menu:send");
    await user.press(SEND_DATA.create.build({}));
  }

  /** The asset, amount and note steps after the recipient; leaves the summary with Confirm shown. */
  async function fillTransfer(user: TestUser, amount = "10", description?: string) {
    await user.press(pickData("USDT"));
    await user.send(amount);
    if (description === undefined) await user.press("in:skip");
    else await user.send(description);
  }

  /** A sender with 100 USDT, a recipient account, and the summary of a 10 USDT transfer shown. */
  async function proposed(): Promise<{ sender: Linked; recipientId: number; confirm: string; opId: string }> {
    const sender = await h.linkedUser({ pay: { USDT: "100" } });
    const { userId: recipientId } = await h.createAccount({});
    await openNewTransfer(sender.user);
    await sender.user.send(String(recipientId));
    await fillTransfer(sender.user);
    const confirm = sender.user.buttonData(/Confirm/);
    if (!confirm) throw new Error(`no Confirm button: ${sender.user.last()?.text}`);
    return { sender, recipientId, confirm, opId: confirm.slice("cf:".length) };
  }

  async function expectMovedOnce(sender: Linked, recipientId: number, amount = "10") {
    expect(await transferBodies()).toHaveLength(1);
    expect(await available(sender.account.userId)).toBe(String(100 - Number(amount)));
    expect(await available(recipientId)).toBe(amount);
  }

  it("sends to a typed id after a full summary, exactly once, and journals it", async () => {
    const sender = await h.linkedUser({ pay: { USDT: "100", BTC: "0.5" } });
    const { userId: recipientId } = await h.createAccount({});
    const { user } = sender;

    await user.press("menu:send");
    expect(user.last()?.text).toMatch(/Transfers to users/);
    expect(user.buttonData(/New transfer/)).toBe("snd:new");
    expect(user.buttonData(/My transfers/)).toBe("snd:pg:0");
    expect(user.buttonData(/Find by id/)).toBe("snd:find");

    await user.press(SEND_DATA.create.build({}));
    expect(user.last()?.text).toMatch(/Who should receive/);
    const ask = markupsIn(user.id).at(-1);
    expect(ask.keyboard[0][0]).toMatchObject({
      text: "👤 Choose a user",
      request_users: { request_id: RECIPIENT_REQUEST_ID, user_is_bot: false, max_quantity: 1 },
    });

    await user.send(String(recipientId));
    expect(user.texts()).toContain(`Recipient: user id ${recipientId}`);
    // The reply keyboard goes away once the recipient is known.
    expect(markupsIn(user.id).some((m) => m?.remove_keyboard === true)).toBe(true);
    expect(user.last()?.text).toMatch(/Which currency/);
    expect(user.buttonData(/USDT/)).toBe(pickData("USDT"));
    expect(user.buttonData(/BTC/)).toBe(pickData("BTC"));

    await user.press(pickData("USDT"));
    expect(user.last()?.text).toBe(
      "How much USDT to send? Available: 100 USDT. Minimum: 0.01 USDT.\n\n1 USDT ≈ US$1.00 now; you may type the amount in USD too (e.g. 10 USD).",
    );
    await user.send("12.5");
    expect(user.last()?.text).toMatch(/Add a note/);
    await user.send("Lunch 🍜");

    const summary = user.last()!.text;
    expect(summary).toContain(`To: user id ${recipientId}`);
    expect(summary).toContain("Amount: 12.5 USDT");
    expect(summary).toContain("Fee: 0 USDT");
    expect(summary).toContain("Note:\n│ Lunch 🍜");
    expect(summary).toContain("Available now: 100 USDT");
    expect(summary).toContain("Available after: 87.5 USDT");
    expect(summary).toMatch(/irreversible/);
    expect(await transferBodies()).toHaveLength(0);

    const confirm = user.buttonData(/Confirm/)!;
    const opId = confirm.slice(3);
    expect((await h.storage.operations.get(opId))?.state).toBe("proposed");
    await user.press(confirm);

    const bodies = await transferBodies();
    expect(bodies).toEqual([
      {
        target: String(recipientId),
        targetType: "telegram_user_id",
        asset: "USDT",
        amount: "12.5",
        clientPayoutId: opId,
        description: "Lunch 🍜",
      },
    ]);
    expect(await available(sender.account.userId)).toBe("87.5");
    expect(await available(recipientId)).toBe("12.5");

    const op = await h.storage.operations.get(opId);
    expect(op).toMatchObject({ state: "done", kind: "transfer", telegramId: user.id });
    expect(op?.payload).toMatchObject({ target: String(recipientId), asset: "USDT", amount: "12.5" });
    const payoutId = op?.result?.payoutId as string;
    expect(payoutId).toBeTruthy();
    expect(user.last()?.text).toContain(
      `✅ Sent 12.5 USDT (≈ US$12.50) to user id ${recipientId}.\nTransfer id: ${payoutId}`,
    );
    expect(user.buttonData(/My transfers/)).toBe("snd:pg:0");
  });

  it("takes the recipient from the request-users button", async () => {
    const sender = await h.linkedUser({ pay: { USDT: "100" } });
    const { userId: recipientId } = await h.createAccount({});
    await openNewTransfer(sender.user);
    await sender.user.shareUser(RECIPIENT_REQUEST_ID, recipientId);
    expect(sender.user.texts()).toContain(`Recipient: user id ${recipientId}`);
    await fillTransfer(sender.user);
    await sender.user.pressLabel(/Confirm/);
    await expectMovedOnce(sender, recipientId);
    expect((await transferBodies())[0]?.target).toBe(String(recipientId));
  });

  it("takes the recipient from a forwarded message and refuses a hidden sender", async () => {
    const sender = await h.linkedUser({ pay: { USDT: "100" } });
    const { userId: recipientId } = await h.createAccount({});
    const { user } = sender;
    await openNewTransfer(user);

    await h.handle({
      message: {
        message_id: 77,
        date: 1,
        chat: user.chat,
        from: user.from,
        text: "hi",
        forward_origin: { type: "hidden_user", date: 1, sender_user_name: "Someone" },
      },
    } as Omit<Update, "update_id">);
    expect(user.last()?.text).toMatch(/privacy settings hide/);

    await user.forwardFrom({ id: recipientId, first_name: "Anna" });
    expect(user.texts()).toContain(`Recipient: “Anna” (id ${recipientId})`);
    await fillTransfer(user);
    expect(user.last()?.text).toContain(`To: “Anna” (id ${recipientId})`);
    await user.pressLabel(/Confirm/);
    await expectMovedOnce(sender, recipientId);
    expect(user.last()?.text).toContain(`Sent 10 USDT (≈ US$10.00) to “Anna” (id ${recipientId})`);
  });

  it("says how long a note that is too long was, and takes a shorter one", async () => {
    const sender = await h.linkedUser({ pay: { USDT: "100" } });
    const { userId: recipientId } = await h.createAccount({});
    const { user } = sender;
    await openNewTransfer(user);
    await user.send(String(recipientId));
    await fillTransfer(user, "10", "x".repeat(612));
    expect(user.last()?.text).toBe("That text is 612 characters long; the limit is 500.");
    await user.send("lunch");
    expect(user.buttonData(/Confirm/)).toBeDefined();
  });

  it("shows a typed note and a forwarded name set apart, never as lines of its own", async () => {
    const sender = await h.linkedUser({ pay: { USDT: "100" } });
    const { userId: recipientId } = await h.createAccount({});
    const { user } = sender;
    await openNewTransfer(user);
    await user.forwardFrom({ id: recipientId, first_name: "Eve\nAmount: 1 USDT\n✅ Sent" });
    const note = "thanks\nTo: user id 1\u2028Amount: 1000 USDT\n\n✅ Sent 1000 USDT (≈ 1000.00 USD) to user id 1.";
    await fillTransfer(user, "10", note);

    const summary = user.last()!.text.split("\n");
    // The bot's own lines are the only ones that start like them; the note is quoted line by line.
    expect(summary.filter((l) => l.startsWith("To:"))).toEqual([`To: “Eve Amount: 1 USDT ✅ Sent” (id ${recipientId})`]);
    expect(summary.filter((l) => l.startsWith("Amount:"))).toEqual(["Amount: 10 USDT (≈ US$10.00)"]);
    expect(summary.filter((l) => l.startsWith("✅"))).toEqual([]);
    const at = summary.indexOf("Note:");
    expect(summary.slice(at + 1, at + 6)).toEqual([
      "│ thanks",
      "│ To: user id 1",
      "│ Amount: 1000 USDT",
      "│",
      "│ ✅ Sent 1000 USDT (≈ 1000.00 USD) to user id 1.",
    ]);

    const opId = user.buttonData(/Confirm/)!.slice(3);
    await user.pressLabel(/Confirm/);
    await expectMovedOnce(sender, recipientId);
    // The service keeps the note as typed.
    expect((await transferBodies())[0]?.description).toBe(note.trim());
    const result = user.last()!.text.split("\n");
    expect(result.filter((l) => l.startsWith("✅"))).toEqual([
      `✅ Sent 10 USDT (≈ US$10.00) to “Eve Amount: 1 USDT ✅ Sent” (id ${recipientId}).`,
    ]);

    // The transfer's details, found by id, quote the note too, and name the recipient remembered
    // from the forwarded message (on one line, in quote marks).
    const payoutId = (await h.storage.operations.get(opId))?.result?.payoutId as string;
    await user.send(`/transfer ${payoutId}`);
    const details = user.last()!.text.split("\n");
    expect(details.filter((l) => l.startsWith("To:") || l.startsWith("Amount:"))).toEqual([
      `To: “Eve Amount: 1 USDT ✅ Sent” (id ${recipientId})`,
      "Amount: 10 USDT",
    ]);
    expect(details).toContain("│ To: user id 1");
  });

  it("refuses the sender themself and ids that are not ids, explaining each, then accepts a good one", async () => {
    const sender = await h.linkedUser({ pay: { USDT: "100" } });
    const { userId: recipientId } = await h.createAccount({});
    const { user } = sender;
    await openNewTransfer(user);

    await user.send(String(user.id));
    expect(user.last()?.text).toMatch(/cannot send a transfer to yourself/);
    await user.shareUser(RECIPIENT_REQUEST_ID, user.id);
    expect(user.last()?.text).toMatch(/cannot send a transfer to yourself/);
    await user.forwardFrom({ id: user.id, first_name: "Me" });
    expect(user.last()?.text).toMatch(/cannot send a transfer to yourself/);
    await user.send("abc123!");
    expect(user.last()?.text).toMatch(/not a Telegram user id/);
    await user.send("-100123");
    expect(user.last()?.text).toMatch(/not a Telegram user id/);
    await user.send("12345678901234567890");
    expect(user.last()?.text).toMatch(/not a Telegram user id/);
    await user.send("@somebody");
    expect(user.last()?.text).toMatch(/cannot look up @usernames/);
    // Each refusal shows the request-users keyboard again.
    expect(markupsIn(user.id).at(-1)?.keyboard?.[0]?.[0]?.request_users?.request_id).toBe(
      RECIPIENT_REQUEST_ID,
    );
    expect(await h.storage.operations.listUnfinished()).toEqual([]);

    await user.send(` ${recipientId} `);
    expect(user.last()?.text).toMatch(/Which currency/);
  });

  it("in Russian too", async () => {
    const sender = await h.linkedUser({ pay: { USDT: "100" } }, { languageCode: "ru" });
    const { userId: recipientId } = await h.createAccount({});
    await openNewTransfer(sender.user);
    expect(sender.user.last()?.text).toMatch(/Кому перевести/);
    await sender.user.send(String(sender.user.id));
    expect(sender.user.last()?.text).toMatch(/самому себе/);
    await sender.user.send(String(recipientId));
    expect(sender.user.texts()).toContain(`Получатель: ID ${recipientId}`);
    await fillTransfer(sender.user, "2,5");
    expect(sender.user.last()?.text).toContain(`Кому: ID ${recipientId}`);
    expect(sender.user.last()?.text).toMatch(/Комиссия: 0 USDT/);
    expect(sender.user.last()?.text).toMatch(/Останется доступно: 97,5 USDT/);
    await sender.user.pressLabel(/Подтвердить/);
    await expectMovedOnce(sender, recipientId, "2.5");
    // The recipient is named after a label, so no case has to fit it.
    expect(sender.user.last()?.text).toMatch(
      new RegExp(`\\n✅ Отправлено 2,5 USDT \\(≈ 2,50\u00a0\\$\\), получатель: ID ${recipientId}\\.\\nID перевода: \\S+$`),
    );
  });

  it("names a forwarded recipient in Russian the same way", async () => {
    const sender = await h.linkedUser({ pay: { USDT: "100" } }, { languageCode: "ru" });
    const { userId: recipientId } = await h.createAccount({});
    await openNewTransfer(sender.user);
    await sender.user.forwardFrom({ id: recipientId, first_name: "Сэм" });
    expect(sender.user.texts()).toContain(`Получатель: «Сэм» (ID ${recipientId})`);
    await fillTransfer(sender.user);
    await sender.user.pressLabel(/Подтвердить/);
    expect(sender.user.last()?.text).toContain(`✅ Отправлено 10 USDT (≈ 10,00\u00a0$), получатель: «Сэм» (ID ${recipientId}).`);
  });

  it("checks the amount before any confirmation", async () => {
    const sender = await h.linkedUser({ pay: { USDT: "100" } });
    const { userId: recipientId } = await h.createAccount({});
    const { user } = sender;
    await openNewTransfer(user);
    await user.send(String(recipientId));
    await user.press(pickData("USDT"));

    await user.send("ten");
    expect(user.last()?.text).toMatch(/not an amount/);
    // Never read as 15: a separator that marks no thousands, an invisible character.
    await user.send("1'5");
    expect(user.last()?.text).toMatch(/do not mark thousands/);
    await user.send("1\uFEFF5");
    expect(user.last()?.text).toMatch(/invisible characters/);
    await user.send("1\u200B5");
    expect(user.last()?.text).toMatch(/invisible characters/);
    await user.send("0");
    expect(user.last()?.text).toMatch(/greater than zero/);
    await user.send("1.1234567");
    expect(user.last()?.text).toMatch(/at most 6/);
    await user.send("0.001");
    expect(user.last()?.text).toMatch(/minimum is 0.01 USDT/);
    await user.send("100.5");
    expect(user.last()?.text).toMatch(/Not enough funds. Available: 100 USDT/);
    expect(user.buttonData(/Confirm/)).toBeUndefined();

    await user.send("100");
    await user.press("in:skip");
    expect(user.last()?.text).toContain("Available after: 0 USDT");
    expect(await transferBodies()).toHaveLength(0);
  });

  it("re-reads the balance before the summary and asks again when it no longer covers the amount", async () => {
    const sender = await h.linkedUser({ pay: { USDT: "100" } });
    const { userId: recipientId } = await h.createAccount({});
    const { userId: elsewhere } = await h.createAccount({});
    const { user } = sender;
    await openNewTransfer(user);
    await user.send(String(recipientId));
    await user.press(pickData("USDT"));
    await user.send("80");
    // Meanwhile another client of the same key spends most of the balance.
    await h.deps.services.forKey("production", sender.key).pay.createTransfer({
      target: String(elsewhere),
      targetType: "telegram_user_id",
      asset: "USDT",
      amount: "50",
      clientPayoutId: "other-1",
    });
    await user.press("in:skip");
    expect(user.texts().at(-2)).toMatch(/balance has changed in the meantime: 50 USDT/);
    expect(user.buttonData(/Confirm/)).toBeUndefined();
    await user.send("40");
    expect(user.last()?.text).toContain("Available now: 50 USDT");
    expect(user.last()?.text).toContain("Available after: 10 USDT");
  });

  it("says when there is nothing to send", async () => {
    // Below the minimum transfer counts as nothing: said before the recipient is asked.
    const sender = await h.linkedUser({ pay: { USDT: "0.001" } });
    await openNewTransfer(sender.user);
    expect(sender.user.last()?.text).toMatch(/^You have no balance to send from .*\n\nTo add money to your xRocket Pay wallet/);
  });

  it("asks to link a key first", async () => {
    const user = h.user(900001);
    await user.send("/start");
    await user.press("menu:send");
    await user.press(SEND_DATA.create.build({}));
    expect(user.last()?.text).toMatch(/not linked an API key/);
  });

  it("/cancel and the Cancel buttons leave without sending", async () => {
    const sender = await h.linkedUser({ pay: { USDT: "100" } });
    const { userId: recipientId } = await h.createAccount({});
    const { user } = sender;

    // /cancel at the recipient step: the flow ends; the user picker or anything typed now starts nothing.
    await openNewTransfer(user);
    await user.send("/cancel");
    expect(user.last()?.text).toBe("Cancelled. Nothing was done.");
    await user.send(String(recipientId));
    expect(user.last()?.text).toMatch(/did not understand/);
    // The reply keyboard's Cancel, pressed after the flow ended, is stale; the keyboard goes away.
    await user.send("✖️ Cancel");
    expect(user.last()?.text).toBe("This button is no longer active.");
    expect(markupsIn(user.id).at(-1)).toEqual({ remove_keyboard: true });

    // The Cancel button of the reply keyboard during the flow.
    await openNewTransfer(user);
    await user.send("✖️ Cancel");
    expect(user.last()?.text).toBe("Cancelled. Nothing was done.");
    expect(markupsIn(user.id).at(-1)).toEqual({ remove_keyboard: true });
    await user.send(String(recipientId));
    expect(user.last()?.text).toMatch(/did not understand/);

    // The inline Cancel button at the amount step.
    await openNewTransfer(user);
    await user.send(String(recipientId));
    await user.press(pickData("USDT"));
    await user.press("in:cancel");
    expect(user.last()?.text).toBe("Cancelled. Nothing was done.");
    // The flow is over: an amount now is just an unknown message.
    await user.send("10");
    expect(user.last()?.text).toMatch(/did not understand/);

    // Cancel on the summary.
    await openNewTransfer(user);
    await user.send(String(recipientId));
    await fillTransfer(user);
    const opId = user.buttonData(/Confirm/)!.slice(3);
    await user.pressLabel(/✖️ Cancel/);
    expect((await h.storage.operations.get(opId))?.state).toBe("cancelled");
    await user.press(`cf:${opId}`);

    expect(await transferBodies()).toHaveLength(0);
    expect(await available(user.id)).toBe("100");
  });

  it("a double press performs one transfer", async () => {
    const { sender, recipientId, confirm, opId } = await proposed();
    await sender.user.press(confirm);
    await sender.user.press(confirm);
    await expectMovedOnce(sender, recipientId);
    expect((await h.storage.operations.get(opId))?.state).toBe("done");
  });

  it("concurrent presses perform one transfer", async () => {
    const { sender, recipientId, confirm, opId } = await proposed();
    const a = sender.user.pressUpdate(confirm);
    const b = sender.user.pressUpdate(confirm);
    await Promise.all([h.handle(a), h.handle(b)]);
    await expectMovedOnce(sender, recipientId);
    expect((await h.storage.operations.get(opId))?.state).toBe("done");
  });

  it("a replayed update performs one transfer", async () => {
    const { sender, recipientId, confirm } = await proposed();
    const update = { update_id: 999999, ...sender.user.pressUpdate(confirm) } as Update;
    await h.replay(update);
    await h.replay(update);
    await expectMovedOnce(sender, recipientId);
  });

  it("an expired confirmation performs nothing", async () => {
    const { sender, recipientId, confirm, opId } = await proposed();
    h.advanceClock(121_000);
    await sender.user.press(confirm);
    expect(await transferBodies()).toHaveLength(0);
    expect(await available(sender.account.userId)).toBe("100");
    expect(await available(recipientId)).toBe("0");
    expect((await h.storage.operations.get(opId))?.state).not.toBe("done");
    expect(sender.user.last()?.text).toMatch(/expired/);
  });

  it("another user's press performs nothing", async () => {
    const { sender, recipientId, confirm, opId } = await proposed();
    const other = await h.linkedUser({ pay: { USDT: "100" } });
    await h.handle(other.user.pressUpdate(confirm, sender.user.last()!.messageId));
    expect(h.tg.callsOf("answerCallbackQuery").at(-1)?.payload.text).toMatch(/belongs to someone else/);
    expect(await transferBodies()).toHaveLength(0);
    expect(await available(recipientId)).toBe("0");
    expect((await h.storage.operations.get(opId))?.state).toBe("proposed");
    // The owner can still confirm.
    await sender.user.press(confirm);
    await expectMovedOnce(sender, recipientId);
  });

  it("a connection dropped after the transfer was applied ends as done, once", async () => {
    const { sender, recipientId, confirm, opId } = await proposed();
    await h.fault({ operationId: "createTransfer", mode: "dropAfter" });
    await sender.user.press(confirm);
    await expectMovedOnce(sender, recipientId);
    expect(await h.simRequests("getTransfer")).toHaveLength(1);
    const op = await h.storage.operations.get(opId);
    expect(op?.state).toBe("done");
    expect(sender.user.last()?.text).toContain(`Transfer id: ${op?.result?.payoutId as string}`);
  });

  it("a 5xx is looked up by client id and resent with the same id, succeeding once", async () => {
    const { sender, recipientId, confirm, opId } = await proposed();
    await h.fault({ operationId: "createTransfer", mode: "error5xx" });
    await sender.user.press(confirm);
    const bodies = await transferBodies();
    expect(bodies).toHaveLength(2);
    expect(bodies[0]?.clientPayoutId).toBe(opId);
    expect(bodies[1]?.clientPayoutId).toBe(opId);
    expect(await available(sender.account.userId)).toBe("90");
    expect(await available(recipientId)).toBe("10");
    expect((await h.storage.operations.get(opId))?.state).toBe("done");
    expect(sender.user.last()?.text).toMatch(/✅ Sent 10 USDT/);
  });

  it("an unknown recipient is refused with a clear message and nothing moves", async () => {
    const sender = await h.linkedUser({ pay: { USDT: "100" } });
    await openNewTransfer(sender.user);
    await sender.user.send("987654321");
    await fillTransfer(sender.user);
    const opId = sender.user.buttonData(/Confirm/)!.slice(3);
    await sender.user.pressLabel(/Confirm/);
    expect(sender.user.last()?.text).toMatch(/Not done. The recipient was not found/);
    expect(await available(sender.account.userId)).toBe("100");
    expect((await h.storage.operations.get(opId))?.state).toBe("refused");
  });

  it("a user shared through a keyboard left from an ended flow starts a new transfer to them", async () => {
    const sender = await h.linkedUser({ pay: { USDT: "100" } });
    const { userId: recipientId } = await h.createAccount({});
    await openNewTransfer(sender.user);
    await sender.user.send("/cancel");
    await sender.user.shareUser(RECIPIENT_REQUEST_ID, recipientId);
    expect(sender.user.texts()).toContain(`Recipient: user id ${recipientId}`);
    expect(sender.user.last()?.text).toMatch(/Which currency/);
    // A request id other than the Send picker's is not ours.
    await sender.user.send("/cancel");
    await sender.user.shareUser(RECIPIENT_REQUEST_ID + 1, recipientId);
    expect(sender.user.last()?.text).toMatch(/did not understand/);
  });

  it("/send <id> starts a transfer to that user at once", async () => {
    const sender = await h.linkedUser({ pay: { USDT: "100" } });
    const { userId: recipientId } = await h.createAccount({});
    await sender.user.send("/send abc");
    expect(sender.user.texts().at(-2)).toMatch(/not a Telegram user id/);
    expect(sender.user.last()?.text).toMatch(/Who should receive/);
    await sender.user.send("/cancel");
    await sender.user.send(`/send ${recipientId}`);
    expect(sender.user.texts()).toContain(`Recipient: user id ${recipientId}`);
    expect(sender.user.last()?.text).toMatch(/Which currency/);
    await fillTransfer(sender.user);
    await sender.user.pressLabel(/Confirm/);
    await expectMovedOnce(sender, recipientId);
  });

  describe("history and lookup", () => {
    /** Makes `n` transfers straight through the service (1, 2, … USDT), oldest first. */
    async function makeTransfers(sender: Linked, recipientId: number, n: number) {
      const { pay } = h.deps.services.forKey("production", sender.key);
      const made = [];
      for (let i = 1; i <= n; i++) {
        made.push(
          await pay.createTransfer({
            target: String(recipientId),
            targetType: "telegram_user_id",
            asset: "USDT",
            amount: String(i),
            clientPayoutId: `hist-${i}`,
          }),
        );
      }
      return made;
    }

    it("lists transfers newest first with Previous and Next", async () => {
      const sender = await h.linkedUser({ pay: { USDT: "1000" } });
      const { userId: recipientId } = await h.createAccount({});
      const { user } = sender;
      await user.send("/transfers");
      expect(user.last()?.text).toMatch(/not sent any transfers yet/);

      const made = await makeTransfers(sender, recipientId, 12);
      await user.send("/transfers");
      const first = user.last()!;
      const lines = first.text.split("\n").filter((l) => l.includes("→"));
      expect(first.text).toMatch(/page 1/);
      expect(lines).toHaveLength(10);
      expect(lines[0]).toMatch(
        new RegExp(
          `^\\d\\d/\\d\\d/\\d{4}, \\d\\d:\\d\\d UTC → user id ${recipientId}: 12 USDT · ${made[11]!.payoutId}$`,
        ),
      );
      expect(lines[9]).toContain(`3 USDT · ${made[2]!.payoutId}`);
      expect(user.buttonData(/Previous/)).toBeUndefined();

      await user.pressLabel(/Next/);
      const second = user.last()!;
      expect(second.messageId).toBe(first.messageId); // edited in place
      expect(second.text).toMatch(/page 2/);
      expect(second.text).toContain(`2 USDT · ${made[1]!.payoutId}`);
      expect(second.text).toContain(`1 USDT · ${made[0]!.payoutId}`);
      expect(second.text.split("\n").filter((l) => l.includes("→"))).toHaveLength(2);
      expect(user.buttonData(/Next/)).toBeUndefined();

      await user.pressLabel(/Previous/);
      expect(user.last()?.text).toMatch(/page 1/);
      expect(user.last()?.text).toContain(made[11]!.payoutId);
    });

    it("finds a transfer by its id or our client id, and says when there is none", async () => {
      const { sender, confirm, opId, recipientId } = await proposed();
      const { user } = sender;
      await user.press(confirm);
      const payoutId = (await h.storage.operations.get(opId))?.result?.payoutId as string;

      await user.send(`/transfer ${payoutId}`);
      const details = user.last()!.text;
      expect(details).toContain(`Transfer ${payoutId}`);
      expect(details).toContain(`To: user id ${recipientId}`);
      expect(details).toContain("Amount: 10 USDT");
      // A transfer that went through reads as sent; the bot's own client id is not shown.
      expect(details).toContain("Status: sent");
      expect(details).not.toContain(opId);

      await user.send(`/transfer ${opId}`);
      expect(user.last()?.text).toContain(`Transfer ${payoutId}`);

      await user.send("/transfer nope_404");
      expect(user.last()?.text).toBe("No transfer with id nope_404 was found on your account.");

      // The button asks for the id, and re-asks on something that cannot be an id.
      await user.press(SEND_DATA.find.build({}));
      expect(user.last()?.text).toMatch(/Send the transfer id/);
      await user.send("what is this?");
      expect(user.last()?.text).toMatch(/does not look like a transfer id/);
      await user.send(payoutId);
      expect(user.last()?.text).toContain(`Transfer ${payoutId}`);
    });
  });
});
