/**
 * Worth in the person's fiat beside a transfer's amounts, and an amount typed in that fiat: converted
 * at the rate the prompt and the summary show, rounded down, the crypto amount stated and moved.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SEND_DATA } from "../../../../src/bot/features/send/callback-data.js";
import { pickData } from "../../../../src/bot/shared/input-data.js";
import { Harness, type TestUser } from "../../../helpers/bot-harness.js";

describe("a transfer's worth in fiat", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.create();
  });
  afterEach(async () => {
    await h.close();
  });

  async function toAmountPrompt(user: TestUser, to: number, asset: string) {
    await user.press("menu:send");
    await user.press(SEND_DATA.create.build({}));
    await user.send(String(to));
    await user.press(pickData(asset));
  }

  it("shows the rate at the amount prompt and converts an amount typed in USD, rounded down", async () => {
    const { user, account } = await h.linkedUser({ pay: { TONCOIN: "100" } });
    const { userId: sam } = await h.createAccount({});
    await toAmountPrompt(user, sam, "TONCOIN");
    expect(user.last()!.text).toContain("1 TONCOIN ≈ US$5.20 now; you may type the amount in USD too (e.g. 10 USD).");
    await user.send("$10");
    await user.press("in:skip");
    const summary = user.last()!.text;
    // 10 / 5.2 = 1.923076923… TONCOIN, rounded down to the asset's 9 places.
    expect(summary).toContain("Amount: 1.923076923 TONCOIN (≈ US$10.00)");
    expect(summary).toContain("Rate in USD: 1 TONCOIN ≈ US$5.20");
    await user.press(user.confirmData()!);
    expect((await h.account(sam)).pay.TONCOIN?.available).toBe("1.923076923");
    expect((await h.account(account.userId)).pay.TONCOIN?.available).toBe("98.076923077");
  });

  it("refuses another fiat than the person's own, and keeps asking", async () => {
    const { user } = await h.linkedUser({ pay: { USDT: "100" } });
    const { userId: sam } = await h.createAccount({});
    await toAmountPrompt(user, sam, "USDT");
    await user.send("10 eur");
    expect(user.last()!.text).toMatch(/^I can convert only from USD/);
    await user.send("10 usd");
    await user.press("in:skip");
    expect(user.last()!.text).toContain("Amount: 10 USDT (≈ US$10.00)");
  });

  it("a plain number is still the asset's amount, in Russian too", async () => {
    const { user } = await h.linkedUser({ pay: { USDT: "100" } }, { languageCode: "ru" });
    const { userId: sam } = await h.createAccount({});
    await toAmountPrompt(user, sam, "USDT");
    await user.send("2,5");
    await user.press("in:skip");
    expect(user.last()!.text).toContain("2,5 USDT (≈ 2,50\u00a0$)");
  });

  it("the result and the receipt keep what it was worth then, whatever the rate later", async () => {
    const { user } = await h.linkedUser({ pay: { TONCOIN: "100", USDT: "50" } });
    const { userId: sam } = await h.createAccount({});
    await toAmountPrompt(user, sam, "TONCOIN");
    await user.send("2");
    await user.press("in:skip");
    await user.press(user.confirmData()!);
    expect(user.last()!.text).toContain("\n\n✅ Sent 2 TONCOIN (≈ US$10.40) to ");
    await user.send("/history");
    await user.pressLabel(/^1$/);
    expect(user.last()!.text).toContain("✅ Sent 2 TONCOIN (≈ US$10.40) to ");

    await user.send("/cheque_new");
    await user.press(pickData("USDT"));
    await user.send("5");
    await user.press("in:skip");
    await user.send("Skip");
    await user.press(user.confirmData()!);
    expect(user.last()!.text).toContain("Worth then: ≈ US$5.00");
  });
});
