/**
 * Cheques end to end: the real bot over the in-process simulator, real storage (SQLite, and
 * PostgreSQL when TEST_DATABASE_URL is set) and the fake Telegram.
 */
import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LOCALES_DIR } from "../../../../src/bot/i18n.js";
import { createPayClient } from "../../../../src/service/client.js";
import { Harness, type TestUser } from "../../../helpers/bot-harness.js";
import { pickData } from "../../../../src/bot/shared/input-data.js";

const backends = [
  { name: "sqlite", databaseUrl: undefined as string | undefined },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: "postgres", databaseUrl: process.env.TEST_DATABASE_URL }]
    : []),
];

describe.each(backends)("cheques ($name)", ({ databaseUrl }) => {
  let h: Harness;

  beforeEach(async () => {
    h = await Harness.create(databaseUrl ? { databaseUrl } : {});
  });
  afterEach(async () => {
    await h.close();
  });

  const usdt = async (userId: number) => (await h.account(userId)).pay.USDT!;
  const requests = async (operationId: string) => (await h.simRequests(operationId)).length;
  const payFor = (key: string) => createPayClient({ baseUrl: h.sim.baseUrls.pay, apiKey: key, backoffMs: 5 });
  const opId = (confirmData: string) => confirmData.replace(/^cf:/, "");

  /** Walks the create flow up to the summary; returns the Confirm button's callback data. */
  async function reachSummary(
    user: TestUser,
    answers: { asset?: string; amount: string; description?: string; target?: string },
  ): Promise<string> {
    await user.send("/cheque_new");
    await user.press(pickData(answers.asset ?? "USDT"));
    await user.send(answers.amount);
    if (answers.description) await user.send(answers.description);
    else await user.press("in:skip");
    if (answers.target) await user.send(answers.target);
    else await user.press("in:skip");
    const confirm = confirmData(user);
    if (!confirm) throw new Error(`no summary: ${user.last()?.text}`);
    return confirm;
  }

  /** The Confirm button's data on the newest message (any language). */
  function confirmData(user: TestUser): string | undefined {
    const buttons = user.last()?.keyboard?.inline_keyboard.flat() ?? [];
    return buttons.flatMap((b) =>
      "callback_data" in b && b.callback_data.startsWith("cf:") ? [b.callback_data] : [],
    )[0];
  }

  /** Opens a cheque's details the way a user does: /cheques → My cheques → the cheque's button. */
  async function openDetails(user: TestUser, chequeId: string): Promise<void> {
    await user.send("/cheques");
    await user.press("chq:list");
    await user.press(`chq:show:${chequeId}`);
    if (!user.last()?.text.includes(`Cheque ${chequeId}`))
      throw new Error(`no details: ${user.last()?.text}`);
  }

  it("creates a cheque: summary, one create, amount reserved, link and Share shown, journal done", async () => {
    const { user, key } = await h.linkedUser({ pay: { USDT: "100", BTC: "0" } });

    await user.press("menu:cheques");
    expect(user.last()?.text).toMatch(/Cheques/);
    await user.press("chq:new");
    // Only currencies with available funds are offered.
    const offered = user
      .last()
      ?.keyboard?.inline_keyboard.flat()
      .map((b) => b.text);
    expect(offered).toEqual(["USDT", "✖️ Cancel"]);
    await user.press(pickData("USDT"));
    await user.send("12.5");
    await user.send("Happy birthday");
    await user.send("555000111");

    const summary = user.last()!;
    expect(summary.text).toContain("Amount: 12.5 USDT");
    expect(summary.text).toContain("Description:\n│ Happy birthday");
    expect(summary.text).toContain("Who may redeem: only user id 555000111");
    expect(summary.text).toContain("Fee: 0 USDT");
    expect(summary.text).toContain("Available now: 100 USDT");
    expect(summary.text).toContain("Available after the reservation: 87.5 USDT");
    // Nothing is reserved before Confirm.
    expect(await usdt(user.id)).toEqual({ balance: "100", available: "100", holds: "0" });

    const confirm = user.buttonData(/Confirm/)!;
    await user.press(confirm);

    expect(await requests("createCheque")).toBe(1);
    expect(await usdt(user.id)).toEqual({ balance: "100", available: "87.5", holds: "12.5" });
    const cheque = await payFor(key).getCheque({ clientChequeId: opId(confirm) });
    expect(cheque).toMatchObject({
      amount: "12.5",
      asset: "USDT",
      state: "active",
      description: "Happy birthday",
      targetType: "telegram_user_id",
      target: "555000111",
    });

    const shown = user.last()!;
    expect(shown.text).toContain("✅ Cheque created. 12.5 USDT is reserved");
    expect(shown.text).toContain(cheque.links.telegramBotLink!);
    const share = shown.keyboard?.inline_keyboard.flat().find((b) => "url" in b);
    expect(share && "url" in share ? share.url : "").toBe(
      `https://t.me/share/url?url=${encodeURIComponent(cheque.links.telegramBotLink!)}`,
    );

    const op = await h.storage.operations.get(opId(confirm));
    expect(op).toMatchObject({ kind: "cheque_create", state: "done", telegramId: user.id });
    expect(op?.result).toMatchObject({ chequeId: cheque.chequeId, amount: "12.5" });
  });

  it("refuses bad amounts before any confirmation with a localized reason, and asks again", async () => {
    const { user } = await h.linkedUser({ pay: { USDT: "100" } });
    await user.send("/cheque_new");
    await user.press(pickData("USDT"));

    await user.send("1.1234567");
    expect(user.last()?.text).toBe("Too many decimal places: USDT allows at most 6.");
    await user.send("0.05");
    expect(user.last()?.text).toBe("The minimum is 0.1 USDT.");
    await user.send("100.5");
    expect(user.last()?.text).toMatch(/^Not enough funds\. Available: 100 USDT/);
    await user.send("ten");
    expect(user.last()?.text).toMatch(/^That is not an amount/);
    // Still no confirmation anywhere, nothing sent to the service.
    expect(user.buttonData(/Confirm/)).toBeUndefined();
    expect(await requests("createCheque")).toBe(0);

    await user.send("100");
    expect(user.last()?.text).toMatch(/description/);
    await user.press("in:skip");
    await user.send("12ab");
    expect(user.last()?.text).toMatch(/^That is not a Telegram user id/);
    await user.send("0123");
    expect(user.last()?.text).toMatch(/^That is not a Telegram user id/);
    await user.press("in:skip");
    expect(user.last()?.text).toContain("Who may redeem: anyone with the link");
    expect(user.last()?.text).toContain("Available after the reservation: 0 USDT");
  });

  it("tells the user when no currency has funds, and when no key is linked", async () => {
    const { user } = await h.linkedUser({ pay: { USDT: "0" } });
    await user.send("/cheque_new");
    expect(user.last()?.text).toMatch(/has enough for a cheque/);

    const stranger = h.user(4242);
    await stranger.send("/cheque_new");
    expect(stranger.last()?.text).toBe("You have not linked an API key yet. Use /connect.");
  });

  it("leaves the flow on /cancel and on the Cancel button; nothing is proposed or reserved", async () => {
    const { user } = await h.linkedUser({ pay: { USDT: "100" } });
    await user.send("/cheque_new");
    await user.press(pickData("USDT"));
    await user.send("/cancel");
    expect(user.last()?.text).toBe("Cancelled. Nothing was done.");
    // The flow is over: an amount now is just an unknown message.
    await user.send("5");
    expect(user.last()?.text).toMatch(/did not understand/);

    await user.send("/cheque_new");
    await user.press(pickData("USDT"));
    await user.send("5");
    await user.press("in:cancel");
    expect(user.last()?.text).toBe("Cancelled. Nothing was done.");
    expect(user.buttonData(/Confirm/)).toBeUndefined();

    // Cancel on the summary itself.
    const confirm = await reachSummary(user, { amount: "5" });
    await user.press(confirm.replace(/^cf:/, "cx:"));
    expect(user.last()?.text).toMatch(/Cancelled\. Nothing was done\.$/);
    await user.press(confirm);
    expect(await requests("createCheque")).toBe(0);
    expect((await h.storage.operations.get(opId(confirm)))?.state).toBe("cancelled");
    expect(await usdt(user.id)).toMatchObject({ available: "100", holds: "0" });
  });

  it("creates one cheque for a double press, concurrent presses and a replayed update", async () => {
    const { user } = await h.linkedUser({ pay: { USDT: "100" } });

    const first = await reachSummary(user, { amount: "10" });
    await user.press(first);
    await user.press(first);

    const second = await reachSummary(user, { amount: "20" });
    const press = user.pressUpdate(second);
    await Promise.all([h.handle(press), h.handle(press)]);

    const third = await reachSummary(user, { amount: "30" });
    const replayed = { update_id: 999999, ...user.pressUpdate(third) };
    await h.replay(replayed);
    await h.replay(replayed);

    expect(await requests("createCheque")).toBe(3);
    expect(await usdt(user.id)).toEqual({ balance: "100", available: "40", holds: "60" });
    for (const data of [first, second, third]) {
      expect((await h.storage.operations.get(opId(data)))?.state).toBe("done");
    }
  });

  it("does nothing for an expired confirmation or another user's press", async () => {
    const { user } = await h.linkedUser({ pay: { USDT: "100" } });
    const other = (await h.linkedUser({ pay: { USDT: "100" } })).user;

    const expired = await reachSummary(user, { amount: "10" });
    h.advanceClock(121_000);
    await user.press(expired);
    expect(user.last()?.text).toMatch(/expired/);
    expect((await h.storage.operations.get(opId(expired)))?.state).not.toBe("done");

    const foreign = await reachSummary(user, { amount: "10" });
    await other.press(foreign);
    expect(await requests("createCheque")).toBe(0);
    expect((await h.storage.operations.get(opId(foreign)))?.state).toBe("proposed");
    expect(await usdt(user.id)).toMatchObject({ available: "100", holds: "0" });
    expect(await usdt(other.id)).toMatchObject({ available: "100", holds: "0" });

    // The owner can still confirm it.
    await user.press(foreign);
    expect(await requests("createCheque")).toBe(1);
  });

  it("quotes a description with line breaks in the summary and the details, so no line of it passes for ours", async () => {
    const { user } = await h.linkedUser({ pay: { USDT: "100" } });
    const confirm = await reachSummary(user, { amount: "5", description: "gift\nAmount: 1000 USDT\nRecipient: anyone" });
    const summary = user.last()!.text.split("\n");
    expect(summary.filter((l) => /^(Amount|Who may redeem):/.test(l))).toEqual(["Amount: 5 USDT (≈ US$5.00)", "Who may redeem: anyone with the link"]);
    expect(summary).toEqual(expect.arrayContaining(["Description:", "│ gift", "│ Amount: 1000 USDT", "│ Recipient: anyone"]));
    await user.press(confirm);
    await user.pressLabel(/Details/);
    const details = user.last()!.text.split("\n");
    expect(details.filter((l) => /^(Amount|Who may redeem):/.test(l))).toEqual(["Amount: 5 USDT", "Who may redeem: anyone with the link"]);
    expect(details).toContain("│ Amount: 1000 USDT");
  });

  it("ends as done, once, when the connection drops after the cheque was created", async () => {
    const { user } = await h.linkedUser({ pay: { USDT: "100" } });
    const confirm = await reachSummary(user, { amount: "12.5" });
    await h.fault({ operationId: "createCheque", mode: "dropAfter" });
    await user.press(confirm);

    expect(await requests("createCheque")).toBe(1);
    expect(await usdt(user.id)).toEqual({ balance: "100", available: "87.5", holds: "12.5" });
    expect((await h.storage.operations.get(opId(confirm)))?.state).toBe("done");
    expect(user.last()?.text).toContain("✅ Cheque created. 12.5 USDT is reserved");
  });

  it("keeps the outcome unknown when the lookup after a drop fails too, and settles it later", async () => {
    const { user } = await h.linkedUser({ pay: { USDT: "100" } });
    const confirm = await reachSummary(user, { amount: "12.5" });
    await h.fault({ operationId: "createCheque", mode: "dropAfter" });
    await h.fault({ operationId: "getCheque", mode: "dropBefore", count: 3 });
    await user.press(confirm);

    // Not "refused": the cheque exists, only the lookup gave up.
    expect((await h.storage.operations.get(opId(confirm)))?.state).toBe("unknown");
    expect(user.last()?.text).toMatch(/outcome is not known/);

    expect(await h.app.reconcileUnfinished()).toBe(1);
    expect((await h.storage.operations.get(opId(confirm)))?.state).toBe("done");
    // The notice goes out through the outbox, written with the outcome.
    await h.outboxSent();
    expect(user.last()?.text).toContain("✅ Cheque created. 12.5 USDT is reserved");
    expect(await requests("createCheque")).toBe(1);
    expect(await usdt(user.id)).toEqual({ balance: "100", available: "87.5", holds: "12.5" });
  });

  it("changes an active cheque's description, and Skip removes it; nothing moves", async () => {
    const { user, key, account } = await h.linkedUser({ pay: { USDT: "100" } });
    const pay = payFor(key);
    const cheque = await pay.createCheque({ clientChequeId: "d-1", asset: "USDT", amount: "4", description: "old" });
    await user.send("/cheques");
    await user.pressLabel(/My cheques/);
    await user.press(`chq:show:${cheque.chequeId}`);
    await user.pressLabel(/Change description/);
    expect(user.last()?.text).toMatch(/Send the new description/);
    await user.send("for Ann");
    expect(user.last()?.text).toContain("for Ann");
    expect((await pay.getCheque({ chequeId: cheque.chequeId })).description).toBe("for Ann");
    expect((await h.simRequests("updateCheque")).map((r) => r.body)).toEqual([{ description: "for Ann" }]);

    await user.pressLabel(/Change description/);
    await user.pressLabel(/Skip/);
    expect((await pay.getCheque({ chequeId: cheque.chequeId })).description).toBeNull();
    expect((await h.account(account.userId)).pay.USDT).toMatchObject({ available: "96" });
  });

  it("lists cheques in pages with Previous / Next and opens one", async () => {
    const { user, key } = await h.linkedUser({ pay: { USDT: "100" } });
    const pay = payFor(key);
    for (let i = 1; i <= 7; i++) {
      await pay.createCheque({
        clientChequeId: `t-${i}`,
        asset: "USDT",
        amount: String(i),
        description: `gift ${i}`,
      });
    }
    const redeemed = await pay.getCheque({ clientChequeId: "t-7" });
    const redeemer = await h.createAccount();
    await h.simFetch("/_sim/cheques/redeem", {
      method: "POST",
      body: { chequeId: redeemed.chequeId, userId: redeemer.userId },
    });
    await pay.deleteCheque({ clientChequeId: "t-6" });

    await user.send("/cheques");
    await user.pressLabel(/My cheques/);
    const list = user.last()!;
    // The deleted cheque (6 USDT) is left out, as the real service's list does.
    expect(list.text.split("\n")).toEqual([
      "🎟 Your cheques, page 1:",
      "",
      "1. ✅ redeemed · 7 USDT",
      "2. 🟢 active · 5 USDT",
      "3. 🟢 active · 4 USDT",
      "4. 🟢 active · 3 USDT",
      "5. 🟢 active · 2 USDT",
    ]);
    const allData = list
      .keyboard!.inline_keyboard.flat()
      .flatMap((b) => ("callback_data" in b ? [b.callback_data] : []));
    for (const data of allData) expect(Buffer.byteLength(data)).toBeLessThanOrEqual(64);
    expect(user.buttonData(/Previous/)).toBeUndefined();

    await user.pressLabel(/Next/);
    expect(user.last()?.messageId).toBe(list.messageId);
    expect(user.last()?.text.split("\n").slice(2)).toEqual(["1. 🟢 active · 1 USDT"]);
    expect(user.buttonData(/Next/)).toBeUndefined();

    await user.pressLabel(/Previous/);
    expect(user.last()?.text).toContain("2. 🟢 active · 5 USDT");

    // A page button from an older list starts again at the first page.
    await user.press("chq:page:deadbeef:1", list.messageId);
    expect(h.tg.callsOf("editMessageText").at(-1)?.payload.text).toMatch(/^🎟 Your cheques, page 1:/);
    expect(user.last()?.text).toMatch(/^🎟 Your cheques, page 1:/);

    await user.press(`chq:show:${redeemed.chequeId}`);
    const details = user.last()!;
    expect(details.text).toContain("State: ✅ redeemed");
    expect(details.text).toContain("Amount: 7 USDT");
    expect(details.text).toContain("Description:\n│ gift 7");
    expect(details.text).toContain("Who may redeem: anyone with the link");
    expect(details.text).toMatch(/Created: \d{2}[./]\d{2}[./]\d{4}, \d{2}:\d{2} UTC/);
    expect(details.text).toContain(`Link: ${redeemed.links.telegramBotLink}`);
    expect(details.keyboard?.inline_keyboard.flat().some((b) => /Delete/.test(b.text))).toBe(false);

    const active = await pay.getCheque({ clientChequeId: "t-5" });
    await user.press(`chq:show:${active.chequeId}`);
    expect(user.last()?.text).toContain("State: 🟢 active");
    expect(user.buttonData(/Delete/)).toBe(`chq:del:${active.chequeId}`);
  });

  it("shows an empty list with a way to create one", async () => {
    const { user } = await h.linkedUser({ pay: { USDT: "100" } });
    await user.send("/cheques");
    await user.press("chq:list");
    expect(user.last()?.text).toBe("You have no cheques yet.");
    expect(user.buttonData(/New cheque/)).toBe("chq:new");
  });

  it("deletes an active cheque once (double and concurrent presses): the amount is released", async () => {
    const { user, key } = await h.linkedUser({ pay: { USDT: "100" } });
    const cheque = await payFor(key).createCheque({ clientChequeId: "t-1", asset: "USDT", amount: "25" });
    expect(await usdt(user.id)).toMatchObject({ available: "75", holds: "25" });

    await openDetails(user, cheque.chequeId);
    await user.pressLabel(/Delete/);
    const summary = user.last()!;
    expect(summary.text).toContain(`Delete cheque ${cheque.chequeId}?`);
    expect(summary.text).toContain("Released back to your available balance: 25 USDT");
    expect(summary.text).toContain("Available now: 75 USDT");
    expect(summary.text).toContain("Available after: 100 USDT");
    expect(await usdt(user.id)).toMatchObject({ available: "75", holds: "25" });

    const confirm = user.buttonData(/Confirm/)!;
    const press = user.pressUpdate(confirm);
    await Promise.all([h.handle(press), h.handle(press)]);
    await user.press(confirm);

    expect(await requests("deleteCheque")).toBe(1);
    expect(await usdt(user.id)).toEqual({ balance: "100", available: "100", holds: "0" });
    expect(user.last()?.text).toContain("🗑 Cheque deleted. 25 USDT released back to your available balance.");
    expect(await h.storage.operations.get(opId(confirm))).toMatchObject({
      kind: "cheque_delete",
      state: "done",
    });
    expect((await payFor(key).getCheque({ chequeId: cheque.chequeId })).deleted).toBe(true);
  });

  it("ends a delete as done, once, when the connection drops after it was applied", async () => {
    const { user, key } = await h.linkedUser({ pay: { USDT: "100" } });
    const cheque = await payFor(key).createCheque({ clientChequeId: "t-1", asset: "USDT", amount: "25" });
    await openDetails(user, cheque.chequeId);
    await user.pressLabel(/Delete/);
    const confirm = user.buttonData(/Confirm/)!;
    await h.fault({ operationId: "deleteCheque", mode: "dropAfter" });
    await user.press(confirm);

    expect(await requests("deleteCheque")).toBe(1);
    expect((await h.storage.operations.get(opId(confirm)))?.state).toBe("done");
    expect(await usdt(user.id)).toEqual({ balance: "100", available: "100", holds: "0" });
    expect(user.last()?.text).toContain("25 USDT released");
  });

  it("refuses to delete a redeemed cheque, before and after the summary; nothing changes", async () => {
    const { user, key } = await h.linkedUser({ pay: { USDT: "100" } });
    const pay = payFor(key);
    const redeemer = await h.createAccount();
    const redeem = (chequeId: string) =>
      h.simFetch("/_sim/cheques/redeem", { method: "POST", body: { chequeId, userId: redeemer.userId } });

    // Redeemed while its details were open: the Delete press is refused at once.
    const early = await pay.createCheque({ clientChequeId: "t-1", asset: "USDT", amount: "10" });
    await openDetails(user, early.chequeId);
    await redeem(early.chequeId);
    await user.pressLabel(/Delete/);
    expect(user.last()?.text).toBe(
      "This cheque can no longer be deleted: its state is ✅ redeemed. Nothing was changed.",
    );
    expect(user.buttonData(/Confirm/)).toBeUndefined();

    // Redeemed after the summary was shown: Confirm ends as refused with the invalid-state reason.
    const late = await pay.createCheque({ clientChequeId: "t-2", asset: "USDT", amount: "20" });
    await openDetails(user, late.chequeId);
    await user.pressLabel(/Delete/);
    const confirm = user.buttonData(/Confirm/)!;
    await redeem(late.chequeId);
    const before = await usdt(user.id);
    await user.press(confirm);

    expect(user.last()?.text).toContain("❌ Not done. This can no longer be done: its state has changed.");
    expect(await h.storage.operations.get(opId(confirm))).toMatchObject({
      state: "refused",
      error: "error-invalid-state",
    });
    expect(await usdt(user.id)).toEqual(before);
    expect(before).toEqual({ balance: "70", available: "70", holds: "0" });
    expect((await h.account(redeemer.userId)).pay.USDT?.available).toBe("30");
    expect((await pay.getCheque({ chequeId: late.chequeId })).state).toBe("completed");
  });

  it("speaks Russian to a Russian user", async () => {
    const { user } = await h.linkedUser({ pay: { USDT: "100" } }, { languageCode: "ru" });
    await user.send("/cheques");
    expect(user.last()?.text).toMatch(/^🎟 Чеки/);
    const confirm = await reachSummary(user, { amount: "5" });
    expect(user.last()?.text).toContain("Кто может активировать: любой, у кого есть ссылка");
    await user.press(confirm);
    expect(user.last()?.text).toContain("✅ Чек создан. 5 USDT зарезервировано");
  });
});

describe("cheques locales", () => {
  const keys = (locale: string) =>
    readFileSync(`${LOCALES_DIR}/${locale}/cheques.ftl`, "utf8")
      .split("\n")
      .flatMap((line) => /^([a-z][a-z0-9-]*) =/.exec(line)?.slice(1) ?? []);

  it("has the same keys in English and Russian, all prefixed with cheques-", () => {
    expect(keys("ru")).toEqual(keys("en"));
    expect(keys("en").length).toBeGreaterThan(20);
    for (const key of keys("en")) expect(key.startsWith("cheques-")).toBe(true);
  });
});
