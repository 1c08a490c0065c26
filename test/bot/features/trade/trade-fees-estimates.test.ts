/**
 * What an order's summary says it will bring and cost is what it brings and costs when it fills: a
 * stop order is estimated at its stop (or its limit) price, not at today's; a limit order that waits
 * on the book shows the maker fee it pays when it fills, not "≈ 0". The real bot over the in-process
 * simulator (BTC-USDT: maker 0.1 %, taker 0.2 %; the seeded book around 65 000); another account
 * trades on the same book to fill what waits.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formatAmount, money } from "../../../../src/domain/money.js";
import { createExchangeClient, type ExchangeClient } from "../../../../src/service/client.js";
import { Harness, type TestUser } from "../../../helpers/bot-harness.js";
import { pickData } from "../../../../src/bot/shared/input-data.js";

describe("order summaries at the prices the order will meet", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.create();
  });
  afterEach(async () => {
    await h.close();
  });

  async function trader(balances: Record<string, string>, languageCode?: string) {
    const linked = await h.linkedUser({ trading: balances }, languageCode ? { languageCode } : {});
    const exchange = createExchangeClient({ baseUrl: h.sim.baseUrls.exchange, apiKey: linked.key });
    return { ...linked, exchange };
  }
  const lastOf = async (exchange: ExchangeClient) =>
    (await exchange.getTicker({ tickerType: "24h", symbols: ["BTC-USDT"] })).tickers[0]!.last;

  /** /trade BTC-USDT, side and type, then the prices and the amount typed; returns the summary. */
  async function summary(user: TestUser, side: "buy" | "sell", type: string, typed: string[]): Promise<string> {
    await user.send("/trade");
    await user.press(pickData("BTC-USDT"));
    await user.press(pickData(side));
    await user.press(pickData(type));
    for (const text of typed) await user.send(text);
    if (!user.confirmData()) throw new Error(`no summary: ${user.last()?.text}`);
    return user.last()!.text;
  }

  it("a stop-market sell at 60 000 is estimated at 60 000, not at today's price", async () => {
    const { user, exchange } = await trader({ BTC: "1" });
    const today = await exchange.estimateOrder({ symbol: "BTC-USDT", side: "sell", type: "market", timeInForce: "IOC", size: "0.01288" });
    const text = await summary(user, "sell", "stopMarket", ["60000", "0.01288"]);
    // 0.01288 × 60 000 = 772.8 USDT; the taker fee 0.2 % of it, 1.5456 USDT.
    expect(text).toContain(`When it triggers: ≈ 0.01288 BTC for ≈ 772.8 USDT, at about the stop price ${formatAmount("60000", "USDT")}`);
    expect(text).toContain("Fee when it triggers: ≈ 1.5456 USDT (taker rate 0.2%)");
    expect(text).not.toContain(formatAmount(today.funds, "USDT"));
    expect(text).not.toContain("If it triggered now");
  });

  it("a stop-market buy above the market is estimated at its stop", async () => {
    const { user, exchange } = await trader({ USDT: "5000" });
    const stop = money.add(money.floor(await lastOf(exchange), 0), "1000");
    const text = await summary(user, "buy", "stopMarket", [stop, "0.01"]);
    expect(text).toContain(`When it triggers: ≈ 0.01 BTC for ≈ ${formatAmount(money.mul("0.01", stop), "USDT")}, at about the stop price`);
    expect(text).toContain("Fee when it triggers: ≈ 0.00002 BTC (taker rate 0.2%)");
  });

  it("a stop-limit sell is estimated at its limit price", async () => {
    const { user, exchange } = await trader({ BTC: "1" });
    const stop = money.floor(money.mul(await lastOf(exchange), "0.9"), 0);
    const limit = money.sub(stop, "100");
    const text = await summary(user, "sell", "stopLimit", [stop, limit, "0.2"]);
    expect(text).toContain(
      `When it triggers: a limit order for 0.2 BTC at ${formatAmount(limit, "USDT")}, ≈ ${formatAmount(money.mul("0.2", limit), "USDT")} when it fills`,
    );
    expect(text).toContain(
      `Fee when it fills: ≈ ${formatAmount(money.mul(money.mul("0.2", limit), "0.001"), "USDT")} if it waits on the book (maker rate 0.1%), ≈ ${formatAmount(money.mul(money.mul("0.2", limit), "0.002"), "USDT")} if it fills at once (taker rate 0.2%)`,
    );
  });

  it("a limit buy that waits on the book shows the maker fee it pays when it fills, and pays exactly that", async () => {
    const { user, exchange } = await trader({ USDT: "5000" });
    const text = await summary(user, "buy", "limit", ["60000", "0.01"]);
    expect(text).not.toContain("Fee: ≈ 0 BTC");
    // 0.01 BTC bought, 0.1 % of it kept as the maker fee.
    expect(text).toContain("Fee when it fills: ≈ 0.00001 BTC (maker rate 0.1%)");
    await user.press(user.confirmData()!);

    // Someone sells through every bid down to 60 000: the order fills as a maker.
    const seller = await h.createAccount({ trading: { BTC: "10" } });
    await createExchangeClient({ baseUrl: h.sim.baseUrls.exchange, apiKey: seller.keys.production }).placeOrder({
      clientOrderId: "sweep-bids",
      symbol: "BTC-USDT",
      side: "sell",
      type: "limit",
      timeInForce: "IOC",
      size: "10",
      price: "60000",
    });
    const { orders } = await exchange.getOrdersHistory({ pageSize: 10 });
    expect(orders[0]).toMatchObject({ status: "completed", dealSize: "0.01", fee: "0.00001", feeAsset: "BTC" });
  });

  it("a limit sell that fills in part at once: the taker fee now, the maker fee on the rest", async () => {
    const { user, exchange } = await trader({ BTC: "2" });
    const book = await exchange.getOrderbook({ symbol: "BTC-USDT", depth: 5 });
    const price = book.bids[2]![0];
    const now = money.sum(book.bids.slice(0, 3).map(([, size]) => size));
    const size = money.add(now, "0.1");
    const estimate = await exchange.estimateOrder({ symbol: "BTC-USDT", side: "sell", type: "limit", timeInForce: "GTC", size, price });
    expect(estimate.size).toBe(now);
    const text = await summary(user, "sell", "limit", [price, size]);
    const rest = money.mul(money.mul("0.1", price), "0.001");
    expect(text).toContain(
      `Fee: ≈ ${formatAmount(estimate.fee, "USDT")} now (taker rate 0.2%) + ≈ ${formatAmount(rest, "USDT")} when the rest fills (maker rate 0.1%)`,
    );
  });

  it("speaks Russian: the stop's estimate at its stop and the maker fee of a resting limit", async () => {
    const { user } = await trader({ BTC: "1", USDT: "5000" }, "ru");
    const stopText = await summary(user, "sell", "stopMarket", ["60000", "0.01288"]);
    expect(stopText).toContain(`Когда сработает: ≈ 0,01288 BTC за ≈ 772,8 USDT, примерно по стоп-цене 60\u00a0000 USDT`);
    expect(stopText).toContain("Комиссия при срабатывании: ≈ 1,5456 USDT (ставка тейкера 0,2\u00a0%)");
    await user.send("/cancel");
    const limitText = await summary(user, "buy", "limit", ["60000", "0.01"]);
    expect(limitText).toContain("Комиссия при исполнении: ≈ 0,00001 BTC (ставка мейкера 0,1\u00a0%)");
  });
});
