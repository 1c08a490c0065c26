/**
 * Price alerts as a person meets them, in both languages, through grammY and the Bot API stand-in
 * against the simulator (whose prices the tests set): the same alert refused, an alert the market is
 * already past asked about, the guided flow with its percent buttons, a typed price and « Back, the
 * paged list with its remove buttons (a stale one says so), and the fired notice with its quote asset.
 */
import { afterEach, describe, expect, it } from "vitest";
import { Harness, type TestUser } from "../../../helpers/bot-harness.js";

let h: Harness;
afterEach(async () => h?.close());

const setPrice = (symbol: string, price: string) =>
  h.simFetch("/_sim/markets/price", { method: "POST", body: { symbol, price } });

/** What the person's alerts are, as stored: "BTC-USDT above 70000 once". */
const stored = async (user: TestUser) =>
  (await h.notifications.alerts.list(user.id)).map((a) => `${a.symbol} ${a.direction} ${a.price} ${a.repeat ? "every" : "once"}`);

const labels = (user: TestUser) =>
  (user.last()?.keyboard?.inline_keyboard ?? []).map((row) => row.map((b) => b.text));

const lastAnswer = () => h.tg.callsOf("answerCallbackQuery").at(-1)?.payload.text;

async function person(id: number, languageCode = "en"): Promise<TestUser> {
  const user = h.user(id, { languageCode });
  await user.send("/start");
  return user;
}

describe("the same alert twice", () => {
  it("is refused with the alert it repeats, however the pair and price are written", async () => {
    h = await Harness.create();
    await setPrice("BTC-USDT", "65032.5");
    const user = await person(9101);
    await user.send("/alert btc above 70000");
    expect(user.last()?.text).toBe("✅ Alert set: BTC-USDT above 70,000 USDT (once). The price now: 65,032.5 USDT.");
    await user.send("/alert BTC/USDT above 70 000.0");
    expect(user.last()?.text).toBe("You already have this alert: BTC-USDT above 70,000 USDT (once). I did not add it again.");
    expect(await stored(user)).toEqual(["BTC-USDT above 70000 once"]);
    // Another price or the other direction is another alert.
    await user.send("/alert btc below 60000");
    expect(await stored(user)).toEqual(["BTC-USDT above 70000 once", "BTC-USDT below 60000 once"]);
  });

  it("is refused in Russian too", async () => {
    h = await Harness.create();
    await setPrice("ETH-USDT", "3012.34");
    const user = await person(9102, "ru");
    await user.send("/alert eth ниже 2500,5 каждый");
    expect(user.last()?.text).toBe("✅ Оповещение задано: ETH-USDT ниже 2\u00a0500,5 USDT (каждый раз). Цена сейчас: 3\u00a0012,34 USDT.");
    await user.send("/alert ETH-USDT ниже 2500.50");
    expect(user.last()?.text).toBe(
      "Такое оповещение у вас уже есть: ETH-USDT ниже 2\u00a0500,5 USDT (каждый раз). Второй раз не добавляю.",
    );
    expect(await stored(user)).toEqual(["ETH-USDT below 2500.5 every"]);
  });
});

