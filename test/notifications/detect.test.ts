/** The detector's rules, quiet hours and the webhook signature, without I/O. */
import { describe, expect, it } from "vitest";
import { initialState, nextState, noticesFor, stateOf } from "../../src/notifications/detect.js";
import { quietUntil } from "../../src/domain/time-zones.js";
import type { Invoice, InvoicePayment, Order } from "../../src/service/schemas.js";
import { signatureHeaders, signWebhook, verifyWebhook } from "../../src/service/webhook-signature.js";

const order = (o: Partial<Order>): Order =>
  ({
    id: "o1",
    clientOrderId: "c1",
    symbol: "BTC-USDT",
    side: "buy",
    status: "working",
    type: "limit",
    timeInForce: "GTC",
    createdAt: "2026-01-01T00:00:00Z",
    updatedAt: "2026-01-01T00:00:00Z",
    dealSize: "0",
    dealFunds: "0",
    fee: "0",
    feeAsset: "BTC",
    size: "1",
    price: "100",
    ...o,
  }) as Order;

describe("change detector rules", () => {
  it("names each change so that seeing it twice yields the same notice id", () => {
    const w = { kind: "order" as const, object: order({ dealSize: "0.40" }) };
    const before = initialState(w);
    expect(noticesFor(before, w).map((n) => n.id)).toEqual(["order:o1:deal:0.4"]);
    expect(noticesFor(stateOf(w), w)).toEqual([]);
    const done = { kind: "order" as const, object: order({ status: "completed", dealSize: "1" }) };
    expect(noticesFor(stateOf(w), done).map((n) => n.payload.type)).toEqual(["order-filled"]);
  });

  it("announces exchange cancellations and stop triggers, not the owner's own cancellation", () => {
    const base = initialState({ kind: "order", object: order({}) });
    const byExchange = order({ status: "cancelled", remark: "The unfilled remainder was cancelled." });
    const byOwner = order({ status: "cancelled", remark: "Cancelled at the client's request." });
    expect(noticesFor(base, { kind: "order", object: byExchange }).map((n) => n.payload.type)).toEqual(["order-cancelled"]);
    expect(noticesFor(base, { kind: "order", object: byOwner })).toEqual([]);
    const triggered = order({ type: "stopLimit", stopTriggered: true, stopPrice: "90" });
    expect(noticesFor(base, { kind: "order", object: triggered }).map((n) => n.payload.type)).toEqual(["order-stop-triggered"]);
  });

  it("keeps amounts as decimal strings", () => {
    const inv = { id: "i1", priceCurrency: "USDT", priceAmount: "0.000001", minPayment: null, status: "paid" } as unknown as Invoice;
    const [n] = noticesFor({ status: "active" }, { kind: "invoice", object: inv });
    expect(n?.payload).toMatchObject({ type: "invoice-paid", amount: "0.000001" });
  });
});

describe("invoices that take several payments", () => {
  const invoice = (status = "active") =>
    ({ id: "i1", priceCurrency: "USDT", priceAmount: null, minPayment: "5", numPayments: 3, status }) as unknown as Invoice;
  const payment = (id: string, at: string | null, status = "paid"): InvoicePayment => ({
    id,
    status,
    finalizedAt: at,
    payAmount: "5.50",
    payCurrency: "USDT",
    receiveAmount: null,
    receiveCurrency: null,
    transactions: [{ id: `t-${id}`, status: "confirmed", type: "internal", payer: { telegramUsername: id } }],
  });
  const withPaymentsRead = (payments: InvoicePayment[]) => ({ kind: "invoice" as const, object: invoice(), payments });

  it("announce each new final payment once, in the order made, named by the payment", () => {
    const first = withPaymentsRead([payment("p1", "2026-01-01T10:00:00Z")]);
    expect(initialState(first)).toEqual({ status: "active", payments: "0" });
    expect(noticesFor(initialState(first), first).map((n) => [n.id, n.payload])).toEqual([
      [
        "invoice:i1:payment:p1",
        {
          type: "invoice-payment",
          invoiceId: "i1",
          paymentId: "p1",
          asset: "USDT",
          amount: "5.5",
          payer: { telegramUsername: "p1" },
          index: 1,
          of: 3,
        },
      ],
    ]);
    // Read again: nothing new. Two more (listed newest first), one still pending: the final one is told.
    expect(noticesFor(stateOf(first), first)).toEqual([]);
    const later = withPaymentsRead([
      payment("p3", null, "pending"),
      payment("p2", "2026-01-01T11:00:00Z"),
      payment("p1", "2026-01-01T10:00:00Z"),
    ]);
    expect(noticesFor(stateOf(first), later).map((n) => [n.id, (n.payload as { index: number }).index])).toEqual([
      ["invoice:i1:payment:p2", 2],
    ]);
    expect(stateOf(later)).toEqual({ status: "active", payments: "2" });
  });

  it("leave the last payment to the paid notice, and keep the count when read without payments", () => {
    const paid = { kind: "invoice" as const, object: invoice("paid") };
    expect(noticesFor({ status: "active", payments: "2" }, paid).map((n) => n.id)).toEqual(["invoice:i1:paid"]);
    // Read by id while still active: the remembered count stays, so no payment is told twice later.
    const byId = { kind: "invoice" as const, object: invoice() };
    expect(nextState({ status: "active", payments: "2" }, byId)).toEqual({ status: "active", payments: "2" });
    // A state remembered before payments were counted is brought up to date without telling old payments.
    expect(noticesFor({ status: "active" }, withPaymentsRead([payment("p1", "2026-01-01T10:00:00Z")]))).toEqual([]);
  });
});

