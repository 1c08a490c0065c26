/** Deep-link payloads: what every share button builds is what /start reads back; anything else is refused. */
import { describe, expect, it } from "vitest";
import { invoiceLink, parseStartPayload, priceLink, sendLink } from "../../../src/bot/shared/link-payloads.js";

const payloadOf = (link: string) => new URL(link).searchParams.get("start")!;

describe("deep-link payloads", () => {
  it("reads back what the links carry", () => {
    expect(parseStartPayload(payloadOf(priceLink("bot", "BTC-USDT")))).toEqual({ kind: "price", symbol: "BTC-USDT" });
    expect(parseStartPayload(payloadOf(sendLink("bot", 123456789)))).toEqual({ kind: "send", userId: 123456789 });
    expect(parseStartPayload(payloadOf(invoiceLink("bot", "inv_42")))).toEqual({ kind: "invoice", invoiceId: "inv_42" });
    expect(priceLink("my_bot", "ETH-USDT")).toBe("https://t.me/my_bot?start=price_ETH-USDT");
  });

  it("accepts a lower-case pair and fits Telegram's 64 characters", () => {
    expect(parseStartPayload("price_eth-usdt")).toEqual({ kind: "price", symbol: "ETH-USDT" });
    expect(parseStartPayload(`invoice_${"a".repeat(57)}`)).toBeUndefined();
  });

  it.each(["", "price_", "price_BTCUSDT", "price_BTC-USDT-X", "send_0", "send_12ab", "send_-5", "send_99999999999999999", "send_9999999999999999", "invoice_a b", "other_1", "PRICE_BTC-USDT"])(
    "refuses %j",
    (payload) => {
      expect(parseStartPayload(payload)).toBeUndefined();
    },
  );
});
