/**
 * Trading end to end: the real bot over the in-process simulator (its seeded BTC-USDT book sits
 * around 65 000), real storage (SQLite, and PostgreSQL when TEST_DATABASE_URL is set) and the fake
 * Telegram. Orders are placed and cancelled through the shared confirmation; the tests assert the
 * trading balances, the orders the Exchange holds, the journal and what the user was shown. The
 * pair rules are also checked on their own against a pair whose steps are not powers of ten.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkFunds, checkPrice, checkSize } from "../../../../src/bot/shared/trade-rules.js";
import { formatAmount, formatFiat, money } from "../../../../src/domain/money.js";
import { createExchangeClient, type ExchangeClient } from "../../../../src/service/client.js";
import type { Order, SymbolInfo } from "../../../../src/service/schemas.js";
import { Harness, type TestUser } from "../../../helpers/bot-harness.js";
import { TRADE_DATA } from "../../../../src/bot/features/trade/callback-data.js";
import { pickData } from "../../../../src/bot/shared/input-data.js";

const databases = [undefined, process.env.TEST_DATABASE_URL].filter((u, i) => i === 0 || u !== undefined);

const fmt = formatAmount;

describe.each(databases)("trade (database %s)", (databaseUrl) => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.create(databaseUrl ? { databaseUrl } : {});
  });
  afterEach(async () => {
    await h.close();
  });

  const requests = async (operationId: string) => (await h.simRequests(operationId)).length;
  const opId = (confirm: string) => confirm.replace(/^cf:/, "");

  /** A linked user with 5 000 USDT and 1 BTC on the trading balance, and an Exchange client on its key. */
  async function trader(opts: { languageCode?: string } = {}) {
    const linked = await h.linkedUser(
      { trading: { USDT: "5000", BTC: "1" } },
      opts.languageCode ? { languageCode: opts.languageCode } : {},
    );
    const exchange = createExchangeClient({ baseUrl: h.sim.baseUrls.exchange, apiKey: linked.key });
    return { ...linked, exchange };
  }

  /** Available and held amounts of one asset on the trading balance. */
  async function trading(exchange: ExchangeClient, asset: string) {
    const b = (await exchange.getTradingBalances()).balances.find((x) => x.asset === asset);
    return { available: b?.available ?? "0", hold: b?.holds ?? "0" };
  }

  /** The Confirm button's data on the newest message. */
  function confirmData(user: TestUser): string | undefined {
    const buttons = user.last()?.keyboard?.inline_keyboard.flat() ?? [];
    return buttons.flatMap((b) =>
      "callback_data" in b && b.callback_data.startsWith("cf:") ? [b.callback_data] : [],
    )[0];
  }

  interface Terms {
    pair?: string;
    side: "buy" | "sell";
    type: "market" | "limit";
    price?: string;
    amount: string;
  }

  /** /trade, then pair, side and type. */
  async function open(user: TestUser, pair: string, side: Terms["side"], type: Terms["type"]) {
    await user.send("/trade");
    await user.press(pickData(pair));
    await user.press(pickData(side));
    await user.press(pickData(type));
  }

  /** Walks /trade up to the summary; returns the Confirm button's callback data. */
  async function reachSummary(user: TestUser, terms: Terms): Promise<string> {
    await open(user, terms.pair ?? "BTC-USDT", terms.side, terms.type);
    if (terms.price !== undefined) await user.send(terms.price);
    await user.send(terms.amount);
    const confirm = confirmData(user);
    if (!confirm) throw new Error(`no summary: ${user.last()?.text}`);
    return confirm;
  }

  const marketBuy = { side: "buy", type: "market", amount: "100" } as const;
  /** A limit buy far below the seeded book: it rests and holds 600 USDT. */
  const restingBuy = { side: "buy", type: "limit", price: "60000", amount: "0.01" } as const;

  /** The user's finished orders placed with this client order id. */
  async function historyWith(exchange: ExchangeClient, clientOrderId: string): Promise<Order[]> {
    const page = await exchange.getOrdersHistory({ pageSize: 100 });
    return page.orders.filter((o) => o.clientOrderId === clientOrderId);
  }

  it("places a market buy: summary with estimate, one order, balances moved, journal done", async () => {
    const { user, exchange } = await trader();

    await user.send("/trade");
    const offered = user
      .last()
      ?.keyboard?.inline_keyboard.flat()
      .map((b) => b.text);
    expect(offered).toContain("BTC-USDT");
    // The halted pair is not offered.
    expect(offered).not.toContain("ETH-BTC");
    await user.press(pickData("BTC-USDT"));
    await user.press(pickData("buy"));
    await user.press(pickData("market"));
    const prompt = user.last()!.text;
    expect(prompt).toContain(`Available on your trading balance: ${fmt("5000", "USDT")}. Minimum 1 USDT.`);
    expect(prompt).toMatch(/Best bid: 64[\d,.]+ USDT · best ask: 65[\d,.]+ USDT/);
    await user.send("100");

    const estimate = await exchange.estimateOrder({
      symbol: "BTC-USDT",
      side: "buy",
      type: "market",
      timeInForce: "IOC",
      funds: "100",
    });
    const summary = user.last()!.text;
    expect(summary).toContain("📈 New order on the Exchange");
    expect(summary).toContain("Pair: BTC-USDT");
    expect(summary).toContain("Buy · Market · IOC");
    // Worth in the person's fiat beside the amounts, at the service's rates (USDT at 1 USD here).
    expect(summary).toContain("Spend: 100 USDT (≈ US$100.00)");
    expect(summary).toContain(`Rate in USD: 1 BTC ≈ ${formatFiat("65000", "USD")} (the service's, now)`);
    expect(summary).toContain(
      `Estimate now: ≈ ${fmt(estimate.size, "BTC")} for ≈ ${fmt(estimate.funds, "USDT")} (≈ ${formatFiat(estimate.funds, "USD")}), average price ≈ ${fmt(estimate.price, "USDT")}`,
    );
    expect(summary).toContain(`Fee: ≈ ${fmt(estimate.fee, "BTC")}`);
    expect(summary).toContain(`Trading balance available now: ${fmt("5000", "USDT")} · 1 BTC`);
    expect(summary).toContain(
      `Available after (≈): ${fmt(money.sub("5000", estimate.funds), "USDT")} · ${fmt(
        money.sub(money.add("1", estimate.size), estimate.fee),
        "BTC",
      )}`,
    );
    expect(summary).toContain("Fills depend on the market");
    // Nothing is placed before Confirm.
    expect(await requests("placeOrder")).toBe(0);

    const confirm = confirmData(user)!;
    await user.press(confirm);

    expect(await requests("placeOrder")).toBe(1);
    const orders = await historyWith(exchange, opId(confirm));
    expect(orders).toHaveLength(1);
    const order = orders[0]!;
    expect(order).toMatchObject({ status: "completed", side: "buy", type: "market", funds: "100" });
    expect(money.isPositive(order.dealSize)).toBe(true);
    expect((await h.account(user.id)).trading).toEqual({
      USDT: money.sub("5000", order.dealFunds),
      BTC: money.sub(money.add("1", order.dealSize), order.fee),
    });

    const done = user.last()!;
    expect(done.text).toContain("✅ Order completed.");
    // What it was worth at the summary's rate (kept with the confirmation), not at the rate later.
    expect(done.text).toContain(
      `Filled: ${fmt(order.dealSize, "BTC")} for ${fmt(order.dealFunds, "USDT")} (≈ ${formatFiat(order.dealFunds, "USD")})`,
    );
    // The order the service got carries its terms only.
    expect(Object.keys((await h.simRequests("placeOrder"))[0]!.body as object)).not.toContain("worths");
    expect(done.text).toContain(`Fee: ${fmt(order.fee, "BTC")}`);
    expect(done.text).toContain(`Order id: ${order.id}`);
    expect(user.buttonData(/Order details/)).toBe(`ord:show:${order.id}`);
    expect(user.buttonData(/Cancel order/)).toBeUndefined();

    const op = await h.storage.operations.get(opId(confirm));
    expect(op).toMatchObject({ kind: "order", state: "done", telegramId: user.id });
    expect(op?.result).toMatchObject({ id: order.id, clientOrderId: opId(confirm) });

    // The details button leads to the orders feature's view; a completed order has nothing to cancel,
    // only the way back.
    await user.press(`ord:show:${order.id}`);
    expect(user.last()!.text).toContain("Status: ✅ completed");
    expect(user.last()!.keyboard?.inline_keyboard).toEqual([[{ text: "« Back", callback_data: "menu:orders" }]]);
  });

  it("sells at market by size", async () => {
    const { user, exchange } = await trader();
    const confirm = await reachSummary(user, { side: "sell", type: "market", amount: "0.01" });
    expect(user.last()!.text).toContain("Sell · Market · IOC");
    expect(user.last()!.text).toContain("Amount: 0.01 BTC");
    await user.press(confirm);

    const [order] = await historyWith(exchange, opId(confirm));
    expect(order).toMatchObject({ status: "completed", side: "sell", dealSize: "0.01", feeAsset: "USDT" });
    expect((await h.account(user.id)).trading).toEqual({
      USDT: money.sub(money.add("5000", order!.dealFunds), order!.fee),
      BTC: "0.99",
    });
  });

  it("rests a limit buy below the market, holding quote; cancelling it from the details releases the hold", async () => {
    const { user, exchange } = await trader();
    await open(user, "BTC-USDT", "buy", "limit");
    expect(user.last()!.text).toContain("At what price, in USDT per BTC? Price step: 0.1 USDT.");
    expect(user.last()!.text).toMatch(/Best bid: .* · best ask: /);
    await user.send("60000");
    expect(user.last()!.text).toContain(
      `How much BTC to buy at ${fmt("60000", "USDT")}? Your trading balance has ${fmt("5000", "USDT")}, enough for up to 0.08333 BTC.`,
    );
    await user.send("0.01");

    const summary = user.last()!.text;
    expect(summary).toContain("Buy · Limit · GTC");
    expect(summary).toContain("Amount: 0.01 BTC");
    expect(summary).toContain(`Limit price: ${fmt("60000", "USDT")}`);
    expect(summary).toContain("Estimate now: nothing would execute at once at this price.");
    expect(summary).toContain("The rest (0.01 BTC) waits on the book");
    expect(summary).toContain("600 USDT stays reserved");
    expect(summary).toContain(`Available after (≈): ${fmt("4400", "USDT")} · 1 BTC`);
    const confirm = confirmData(user)!;
    await user.press(confirm);

    const order = await exchange.getOrder({ clientOrderId: opId(confirm) });
    expect(order).toMatchObject({ status: "working", type: "limit", timeInForce: "GTC", price: "60000" });
    expect(await trading(exchange, "USDT")).toEqual({ available: "4400", hold: "600" });
    expect(user.last()!.text).toContain("✅ Order placed: it stays in the order book until it is filled or you cancel it.");
    expect(user.buttonData(/Cancel order/)).toBe(`trd:cancel:${order.id}`);

    // Cancel from the order's details, as shown by the orders feature.
    await user.send("/orders");
    await user.pressLabel(/Active orders/);
    await user.pressLabel(/^1$/);
    expect(user.last()!.text).toContain("Status: 🔄 working");
    expect(user.buttonData(/Cancel order/)).toBe(`trd:cancel:${order.id}`);
    await user.pressLabel(/Cancel order/);

    const cancelSummary = user.last()!.text;
    expect(cancelSummary).toContain("✖️ Cancel this order?");
    expect(cancelSummary).toContain("Pair: BTC-USDT");
    expect(cancelSummary).toContain("Buy · Limit · GTC");
    expect(cancelSummary).toContain("Filled so far: 0 BTC for 0 USDT");
    expect(cancelSummary).toContain("Released to your trading balance: 600 USDT");
    expect(cancelSummary).toContain(
      `Available on your trading balance: ${fmt("4400", "USDT")} now → ${fmt("5000", "USDT")} after cancelling`,
    );
    expect(cancelSummary).toContain("Fee: none.");
    // Its buttons say what each does: "Cancel" under "Cancel this order?" would mean keeping it.
    expect(user.last()!.keyboard!.inline_keyboard.flat().map((b) => b.text)).toEqual(["✅ Yes, cancel it", "↩️ Keep it"]);
    // Nothing is cancelled before Confirm.
    expect(await trading(exchange, "USDT")).toEqual({ available: "4400", hold: "600" });

    const cancelConfirm = confirmData(user)!;
    await user.press(cancelConfirm);

    expect(await requests("cancelOrder")).toBe(1);
    expect((await exchange.getOrder({ orderId: order.id })).status).toBe("cancelled");
    expect(await trading(exchange, "USDT")).toEqual({ available: "5000", hold: "0" });
    expect((await h.account(user.id)).trading).toEqual({ USDT: "5000", BTC: "1" });
    expect(user.last()!.text).toContain("✖️ Order cancelled.");
    expect(user.last()!.text).toContain("Returned to your trading balance: 600 USDT");
    expect(await h.storage.operations.get(opId(cancelConfirm))).toMatchObject({
      kind: "order_cancel",
      state: "done",
    });

    // The order is no longer active: its old Cancel button says so and proposes nothing.
    await user.press(TRADE_DATA.cancel.build({ orderId: order.id }));
    expect(user.last()!.text).toBe("This order is cancelled now: there is nothing to cancel.");
    expect(await requests("cancelOrder")).toBe(1);
  });

  it("keeps the order when the person presses Keep it", async () => {
    const { user, exchange } = await trader();
    await user.press(await reachSummary(user, restingBuy));
    const order = (await exchange.getActiveOrders()).orders[0]!;
    await user.press(TRADE_DATA.cancel.build({ orderId: order.id }));
    await user.pressLabel(/Keep it/);
    expect(user.last()!.text).toContain("The order stays as it is.");
    expect((await exchange.getOrder({ orderId: order.id })).status).toBe("working");
    expect(await requests("cancelOrder")).toBe(0);
  });

  it("treats an order cancelled elsewhere before Confirm as cancelled (409 then read)", async () => {
    const { user, exchange } = await trader();
    await user.press(await reachSummary(user, restingBuy));
    const order = (await exchange.getActiveOrders()).orders[0]!;
    await user.press(TRADE_DATA.cancel.build({ orderId: order.id }));
    const confirm = confirmData(user)!;
    await exchange.cancelOrder({ orderId: order.id });

    await user.press(confirm);
    expect(await h.storage.operations.get(opId(confirm))).toMatchObject({ state: "done" });
    expect(user.last()!.text).toContain("✖️ Order cancelled.");
    expect(await trading(exchange, "USDT")).toEqual({ available: "5000", hold: "0" });
  });

  it("ends a cancellation as done, once, when the connection drops after the cancel", async () => {
    const { user, exchange } = await trader();
    await user.press(await reachSummary(user, restingBuy));
    const order = (await exchange.getActiveOrders()).orders[0]!;
    await user.press(TRADE_DATA.cancel.build({ orderId: order.id }));
    const confirm = confirmData(user)!;
    await h.fault({ operationId: "cancelOrder", mode: "dropAfter" });
    await user.press(confirm);

    expect(await requests("cancelOrder")).toBe(1);
    expect(await h.storage.operations.get(opId(confirm))).toMatchObject({ state: "done" });
    expect((await exchange.getOrder({ orderId: order.id })).status).toBe("cancelled");
    expect(user.last()!.text).toContain("✖️ Order cancelled.");
  });

  it("starts from the order-history panel's Trade button", async () => {
    const { user } = await trader();
    await user.send("/orders");
    await user.pressLabel(/Trade/);
    expect(user.last()!.text).toContain("Which pair?");
  });

  it("refuses bad prices and amounts with a localized reason and asks again", async () => {
    const { user } = await trader();
    const last = () => user.last()!.text;

    // Limit price off the tick, not a number; then sizes with too many places, too big, too costly.
    await open(user, "BTC-USDT", "buy", "limit");
    await user.send("60000.15");
    expect(last()).toBe(
      `The price must be a multiple of the pair's price step, 0.1 USDT; for example ${fmt("60000.1", "USDT")}.`,
    );
    await user.send("sixty");
    expect(last()).toBe("That is not a price. Send a number such as 65000 or 0.25.");
    await user.send("60000");
    await user.send("0.000011");
    expect(last()).toBe("Too many decimal places: BTC allows at most 5.");
    await user.send("51");
    expect(last()).toBe("The maximum is 50 BTC.");
    await user.send("0.1");
    expect(last()).toBe(
      `That costs ${fmt("6000", "USDT")}, but your trading balance has ${fmt("5000", "USDT")} available. Send a smaller amount.`,
    );
    expect(confirmData(user)).toBeUndefined();
    await user.send("0.01");
    expect(confirmData(user)).toBeDefined();

    // Below the pair's minimum size, and a value below its minimum funds.
    await open(user, "TONCOIN-USDT", "buy", "limit");
    await user.send("5");
    await user.send("0.05");
    expect(last()).toBe("The minimum is 0.1 TONCOIN.");
    await user.send("0.15");
    expect(last()).toBe("The order's value, 0.75 USDT, is below the pair's minimum of 1 USDT.");

    // A market sell above what is available; a market buy below minimum funds and above the balance.
    await open(user, "BTC-USDT", "sell", "market");
    await user.send("2");
    expect(last()).toBe("Not enough on your trading balance: 1 BTC available. Send less, or move funds with /move.");

    await open(user, "BTC-USDT", "buy", "market");
    await user.send("0.5");
    expect(last()).toBe("The minimum is 1 USDT.");
    await user.send("1.1234567");
    expect(last()).toBe("Too many decimal places: USDT allows at most 6.");
    await user.send("5000.01");
    expect(last()).toMatch(/^Not enough on your trading balance: 5,000 USDT available/);
    expect(await requests("estimateOrder")).toBe(1);
    expect(await requests("placeOrder")).toBe(0);
  });

  it("stops early when the trading balance cannot pay the smallest order", async () => {
    const linked = await h.linkedUser({ trading: { USDT: "0.5" } });
    await linked.user.send("/trade");
    await linked.user.press(pickData("BTC-USDT"));
    await linked.user.press(pickData("buy"));
    expect(linked.user.last()!.text).toMatch(
      /^Your trading balance has 0\.5 USDT available, less than the smallest order here \(1 USDT\)\. Nothing was done\.\n\nTo bring money onto the Exchange/,
    );
  });

  it("leaves on /cancel, on the Cancel button, and on Cancel under the summary; nothing is placed", async () => {
    const { user, exchange } = await trader();
    await user.send("/trade");
    await user.press(pickData("BTC-USDT"));
    await user.send("/cancel");
    expect(user.last()!.text).toBe("Cancelled. Nothing was done.");
    await user.send("100");
    expect(user.last()!.text).toMatch(/did not understand/);

    await open(user, "BTC-USDT", "buy", "limit");
    await user.press("in:cancel");
    expect(user.last()!.text).toBe("Cancelled. Nothing was done.");

    const confirm = await reachSummary(user, marketBuy);
    await user.press(confirm.replace(/^cf:/, "cx:"));
    expect(user.last()!.text).toMatch(/Cancelled\. Nothing was done\.$/);
    await user.press(confirm);
    expect(await requests("placeOrder")).toBe(0);
    expect((await h.storage.operations.get(opId(confirm)))?.state).toBe("cancelled");
    expect(await trading(exchange, "USDT")).toEqual({ available: "5000", hold: "0" });
  });

  it("places one order for a double press, concurrent presses and a replayed update", async () => {
    const { user, exchange } = await trader();

    const first = await reachSummary(user, marketBuy);
    await user.press(first);
    await user.press(first);
    expect(await requests("placeOrder")).toBe(1);

    const second = await reachSummary(user, marketBuy);
    const press = user.pressUpdate(second);
    await Promise.all([h.handle(press), h.handle(press)]);
    expect(await requests("placeOrder")).toBe(2);

    const third = await reachSummary(user, marketBuy);
    const replayed = { update_id: 999999, ...user.pressUpdate(third) };
    await h.replay(replayed);
    await h.replay(replayed);
    expect(await requests("placeOrder")).toBe(3);

    for (const data of [first, second, third]) {
      expect(await historyWith(exchange, opId(data))).toHaveLength(1);
      expect((await h.storage.operations.get(opId(data)))?.state).toBe("done");
    }
    expect((await exchange.getOrdersHistory({ pageSize: 100 })).orders).toHaveLength(3);
  });

  it("places nothing for an expired confirmation or another user's press", async () => {
    const { user, exchange } = await trader();
    const other = (await trader()).user;

    const expired = await reachSummary(user, marketBuy);
    h.advanceClock(121_000);
    await user.press(expired);
    expect(user.last()!.text).toMatch(/expired/);
    expect((await h.storage.operations.get(opId(expired)))?.state).not.toBe("done");

    const foreign = await reachSummary(user, marketBuy);
    await other.press(foreign);
    expect(await requests("placeOrder")).toBe(0);
    expect((await h.storage.operations.get(opId(foreign)))?.state).toBe("proposed");
    expect((await h.account(user.id)).trading).toEqual({ USDT: "5000", BTC: "1" });
    expect((await h.account(other.id)).trading).toEqual({ USDT: "5000", BTC: "1" });
    expect((await exchange.getOrdersHistory({})).orders).toHaveLength(0);
  });

  it("ends as done, once, when the connection drops after the order was placed", async () => {
    const { user, exchange } = await trader();
    const confirm = await reachSummary(user, marketBuy);
    await h.fault({ operationId: "placeOrder", mode: "dropAfter" });
    await user.press(confirm);

    expect(await requests("placeOrder")).toBe(1);
    const orders = await historyWith(exchange, opId(confirm));
    expect(orders).toHaveLength(1);
    expect((await h.storage.operations.get(opId(confirm)))?.state).toBe("done");
    expect(user.last()!.text).toContain("✅ Order completed.");
    expect((await h.account(user.id)).trading.USDT).toBe(money.sub("5000", orders[0]!.dealFunds));
  });

  it("speaks Russian, and asks for a key when none is linked", async () => {
    const { user } = await trader({ languageCode: "ru" });
    await user.send("/trade");
    expect(user.last()!.text).toContain("Какая пара?");
    await user.press(pickData("BTC-USDT"));
    await user.press(pickData("buy"));
    await user.press(pickData("market"));
    await user.send("100");
    expect(user.last()!.text).toContain("📈 Новый ордер на бирже");
    expect(user.last()!.text).toContain("Покупка · Рыночный · IOC");

    const stranger = h.user(777001);
    await stranger.send("/trade");
    expect(stranger.last()!.text).toBe("You have not linked an API key yet. Use /connect.");
  });
});

