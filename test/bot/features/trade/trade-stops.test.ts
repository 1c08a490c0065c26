/**
 * Stop-limit and stop-market orders end to end: the real bot over the in-process simulator and the
 * fake Telegram. A stop order rests (not triggered, its amount reserved) until the last price reaches
 * its stop, then runs; its details show the stop state and cancel it through the confirmation.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formatAmount, money } from "../../../../src/domain/money.js";
import { formattingFor } from "../../../../src/domain/format-locale.js";
import { createExchangeClient, type ExchangeClient } from "../../../../src/service/client.js";
import { Harness } from "../../../helpers/bot-harness.js";
import { TRADE_DATA } from "../../../../src/bot/features/trade/callback-data.js";
import { pickData } from "../../../../src/bot/shared/input-data.js";

describe("stop orders", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.create();
  });
  afterEach(async () => {
    await h.close();
  });

  async function trader(balances: Record<string, string>) {
    const linked = await h.linkedUser({ trading: balances });
    const exchange = createExchangeClient({ baseUrl: h.sim.baseUrls.exchange, apiKey: linked.key });
    return { ...linked, exchange };
  }

  const last = async (exchange: ExchangeClient) =>
    (await exchange.getTicker({ tickerType: "24h", symbols: ["BTC-USDT"] })).tickers[0]!.last;
  const usdt = async (exchange: ExchangeClient) =>
    (await exchange.getTradingBalances()).balances.find((b) => b.asset === "USDT")!;

  it("a stop-market buy rests until the price rises to its stop, then fills", async () => {
    const { user, exchange } = await trader({ USDT: "5000" });
    const book = await exchange.getOrderbook({ symbol: "BTC-USDT", depth: 20 });
    const lastPrice = await last(exchange);
    // A stop a few levels up the ask side: above the last price, reached by a modest market buy.
    const stop = book.asks[3]![0];
    expect(money.gt(stop, lastPrice)).toBe(true);

    await user.send("/trade");
    await user.press(pickData("BTC-USDT"));
    await user.press(pickData("buy"));
    await user.press(pickData("stopMarket"));
    expect(user.last()!.text).toContain(`Last price: ${formatAmount(lastPrice, "USDT")}`);
    await user.send(lastPrice);
    expect(user.last()!.text).toContain("cannot be the last price");
    await user.send(money.add(stop, "0.05"));
    expect(user.last()!.text).toContain("The price must be a multiple of the pair's price step, 0.1 USDT");
    await user.send(stop);
    expect(h.tg.textsIn(user.id)).toContain(
      `The order will wait until the last price rises to ${formatAmount(stop, "USDT")} or above.`,
    );
    await user.send("0.001");

    const summary = user.last()!.text;
    expect(summary).toContain("Buy · Stop-market · IOC");
    expect(summary).toContain(
      `Trigger: when the last price rises to ${formatAmount(stop, "USDT")} or above (now ${formatAmount(lastPrice, "USDT")}); then it executes at market.`,
    );
    expect(summary).toContain(`When it triggers: ≈ 0.001 BTC for ≈ ${formatAmount(money.mul("0.001", stop), "USDT")}, at about the stop price`);
    expect(summary).toContain("Reserved on your trading balance while it waits:");

    const confirm = user.confirmData()!;
    await user.press(confirm);
    expect(user.last()!.text).toContain(`✅ Stop order placed: it waits until the last price reaches ${formatAmount(stop, "USDT")}.`);

    const order = await exchange.getOrder({ clientOrderId: confirm.slice(3) });
    expect(order).toMatchObject({ type: "stopMarket", status: "working", stopPrice: stop, stopTriggered: false, dealSize: "0" });
    expect(money.isPositive((await usdt(exchange)).holds)).toBe(true);

    // Its details show the stop state, reachable from the active list.
    await user.send("/orders");
    await user.pressLabel(/Active orders/);
    await user.press(`ord:show:${order.id}`);
    expect(user.last()!.text).toContain(`Stop price: ${formatAmount(stop, "USDT")} (not triggered yet)`);
    expect(user.buttonData(/Cancel order/)).toBe(`trd:cancel:${order.id}`);

    // Someone else buys through the asks: the last price rises past the stop.
    const other = await h.createAccount({ trading: { USDT: "1000000" } });
    const otherExchange = createExchangeClient({ baseUrl: h.sim.baseUrls.exchange, apiKey: other.keys.production });
    const sweep = money.sum(book.asks.slice(0, 6).map(([p, s]) => money.mul(p, s)));
    await otherExchange.placeOrder({
      clientOrderId: "sweep1",
      symbol: "BTC-USDT",
      side: "buy",
      type: "market",
      timeInForce: "IOC",
      funds: money.floor(sweep, 2),
    });
    expect(money.gte(await last(exchange), stop)).toBe(true);

    const after = await exchange.getOrder({ orderId: order.id });
    expect(after.stopTriggered).toBe(true);
    expect(after.status).toBe("completed");
    expect(after.dealSize).toBe("0.001");
  });

  it("takes the pair typed in any spelling, and suggests the closest for a typo", async () => {
    const { user } = await trader({ USDT: "100" });
    await user.send("/trade");
    await user.send("btc-usdd");
    expect(user.last()!.text).toContain("There is no trading pair “btc-usdd”. Did you mean one of these?");
    expect(user.buttonData(/^BTC-USDT$/)).toBe(pickData("BTC-USDT"));
    await user.send("btc/usdt");
    expect(user.last()!.text).toContain("BTC-USDT: buy or sell BTC?");
  });

  it("asks a Russian trader for the stop price, then for the limit price, in those words", async () => {
    const { user, key } = await h.linkedUser({ trading: { BTC: "1" } }, { languageCode: "ru" });
    const exchange = createExchangeClient({ baseUrl: h.sim.baseUrls.exchange, apiKey: key });
    const stop = money.floor(money.mul(await last(exchange), "0.9"), 0);
    await user.send("/trade");
    await user.press(pickData("BTC-USDT"));
    await user.press(pickData("sell"));
    await user.press(pickData("stopLimit"));
    expect(user.last()!.text).toMatch(/^Какая стоп-цена, в USDT за BTC\?/);
    await user.send(stop);
    expect(user.last()!.text).toMatch(
      new RegExp(
        `^По какой лимитной цене, в USDT за BTC, выставить ордер, когда сработает стоп ${formattingFor("ru", () => formatAmount(stop, "USDT"))}\\? Шаг цены: `,
      ),
    );
  });

  it("a stop-limit sell below the market waits, shows its stop, and cancelling releases the BTC", async () => {
    const { user, exchange } = await trader({ BTC: "1" });
    const lastPrice = await last(exchange);
    const stop = money.floor(money.mul(lastPrice, "0.9"), 0);
    const limit = money.sub(stop, "100");

    await user.send("/trade");
    await user.press(pickData("BTC-USDT"));
    await user.press(pickData("sell"));
    await user.press(pickData("stopLimit"));
    expect(user.last()!.text).toMatch(/^At what stop price, in USDT per BTC\?/);
    await user.send(stop);
    // The second price asked is the limit price of the order the stop places.
    expect(user.last()!.text).toMatch(
      new RegExp(
        `^At what limit price, in USDT per BTC, should the order be placed once the stop triggers at ${formatAmount(stop, "USDT")}\\? Price step: `,
      ),
    );
    await user.send(limit);
    await user.send("0.2");
    const summary = user.last()!.text;
    expect(summary).toContain("Sell · Stop-limit · GTC");
    expect(summary).toContain(`Trigger: when the last price falls to ${formatAmount(stop, "USDT")} or below`);
    expect(summary).toContain("then a limit order is placed");
    expect(summary).toContain(`Limit price: ${formatAmount(limit, "USDT")}`);
    expect(summary).toContain("Reserved on your trading balance while it waits: 0.2 BTC");

    await user.press(user.confirmData()!);
    const { orders } = await exchange.getActiveOrders();
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ type: "stopLimit", stopPrice: stop, price: limit, stopTriggered: false });
    const btc = (await exchange.getTradingBalances()).balances.find((b) => b.asset === "BTC")!;
    expect(btc).toMatchObject({ available: "0.8", holds: "0.2" });

    await user.press(TRADE_DATA.cancel.build({ orderId: orders[0]!.id }));
    await user.press(user.confirmData()!);
    const released = (await exchange.getTradingBalances()).balances.find((b) => b.asset === "BTC")!;
    expect(released).toMatchObject({ available: "1", holds: "0" });
    expect((await exchange.getOrder({ orderId: orders[0]!.id })).status).toBe("cancelled");
  });
});