describe("an alert the market is already past", () => {
  it("is asked about: keep it anyway sets it", async () => {
    h = await Harness.create();
    await setPrice("BTC-USDT", "65032.5");
    const user = await person(9111);
    await user.send("/alert btc above 1.5");
    expect(user.last()?.text).toBe(
      "BTC-USDT is already above 1.5 USDT: it is at 65,032.5 USDT now, so this alert would go off at once.",
    );
    expect(labels(user)).toEqual([["Keep it anyway"], ["✏️ Change the price"], ["✖️ Cancel"]]);
    expect(await stored(user)).toEqual([]);
    await user.pressLabel(/Keep it anyway/);
    expect(user.last()?.text).toBe("✅ Alert set: BTC-USDT above 1.5 USDT (once). The price now: 65,032.5 USDT.");
    expect(await stored(user)).toEqual(["BTC-USDT above 1.5 once"]);
    expect(labels(user)).toEqual([["🔁 Tell me every time"], ["📈 Price alerts", "➕ New alert"], ["« Back"]]);
    // Once the alert is gone, its buttons say so.
    const makeEvery = user.buttonData(/Tell me every time/)!;
    await user.send("/alerts");
    await user.pressLabel(/✖️ 1\./);
    await user.press(makeEvery);
    expect(lastAnswer()).toBe("That alert is no longer active.");
    expect(await stored(user)).toEqual([]);
  });

  it("is asked about: change the price offers the price step, cancel adds nothing", async () => {
    h = await Harness.create();
    await setPrice("BTC-USDT", "65032.5");
    const user = await person(9112);
    await user.send("/alert BTC-USDT below 70000");
    expect(user.last()?.text).toMatch(/^BTC-USDT is already below 70,000 USDT: it is at 65,032.5 USDT now/);
    await user.pressLabel(/Change the price/);
    expect(user.last()?.text).toBe(
      "Below which price? BTC-USDT is at 65,032.5 USDT now. Tap one or type a price in USDT.",
    );
    // Below offers minus only, rounded down to the pair's step of 0.1.
    expect(labels(user)).toEqual([
      ["−1% · 64,382.1 USDT"],
      ["−5% · 61,780.8 USDT"],
      ["−10% · 58,529.2 USDT"],
      ["« Back", "✖️ Cancel"],
    ]);
    await user.pressLabel(/−5%/);
    expect(user.last()?.text).toBe("✅ Alert set: BTC-USDT below 61,780.8 USDT (once). The price now: 65,032.5 USDT.");

    await user.send("/alert btc above 2");
    await user.pressLabel(/Cancel/);
    expect(user.last()?.text).toBe("Cancelled. Nothing was done.");
    expect(await stored(user)).toEqual(["BTC-USDT below 61780.8 once"]);
  });

  it("is asked about in Russian", async () => {
    h = await Harness.create();
    await setPrice("BTC-USDT", "65032.5");
    const user = await person(9113, "ru");
    await user.send("/alert btc выше 1,5");
    expect(user.last()?.text).toBe(
      "BTC-USDT уже выше 1,5 USDT: сейчас цена 65\u00a0032,5 USDT, так что оповещение сработает сразу.",
    );
    expect(labels(user)).toEqual([["Всё равно оставить"], ["✏️ Изменить цену"], ["✖️ Отмена"]]);
    await user.pressLabel(/Всё равно оставить/);
    expect(user.last()?.text).toBe("✅ Оповещение задано: BTC-USDT выше 1,5 USDT (один раз). Цена сейчас: 65\u00a0032,5 USDT.");
  });
});