describe("trade rules", () => {
  // Steps that are not powers of ten, so that being off the grid differs from too many places.
  const pair: SymbolInfo = {
    symbol: "AAA-QQQ",
    baseAsset: "AAA",
    quoteAsset: "QQQ",
    enableTrading: true,
    openTime: null,
    baseIncrement: "0.25",
    quoteIncrement: "0.05",
    priceIncrement: "0.5",
    baseMinSize: "1",
    baseMaxSize: "100",
    quoteMinSize: "10",
    quoteMaxSize: "100000",
    minPrice: "0.5",
    maxPrice: "1000000",
  };
  const key = (r: ReturnType<typeof checkPrice>) => (r.ok ? r.value : r.error.key);

  it("checks a price against the tick and its places", () => {
    expect(key(checkPrice("10.5", pair))).toBe("10.5");
    expect(key(checkPrice("10.3", pair))).toBe("trade-price-off-tick");
    expect(key(checkPrice("10.55", pair))).toBe("trade-price-off-tick");
    expect(key(checkPrice("0.2", pair))).toBe("trade-price-off-tick");
    const refused = checkPrice("10.3", pair);
    expect(refused.ok ? undefined : refused.error.vars).toMatchObject({ example: "10 QQQ", step: "0.5 QQQ" });
    expect(key(checkPrice("0", pair))).toBe("trade-price-not_positive");
    expect(key(checkPrice("sixty", pair))).toBe("trade-price-not_a_number");
    expect(key(checkPrice("1,000", pair))).toBe("amount-ambiguous");
  });

  it("checks funds against the quote step, minimum and balance", () => {
    expect(key(checkFunds("10.05", pair, "50"))).toBe("10.05");
    expect(key(checkFunds("10.03", pair, "50"))).toBe("trade-off-step");
    expect(key(checkFunds("10.001", pair, "50"))).toBe("amount-too_many_decimals");
    expect(key(checkFunds("9.95", pair, "50"))).toBe("amount-below_minimum");
    expect(key(checkFunds("50.05", pair, "50"))).toBe("trade-insufficient");
  });

  it("checks a size against step, places, bounds, balance and value", () => {
    const sell = { side: "sell" as const, availableBase: "20", availableQuote: "0" };
    const buy = { side: "buy" as const, price: "5", availableBase: "0", availableQuote: "100" };
    expect(key(checkSize("2.25", pair, sell))).toBe("2.25");
    expect(key(checkSize("2.1", pair, sell))).toBe("trade-off-step");
    expect(key(checkSize("2.125", pair, sell))).toBe("amount-too_many_decimals");
    expect(key(checkSize("0.75", pair, sell))).toBe("amount-below_minimum");
    expect(key(checkSize("100.25", pair, sell))).toBe("amount-above_maximum");
    expect(key(checkSize("20.25", pair, sell))).toBe("trade-insufficient");
    expect(key(checkSize("1.75", pair, buy))).toBe("trade-below-min-funds");
    expect(key(checkSize("20", pair, buy))).toBe("20");
    expect(key(checkSize("20.25", pair, buy))).toBe("trade-insufficient-cost");
  });
});
