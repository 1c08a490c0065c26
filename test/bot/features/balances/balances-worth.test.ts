/**
 * What it is all worth: the balances view values each asset's whole holding and the total in the
 * currency the person picks (USD by default; the others the service lists as fiat), at the service's
 * rates, rounded half up to the cent; assets without a rate are named, not left out silently; the
 * choice is stored per person. In both languages, against the simulator's rates.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Harness } from "../../../helpers/bot-harness.js";

const databases = [undefined, process.env.TEST_DATABASE_URL].filter((u, i) => i === 0 || u !== undefined);

describe.each(databases)("balances with their worth (database %s)", (databaseUrl) => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.create(databaseUrl ? { databaseUrl } : {});
  });
  afterEach(async () => h.close());

  const setRate = (asset: string, fiat: string, rate: string | null) =>
    h.simFetch("/_sim/rates", { method: "POST", body: { asset, fiat, rate } });

  it("values every asset and the total in USD by default, then in the currency picked, kept for next time", async () => {
    const { user } = await h.linkedUser({ pay: { USDT: "100", BTC: "0.01" }, funding: { TONCOIN: "10" }, trading: { USDT: "5" } });
    await user.send("/balance");
    let text = user.last()!.text;
    expect(text).toContain(`USDT: Pay 100 · Funding 0 · Trading 5 ≈ US$105.00`);
    expect(text).toContain(`BTC: Pay 0.01 · Funding 0 · Trading 0 ≈ US$650.00`);
    expect(text).toContain(`TONCOIN: Pay 0 · Funding 10 · Trading 0 ≈ US$52.00`);
    expect(text).toContain(`Total ≈ US$807.00`);
    expect(text).toContain("Values in USD at the service's rates, each rounded to 2 decimal places.");
    expect(user.buttonData(/Values in USD/)).toBe("bal:fiats");

    // The picker offers what the service lists as fiat; the current one is marked.
    await user.press("bal:fiats");
    expect(user.last()!.text).toBe("💱 In which currency should your balances be valued? Now: USD.");
    expect(user.last()!.keyboard!.inline_keyboard.flat().map((b) => b.text)).toEqual(["• USD", "EUR", "RUB", "« Back"]);
    await user.press("bal:fiat:EUR");
    text = user.last()!.text;
    // 105 × 0.92, 0.01 × 59 800, 10 × 4.78.
    expect(text).toContain("≈ €96.60");
    expect(text).toContain("≈ €598.00");
    expect(text).toContain("≈ €47.80");
    expect(text).toContain("Total ≈ €742.40");
    expect((await h.storage.users.get(user.id))?.fiat).toBe("EUR");

    await user.send("/balance");
    expect(user.last()!.text).toContain("Total ≈ €742.40");
  });

  it("names the assets without a rate and leaves them out of the total; rounds half up to the cent", async () => {
    const { user } = await h.linkedUser({ pay: { USDT: "1", TRX: "10", SOL: "0.00001" } });
    await setRate("TRX", "USD", null);
    await setRate("USDT", "USD", "1.005");
    await user.send("/balance");
    const text = user.last()!.text;
    expect(text).toContain("TRX: Pay 10 · Funding 0 · Trading 0\n");
    expect(text).toContain("USDT: Pay 1 · Funding 0 · Trading 0 ≈ US$1.01");
    // 0.00001 × 150 = 0.0015: worth something, less than a cent.
    expect(text).toContain("SOL: Pay 0.00001 · Funding 0 · Trading 0 ≈ < US$0.01");
    expect(text).toContain("Total ≈ US$1.01");
    expect(text).toContain("Not in the total (the service quotes no rate in USD): TRX.");
  });

  it("shows the balances without values when the rates cannot be read", async () => {
    const { user } = await h.linkedUser({ pay: { USDT: "7" } });
    await h.fault({ operationId: "getRates", mode: "error5xx", count: 10 });
    await user.send("/balance");
    const text = user.last()!.text;
    expect(text).toContain("USDT: Pay 7 · Funding 0 · Trading 0\n");
    expect(text).toContain("⚠️ Rates in USD could not be read right now, so values are not shown.");
    expect(text).not.toContain("Total");
  });

  it("shares one read of the rates among everyone valuing in one currency within 30 s; a failed read is not kept", async () => {
    const a = (await h.linkedUser({ pay: { USDT: "3" } })).user;
    const b = (await h.linkedUser({ pay: { USDT: "4" } })).user;
    await h.fault({ operationId: "getRates", mode: "error5xx", count: 10 });
    await a.send("/balance");
    expect(a.last()!.text).toContain("could not be read right now");
    await h.simFetch("/_sim/faults", { method: "DELETE" });
    const failedReads = (await h.simRequests("getRates")).length;
    await Promise.all([a.send("/balance"), b.send("/balance")]);
    expect(a.last()!.text).toContain("Total ≈ US$3.00");
    expect(b.last()!.text).toContain("Total ≈ US$4.00");
    const readsSoFar = (await h.simRequests("getRates")).length;
    // One read for both.
    expect(readsSoFar).toBe(failedReads + 1);

    await setRate("USDT", "USD", "2");
    await a.send("/balance");
    expect(a.last()!.text).toContain("Total ≈ US$3.00");
    h.advanceClock(30_001);
    await a.send("/balance");
    expect(a.last()!.text).toContain("Total ≈ US$6.00");
    expect(await h.simRequests("getRates")).toHaveLength(readsSoFar + 1);
  });

  it("ignores a currency the service does not offer", async () => {
    const { user } = await h.linkedUser({ pay: { USDT: "2" } });
    await user.send("/balance");
    // A forged press on the balances message.
    await user.press("bal:fiat:XYZ", user.last()!.messageId);
    expect((await h.storage.users.get(user.id))?.fiat).toBeNull();
    expect(user.last()!.text).toContain("Total ≈ US$2.00");
  });

  it("says it in Russian, in roubles", async () => {
    const { user } = await h.linkedUser({ pay: { USDT: "10" }, trading: { ETH: "0.5" } }, { languageCode: "ru" });
    await setRate("ETH", "RUB", null);
    await user.send("/balance");
    await user.press("bal:fiats");
    expect(user.last()!.text).toBe("💱 В какой валюте показывать стоимость балансов? Сейчас: USD.");
    await user.press("bal:fiat:RUB");
    const lines = user.last()!.text.split("\n");
    expect(lines).toEqual([
      "💰 Балансы · Основная сеть",
      "",
      "USDT: кошелёк 10 · финансовый баланс 0 · торговый баланс 0 ≈ 925,00\u00a0₽",
      "ETH: кошелёк 0 · финансовый баланс 0 · торговый баланс 0,5",
      "",
      "Всего ≈ 925,00\u00a0₽",
      "Не учтено в итоге (сервис не даёт курса к RUB): ETH.",
      "Стоимость в RUB — по курсам сервиса, каждая сумма округлена до 2 знаков после запятой.",
    ]);
    expect(user.buttonData(/Стоимость в RUB/)).toBe("bal:fiats");
  });
});
