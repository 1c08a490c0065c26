/** The detector's rules, quiet hours and the webhook signature, without I/O. */
import { describe, expect, it } from "vitest";
import type { Invoice, Order } from "../../src/service/schemas.js";
import { signatureHeaders, signWebhook, verifyWebhook } from "../../src/service/webhook-signature.js";
import { initialState, noticesFor, stateOf } from "../../src/watch/detect.js";
import { quietUntil } from "../../src/watch/notices.js";

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

describe("quiet hours (UTC)", () => {
  const at = (iso: string) => Date.parse(iso);
  it("hold notices until the end, across midnight", () => {
    expect(quietUntil({ from: 22, to: 7 }, at("2026-03-01T23:30:00Z"))).toBe(at("2026-03-02T07:00:00Z"));
    expect(quietUntil({ from: 22, to: 7 }, at("2026-03-02T03:00:00Z"))).toBe(at("2026-03-02T07:00:00Z"));
    expect(quietUntil({ from: 22, to: 7 }, at("2026-03-02T12:00:00Z"))).toBeUndefined();
    expect(quietUntil(null, at("2026-03-02T23:00:00Z"))).toBeUndefined();
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
