/**
 * /limits end to end against the simulator: the minimum, maximum and fee the service states for each
 * currency and chain, and what it does not state; without a key, the key gate answers.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Harness } from "../../../helpers/bot-harness.js";

describe("/limits", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.create();
  });
  afterEach(async () => {
    await h.close();
  });

  it("lists each currency's withdrawal limits and fee, and says what the service does not state", async () => {
    const { user } = await h.linkedUser({});
    await user.send("/limits");
    const text = user.last()!.text;
    expect(text).toContain("Withdrawal limits, as the service states them:");
    expect(text).toMatch(/^USDT on \w+: from [\d.,]+ USDT, up to .+; fee [\d.,]+ \w+$/m);
    expect(text).toContain("The service states no daily or monthly limit");
  });

  it("speaks Russian to a Russian speaker", async () => {
    const { user } = await h.linkedUser({}, { languageCode: "ru" });
    await user.send("/limits");
    expect(user.last()!.text).toContain("Лимиты вывода, как их сообщает сервис:");
  });

  it("needs a linked key", async () => {
    const user = h.user(7301);
    await user.send("/limits");
    expect(user.last()!.text).not.toContain("Withdrawal limits");
  });

  it("is named in /help", async () => {
    const { user } = await h.linkedUser({});
    await user.send("/help");
    await user.press("help:t:wallet");
    expect(user.last()!.text).toContain("/limits — Limits:");
  });
});
