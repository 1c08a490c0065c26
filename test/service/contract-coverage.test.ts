/**
 * The contract, the operations table and the clients agree: every operationId of openapi.yaml is in
 * the table with its method and path, has a client method of that name on each interface it is
 * served by, and is called once through the real clients against the simulator over HTTP.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { money } from "../../src/domain/money.js";
import { createExchangeClient, createPayClient, type ExchangeClient, type PayClient } from "../../src/service/client.js";
import { type Api, type OperationId, operations } from "../../src/service/operations.js";
import { CONTRACT_URL } from "../helpers/contract.js";
import { TestSim } from "../helpers/simulator.js";

type Doc = { paths: Record<string, Record<string, { operationId?: string }> & { servers?: { url: string }[] }> };
const doc = parse(readFileSync(CONTRACT_URL, "utf8")) as Doc;

const contract = Object.entries(doc.paths).flatMap(([path, item]) =>
  (["get", "post", "delete", "put", "patch"] as const)
    .filter((m) => item[m]?.operationId)
    .map((m) => ({
      id: item[m]!.operationId as string,
      method: m.toUpperCase(),
      path,
      apis: (item.servers ?? []).map((s) => (s.url.includes("exchange") ? "exchange" : "pay")) as Api[],
    })),
);

describe("the operations table follows the contract", () => {
  it("has exactly the contract's operations, with their methods, paths and interfaces", () => {
    expect(Object.keys(operations).sort()).toEqual(contract.map((c) => c.id).sort());
    for (const c of contract) {
      const def = operations[c.id as OperationId];
      expect({ id: c.id, method: def.method, path: def.path, apis: [...def.apis].sort() }).toEqual({
        id: c.id,
        method: c.method,
        path: c.path,
        apis: [...new Set(c.apis)].sort(),
      });
    }
  });

  it("gives each client a method named after every operationId it serves", () => {
    const exchange = createExchangeClient({ baseUrl: "http://127.0.0.1:9" }) as unknown as Record<string, unknown>;
    const pay = createPayClient({ baseUrl: "http://127.0.0.1:9" }) as unknown as Record<string, unknown>;
    for (const c of contract) {
      for (const api of c.apis) expect(typeof (api === "exchange" ? exchange : pay)[c.id], `${api}.${c.id}`).toBe("function");
    }
  });
});

describe("every operation through the clients against the simulator", () => {
  let sim: TestSim;
  const called = new Set<string>();
  /** Records each method that returned a reply (zod-validated by the client). */
  // A client's operations are methods shared by all clients of its interface (on its prototype).
  const recording = <T extends object>(client: T): T =>
    Object.fromEntries(
      Object.entries({ ...(Object.getPrototypeOf(client) as object), ...client }).map(([name, value]) => [
        name,
        typeof value !== "function"
          ? value
          : async (...args: unknown[]) => {
              const result = await (value as (...a: unknown[]) => Promise<unknown>).apply(client, args);
              called.add(name);
              return result;
            },
      ]),
    ) as T;
  let ex: ExchangeClient;
  let pay: PayClient;
  let payTestnet: PayClient;
  let other: number;

  beforeAll(async () => {
    sim = await TestSim.start();
    const me = await sim.createAccount({
      pay: { USDT: "1000" },
      funding: { USDT: "1000" },
      trading: { USDT: "5000", BTC: "1" },
    });
    other = (await sim.createAccount({})).userId;
    const base = sim.running.baseUrls;
    ex = recording(createExchangeClient({ baseUrl: base.exchange, apiKey: me.keys.production }));
    pay = recording(createPayClient({ baseUrl: base.pay, apiKey: me.keys.production }));
    payTestnet = recording(createPayClient({ baseUrl: base.payTestnet, apiKey: me.keys.testnet }));
  });
  afterAll(async () => sim?.running.close());

  it("market data, balances and fees", async () => {
    expect((await ex.getSymbols()).symbols.length).toBeGreaterThan(0);
    expect((await ex.getSymbol({ symbol: "BTC-USDT" })).baseAsset).toBe("BTC");
    expect((await ex.getTicker({ tickerType: "24h", symbols: ["BTC-USDT"] })).tickers[0]?.symbol).toBe("BTC-USDT");
    expect((await ex.getCandles({ symbol: "BTC-USDT", type: "1hour" })).candles.length).toBeGreaterThan(0);
    expect((await ex.getOrderbook({ symbol: "BTC-USDT", depth: 5 })).bids.length).toBeLessThanOrEqual(5);
    expect((await ex.getTrades({ symbol: "BTC-USDT" })).trades).toBeInstanceOf(Array);
    expect((await ex.getAssets()).some((a) => a.asset === "TONCOIN")).toBe(true);
    expect(await ex.getAsset({ asset: "BTC" })).toMatchObject({
      asset: "BTC",
      availableTransfers: ["fundingToTrading", "tradingToFunding"],
    });
    expect((await ex.getRates({ base: "USD", assets: ["USDT"] })).USDT?.rate).toBe("1");
    expect((await ex.getHealth()).status).toBe("ok");
    expect((await ex.getTradeFees({ symbols: ["BTC-USDT"] })).fees[0]?.symbol).toBe("BTC-USDT");
    expect((await ex.getTradingBalances()).balances.find((b) => b.asset === "BTC")?.balance).toBe("1");
    expect((await ex.getFundingBalances()).balances.find((b) => b.asset === "USDT")?.balance).toBe("1000");
  });

  it("orders: estimate, place, read, list, cancel", async () => {
    const symbol = await ex.getSymbol({ symbol: "BTC-USDT" });
    const book = await ex.getOrderbook({ symbol: "BTC-USDT", depth: 20 });
    // A buy at the lowest bid cannot cross the asks, so it rests on the book.
    const lowBid = book.bids.at(-1)![0];
    const funds = money.mul(symbol.quoteMinSize, "2");
    const sizePlaces = money.decimalPlaces(symbol.baseIncrement);
    const size = money.add(money.div(funds, lowBid, sizePlaces), symbol.baseIncrement);
    const estimate = await ex.estimateOrder({ symbol: "BTC-USDT", side: "buy", type: "market", timeInForce: "IOC", funds });
    expect(money.isPositive(estimate.funds)).toBe(true);
    const market = await ex.placeOrder({
      clientOrderId: "cov-market-1",
      symbol: "BTC-USDT",
      side: "buy",
      type: "market",
      timeInForce: "IOC",
      funds,
    });
    expect(market.status).toBe("completed");
    const resting = await ex.placeOrder({
      clientOrderId: "cov-limit-1",
      symbol: "BTC-USDT",
      side: "buy",
      type: "limit",
      timeInForce: "GTC",
      size,
      price: lowBid,
    });
    expect(resting).toMatchObject({ status: "working", baseAsset: "BTC", quoteAsset: "USDT" });
    expect((await ex.getOrder({ clientOrderId: "cov-limit-1" })).id).toBe(resting.id);
    expect((await ex.getActiveOrders()).orders.map((o) => o.id)).toContain(resting.id);
    expect((await ex.cancelOrder({ orderId: resting.id })).cancelledOrderIds).toEqual([resting.id]);
    expect((await ex.getOrder({ orderId: resting.id })).status).toBe("cancelled");
    const history = await ex.getOrdersHistory({ pageSize: 10, currentPage: 1 });
    expect(history.orders.map((o) => o.clientOrderId).sort()).toEqual(["cov-limit-1", "cov-market-1"]);
    expect(history.totalNum).toBe(2);
  });

  it("funding withdrawals and moves between balances", async () => {
    const quota = await ex.getFundingWithdrawalQuotas({ network: "TON", asset: "USDT" });
    const withdrawal = await ex.createFundingWithdrawal({
      clientWithdrawalId: "cov-fw-1",
      network: "TON",
      address: `EQ${"A".repeat(46)}`,
      asset: "USDT",
      amount: quota.minAmount,
    });
    expect((await ex.getFundingWithdrawal({ clientWithdrawalId: "cov-fw-1" })).id).toBe(withdrawal.id);
    expect((await ex.getFundingWithdrawalsHistory({})).withdrawals).toHaveLength(1);
    const move = await ex.createBalanceTransfer({ clientTransferId: "cov-mv-1", asset: "USDT", amount: "10", from: "funding", to: "trading" });
    expect((await ex.getBalanceTransfer({ clientTransferId: "cov-mv-1" })).id).toBe(move.id);
    expect((await ex.getBalanceTransfersHistory({ from: "funding", to: "trading", assets: ["USDT"] })).transfers).toHaveLength(1);
  });

  it("Pay: app, currencies, cheques, transfers, invoices, withdrawals", async () => {
    expect((await pay.getAppInfo()).ownerId).toBeTruthy();
    expect((await pay.getAppBalances()).balances.find((b) => b.asset === "USDT")?.available).toBe("1000");
    expect((await pay.getCurrencies()).some((c) => c.code === "USDT")).toBe(true);
    expect((await pay.getRates({ base: "EUR" })).length).toBeGreaterThan(0);
    expect((await pay.getHealth()).status).toBe("ok");

    const cheque = await pay.createCheque({ asset: "USDT", amount: "5", clientChequeId: "cov-chq-1" });
    expect((await pay.getCheque({ clientChequeId: "cov-chq-1" })).chequeId).toBe(cheque.chequeId);
    expect((await pay.getCheques({ state: "active" })).items).toHaveLength(1);
    const renamed = await pay.updateCheque({ clientChequeId: "cov-chq-1", description: "for Ann" });
    expect(renamed.description).toBe("for Ann");
    expect((await pay.getCheque({ chequeId: cheque.chequeId })).description).toBe("for Ann");
    expect(await pay.deleteCheque({ chequeId: cheque.chequeId })).toBeUndefined();
    expect((await pay.getCheque({ chequeId: cheque.chequeId })).deleted).toBe(true);

    const transfer = await pay.createTransfer({
      target: String(other),
      targetType: "telegram_user_id",
      asset: "USDT",
      amount: "1",
      clientPayoutId: "cov-tr-1",
    });
    expect((await pay.getTransfer({ payoutId: transfer.payoutId })).clientPayoutId).toBe("cov-tr-1");
    const mass = await pay.createMassTransfer({
      asset: "USDT",
      payouts: [{ target: String(other), targetType: "telegram_user_id", amount: "2", clientPayoutId: "cov-mt-1" }],
    });
    expect(mass.successPayouts.map((p) => p.clientPayoutId)).toEqual(["cov-mt-1"]);
    expect((await pay.getTransfers({ limit: 10 })).items).toHaveLength(2);

    const invoice = await pay.createInvoice({ clientInvoiceId: "cov-inv-1", priceCurrency: "USDT", priceAmount: "3" });
    expect((await pay.getInvoice({ invoiceId: invoice.id })).status).toBe("active");
    expect((await pay.getInvoices({})).items).toHaveLength(1);
    expect(await pay.deleteInvoice({ invoiceId: invoice.id })).toBeUndefined();
    expect((await pay.getInvoice({ invoiceId: invoice.id })).status).toBe("deleted");
    const testInvoice = await payTestnet.createInvoice({ clientInvoiceId: "cov-inv-2", priceCurrency: "USDT", priceAmount: "3" });
    const address = await payTestnet.createInvoicePaymentAddress({
      invoiceId: testInvoice.id,
      payNetwork: "TON",
    });
    expect(address).toMatchObject({ payCurrency: "USDT", payNetwork: "TON", minAmount: "3" });
    // Asking again gives the same address: nothing is created twice.
    expect(await payTestnet.createInvoicePaymentAddress({ clientInvoiceId: "cov-inv-2", payNetwork: "TON" })).toEqual(
      address,
    );
    expect((await payTestnet.getInvoicePayments({ invoiceId: testInvoice.id })).items).toEqual([]);
    expect((await payTestnet.payInvoiceTestnet({ invoiceId: testInvoice.id })).status).toBe("paid");
    const { items: payments } = await payTestnet.getInvoicePayments({ clientInvoiceId: "cov-inv-2" });
    expect(payments).toMatchObject([
      { status: "paid", payAmount: "3", payCurrency: "USDT", transactions: [{ type: "internal" }] },
    ]);

    const quota = await pay.getWithdrawalQuotas({ network: "TON", asset: "USDT" });
    const link = await pay.createWithdrawalLink({ network: "TON", address: `UQ${"B".repeat(46)}`, asset: "USDT", amount: quota.withdrawMinSize });
    expect(link.webLink).toMatch(/^http/);
    const withdrawal = await pay.createWithdrawal({
      clientWithdrawalId: "cov-wd-1",
      network: "TON",
      address: `UQ${"B".repeat(46)}`,
      asset: "USDT",
      amount: quota.withdrawMinSize,
    });
    expect((await pay.getWithdrawal({ withdrawalId: withdrawal.withdrawalId })).clientWithdrawalId).toBe("cov-wd-1");
    expect((await pay.getWithdrawals({})).items).toHaveLength(1);
  });

  it("called every operation of the contract", () => {
    expect(contract.map((c) => c.id).filter((id) => !called.has(id))).toEqual([]);
  });
});
