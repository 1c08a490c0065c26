/**
 * Market data comes from the network the person sees in /settings: production for someone without a
 * key (as /settings says), testnet only once they chose it or act with a testnet key; and every
 * market card (price, chart, book, trades, pair rules, alerts and their notices) names testnet when
 * it shows testnet figures. The simulator's two networks are given different prices, so the figures
 * show which one answered; its request log says so too.
 */
import { afterEach, describe, expect, it } from "vitest";
import { Harness, type TestUser } from "../../../helpers/bot-harness.js";

let h: Harness;
afterEach(async () => h?.close());

const setPrice = (price: string, network: "production" | "testnet") =>
  h.simFetch("/_sim/markets/price", { method: "POST", body: { symbol: "BTC-USDT", price, network } });

/** Production's BTC-USDT at 70 000, testnet's at 65 000. */
async function twoMarkets(): Promise<void> {
  h = await Harness.create();
  await setPrice("70000", "production");
  await setPrice("65000", "testnet");
}

/** The networks the market reads of the person's commands went to. */
async function networksOf(operationId: string): Promise<string[]> {
  return [...new Set((await h.simRequests(operationId)).map((r) => r.network))];
}

async function person(id: number, languageCode = "en"): Promise<TestUser> {
  const user = h.user(id, { languageCode });
  await user.send("/start");
  return user;
}

/** /settings, then its switch to testnet (no key needed to choose it). */
async function chooseTestnet(user: TestUser): Promise<void> {
  await user.send("/settings");
  await user.press("keys:use:testnet");
}

describe("market data without a key", () => {
  it("comes from production, as /settings says, with no network named on the cards", async () => {
    await twoMarkets();
    const user = await person(9301);
    await user.send("/settings");
    expect(user.last()!.text).toContain("Active network: Production");

    await user.send("/price btc");
    const card = user.last()!.text;
    expect(card).toMatch(/^💹 BTC-USDT\n/);
    expect(card).toContain("Last price: 70,000 USDT");
    expect(card).not.toContain("testnet");
    await user.send("/book btc");
    expect(user.last()!.text).toMatch(/^📖 Order book BTC-USDT \(top 10\)/);
    await user.send("/trades btc");
    expect(user.last()!.text).toMatch(/^🔁 Latest trades BTC-USDT\n/);
    await user.send("/chart btc");
    expect(user.last()!.text).toMatch(/^📉 BTC-USDT · 1h · last price 70,000 USDT/);
    await user.send("/status");
    expect(user.last()!.text).toContain("(production)");

    for (const op of ["getTicker", "getOrderbook", "getTrades", "getCandles"]) expect(await networksOf(op)).toEqual(["production"]);
  });

  it("comes from testnet once the person switched to it, and every card says testnet", async () => {
    await twoMarkets();
    const user = await person(9302);
    await chooseTestnet(user);
    expect(user.last()!.text).toContain("Active network: Testnet");

    await user.send("/price btc");
    const card = user.last()!.text;
    expect(card).toMatch(/^💹 BTC-USDT on 🧪 testnet\n/);
    expect(card).toContain("Last price: 65,000 USDT");
    await user.press("mkt:info:BTC-USDT");
    expect(user.last()!.text).toMatch(/^ℹ️ BTC-USDT on 🧪 testnet: trading rules/);
    await user.send("/book btc");
    expect(user.last()!.text).toMatch(/^📖 Order book BTC-USDT on 🧪 testnet \(top 10\)/);
    await user.send("/trades btc");
    expect(user.last()!.text).toMatch(/^🔁 Latest trades BTC-USDT on 🧪 testnet\n/);
    await user.send("/chart btc");
    expect(user.last()!.text).toMatch(/^📉 BTC-USDT on 🧪 testnet · 1h · last price 65,000 USDT/);

    for (const op of ["getTicker", "getOrderbook", "getTrades", "getCandles"]) expect(await networksOf(op)).toEqual(["testnet"]);
  });

  it("a card shared inline from testnet says testnet; production's says nothing", async () => {
    await twoMarkets();
    const inlineCard = async (user: TestUser) => {
      const id = `q${user.id}`;
      await h.handle({ inline_query: { id, from: user.from, query: "btc", offset: "" } } as never);
      const answer = h.tg.callsOf("answerInlineQuery").find((c) => c.payload.inline_query_id === id)!;
      const [card] = answer.payload.results as { title: string; input_message_content: { message_text: string } }[];
      return card!;
    };
    const tester = await person(9304);
    await chooseTestnet(tester);
    const card = await inlineCard(tester);
    expect(card.title).toMatch(/^BTC-USDT on 🧪 testnet · 65,000 USDT/);
    expect(card.input_message_content.message_text).toMatch(/^💹 BTC-USDT on 🧪 testnet\n/);
    const real = await inlineCard(await person(9305));
    expect(real.title).toMatch(/^BTC-USDT · 70,000 USDT/);
    expect(real.input_message_content.message_text).toMatch(/^💹 BTC-USDT\n/);
  });

  it("says testnet in Russian too", async () => {
    await twoMarkets();
    const user = await person(9303, "ru");
    await chooseTestnet(user);
    await user.send("/price btc");
    expect(user.last()!.text).toMatch(/^💹 BTC-USDT в 🧪 тестовой сети\n/);
    await user.send("/book btc");
    expect(user.last()!.text).toMatch(/^📖 Стакан BTC-USDT в 🧪 тестовой сети/);
  });
});