describe("quiet hours (UTC)", () => {
  const at = (iso: string) => Date.parse(iso);
  it("hold notices until the end, across midnight", () => {
    expect(quietUntil({ from: 22, to: 7 }, at("2026-03-01T23:30:00Z"), "UTC")).toBe(at("2026-03-02T07:00:00Z"));
    expect(quietUntil({ from: 22, to: 7 }, at("2026-03-02T03:00:00Z"), "UTC")).toBe(at("2026-03-02T07:00:00Z"));
    expect(quietUntil({ from: 22, to: 7 }, at("2026-03-02T12:00:00Z"), "UTC")).toBeUndefined();
    expect(quietUntil(null, at("2026-03-02T23:00:00Z"), "UTC")).toBeUndefined();
  });

  it("are read on the person's wall clock: half-hour offsets and daylight saving included", () => {
    // 22:30 in Moscow (UTC+3): quiet until 07:00 Moscow time.
    expect(quietUntil({ from: 22, to: 7 }, at("2026-03-01T19:30:00Z"), "Europe/Moscow")).toBe(at("2026-03-02T04:00:00Z"));
    // 22:30 UTC is 01:30 in Moscow: quiet there too; 15:00 in Moscow is not.
    expect(quietUntil({ from: 22, to: 7 }, at("2026-03-01T22:30:00Z"), "Europe/Moscow")).toBe(at("2026-03-02T04:00:00Z"));
    expect(quietUntil({ from: 22, to: 7 }, at("2026-03-01T12:00:00Z"), "Europe/Moscow")).toBeUndefined();
    // 23:30 in Kolkata (UTC+5:30) → 08:00 there.
    expect(quietUntil({ from: 23, to: 8 }, at("2026-03-01T18:00:00Z"), "Asia/Kolkata")).toBe(at("2026-03-02T02:30:00Z"));
    // New York springs forward on 2026-03-08: quiet from 23:00 EST (UTC−5) to 07:00 EDT (UTC−4).
    expect(quietUntil({ from: 22, to: 7 }, at("2026-03-08T04:00:00Z"), "America/New_York")).toBe(at("2026-03-08T11:00:00Z"));
  });
});

describe("webhook signature (real-api.md §5)", () => {
  const body = JSON.stringify({
    id: "delivery-1",
    timestamp: "2025-01-01T00:00:00.000Z",
    type: "invoice",
    data: { event: "payment_status_changed", invoice: { id: "invoice-1", status: "paid" } },
  });
  it("verifies the documented example and refuses one extra trailing space", () => {
    const headers = {
      "signature-timestamp": "1735689600000",
      "signature-version": "v1",
      signature: signWebhook("webhook-secret", "1735689600000", body),
    };
    const now = 1735689600000;
    expect(verifyWebhook("webhook-secret", headers, Buffer.from(body), now, 300_000)).toEqual({ ok: true });
    expect(verifyWebhook("webhook-secret", headers, Buffer.from(`${body} `), now, 300_000)).toEqual({ ok: false, reason: "signature" });
    expect(verifyWebhook("webhook-secret", { ...headers, "signature-version": "v2" }, Buffer.from(body), now, 300_000)).toEqual({ ok: false, reason: "version" });
    expect(verifyWebhook("webhook-secret", headers, Buffer.from(body), now + 301_000, 300_000)).toEqual({ ok: false, reason: "stale" });
    expect(signatureHeaders("s", "b", 5)).toMatchObject({ "signature-timestamp": "5", "signature-version": "v1" });
  });
});
