/**
 * The simulator's raw Exchange replies checked against the contract document itself with Ajv,
 * independently of the zod schemas the simulator was built with: every Exchange operation, success
 * and problem replies, on both networks.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operationIdsOf } from "../../../src/service/operations.js";
import { contractCaller } from "../../helpers/contract.js";
import { TestSim } from "../../helpers/simulator.js";

let sim: TestSim;
const covered = new Set<string>();

beforeAll(async () => {
  sim = await TestSim.start({ now: () => new Date("2025-03-03T10:00:00Z") });
});
afterAll(() => sim.close());

const call = (...args: Parameters<ReturnType<typeof contractCaller>>) => contractCaller(sim, covered)(...args);

const TON_ADDRESS = `UQ${"A".repeat(46)}`;

describe("Exchange replies match the contract", () => {
  it.each(["exchange", "exchangeTestnet"] as const)("every Exchange operation on the %s origin", async (origin) => {
    const { keys } = await sim.createAccount({
      funding: { USDT: "1000", TONCOIN: "50" },
      trading: { USDT: "5000", TONCOIN: "500", BTC: "1" },
    });
    const key = origin === "exchange" ? keys.production : keys.testnet;
    const post = (body: unknown) => ({ method: "POST", key, body });

    // Market data.
    await call("getHealth", 200, origin, "/health");
    await call("getRates", 200, origin, `/api/v1/rates?base=USD&assets=TONCOIN`);
    await call("getSymbols", 200, origin, `/api/v1/symbols`);
    await call("getSymbol", 200, origin, `/api/v1/symbols/TONCOIN-USDT`);
    await call("getSymbol", 404, origin, `/api/v1/symbols/TON-USDT`);
    await call("getSymbol", 400, origin, `/api/v1/symbols/toncoin_usdt`);
    await call("getTicker", 200, origin, `/api/v1/ticker/24h`);
    await call("getTicker", 200, origin, `/api/v1/ticker/24h?symbols=BTC-USDT&symbols=TONCOIN-USDT`);
    await call("getTicker", 400, origin, `/api/v1/ticker/24h?symbols=NOPE-USDT`);
    await call("getCandles", 200, origin, `/api/v1/candles?symbol=TONCOIN-USDT&type=1hour`);
    await call("getCandles", 200, origin, `/api/v1/candles?symbol=BTC-USDT&type=1week&startAt=2024-01-01T00:00:00Z`);
    await call("getCandles", 400, origin, `/api/v1/candles?symbol=BTC-USDT&type=2h`);
    await call("getCandles", 404, origin, `/api/v1/candles?symbol=NOPE-USDT&type=1hour`);
    await call("getOrderbook", 200, origin, `/api/v1/orderbook?symbol=TONCOIN-USDT&depth=5&precision=0.01`);
    await call("getOrderbook", 400, origin, `/api/v1/orderbook?symbol=TONCOIN-USDT&depth=7`);
    await call("getOrderbook", 404, origin, `/api/v1/orderbook?symbol=NOPE-USDT`);
    await call("getTrades", 200, origin, `/api/v1/trades?symbol=ETH-USDT`);
    await call("getTrades", 404, origin, `/api/v1/trades?symbol=NOPE-USDT`);
    await call("getAssets", 200, origin, `/api/v1/assets`);
    await call("getAsset", 200, origin, `/api/v1/assets/TONCOIN`);
    await call("getAsset", 404, origin, `/api/v1/assets/TON`);
    await call("getTradeFees", 200, origin, `/api/v1/trade-fees`);
    await call("getTradeFees", 200, origin, `/api/v1/trade-fees?symbols=BTC-USDT&symbols=ETH-USDT`);
    await call("getTradeFees", 404, origin, `/api/v1/trade-fees?symbols=NOPE-USDT`);

    // Balances and orders.
    await call("getTradingBalances", 200, origin, `/api/v1/accounts/trading/balances`, { key });
    await call("getTradingBalances", 401, origin, `/api/v1/accounts/trading/balances`);
    await call("getFundingBalances", 200, origin, `/api/v1/accounts/funding/balances`, { key });
    const limit = {
      symbol: "TONCOIN-USDT",
      side: "buy",
      type: "limit",
      timeInForce: "GTC",
      size: "10",
      price: "5",
    };
    const resting = await call("placeOrder", 201, origin, `/api/v1/orders`, post({ ...limit, clientOrderId: "o-1" }));
    await call("placeOrder", 201, origin, `/api/v1/orders`, post({ ...limit, clientOrderId: "o-2", price: "6" }));
    const stop = { symbol: "BTC-USDT", side: "sell", type: "stopMarket", timeInForce: "IOC", size: "0.01" };
    await call(
      "placeOrder",
      201,
      origin, `/api/v1/orders`,
      post({ ...stop, clientOrderId: "o-3", stopPrice: "60000" }),
    );
    const market = { symbol: "BTC-USDT", side: "buy", type: "market", timeInForce: "IOC", funds: "100" };
    await call("placeOrder", 201, origin, `/api/v1/orders`, post({ ...market, clientOrderId: "o-4" }));
    await call("placeOrder", 400, origin, `/api/v1/orders`, post({ ...limit, clientOrderId: "o-1" }));
    await call(
      "placeOrder",
      400,
      origin, `/api/v1/orders`,
      post({ ...limit, clientOrderId: "o-5", symbol: "ETH-BTC" }),
    );
    await call("placeOrder", 400, origin, `/api/v1/orders`, post({ ...limit, clientOrderId: "o-6", size: "10.001" }));
    await call("placeOrder", 400, origin, `/api/v1/orders`, post({ ...limit, clientOrderId: "o-7", size: "100000" }));
    await call(
      "placeOrder",
      404,
      origin, `/api/v1/orders`,
      post({ ...limit, clientOrderId: "o-8", symbol: "NOPE-USDT" }),
    );
    await call("placeOrder", 400, origin, `/api/v1/orders`, post({ ...limit, clientOrderId: "o-9", type: "iceberg" }));
    await call("placeOrder", 401, origin, `/api/v1/orders`, {
      method: "POST",
      body: { ...limit, clientOrderId: "o-10" },
    });
    const { clientOrderId: _, ...terms } = { ...market, clientOrderId: "" };
    await call("estimateOrder", 201, origin, `/api/v1/orders/estimate`, post(terms));
    await call("estimateOrder", 400, origin, `/api/v1/orders/estimate`, post({ ...terms, funds: "0.5" }));
    await call("getOrder", 200, origin, `/api/v1/order?orderId=${resting.id}`, { key });
    await call("getOrder", 200, origin, `/api/v1/order?clientOrderId=o-3`, { key });
    await call("getOrder", 404, origin, `/api/v1/order?clientOrderId=none`, { key });
    await call("getOrder", 400, origin, `/api/v1/order`, { key });
    await call("getActiveOrders", 200, origin, `/api/v1/orders/active`, { key });
    await call("cancelOrder", 200, origin, `/api/v1/order?clientOrderId=o-1`, { method: "DELETE", key });
    await call("cancelOrder", 409, origin, `/api/v1/order?clientOrderId=o-1`, { method: "DELETE", key });
    await call("cancelOrder", 404, origin, `/api/v1/order?clientOrderId=none`, { method: "DELETE", key });
    await call("getOrdersHistory", 200, origin, `/api/v1/orders/history?pageSize=1&currentPage=2&side=buy`, { key });
    await call("getOrdersHistory", 400, origin, `/api/v1/orders/history?pageSize=101`, { key });

    // Transfers between balances.
    const move = { asset: "USDT", amount: "10", from: "funding", to: "trading" };
    const moved = await call(
      "createBalanceTransfer",
      201,
      origin, `/api/v1/accounts/transfers`,
      post({ ...move, clientTransferId: "t-1" }),
    );
    await call(
      "createBalanceTransfer",
      400,
      origin, `/api/v1/accounts/transfers`,
      post({ ...move, clientTransferId: "t-1" }),
    );
    await call(
      "createBalanceTransfer",
      400,
      origin, `/api/v1/accounts/transfers`,
      post({ ...move, clientTransferId: "t-2", to: "funding" }),
    );
    await call(
      "createBalanceTransfer",
      400,
      origin, `/api/v1/accounts/transfers`,
      post({ ...move, clientTransferId: "t-3", amount: "100000" }),
    );
    await call("getBalanceTransfer", 200, origin, `/api/v1/accounts/transfer?transferId=${moved.id}`, { key });
    await call("getBalanceTransfer", 404, origin, `/api/v1/accounts/transfer?clientTransferId=none`, { key });
    await call("getBalanceTransfersHistory", 200, origin, `/api/v1/accounts/transfers?from=funding&to=trading&assets=USDT&assets=TONCOIN`, {
      key,
    });

    // Withdrawals.
    await call(
      "getFundingWithdrawalQuotas",
      401,
      origin, `/api/v1/accounts/funding/withdrawal-quotas?asset=USDT&network=TON`,
    );
    await call(
      "getFundingWithdrawalQuotas",
      200,
      origin, `/api/v1/accounts/funding/withdrawal-quotas?asset=USDT&network=TRX`,
      { key },
    );
    await call(
      "getFundingWithdrawalQuotas",
      404,
      origin, `/api/v1/accounts/funding/withdrawal-quotas?asset=BTC&network=TON`,
      { key },
    );
    const send = { network: "TON", address: TON_ADDRESS, asset: "USDT", amount: "5" };
    const sent = await call(
      "createFundingWithdrawal",
      201,
      origin, `/api/v1/accounts/funding/withdrawals`,
      post({ ...send, clientWithdrawalId: "w-1" }),
    );
    await call(
      "createFundingWithdrawal",
      400,
      origin, `/api/v1/accounts/funding/withdrawals`,
      post({ ...send, clientWithdrawalId: "w-1" }),
    );
    await call(
      "createFundingWithdrawal",
      400,
      origin, `/api/v1/accounts/funding/withdrawals`,
      post({ ...send, clientWithdrawalId: "w-2", address: "0xabc" }),
    );
    await call(
      "createFundingWithdrawal",
      400,
      origin, `/api/v1/accounts/funding/withdrawals`,
      post({ ...send, clientWithdrawalId: "w-3", amount: "0.5" }),
    );
    await call("getFundingWithdrawal", 200, origin, `/api/v1/accounts/funding/withdrawal?withdrawalId=${sent.id}`, {
      key,
    });
    await call("getFundingWithdrawal", 404, origin, `/api/v1/accounts/funding/withdrawal?clientWithdrawalId=none`, {
      key,
    });
    await call("getFundingWithdrawalsHistory", 200, origin, `/api/v1/accounts/funding/withdrawals?assets=USDT`, {
      key,
    });

    const missing = operationIdsOf("exchange").filter((id) => !covered.has(id));
    expect(missing).toEqual([]);
  });
});