describe("the guided flow", () => {
  it("pair typed as a base in lower case → below → a percent button", async () => {
    h = await Harness.create();
    await setPrice("ETH-USDT", "3012.34");
    const user = await person(9121);
    await user.send("/alert");
    expect(user.last()?.text).toBe("🔔 New price alert. Which pair? Tap one or type it, e.g. btc or eth-usdt.");
    const pairRow = labels(user);
    expect(pairRow.flat()).toContain("BTC-USDT");
    expect(pairRow.at(-1)).toEqual(["« Back", "✖️ Cancel"]);
    await user.send("eth");
    expect(user.last()?.text).toBe("ETH-USDT is at 3,012.34 USDT now. Tell you when the price goes…");
    expect(labels(user)).toEqual([["📈 Above", "📉 Below"], ["« Back", "✖️ Cancel"]]);
    await user.pressLabel(/Below/);
    expect(labels(user).slice(0, 3)).toEqual([
      ["−1% · 2,982.21 USDT"],
      ["−5% · 2,861.72 USDT"],
      ["−10% · 2,711.1 USDT"],
    ]);
    await user.pressLabel(/−5%/);
    expect(user.last()?.text).toBe("✅ Alert set: ETH-USDT below 2,861.72 USDT (once). The price now: 3,012.34 USDT.");
    expect(await stored(user)).toEqual(["ETH-USDT below 2861.72 once"]);
    // Set step by step, it tells once; one press makes it tell every time, and back.
    await user.pressLabel(/Tell me every time/);
    expect(user.last()?.text).toBe("✅ Alert set: ETH-USDT below 2,861.72 USDT (every time).");
    expect(await stored(user)).toEqual(["ETH-USDT below 2861.72 every"]);
    await user.pressLabel(/Tell me once/);
    expect(await stored(user)).toEqual(["ETH-USDT below 2861.72 once"]);
  });

  it("a pair button → above (plus buttons only) → a typed price; « Back goes one step back", async () => {
    h = await Harness.create();
    await setPrice("BTC-USDT", "65032.5");
    const user = await person(9122);
    await user.send("/alert");
    await user.pressLabel(/^BTC-USDT$/);
    await user.pressLabel(/Above/);
    expect(labels(user).slice(0, 3)).toEqual([
      ["+1% · 65,682.9 USDT"],
      ["+5% · 68,284.2 USDT"],
      ["+10% · 71,535.8 USDT"],
    ]);
    // « Back from the price: the direction again; a button of the price step left above is stale.
    const stalePrice = user.buttonData(/\+5%/)!;
    await user.pressLabel(/Back/);
    expect(user.last()?.text).toMatch(/^BTC-USDT is at 65,032.5 USDT now/);
    await user.press(stalePrice);
    expect(lastAnswer()).toBe("This button is no longer active.");
    await user.pressLabel(/Above/);
    await user.send("70000.55");
    expect(user.last()?.text).toBe("Prices of BTC-USDT have at most 1 decimal place.");
    await user.send("70 000,5");
    expect(user.last()?.text).toBe("✅ Alert set: BTC-USDT above 70,000.5 USDT (once). The price now: 65,032.5 USDT.");
    expect(await stored(user)).toEqual(["BTC-USDT above 70000.5 once"]);
  });

  it("opens at the pair from a pair's price card", async () => {
    h = await Harness.create();
    const user = await person(9124);
    await user.send("/price eth-usdt");
    await user.pressLabel(/🔔 Alert/);
    expect(user.last()?.text).toMatch(/^ETH-USDT is at [0-9,.]+ USDT now\. Tell you when the price goes…$/);
  });

  it("in Russian: an unknown pair suggests, a typed price above, « Back from the pair step shows the list", async () => {
    h = await Harness.create();
    await setPrice("BTC-USDT", "65032.5");
    const user = await person(9123, "ru");
    await user.send("/alert");
    expect(user.last()?.text).toBe(
      "🔔 Новое оповещение о цене. Какая пара? Нажмите кнопку или напишите название, например btc или BTC-USDT.",
    );
    await user.send("btx");
    expect(user.last()?.text).toMatch(/^Торговой пары «btx» нет/);
    await user.send("BTC");
    expect(user.last()?.text).toBe("BTC-USDT сейчас стоит 65\u00a0032,5 USDT. Сообщить, когда цена станет…");
    await user.pressLabel(/Выше/);
    expect(user.last()?.text).toBe(
      "Выше какой цены? BTC-USDT сейчас стоит 65\u00a0032,5 USDT. Нажмите на цену или напишите свою в USDT.",
    );
    expect(labels(user)[0]).toEqual(["+1 % · 65\u00a0682,9 USDT"]);
    await user.send("70000,55");
    expect(user.last()?.text).toBe("В цене BTC-USDT не больше 1 знака после запятой.");
    await user.send("70000,5");
    expect(user.last()?.text).toBe("✅ Оповещение задано: BTC-USDT выше 70\u00a0000,5 USDT (один раз). Цена сейчас: 65\u00a0032,5 USDT.");
    await user.pressLabel(/Сообщать каждый раз/);
    expect(user.last()?.text).toBe("✅ Оповещение задано: BTC-USDT выше 70\u00a0000,5 USDT (каждый раз).");

    await user.send("/alert");
    await user.pressLabel(/Назад/);
    expect(user.last()?.text).toMatch(/^Ваши оповещения о цене \(1 из 20\)/);
  });
});

