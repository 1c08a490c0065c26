/**
 * Order history end to end: orders are placed on the simulator with the Exchange client, then read
 * through the real bot (filter panel, pages, details, active orders) with real storage and a fake
 * Telegram. Runs on SQLite, and on PostgreSQL too when TEST_DATABASE_URL is set.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formatAmount, money } from "../../../../src/domain/money.js";
import { createExchangeClient, type ExchangeClient } from "../../../../src/service/client.js";
import type { Order } from "../../../../src/service/schemas.js";
import { orderLine } from "../../../../src/bot/features/orders/view.js";
import { createI18n } from "../../../../src/bot/i18n.js";
import { Harness, type TestUser } from "../../../helpers/bot-harness.js";
import { formattingFor } from "../../../../src/domain/format-locale.js";

/** A service timestamp on the UTC wall clock as the bot writes it in English: "01/05/2026, 12:30". */
const utcWall = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(Date.parse(iso));

const databases = [undefined, process.env.TEST_DATABASE_URL].filter((u, i) => i === 0 || u !== undefined);
const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(databases)("orders (database %s)", (databaseUrl) => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.create(databaseUrl ? { databaseUrl } : {});
  });
  afterEach(async () => {
    await h.close();
  });

  let seq = 0;
  const nextId = () => `t-${++seq}`;

  /** A linked user with a trading balance and an Exchange client on its key. */
  async function trader(opts: { languageCode?: string } = {}) {
    const linked = await h.linkedUser(
      { trading: { USDT: "100000", TONCOIN: "1000", BTC: "1" } },
      opts.languageCode ? { languageCode: opts.languageCode } : {},
    );
    const exchange = createExchangeClient({ baseUrl: h.sim.baseUrls.exchange, apiKey: linked.key });
    return { ...linked, exchange };
  }

  const market = (ex: ExchangeClient, symbol: string, side: "buy" | "sell", size: string) =>
    ex.placeOrder({ clientOrderId: nextId(), symbol, side, type: "market", timeInForce: "IOC", size });
  /** A limit buy far below the market: it rests on the book. */
  const resting = (ex: ExchangeClient, size = "1") =>
    ex.placeOrder({
      clientOrderId: nextId(),
      symbol: "TONCOIN-USDT",
      side: "buy",
      type: "limit",
      timeInForce: "GTC",
      size,
      price: "1",
    });

  /** Query parameters the simulator received for each call of an operation. */
  const queries = async (operationId: string) =>
    (await h.simRequests(operationId)).map((r) => (r as unknown as { query: Record<string, string> }).query);

  /** Order lines of the message shown last ("1. ✅ completed BUY …"). */
  const orderLines = (user: TestUser) =>
    user
      .last()!
      .text.split("\n")
      .filter((l) => /^\d+\. /.test(l));

  it("lists a finished order on one compact line and shows it in full when tapped", async () => {
    const { user, exchange } = await trader();
    const bought = await market(exchange, "BTC-USDT", "buy", "0.001");
    expect(bought.status).toBe("completed");

    await user.send("/orders");
    expect(user.last()!.text).toContain(
      "Pair: All pairs · Side: Both sides · Period: All time · Cancelled: shown",
    );
    await user.pressLabel(/Show/);
    const text = user.last()!.text;
    expect(text).toContain("Page 1/1 · 1 order.");
    expect(orderLines(user)).toHaveLength(1);
    expect(orderLines(user)[0]).toBe(
      `1. ✅ completed BUY market BTC-USDT · size 0.001 BTC at ${formatAmount(money.div(bought.dealFunds, "0.001", 8), "USDT")} on average` +
        ` · filled 0.001 BTC for ${formatAmount(bought.dealFunds, "USDT")}` +
        ` · fee ${formatAmount(bought.fee, bought.feeAsset)} · ${utcWall(bought.createdAt)}`,
    );
    expect(user.buttonData(/^1$/)).toBe(`ord:show:${bought.id}`);

    await user.press(`ord:show:${bought.id}`);
    const details = user.last()!.text;
    expect(details).toContain(`📄 Order ${bought.id}`);
    expect(details).toContain("Pair: BTC-USDT");
    expect(details).toContain("BUY · market · IOC");
    expect(details).toContain("Status: ✅ completed");
    expect(details).toContain(`Filled: 0.001 BTC for ${formatAmount(bought.dealFunds, "USDT")}`);
    expect(details).toContain(`Fee: ${formatAmount(bought.fee, bought.feeAsset)}`);
    expect(details).toContain(`Client order id: ${bought.clientOrderId}`);
    expect(details).toMatch(/Average price: [\d,.]+ USDT/);
    expect(await h.simRequests("getOrder")).toHaveLength(1);
  });

  it("pages with Previous and Next through the reply's page envelope", async () => {
    const { user, exchange } = await trader();
    const placed: Order[] = [];
    for (let i = 0; i < 25; i++)
      placed.push(await market(exchange, "TONCOIN-USDT", i % 2 === 0 ? "buy" : "sell", "1"));
    const newestFirst = [...placed].reverse();

    await user.press("menu:orders");
    await user.pressLabel(/Show/);
    expect(user.last()!.text).toContain("Page 1/3 · 25 orders");
    expect(orderLines(user)).toHaveLength(10);
    expect(user.buttonData(/Previous/)).toBeUndefined();

    const pageMessages = h.tg.sent.length;
    await user.pressLabel(/Next/);
    expect(h.tg.sent.length).toBe(pageMessages); // edited in place
    expect(user.last()!.text).toContain("Page 2/3 · 25 orders");
    const page2 = orderLines(user);
    expect(page2).toHaveLength(10);
    expect(page2[0]).toMatch(/^11\. /);
    expect(user.buttonData(/^11$/)).toBe(`ord:show:${newestFirst[10]!.id}`);
    expect(user.buttonData(/^20$/)).toBe(`ord:show:${newestFirst[19]!.id}`);

    await user.pressLabel(/Next/);
    expect(user.last()!.text).toContain("Page 3/3 · 25 orders");
    expect(orderLines(user)).toHaveLength(5);
    expect(orderLines(user)[4]).toMatch(/^25\. /);
    expect(user.buttonData(/Next/)).toBeUndefined();

    await user.pressLabel(/Previous/);
    expect(user.last()!.text).toContain("Page 2/3");
    expect((await queries("getOrdersHistory")).map((q) => [q.currentPage, q.pageSize])).toEqual([
      ["1", "10"],
      ["2", "10"],
      ["3", "10"],
      ["2", "10"],
    ]);
  });

  it("filters by side and hides cancelled orders", async () => {
    const { user, exchange } = await trader();
    await market(exchange, "TONCOIN-USDT", "buy", "2");
    await market(exchange, "TONCOIN-USDT", "sell", "1");
    await market(exchange, "BTC-USDT", "sell", "0.001");
    const cancelled = await resting(exchange);
    await exchange.cancelOrder({ orderId: cancelled.id });
    await resting(exchange); // still working: not in the history

    await user.send("/orders");
    await user.pressLabel(/Show/);
    expect(user.last()!.text).toContain("4 orders");
    expect(orderLines(user).filter((l) => l.includes("cancelled"))).toHaveLength(1);

    await user.pressLabel(/Filters/);
    await user.pressLabel(/^Sell$/);
    expect(user.last()!.text).toContain("Side: Sell");
    expect(user.buttonData(/✓ Sell/)).toBeDefined();
    await user.pressLabel(/Show/);
    const sells = orderLines(user);
    expect(sells).toHaveLength(2);
    expect(sells.every((l) => l.includes(" SELL "))).toBe(true);

    await user.pressLabel(/Filters/);
    await user.pressLabel(/Both sides/);
    await user.pressLabel(/Hide cancelled/);
    expect(user.last()!.text).toContain("Cancelled: hidden");
    await user.pressLabel(/Show/);
    expect(user.last()!.text).toContain("3 orders");
    expect(orderLines(user).some((l) => l.includes("cancelled"))).toBe(false);

    // The filter is remembered for the next /orders.
    await user.send("/orders");
    expect(user.last()!.text).toContain("Side: Both sides · Period: All time · Cancelled: hidden");
    expect(user.buttonData(/☑️ Hide cancelled/)).toBeDefined();
  });

  it("filters by pair picked from the exchange's list", async () => {
    const { user, exchange } = await trader();
    await market(exchange, "TONCOIN-USDT", "buy", "1");
    await market(exchange, "BTC-USDT", "buy", "0.001");
    await market(exchange, "BTC-USDT", "sell", "0.001");

    await user.send("/orders");
    await user.pressLabel(/Pair: All pairs/);
    expect(user.last()!.text).toMatch(/Which trading pair/);
    await user.pressLabel(/^BTC-USDT$/);
    expect(user.last()!.text).toContain("Pair: BTC-USDT");
    await user.pressLabel(/Show/);
    const lines = orderLines(user);
    expect(lines).toHaveLength(2);
    expect(lines.every((l) => l.includes("BTC-USDT"))).toBe(true);
  });

  it("period presets send startAt/endAt computed from the bot's clock", async () => {
    const { user, exchange } = await trader();
    await market(exchange, "TONCOIN-USDT", "buy", "1");
    h.advanceClock(3 * DAY_MS);

    await user.send("/orders");
    await user.pressLabel(/^Today$/);
    await user.pressLabel(/Show/);
    expect(user.last()!.text).toContain("No orders match these filters.");
    await user.pressLabel(/Filters/);
    await user.pressLabel(/^7 days$/);
    expect(user.last()!.text).toContain("Period: 7 days");
    await user.pressLabel(/Show/);
    expect(orderLines(user)).toHaveLength(1);

    const [today, week] = await queries("getOrdersHistory");
    const now = h.deps.now().getTime();
    expect(today!.startAt).toBe(`${h.deps.now().toISOString().slice(0, 10)}T00:00:00.000Z`);
    expect(Date.parse(week!.startAt!)).toBeGreaterThan(now - 7 * DAY_MS - 60_000);
    expect(Date.parse(week!.endAt!)).toBeLessThanOrEqual(now);
    expect(Date.parse(week!.endAt!)).toBeGreaterThan(now - 60_000);
  });

  it("shows active orders, and their details", async () => {
    const { user, exchange } = await trader();
    const open = await resting(exchange, "3");
    await market(exchange, "TONCOIN-USDT", "buy", "1");

    await user.send("/orders");
    await user.pressLabel(/Active orders/);
    const text = user.last()!.text;
    expect(text).toContain("⏳ Active orders");
    expect(orderLines(user)).toEqual([
      `1. 🔄 working BUY limit TONCOIN-USDT · size 3 TONCOIN at 1 USDT · filled 0 TONCOIN for 0 USDT · fee 0 TONCOIN · ${utcWall(open.createdAt)}`,
    ]);
    await user.pressLabel(/^1$/);
    expect(user.last()!.text).toContain("Status: 🔄 working");
    expect(user.last()!.text).toContain("Price: 1 USDT");
    expect(user.last()!.text).toContain("Size: 3 TONCOIN");
  });

  it("shows each active order's side, amount, price and what has filled, in both languages", async () => {
    const { user, exchange } = await trader();
    const open = await resting(exchange, "3");
    await h.simFetch("/_sim/orders/fill", { method: "POST", body: { orderId: open.id, size: "1" } });
    await user.send("/orders");
    await user.pressLabel(/Active orders/);
    expect(orderLines(user)[0]).toMatch(/^1\. 🔄 working BUY limit TONCOIN-USDT · size 3 TONCOIN at 1 USDT · filled 1 TONCOIN for 1 USDT · /);

    await user.send("/language");
    await user.press("lang:ru");
    await user.send("/orders");
    await user.pressLabel(/Активные/);
    expect(orderLines(user)[0]).toMatch(/^1\. .* ПОКУПКА лимитный TONCOIN-USDT · объём 3 TONCOIN по 1 USDT · исполнено 1 TONCOIN на 1 USDT · /);
  });

  it("speaks Russian, and asks for a key when none is linked", async () => {
    const { user, exchange } = await trader({ languageCode: "ru" });
    await market(exchange, "TONCOIN-USDT", "sell", "1");
    await user.send("/orders");
    expect(user.last()!.text).toContain("📈 История ордеров");
    await user.pressLabel(/Показать/);
    expect(orderLines(user)[0]).toMatch(/✅ исполнен ПРОДАЖА рыночный TONCOIN-USDT/);

    const stranger = h.user(888001);
    // Without a key, the orders screen is not offered at all: the same answer as every feature.
    await stranger.send("/orders");
    expect(stranger.last()!.text).toMatch(/You have not linked an API key yet/);
  });
});

