/**
 * A paid-invoice notice names its payers from the invoice's payments (the invoice itself no longer
 * carries them): each payer once, in the order they paid, as the service names them; what was paid
 * in all when the payments share an asset; rendered in the user's language.
 */
import { describe, expect, it } from "vitest";
import { createI18n } from "../../src/bot/i18n.js";
import { noticeButtons } from "../../src/bot/notice-buttons.js";
import { type NoticePayload, withPayments } from "../../src/notifications/detect.js";
import { codeEntities } from "../../src/domain/copyable.js";
import { renderNotice as renderMarked } from "../../src/notifications/notices.js";

/** A notice as the person reads it: its tap-to-copy marks made entities, as on the way to Telegram. */
const renderNotice = (t: Parameters<typeof renderMarked>[0], p: NoticePayload) =>
  codeEntities(renderMarked(t, p, noticeButtons).text);
import type { InvoicePayment } from "../../src/service/schemas.js";

const i18n = createI18n();
const inLocale = (locale: string) => (key: string, vars?: Record<string, string | number>) => i18n.t(locale, key, vars);

const paid: Extract<NoticePayload, { type: "invoice-paid" }> = {
  type: "invoice-paid",
  invoiceId: "inv_1",
  asset: "USDT",
  amount: "10",
  payers: [],
};

function payment(at: string, amount: string, payer?: InvoicePayment["transactions"][number]["payer"], currency = "USDT") {
  return {
    id: `ipm_${at}`,
    status: "paid",
    finalizedAt: at,
    payAmount: amount,
    payCurrency: currency,
    receiveAmount: amount,
    receiveCurrency: currency,
    transactions: [{ id: `itx_${at}`, status: "confirmed", type: "internal", ...(payer ? { payer } : {}) }],
  } satisfies InvoicePayment;
}

describe("paid-invoice notices", () => {
  it("name each payer once, in the order they paid, with the total paid", () => {
    const p = withPayments(paid, [
      payment("2026-01-01T10:02:00Z", "12.25", { telegramUsername: "bob" }),
      payment("2026-01-01T10:01:00Z", "10.5", { telegramId: "777", telegramUsername: "alice" }),
      payment("2026-01-01T10:03:00Z", "11", { telegramUsername: "bob" }),
    ]);
    expect(renderNotice(inLocale("en"), p).text).toBe("🧾 Invoice inv_1 was paid: 33.75 USDT by @alice, @bob.");
    // The invoice id is tap-to-copy.
    expect(renderNotice(inLocale("en"), p).entities).toEqual([{ type: "code", offset: 11, length: 5 }]);
    expect(renderNotice(inLocale("ru"), p).text).toBe("🧾 Счёт inv_1 оплачен: 33.75 USDT, плательщик: @alice, @bob.");
  });

  it("fall back to the Telegram id or e-mail, and keep the invoice's price when payments are in several assets", () => {
    const p = withPayments(paid, [
      payment("2026-01-01T10:01:00Z", "10", { telegramId: "777" }),
      payment("2026-01-01T10:02:00Z", "0.0001", { email: "a@example.com" }, "BTC"),
    ]);
    expect(renderNotice(inLocale("en"), p).text).toBe(
      "🧾 Invoice inv_1 was paid: 10 USDT by user id 777, a@example.com.",
    );
  });

  it("say only what was paid when no payment names its payer (or none could be read)", () => {
    expect(renderNotice(inLocale("en"), withPayments(paid, [payment("2026-01-01T10:01:00Z", "10")])).text).toBe(
      "🧾 Invoice inv_1 was paid: 10 USDT.",
    );
    // A notice stored before payers were read carries none.
    expect(renderNotice(inLocale("ru"), { ...paid, payers: undefined }).text).toBe("🧾 Счёт inv_1 оплачен: 10 USDT.");
  });

  it("tell one payment of an invoice that takes several, with its payer and how many are in", () => {
    const payment: NoticePayload = {
      type: "invoice-payment",
      invoiceId: "inv_1",
      paymentId: "ipm_2",
      asset: "USDT",
      amount: "10",
      payer: { telegramUsername: "payer" },
      index: 2,
      of: 5,
    };
    expect(renderNotice(inLocale("en"), payment).text).toBe(
      "💸 Invoice inv_1 received a payment: 10 USDT by @payer — 2 of 5 paid.",
    );
    expect(renderNotice(inLocale("ru"), payment).text).toBe(
      "💸 По счёту inv_1 получен платёж: 10 USDT, плательщик: @payer — оплачено 2 из 5.",
    );
    expect(renderNotice(inLocale("en"), { ...payment, payer: null }).text).toBe(
      "💸 Invoice inv_1 received a payment: 10 USDT — 2 of 5 paid.",
    );
  });
});