describe("price alerts on testnet", () => {
  it("are priced on the chosen network and say testnet when set, listed and fired; production's say nothing", async () => {
    await twoMarkets();
    const tester = await person(9311);
    await chooseTestnet(tester);
    await tester.send("/alert btc above 66000");
    expect(tester.last()!.text).toBe(
      "✅ Alert set: BTC-USDT on 🧪 testnet above 66,000 USDT (once). The price now: 65,000 USDT.",
    );
    expect((await h.notifications.alerts.list(tester.id))[0]).toMatchObject({ network: "testnet", symbol: "BTC-USDT" });
    await tester.send("/alerts");
    expect(tester.last()!.text).toContain("1. BTC-USDT on 🧪 testnet above 66,000 USDT (once)");

    const real = await person(9312);
    // Production is at 70 000 already: the alert is asked about, then kept.
    await real.send("/alert btc above 69000");
    expect(real.last()!.text).toContain("BTC-USDT is already above 69,000 USDT: it is at 70,000 USDT now");
    await real.pressLabel(/Keep it anyway/);
    expect(real.last()!.text).toMatch(/^✅ Alert set: BTC-USDT above 69,000 USDT \(once\)/);

    await setPrice("66500", "testnet");
    await h.notifications.alertWatcher.round();
    await h.notifications.sender.drain();
    await h.outboxSent();
    expect(tester.texts().filter((t) => t.startsWith("🔔"))).toEqual([
      "🔔 BTC-USDT on 🧪 testnet is at 66,500 USDT: above your alert price 66,000 USDT.",
    ]);
    expect(real.texts().filter((t) => t.startsWith("🔔"))).toEqual([
      "🔔 BTC-USDT is at 70,000 USDT: above your alert price 69,000 USDT.",
    ]);
  });

  it("the guided flow on testnet names it where it shows a price, in Russian", async () => {
    await twoMarkets();
    const user = await person(9313, "ru");
    await user.press("lang:w:ru");
    await chooseTestnet(user);
    await user.send("/alert");
    await user.send("btc");
    expect(user.last()!.text).toMatch(/^BTC-USDT в 🧪 тестовой сети сейчас стоит 65\u00a0000 USDT/);
    await user.pressLabel(/Выше/);
    expect(user.last()!.text).toMatch(/BTC-USDT в 🧪 тестовой сети сейчас стоит 65\u00a0000 USDT/);
  });
});
