/**
 * Every time a person reads is on their clock: once a zone is chosen, the order history, the active
 * orders, the funding withdrawals and the moves between balances (lists and details) show times in
 * that zone, their titles name it, and none says "(times in UTC)". "Today" starts at their midnight.
 * The real bot, the simulator over HTTP and the Bot API stand-in, in both languages.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createExchangeClient } from "../../src/service/client.js";
import { Harness, type TestUser } from "../helpers/bot-harness.js";
import { pickData } from "../../src/bot/shared/input-data.js";

let h: Harness;
afterEach(async () => h?.close());

const HOUR = 3_600_000;
const MOSCOW = 7; // its index among the offered zones
const TRX_ADDRESS = `T${"a1B2c".repeat(6)}xyz`;

/**
 * A service timestamp on a wall clock (Moscow unless said) as the language writes it: "01/05/2026,
 * 15:30" in English, "01.05.2026, 15:30" in Russian (and ":05" with seconds).
 */
const wallIn = (iso: string, { seconds = false, lang = "en", zone = "Europe/Moscow" } = {}) =>
  new Intl.DateTimeFormat(lang === "en" ? "en-GB" : lang, {
    timeZone: zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    ...(seconds ? { second: "2-digit" } : {}),
    hourCycle: "h23",
  }).format(Date.parse(iso));
const moscow = (iso: string, seconds = false) => wallIn(iso, { seconds });
const moscowRu = (iso: string, seconds = false) => wallIn(iso, { seconds, lang: "ru" });

/** A person in Moscow time with an order filled, one resting, a move and a funding withdrawal. */
async function personWithHistory(languageCode: "en" | "ru") {
  const { user, key } = await h.linkedUser(
    { funding: { USDT: "100" }, trading: { USDT: "1000", TONCOIN: "10" } },
    { languageCode },
  );
  await user.send("/notify");
  await user.press("nt:q");
  await user.press("nt:zones");
  await user.press(`nt:tz:${MOSCOW}`);
  const exchange = createExchangeClient({ baseUrl: h.sim.baseUrls.exchange, apiKey: key });
  const filled = await exchange.placeOrder({
    clientOrderId: "tz-1",
    symbol: "TONCOIN-USDT",
    side: "buy",
    type: "market",
    timeInForce: "IOC",
    size: "1",
  });
  const resting = await exchange.placeOrder({
    clientOrderId: "tz-2",
    symbol: "TONCOIN-USDT",
    side: "buy",
    type: "limit",
    timeInForce: "GTC",
    size: "1",
    price: "1",
  });
  await user.send("/move");
  await user.press(pickData("USDT"));
  await user.press(pickData("fundingToTrading"));
  await user.send("12.5");
  await user.press(user.confirmData()!);
  await user.send("/fund_withdraw");
  await user.press(pickData("USDT"));
  await user.press(pickData("TRX"));
  await user.send(TRX_ADDRESS);
  await user.send("10");
  await user.press(user.confirmData()!);
  const { transfers } = await exchange.getBalanceTransfersHistory({ currentPage: 1, pageSize: 10 });
  const { withdrawals } = await exchange.getFundingWithdrawalsHistory({ currentPage: 1, pageSize: 10 });
  return { user, filled, resting, move: transfers[0]!, withdrawal: withdrawals[0]! };
}

/** What each screen shows, read through the bot's own buttons. */
async function screens(user: TestUser, orderId: string) {
  await user.send("/orders");
  await user.pressLabel(/^(🔎 )?(Show|Показать)/);
  const history = user.last()!.text;
  await user.press(`ord:show:${orderId}`);
  const details = user.last()!.text;
  await user.send("/orders");
  await user.pressLabel(/Active orders|Активные/);
  const active = user.last()!.text;
  await user.send("/fund_withdrawals");
  const withdrawals = user.last()!.text;
  await user.pressLabel(/^1$/);
  const withdrawal = user.last()!.text;
  await user.send("/moves");
  const moves = user.last()!.text;
  await user.pressLabel(/^1$/);
  const move = user.last()!.text;
  return { history, details, active, withdrawals, withdrawal, moves, move };
}

