/**
 * Invoices end to end: the real bot, the simulator over HTTP, real storage and a fake Telegram.
 * Runs on SQLite, and on PostgreSQL too when TEST_DATABASE_URL is set.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { NetworkName } from "../../../../src/domain/networks.js";
import type { Invoice } from "../../../../src/service/schemas.js";
import { Harness } from "../../../helpers/bot-harness.js";
import { INVOICE_DATA } from "../../../../src/bot/features/invoices/callback-data.js";
import { pickData } from "../../../../src/bot/shared/input-data.js";

const databases = [undefined, process.env.TEST_DATABASE_URL].filter((u, i) => i === 0 || u !== undefined);

describe.each(databases)("invoices (database %s)", (databaseUrl) => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.create(databaseUrl ? { databaseUrl } : {});
  });
  afterEach(async () => {
    await h.close();
  });

  /** The invoices the service holds for a key (all pages of the active list). */
  async function activeInvoices(key: string, network: NetworkName = "production"): Promise<Invoice[]> {
    const { pay } = h.deps.services.forKey(network, key);
    const all: Invoice[] = [];
    let cursor: string | undefined;
    do {
      const page = await pay.getInvoices({ status: "active", limit: 100, ...(cursor ? { cursor } : {}) });
      all.push(...page.items);
      cursor = page.pagination.next ?? undefined;
    } while (cursor);
    return all;
  }

  async function createVia(user: Awaited<ReturnType<Harness["linkedUser"]>>["user"], amount: string) {
    await user.press("menu:invoices");
    await user.press(INVOICE_DATA.create.build({}));
    await user.press(pickData("USDT"));
    await user.press(pickData("fixed"));
    await user.send(amount);
    await user.press(pickData("1"));
    await user.send("Coffee beans");
    await user.press(pickData("3600"));
  }

  it("creates an invoice once, with links and a Share button, and moves no money", async () => {
    const { user, key, account } = await h.linkedUser({ pay: { USDT: "100" } });
    await user.press("menu:invoices");
    await user.press(INVOICE_DATA.create.build({}));
    expect(user.last()?.text).toMatch(/Which currency/);
    await user.press(pickData("USDT"));
    expect(user.last()?.text).toMatch(/How should the invoice be paid/);
    await user.press(pickData("fixed"));
    expect(user.last()?.text).toMatch(/How much USDT.*Minimum 0.1 USDT/);

    await user.send("ten");
    expect(user.last()?.text).toMatch(/not an amount/);
    await user.send("0.05");
    expect(user.last()?.text).toMatch(/minimum is 0.1 USDT/);
    await user.send("1.1234567");
    expect(user.last()?.text).toMatch(/at most 6/);
    await user.send("12,5");
    expect(user.last()?.text).toBe("How many payments close the invoice? Each payment is the fixed price.");
    await user.press(pickData("1"));
    expect(user.last()?.text).toMatch(/description/);
    await user.send("Coffee beans");
    await user.press(pickData("86400"));

    const shown = user.last()!;
    expect(shown.text).toMatch(/Invoice created/);
    expect(shown.text).toContain("Amount: 12.5 USDT");
    expect(shown.text).toContain("Description:\n│ Coffee beans");
    expect(shown.text).toMatch(/Expires: \d\d[./]\d\d[./]\d{4}, \d\d:\d\d UTC/);

    const invoices = await activeInvoices(key);
    expect(invoices).toHaveLength(1);
    const [inv] = invoices as [Invoice];
    expect(inv).toMatchObject({
      priceCurrency: "USDT",
      priceAmount: "12.5",
      minPayment: null,
      description: "Coffee beans",
      status: "active",
    });
    // 24 hours, sent in milliseconds (the unit the evidence favours; see INVOICE_EXPIRES_IN_MS_PER_UNIT).
    const [sent] = await h.simRequests("createInvoice");
    expect((sent?.body as { expiresIn?: number }).expiresIn).toBe(86_400_000);
    expect(Date.parse(inv.expiresAt!) - Date.parse(inv.createdAt!)).toBe(86_400_000);
    expect(shown.text).toContain(inv.links.telegramBotLink);
    expect(shown.text).toContain(inv.links.webLink);
    const share = shown.keyboard?.inline_keyboard.flat().find((b) => "url" in b && /Share/.test(b.text));
    expect(share && "url" in share ? share.url : "").toBe(
      `https://t.me/share/url?url=${encodeURIComponent(inv.links.telegramBotLink ?? "")}`,
    );
    expect(await h.simRequests("createInvoice")).toHaveLength(1);
    expect((await h.account(account.userId)).pay.USDT?.balance).toBe("100");
  });

  it("skips the description and creates an invoice without expiry", async () => {
    const { user, key } = await h.linkedUser();
    await user.send("/newinvoice");
    await user.press(pickData("TONCOIN"));
    await user.pressLabel(/A fixed price/);
    await user.send("3");
    await user.pressLabel(/One payment/);
    await user.pressLabel(/Skip/);
    await user.pressLabel(/No expiry/);
    expect(user.last()?.text).toContain("Expires: never");
    const [inv] = await activeInvoices(key);
    expect(inv).toMatchObject({ priceCurrency: "TONCOIN", priceAmount: "3", description: null, expiresAt: null });
  });

  it("creates an invoice for any amount from a minimum, closed by several payments", async () => {
    const { user, key } = await h.linkedUser();
    await user.send("/newinvoice");
    await user.press(pickData("USDT"));
    await user.pressLabel(/Any amount from a minimum/);
    expect(user.last()?.text).toMatch(/smallest payment in USDT.*may pay more.*At least 0.1 USDT/);
    await user.send("0.01");
    expect(user.last()?.text).toMatch(/minimum is 0.1 USDT/);
    await user.send("2");
    // Nothing limits a payer to one payment, and the amount is the payer's choice from the minimum.
    expect(user.last()?.text).toBe(
      "How many payments close the invoice? Each payment is at least the minimum; the payer chooses how much.",
    );
    await user.send("seven");
    expect(user.last()?.text).toMatch(/Pick one/i);
    await user.press(pickData("3"));
    await user.pressLabel(/Skip/);
    await user.pressLabel(/No expiry/);

    const shown = user.last()!.text;
    expect(shown).toContain("Minimum payment: 2 USDT (≈ US$2.00) (the payer may pay more)");
    expect(shown).toContain("Payments expected: 3");
    const [sent] = await h.simRequests("createInvoice");
    expect(sent?.body).toMatchObject({ priceCurrency: "USDT", minPayment: "2", numPayments: 3 });
    expect(sent?.body).not.toHaveProperty("priceAmount");
    const [inv] = await activeInvoices(key);
    expect(inv).toMatchObject({ priceCurrency: "USDT", priceAmount: null, minPayment: "2", numPayments: 3 });
    expect(await h.simRequests("createInvoice")).toHaveLength(1);

    // Listed, summarised for deletion and deleted as what it is: any amount from its minimum, not a price.
    await user.send("/myinvoices");
    expect(user.buttonData(/^any amount \(min 2 USDT\)$/)).toBe(`inv:show:${inv!.id}`);
    await user.press(INVOICE_DATA.show.build({ invoiceId: inv!.id }));
    await user.pressLabel(/Delete/);
    expect(user.last()!.text).toContain("Amount: any amount (min 2 USDT)");
    await user.press(user.confirmData()!);
    expect(user.last()!.text).toContain("🗑 Invoice for any amount from 2 USDT deleted.");
  });

  it("lists an any-amount invoice in Russian as any amount from its minimum", async () => {
    const { user } = await h.linkedUser({}, { languageCode: "ru" });
    await user.send("/newinvoice");
    await user.press(pickData("USDT"));
    await user.press(pickData("minimum"));
    await user.send("2,5");
    await user.press(pickData("1"));
    await user.pressLabel(/Пропустить/);
    await user.pressLabel(/Без срока/);
    await user.send("/myinvoices");
    expect(user.buttonData(/^любая сумма \(от 2,5 USDT\)$/)).toMatch(/^inv:show:/);
  });

  it("leaves on /cancel and on the Cancel button without creating anything", async () => {
    const { user, key } = await h.linkedUser();
    await user.send("/newinvoice");
    await user.press(pickData("USDT"));
    await user.send("/cancel");
    expect(user.last()?.text).toMatch(/Cancelled/);
    await user.send("5");
    expect(user.last()?.text).not.toMatch(/description/);

    await user.send("/newinvoice");
    await user.press(pickData("USDT"));
    await user.press(pickData("fixed"));
    await user.send("5");
    await user.pressLabel(/Cancel/);
    expect(user.last()?.text).toMatch(/Cancelled/);
    expect(await h.simRequests("createInvoice")).toHaveLength(0);
    expect(await activeInvoices(key)).toHaveLength(0);
  });

  it("creates exactly one invoice when the reply to the create is lost", async () => {
    const { user, key } = await h.linkedUser();
    await h.fault({ operationId: "createInvoice", mode: "dropAfter" });
    await createVia(user, "7");
    expect(user.last()?.text).toMatch(/Invoice created/);
    expect(await activeInvoices(key)).toHaveLength(1);
    expect(await h.simRequests("createInvoice")).toHaveLength(1);
  });

  it("shows the service's refusal in the user's words when the create fails", async () => {
    const { user, key } = await h.linkedUser();
    await h.fault({ operationId: "createInvoice", mode: "error5xx", count: 5 });
    await h.fault({ operationId: "getInvoice", mode: "error5xx", count: 5 });
    await createVia(user, "7");
    expect(user.last()?.text).toMatch(/not created/);
    expect(user.last()?.text).not.toMatch(/Injected|internal_error|Error:/);
    expect(await activeInvoices(key)).toHaveLength(0);
  });

  it("lists active invoices with Previous and Next", async () => {
    const { user, key } = await h.linkedUser();
    const { pay } = h.deps.services.forKey("production", key);
    for (let i = 1; i <= 7; i++) {
      await pay.createInvoice({
        clientInvoiceId: `seed-${i}`,
        priceCurrency: "USDT",
        priceAmount: `${i}`,
        description: `n${i}`,
      });
    }
    await user.send("/myinvoices");
    const first = user.last()!;
    expect(first.text).toMatch(/page 1/);
    const labels = () =>
      user
        .last()!
        .keyboard!.inline_keyboard.flat()
        .map((b) => b.text);
    expect(labels().filter((l) => /USDT/.test(l))).toEqual([
      "7 USDT · n7",
      "6 USDT · n6",
      "5 USDT · n5",
      "4 USDT · n4",
      "3 USDT · n3",
    ]);
    expect(labels()).not.toContain("« Previous");
    await user.pressLabel(/Next/);
    expect(user.last()!.text).toMatch(/page 2/);
    expect(labels().filter((l) => /USDT/.test(l))).toEqual(["2 USDT · n2", "1 USDT · n1"]);
    expect(labels()).not.toContain("Next »");
    await user.pressLabel(/Previous/);
    expect(user.last()!.text).toMatch(/page 1/);
    expect(labels().filter((l) => /USDT/.test(l))).toHaveLength(5);

    await user.press(user.buttonData(/^5 USDT/)!);
    expect(user.last()!.text).toMatch(/Invoice inv_/);
    expect(user.last()!.text).toContain("Amount: 5 USDT");
    expect(user.last()!.text).toContain("Status: waiting for payment");
  });

  async function proposeDelete(network: NetworkName = "production") {
    const linked = await h.linkedUser({}, { network });
    const { pay } = h.deps.services.forKey(network, linked.key);
    const inv = await pay.createInvoice({ clientInvoiceId: "to-delete", priceCurrency: "USDT", priceAmount: "4" });
    await linked.user.send("/myinvoices");
    await linked.user.press(INVOICE_DATA.show.build({ invoiceId: inv.id }));
    await linked.user.press(INVOICE_DATA.remove.build({ invoiceId: inv.id }));
    const summary = linked.user.last()!;
    expect(summary.text).toMatch(/Delete invoice inv_.*\?/);
    expect(summary.text).toContain("Amount: 4 USDT");
    expect(summary.text).toMatch(/no fee/);
    const confirm = linked.user.buttonData(/Confirm/)!;
    return { ...linked, pay, inv, confirm, opId: confirm.slice(3) };
  }

  it("deletes an invoice through the confirmation, once, whatever the presses", async () => {
    const { user, pay, inv, confirm, opId } = await proposeDelete();
    const update = { update_id: 999_999, ...user.pressUpdate(confirm) };
    await Promise.all([h.handle(user.pressUpdate(confirm)), h.handle(user.pressUpdate(confirm))]);
    await h.replay(update as never);
    await user.press(confirm);

    expect((await pay.getInvoice({ invoiceId: inv.id })).status).toBe("deleted");
    expect(await h.simRequests("deleteInvoice")).toHaveLength(1);
    expect((await h.storage.operations.get(opId))?.state).toBe("done");
    expect(user.texts().some((t) => /Invoice for 4 USDT deleted/.test(t))).toBe(true);
  });

  it("deletes nothing when the confirmation expired or another user presses it", async () => {
    const { user, pay, inv, confirm, opId } = await proposeDelete();
    const stranger = (await h.linkedUser()).user;
    await h.handle({ callback_query: { ...user.pressUpdate(confirm).callback_query!, from: stranger.from } });
    expect(h.tg.callsOf("answerCallbackQuery").at(-1)?.payload.text).toMatch(/belongs to someone else/);
    expect((await h.storage.operations.get(opId))?.state).toBe("proposed");
    h.advanceClock(121_000);
    await user.press(confirm);
    expect(user.last()?.text).toMatch(/expired/);
    expect((await pay.getInvoice({ invoiceId: inv.id })).status).toBe("active");
    expect(await h.simRequests("deleteInvoice")).toHaveLength(0);
    expect((await h.storage.operations.get(opId))?.state).toBe("expired");
  });

  it("cancels a proposed delete", async () => {
    const { user, pay, inv, opId } = await proposeDelete();
    await user.press(`cx:${opId}`);
    expect(user.last()?.text).toMatch(/Cancelled/);
    expect((await pay.getInvoice({ invoiceId: inv.id })).status).toBe("active");
    expect((await h.storage.operations.get(opId))?.state).toBe("cancelled");
  });

  it("ends as done, once, when the reply to the delete is lost", async () => {
    const { user, pay, inv, confirm, opId } = await proposeDelete();
    await h.fault({ operationId: "deleteInvoice", mode: "dropAfter" });
    await user.press(confirm);
    expect((await pay.getInvoice({ invoiceId: inv.id })).status).toBe("deleted");
    expect(await h.simRequests("deleteInvoice")).toHaveLength(1);
    expect((await h.storage.operations.get(opId))?.state).toBe("done");
    expect(user.last()?.text).toMatch(/deleted/);
  });

  it("pays an invoice on testnet, then refuses to delete it", async () => {
    const { user, key, account } = await h.linkedUser({ pay: { USDT: "100" } }, { network: "testnet" });
    await createVia(user, "5");
    const [inv] = (await activeInvoices(key, "testnet")) as [Invoice];
    expect(user.buttonData(/Pay \(test\)/)).toBe(`inv:pay:${inv.id}`);
    await user.pressLabel(/Pay \(test\)/);
    expect(user.last()?.text).toMatch(/Test payment done/);
    expect(user.last()?.text).toContain("Status: paid");
    expect((await h.account(account.userId, "testnet")).pay.USDT?.balance).toBe("105");
    expect((await h.account(account.userId, "production")).pay.USDT?.balance).toBe("100");

    // The Delete button shown before the payment is still there to press.
    await user.press(INVOICE_DATA.remove.build({ invoiceId: inv.id }));
    expect(user.last()?.text).toMatch(/can no longer be deleted: it is paid/);
    expect(await h.simRequests("deleteInvoice")).toHaveLength(0);
    expect(user.buttonData(/Confirm/)).toBeUndefined();
  });

  it("shows an invoice's payments (who, how much, which asset) and offers an on-chain address", async () => {
    const { user, key, account } = await h.linkedUser({ pay: { USDT: "100" } }, { network: "testnet" });
    await createVia(user, "5");
    const [inv] = (await activeInvoices(key, "testnet")) as [Invoice];
    await user.send("/myinvoices");
    await user.press(INVOICE_DATA.show.build({ invoiceId: inv.id }));
    expect(user.last()?.text).toContain("No payments yet");

    await user.pressLabel(/Pay on chain/);
    expect(user.last()?.text).toMatch(/On which network will the payer send USDT/);
    expect(user.buttonData(/^TON$/)).toBe(`ia:TON:${inv.id}`);
    await user.pressLabel(/^TON$/);
    const shown = user.last()?.text ?? "";
    expect(shown).toMatch(/sends USDT on the TON network to:\nUQ[A-Za-z0-9_-]{46}\nAt least 5 USDT/);
    // Asking again shows the same address: the service gives one per invoice and network.
    await user.press(INVOICE_DATA.address.build({ network: "TON", invoiceId: inv.id }));
    expect(user.last()?.text).toBe(shown);
    expect(user.buttonData(/Back/)).toBe(`inv:show:${inv.id}`);

    await user.pressLabel(/Pay \(test\)/);
    await user.press(INVOICE_DATA.show.build({ invoiceId: inv.id }));
    expect(user.last()?.text).toMatch(/Payments:\n• 5 USDT from user id 1000: paid · \d{2}[./]\d{2}[./]\d{4}, \d{2}:\d{2} UTC$/m);
    expect((await h.account(account.userId, "testnet")).pay.USDT?.balance).toBe("105");
  });

  it("refuses a delete confirmed after the invoice was paid, with a localized reason", async () => {
    const { user, pay, inv, confirm, opId } = await proposeDelete("testnet");
    await pay.payInvoiceTestnet({ invoiceId: inv.id });
    await user.press(confirm);
    expect(user.last()?.text).toMatch(/Not done. This can no longer be done/);
    expect((await pay.getInvoice({ invoiceId: inv.id })).status).toBe("paid");
    expect((await h.storage.operations.get(opId))?.state).toBe("refused");
  });

  it("does not offer the test payment on production and refuses a forged press", async () => {
    const { user, key } = await h.linkedUser();
    await createVia(user, "5");
    expect(user.buttonData(/Pay \(test\)/)).toBeUndefined();
    const [inv] = (await activeInvoices(key)) as [Invoice];
    await user.press(INVOICE_DATA.pay.build({ invoiceId: inv.id }));
    expect(await h.simRequests("payInvoiceTestnet")).toHaveLength(0);
    expect((await activeInvoices(key))[0]?.status).toBe("active");
  });

  it("speaks Russian to a Russian user", async () => {
    const { user } = await h.linkedUser({}, { languageCode: "ru" });
    await user.send("/newinvoice");
    expect(user.last()?.text).toMatch(/В какой валюте/);
    await user.press(pickData("USDT"));
    expect(user.last()?.text).toMatch(/Как будет оплачиваться счёт/);
    const labels = user.last()?.keyboard?.inline_keyboard.flat().map((b) => b.text);
    expect(labels).toEqual(expect.arrayContaining(["Фиксированная цена", "Любая сумма от минимума"]));
    await user.press(pickData("minimum"));
    expect(user.last()?.text).toMatch(/Какой наименьший платёж в USDT/);
    await user.send("0,5");
    expect(user.last()?.text).toBe(
      "Сколько платежей закрывают счёт? Каждый платёж — не меньше минимума, сумму выбирает плательщик.",
    );
  });

  /**
   * An invoice of a person in Moscow time paid by Sam, whom the bot knows by name: the paid notice
   * (through the watcher) and the invoice's details, each as the person reads them.
   */
  async function paidBySam(languageCode: "en" | "ru") {
    const { user, key } = await h.linkedUser({}, { languageCode });
    // Chosen, not only Telegram's: notices are written in the stored language.
    await user.press(`lang:w:${languageCode}`);
    await user.send("/notify");
    await user.press("nt:q");
    await user.press("nt:zones");
    await user.press("nt:tz:7"); // Moscow
    await createVia(user, "5");
    const [inv] = (await activeInvoices(key)) as [Invoice];
    const samAccount = await h.createAccount({ pay: { USDT: "50" } });
    const sam = h.user(samAccount.userId, { firstName: "Sam" });
    await sam.send("/start");
    await h.notifications.store.syncSlots(h.deps.now().getTime());
    await h.notifications.watcher.round(); // the first look only remembers
    await h.simFetch("/_sim/invoices/pay", { method: "POST", body: { invoiceId: inv.id, payerId: String(sam.id) } });
    h.advanceClock(301_000);
    await h.notifications.watcher.round();
    await h.notifications.sender.drain();
    await h.outboxSent();
    const notice = user.texts().find((t) => t.includes(inv.id) && /paid|оплачен/.test(t) && t.startsWith("🧾"))!;
    await user.send("/myinvoices");
    await user.press(INVOICE_DATA.show.build({ invoiceId: inv.id }));
    return { notice, details: user.last()!.text, sam };
  }

  it("names the payer in the details as the paid notice does, with the time bracketed once", async () => {
    const { notice, details, sam } = await paidBySam("en");
    expect(notice).toContain(`by “Sam” (id ${sam.id})`);
    expect(details).toMatch(
      new RegExp(String.raw`Payments:\n• 5 USDT from “Sam” \(id ${sam.id}\): paid · \d{2}[./]\d{2}[./]\d{4}, \d{2}:\d{2} \(UTC\+3\)$`, "m"),
    );
    expect(details).not.toContain("user id");
    expect(details).not.toMatch(/\(\(|\)\)/);
  });

  it("names the payer in the details as the paid notice does, in Russian", async () => {
    const { notice, details, sam } = await paidBySam("ru");
    expect(notice).toContain(`«Sam» (ID ${sam.id})`);
    expect(details).toMatch(
      new RegExp(String.raw`Платежи:\n• 5 USDT · плательщик: «Sam» \(ID ${sam.id}\) · оплачен · \d{2}[./]\d{2}[./]\d{4}, \d{2}:\d{2} \(UTC\+3\)$`, "m"),
    );
    expect(details).not.toMatch(/\(\(|\)\)/);
  });

  it("shows who paid in Russian without a case to fit", async () => {
    const { user, key } = await h.linkedUser({ pay: { USDT: "100" } }, { network: "testnet", languageCode: "ru" });
    await createVia(user, "5");
    const [inv] = (await activeInvoices(key, "testnet")) as [Invoice];
    await user.send("/myinvoices");
    await user.press(INVOICE_DATA.show.build({ invoiceId: inv.id }));
    await user.pressLabel(/Оплатить \(тест\)/);
    await user.press(INVOICE_DATA.show.build({ invoiceId: inv.id }));
    expect(user.last()?.text).toMatch(/Платежи:\n• 5 USDT · плательщик: ID 1000 · оплачен · \d{2}[./]\d{2}[./]\d{4}, \d{2}:\d{2} UTC$/m);
  });
});