describe("an order's line", () => {
  const i18n = createI18n();
  const t = (locale: string) => (key: string, vars?: Record<string, string | number>) => i18n.t(locale, key, vars);
  const order = (o: Partial<Order>): Order => ({
    id: "o1", clientOrderId: "c1", symbol: "BTC-USDT", baseAsset: "BTC", quoteAsset: "USDT", side: "sell",
    status: "working", type: "stopLimit", timeInForce: "GTC", createdAt: "2026-05-01T12:30:05.000Z",
    updatedAt: "2026-05-01T12:30:05.000Z", dealSize: "0", dealFunds: "0", fee: "0", feeAsset: "USDT", ...o,
  });

  it("names a stop order's limit and stop prices, and a market order's", () => {
    const stop = order({ size: "0.5", price: "60000", stopPrice: "61000" });
    expect(orderLine(t("en"), 1, stop)).toContain("· size 0.5 BTC at 60,000 USDT, stop 61,000 USDT ·");
    expect(formattingFor("ru", () => orderLine(t("ru"), 1, stop))).toContain("· объём 0,5 BTC по 60\u00a0000 USDT, стоп 61\u00a0000 USDT ·");
    const market = order({ type: "stopMarket", side: "buy", funds: "100", stopPrice: "70000" });
    expect(orderLine(t("en"), 2, market)).toContain("· for 100 USDT at market, stop 70,000 USDT ·");
  });
});