describe("/alerts", () => {
  it("pages the list, removes one per button, and a stale remove says it is no longer active", async () => {
    h = await Harness.create();
    await setPrice("BTC-USDT", "65032.5");
    const user = await person(9131);
    for (let i = 1; i <= 7; i++) await user.send(`/alert btc above ${70000 + i}`);
    expect(await stored(user)).toHaveLength(7);
    await user.send("/alerts");
    const first = user.last()!;
    expect(first.text.split("\n")).toEqual([
      "Your price alerts (7 of 20), page 1 of 2. Tap ✖️ to remove one:",
      "1. BTC-USDT above 70,001 USDT (once)",
      "2. BTC-USDT above 70,002 USDT (once)",
      "3. BTC-USDT above 70,003 USDT (once)",
      "4. BTC-USDT above 70,004 USDT (once)",
      "5. BTC-USDT above 70,005 USDT (once)",
    ]);
    expect(labels(user).slice(0, 5).flat()).toEqual([
      "✖️ 1. BTC-USDT > 70,001 USDT",
      "✖️ 2. BTC-USDT > 70,002 USDT",
      "✖️ 3. BTC-USDT > 70,003 USDT",
      "✖️ 4. BTC-USDT > 70,004 USDT",
      "✖️ 5. BTC-USDT > 70,005 USDT",
    ]);
    expect(labels(user).slice(5)).toEqual([["Next »"], ["➕ New alert", "« Back"]]);

    await user.pressLabel(/Next/);
    expect(user.last()!.text.split("\n")).toEqual([
      "Your price alerts (7 of 20), page 2 of 2. Tap ✖️ to remove one:",
      "6. BTC-USDT above 70,006 USDT (once)",
      "7. BTC-USDT above 70,007 USDT (once)",
    ]);
    const removeSeventh = user.buttonData(/✖️ 7\./)!;
    await user.press(removeSeventh);
    expect(lastAnswer()).toBe("Alert removed.");
    expect(user.last()!.text).toMatch(/^Your price alerts \(6 of 20\), page 2 of 2/);
    expect(await stored(user)).not.toContain("BTC-USDT above 70007 once");

    // The same button pressed again (a second tap, or from an older copy of the list).
    await user.press(removeSeventh, user.last()!.messageId);
    expect(lastAnswer()).toBe("That alert is no longer active.");
    expect(await stored(user)).toHaveLength(6);
  });

  it("in Russian, with a way to a new alert and back when empty", async () => {
    h = await Harness.create();
    const user = await person(9132, "ru");
    await user.send("/alerts");
    expect(user.last()?.text).toBe(
      "У вас нет оповещений о цене. Задайте оповещение кнопкой «➕ Новое оповещение» или одной строкой: /alert BTC-USDT выше 100000.",
    );
    expect(labels(user)).toEqual([["➕ Новое оповещение"], ["« Назад"]]);
    await user.pressLabel(/Новое оповещение/);
    expect(user.last()?.text).toMatch(/^🔔 Новое оповещение о цене/);
    await user.send("/alert btc выше 100000");
    await user.send("/alerts");
    expect(user.last()?.text).toBe("Ваши оповещения о цене (1 из 20). Нажмите ✖️, чтобы удалить:\n1. BTC-USDT выше 100\u00a0000 USDT (один раз)");
    await user.pressLabel(/✖️ 1\./);
    expect(lastAnswer()).toBe("Оповещение удалено.");
    expect(user.last()?.text).toMatch(/^У вас нет оповещений о цене/);
  });
});

describe("the fired notice", () => {
  it("names the price and the alert's price with the quote asset, in each person's language", async () => {
    h = await Harness.create();
    await setPrice("BTC-USDT", "65032.5");
    const alex = await person(9141);
    const sam = await person(9142, "ru");
    // Notices go out in the language a person chose (Telegram's is not stored).
    await sam.press("lang:w:ru");
    await alex.send("/alert btc above 66000");
    await sam.send("/alert BTC-USDT выше 66000");
    await setPrice("BTC-USDT", "66012.3");
    await h.notifications.alertWatcher.round();
    await h.notifications.sender.drain();
    await h.outboxSent();
    expect(alex.texts().filter((t) => t.startsWith("🔔"))).toEqual([
      "🔔 BTC-USDT is at 66,012.3 USDT: above your alert price 66,000 USDT.",
    ]);
    expect(sam.texts().filter((t) => t.startsWith("🔔"))).toEqual([
      "🔔 BTC-USDT сейчас 66\u00a0012,3 USDT: выше цены вашего оповещения 66\u00a0000 USDT.",
    ]);
  });
});

const PG_URL = process.env.TEST_DATABASE_URL;
describe.skipIf(!PG_URL)("alerts (postgres)", () => {
  it("refuse the same alert, set another, page and remove", async () => {
    h = await Harness.create({ databaseUrl: PG_URL });
    await setPrice("BTC-USDT", "65032.5");
    const user = await person(9151);
    await user.send("/alert btc above 70000");
    await user.send("/alert BTC-USDT above 70000.00");
    expect(user.last()?.text).toMatch(/^You already have this alert: BTC-USDT above 70,000 USDT/);
    await user.send("/alert btc below 60000 every");
    expect(await stored(user)).toEqual(["BTC-USDT above 70000 once", "BTC-USDT below 60000 every"]);
    await user.send("/alerts");
    await user.pressLabel(/✖️ 1\./);
    expect(await stored(user)).toEqual(["BTC-USDT below 60000 every"]);
  });
});