describe("times in the person's zone", () => {
  it("orders, funding withdrawals and moves: lists and details in Moscow time, the zone named", async () => {
    h = await Harness.create();
    const { user, filled, resting, move, withdrawal } = await personWithHistory("en");
    const shown = await screens(user, filled.id);

    expect(shown.history.split("\n")[0]).toBe("📈 Order history (times in Moscow, UTC+3)");
    expect(shown.history).toMatch(new RegExp(`^1\\. .* · ${moscow(filled.createdAt)}$`, "m"));
    expect(shown.details).toContain(`Created: ${moscow(filled.createdAt, true)} (UTC+3)`);
    expect(shown.details).toContain(`Updated: ${moscow(filled.updatedAt, true)} (UTC+3)`);
    expect(shown.active.split("\n")[0]).toBe("⏳ Active orders (times in Moscow, UTC+3)");
    expect(shown.active).toMatch(new RegExp(`^1\\. .* · ${moscow(resting.createdAt)}$`, "m"));

    expect(shown.withdrawals.split("\n")[0]).toBe("🏦 Withdrawals from the funding balance (times in Moscow, UTC+3)");
    expect(shown.withdrawals).toMatch(new RegExp(`^1\\. ${moscow(withdrawal.createdAt)} · 10 USDT · TRX · `, "m"));
    expect(shown.withdrawal).toContain(`Created: ${moscow(withdrawal.createdAt)} (UTC+3)`);
    expect(shown.moves.split("\n")[0]).toBe("↔️ Moves between funding and trading (times in Moscow, UTC+3)");
    expect(shown.moves).toMatch(new RegExp(`^1\\. ${moscow(move.createdAt)} · 12\\.5 USDT · `, "m"));
    expect(shown.move).toContain(`Created: ${moscow(move.createdAt)} (UTC+3)`);

    for (const text of Object.values(shown)) {
      expect(text).not.toContain("times in UTC");
      expect(text).not.toMatch(/\d{2}:\d{2}(:\d{2})? UTC/);
    }
  });

  it("the same in Russian", async () => {
    h = await Harness.create();
    const { user, filled, resting, move, withdrawal } = await personWithHistory("ru");
    const shown = await screens(user, filled.id);

    expect(shown.history.split("\n")[0]).toBe("📈 История ордеров (время: Москва, UTC+3)");
    expect(shown.history).toMatch(new RegExp(`^1\\. .* · ${moscowRu(filled.createdAt)}$`, "m"));
    expect(shown.details).toContain(`Создан: ${moscowRu(filled.createdAt, true)} (UTC+3)`);
    expect(shown.active.split("\n")[0]).toBe("⏳ Активные ордера (время: Москва, UTC+3)");
    expect(shown.active).toMatch(new RegExp(`^1\\. .* · ${moscowRu(resting.createdAt)}$`, "m"));
    expect(shown.withdrawals.split("\n")[0]).toBe("🏦 Выводы с финансового баланса (время: Москва, UTC+3)");
    expect(shown.withdrawals).toMatch(new RegExp(`^1\\. ${moscowRu(withdrawal.createdAt)} · `, "m"));
    expect(shown.moves.split("\n")[0]).toBe("↔️ Перемещения между финансовым и торговым балансом (время: Москва, UTC+3)");
    expect(shown.moves).toMatch(new RegExp(`^1\\. ${moscowRu(move.createdAt)} · `, "m"));
    expect(shown.move).toContain(`${moscowRu(move.createdAt)} (UTC+3)`);
    for (const text of Object.values(shown)) {
      expect(text).not.toContain("время UTC");
      expect(text).not.toMatch(/\d{2}:\d{2}(:\d{2})? UTC/);
    }
  });

  it("without a chosen zone, the titles say UTC and the times are UTC", async () => {
    h = await Harness.create();
    const { user, key } = await h.linkedUser({ trading: { USDT: "1000" } });
    const exchange = createExchangeClient({ baseUrl: h.sim.baseUrls.exchange, apiKey: key });
    const filled = await exchange.placeOrder({
      clientOrderId: "tz-3",
      symbol: "TONCOIN-USDT",
      side: "buy",
      type: "market",
      timeInForce: "IOC",
      size: "1",
    });
    await user.send("/orders");
    await user.pressLabel(/Show/);
    expect(user.last()!.text.split("\n")[0]).toBe("📈 Order history (times in UTC)");
    expect(user.last()!.text).toContain(wallIn(filled.createdAt, { zone: "UTC" }));
    await user.press(`ord:show:${filled.id}`);
    expect(user.last()!.text).toContain(`Created: ${wallIn(filled.createdAt, { zone: "UTC", seconds: true })} UTC`);
  });

  it("\"Today\" in the order filters starts at the person's midnight", async () => {
    h = await Harness.create();
    const { user } = await personWithHistory("en");
    await user.send("/orders");
    await user.pressLabel(/^Today$/);
    await user.pressLabel(/Show/);
    const [query] = (await h.simRequests("getOrdersHistory")).map((r) => (r as unknown as { query: { startAt: string } }).query);
    // 00:00 in Moscow is 21:00 UTC the day before.
    const wall = new Date(h.deps.now().getTime() + 3 * HOUR).toISOString().slice(0, 10);
    expect(query!.startAt).toBe(new Date(Date.parse(`${wall}T00:00:00.000Z`) - 3 * HOUR).toISOString());
  });
});
