/**
 * The buttons under notices: the notification engine gets their data from the features that answer
 * them, so each reads back with a codec its owner registered (or at least lands on its owner by prefix), keeps
 * the data older notices carry, and fits Telegram's 64 bytes; an id that would not fit gets no button.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FeatureManifest } from "../../src/bot/feature.js";
import { noticeButtons } from "../../src/bot/notice-buttons.js";
import type { NoticePayload } from "../../src/notifications/detect.js";
import { renderNotice } from "../../src/notifications/notices.js";
import { MAX_CALLBACK_BYTES } from "../../src/telegram/callback-data.js";
import { Harness } from "../helpers/bot-harness.js";

let h: Harness;
beforeAll(async () => {
  h = await Harness.create();
});
afterAll(async () => {
  await h.close();
});
/** What a feature registered. */
const manifestOf = (name: string): FeatureManifest => h.app.features.find((f) => f.manifest.name === name)!.manifest;

const t = (key: string) => key;
const order = { orderId: "ord_1", symbol: "BTC-USDT", side: "buy", dealSize: "1", size: "1", price: "10", remark: null };

const notices: [NoticePayload, string, string][] = [
  [{ type: "invoice-paid", invoiceId: "inv_1", asset: "USDT", amount: "10" }, "invoices", "inv:show:inv_1"],
  [{ type: "invoice-expired", invoiceId: "inv_1", asset: "USDT", amount: "10" }, "invoices", "inv:show:inv_1"],
  [
    { type: "invoice-payment", invoiceId: "inv_1", paymentId: "p1", asset: "USDT", amount: "5", payer: null, index: 1, of: 2 },
    "invoices",
    "inv:show:inv_1",
  ],
  [{ type: "cheque-redeemed", chequeId: "chq_1", asset: "TON", amount: "1" }, "cheques", "chq:show:chq_1"],
  [
    { type: "price-alert", alertId: "al-1", symbol: "BTC-USDT", direction: "above", price: "1", last: "2", repeat: false },
    "alerts",
    "al:list",
  ],
  [{ type: "order-filled", ...order }, "orders", "ord:show:ord_1"],
  [{ type: "order-stop-triggered", ...order }, "orders", "ord:show:ord_1"],
];

const dataOf = (p: NoticePayload) => {
  const button = renderNotice(t, p, noticeButtons).keyboard?.inline_keyboard[0]?.[0];
  return button && "callback_data" in button ? button.callback_data : undefined;
};

describe("a notice's button", () => {
  it.each(notices.map(([p, owner, data]) => [p.type, p, owner, data] as const))(
    "%s carries data its owner reads",
    (_, p, ownerName, expected) => {
      const owner = manifestOf(ownerName);
      const data = dataOf(p);
      expect(data).toBe(expected);
      const prefix = data!.split(":")[0]!;
      expect((owner.callbacks ?? []).map((c) => c.prefix)).toContain(prefix);
      // The owner reads the data with one of its codecs.
      expect((owner.callbacks ?? []).some((c) => c.pattern.test(data!))).toBe(true);
    },
  );

  it("is left out when the id would not fit 64 bytes", () => {
    const long = "x".repeat(MAX_CALLBACK_BYTES);
    expect(renderNotice(t, { type: "order-filled", ...order, orderId: long }, noticeButtons).keyboard).toBeUndefined();
    expect(renderNotice(t, { type: "invoice-expired", invoiceId: long, asset: "USDT", amount: "1" }, noticeButtons).keyboard).toBeUndefined();
    expect(renderNotice(t, { type: "cheque-redeemed", chequeId: long, asset: null, amount: null }, noticeButtons).keyboard).toBeUndefined();
  });
});
