/**
 * The simulator's raw Pay replies (and the shared getRates and getHealth) checked against the
 * contract document itself with Ajv, independently of the zod schemas the simulator was built with.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operationIdsOf } from "../../../src/service/operations.js";
import { contractCaller, validateComponent } from "../../helpers/contract.js";
import { TestSim } from "../../helpers/simulator.js";

let sim: TestSim;
const covered = new Set<string>();

beforeAll(async () => {
  sim = await TestSim.start();
});
afterAll(() => sim.close());

const call = (...args: Parameters<ReturnType<typeof contractCaller>>) => contractCaller(sim, covered)(...args);

const TON_ADDRESS = `UQ${"x".repeat(46)}`;

describe("Pay replies match the contract", () => {
  it("every Pay operation and the shared ones, success and problem replies", async () => {
    const owner = await sim.createAccount({ pay: { USDT: "500", TONCOIN: "10" } });
    const friend = await sim.createAccount();
    const key = owner.keys.production;
    const testKey = owner.keys.testnet;

    for (const origin of ["pay", "payTestnet", "exchange", "exchangeTestnet"] as const) {
      await call("getHealth", 200, origin, "/health");
      await call("getRates", 200, origin, "/api/v1/rates?base=RUB");
    }
    await call("getRates", 200, "pay", "/api/v1/rates?base=USD&assets=BTC&assets=TONCOIN");
    await call("getRates", 400, "pay", "/api/v1/rates?base=usd");
    await call("getCurrencies", 200, "pay", "/api/v1/currencies");
    await call("getAppInfo", 200, "pay", "/api/v1/app-info", { key });
    await call("getAppInfo", 401, "pay", "/api/v1/app-info");
    await call("getAppBalances", 200, "pay", "/api/v1/balances", { key });
    await call("getAppBalances", 401, "pay", "/api/v1/balances", { key: testKey });

    // Cheques.
    const cheque = await call("createCheque", 201, "pay", "/api/v1/cheques", {
      method: "POST",
      key,
      body: {
        asset: "USDT",
        amount: "5",
        clientChequeId: "k-1",
        targetType: "telegram_user_id",
        target: "1002",
      },
    });
    await call("createCheque", 201, "pay", "/api/v1/cheques", {
      method: "POST",
      key,
      body: { asset: "USDT", amount: "5", clientChequeId: "k-2" },
    });
    await call("createCheque", 400, "pay", "/api/v1/cheques", {
      method: "POST",
      key,
      body: { asset: "USDT", amount: "5", clientChequeId: "k-1" },
    });
    await call("createCheque", 400, "pay", "/api/v1/cheques", {
      method: "POST",
      key,
      body: { asset: "USDT", amount: "5.1234567", clientChequeId: "k-3" },
    });
    await call("getCheques", 200, "pay", "/api/v1/cheques?limit=1", { key });
    const put = { method: "PUT", key, body: { description: "for Ann" } };
    expect(await call("updateCheque", 200, "pay", "/api/v1/cheques?clientChequeId=k-1", put)).toMatchObject({
      description: "for Ann",
    });
    await call("updateCheque", 404, "pay", "/api/v1/cheques?clientChequeId=none", put);
    await call("getCheques", 200, "pay", "/api/v1/cheques?state=active", { key });
    await call("getCheque", 200, "pay", `/api/v1/cheque?chequeId=${cheque.chequeId}`, { key });
    await call("getCheque", 404, "pay", "/api/v1/cheque?clientChequeId=none", { key });
    await call("getCheque", 400, "pay", "/api/v1/cheque", { key });
    await call("deleteCheque", 204, "pay", "/api/v1/cheques?clientChequeId=k-2", { method: "DELETE", key });
    await sim.redeem(String(cheque.chequeId), friend.userId);
    await call("deleteCheque", 409, "pay", "/api/v1/cheques?clientChequeId=k-1", { method: "DELETE", key });

    // Transfers.
    const to = { target: String(friend.userId), targetType: "telegram_user_id" };
    const transfer = await call("createTransfer", 201, "pay", "/api/v1/payouts", {
      method: "POST",
      key,
      body: { ...to, asset: "USDT", amount: "1", clientPayoutId: "t-1", description: "hello" },
    });
    await call("createTransfer", 201, "pay", "/api/v1/payouts", {
      method: "POST",
      key,
      body: { ...to, asset: "USDT", amount: "1", clientPayoutId: "t-2" },
    });
    await call("createTransfer", 404, "pay", "/api/v1/payouts", {
      method: "POST",
      key,
      body: { ...to, target: "99999", asset: "USDT", amount: "1", clientPayoutId: "t-3" },
    });
    await call("createTransfer", 400, "pay", "/api/v1/payouts", {
      method: "POST",
      key,
      body: { ...to, asset: "USDT", amount: "100000", clientPayoutId: "t-4" },
    });
    await call("createMassTransfer", 201, "pay", "/api/v1/mass-payouts", {
      method: "POST",
      key,
      body: {
        asset: "USDT",
        payouts: [
          { ...to, amount: "1", clientPayoutId: "m-1" },
          { ...to, amount: "1", clientPayoutId: "t-1" },
          { ...to, amount: "99999", clientPayoutId: "m-3" },
        ],
      },
    });
    await call("getTransfers", 200, "pay", "/api/v1/payouts?limit=2", { key });
    await call("getTransfers", 200, "pay", "/api/v1/payouts?fromDate=2020-01-01T00:00:00Z", { key });
    await call("getTransfer", 200, "pay", `/api/v1/payout?payoutId=${transfer.payoutId}`, { key });
    await call("getTransfer", 200, "pay", "/api/v1/payout?clientPayoutId=m-1", { key });
    await call("getTransfer", 404, "pay", "/api/v1/payout?clientPayoutId=m-3", { key });
    // The source document's own description of this read still answers: an alias of the payout read.
    const byAlias = await call("getTransfer", 200, "pay", `/api/v1/transfer?transferId=${transfer.payoutId}`, { key });
    expect(byAlias).toEqual(await call("getTransfer", 200, "pay", "/api/v1/transfer?clientTransferId=t-1", { key }));
    expect(byAlias.payoutId).toBe(transfer.payoutId);
    await call("getTransfer", 404, "payTestnet", "/api/v1/transfer?clientTransferId=t-1", { key: testKey });

    // Invoices (paid on the testnet).
    const inv = await call("createInvoice", 201, "payTestnet", "/api/v1/invoices", {
      method: "POST",
      key: testKey,
      body: {
        clientInvoiceId: "i-1",
        priceCurrency: "TONCOIN",
        priceAmount: "1.5",
        expiresIn: 3_600_000,
        isFeePaidByUser: false,
      },
    });
    await call("createInvoice", 201, "payTestnet", "/api/v1/invoices", {
      method: "POST",
      key: testKey,
      body: { clientInvoiceId: "i-2", priceCurrency: "TONCOIN", minPayment: "1", numPayments: 2 },
    });
    await call("getInvoices", 200, "payTestnet", "/api/v1/invoices", { key: testKey });
    await call("getInvoice", 200, "payTestnet", "/api/v1/invoice?clientInvoiceId=i-1", { key: testKey });
    const address = "/api/v1/invoices/payments/address?clientInvoiceId=i-1";
    await call("createInvoicePaymentAddress", 201, "payTestnet", address, { method: "POST", key: testKey, body: { payNetwork: "TON" } });
    await call("createInvoicePaymentAddress", 400, "payTestnet", address, { method: "POST", key: testKey, body: { payNetwork: "BTC" } });
    await call("getInvoicePayments", 200, "payTestnet", "/api/v1/invoice/payments?clientInvoiceId=i-1", { key: testKey });
    await call("getInvoicePayments", 404, "payTestnet", "/api/v1/invoice/payments?clientInvoiceId=none", { key: testKey });
    await call("payInvoiceTestnet", 200, "payTestnet", `/api/v1/invoice/pay?invoiceId=${inv.id}`, {
      method: "POST",
      key: testKey,
      body: { payerId: "5555" },
    });
    await call("payInvoiceTestnet", 409, "payTestnet", `/api/v1/invoice/pay?invoiceId=${inv.id}`, {
      method: "POST",
      key: testKey,
    });
    const paid = await call("getInvoicePayments", 200, "payTestnet", "/api/v1/invoice/payments?clientInvoiceId=i-1", {
      key: testKey,
    });
    expect(paid.items).toMatchObject([{ status: "paid", payAmount: "1.5", payCurrency: "TONCOIN" }]);
    await call("payInvoiceTestnet", 403, "pay", `/api/v1/invoice/pay?invoiceId=${inv.id}`, {
      method: "POST",
      key,
    });
    await call("deleteInvoice", 409, "payTestnet", "/api/v1/invoice?clientInvoiceId=i-1", {
      method: "DELETE",
      key: testKey,
    });
    await call("deleteInvoice", 204, "payTestnet", "/api/v1/invoice?clientInvoiceId=i-2", {
      method: "DELETE",
      key: testKey,
    });
    await call("getInvoice", 200, "payTestnet", "/api/v1/invoice?clientInvoiceId=i-2", { key: testKey });

    // Withdrawals.
    const terms = { network: "TON", address: TON_ADDRESS, asset: "USDT", amount: "2" };
    await call("getWithdrawalQuotas", 200, "pay", "/api/v1/withdrawal-quotas?asset=TONCOIN&network=TON");
    await call("getWithdrawalQuotas", 404, "pay", "/api/v1/withdrawal-quotas?asset=TONCOIN&network=BTC");
    await call("getWithdrawalQuotas", 400, "pay", "/api/v1/withdrawal-quotas?asset=TONCOIN&network=DOGE");
    await call("createWithdrawalLink", 201, "pay", "/api/v1/withdrawal-link", {
      method: "POST",
      key,
      body: terms,
    });
    const created = await call("createWithdrawal", 201, "pay", "/api/v1/withdrawals", {
      method: "POST",
      key,
      body: { ...terms, clientWithdrawalId: "w-1", comment: "memo" },
    });
    await call("createWithdrawal", 400, "pay", "/api/v1/withdrawals", {
      method: "POST",
      key,
      body: { ...terms, address: "nope", clientWithdrawalId: "w-2" },
    });
    await call("createWithdrawal", 400, "pay", "/api/v1/withdrawals", {
      method: "POST",
      key,
      body: { ...terms, amount: "0.5", clientWithdrawalId: "w-3" },
    });
    await call("getWithdrawals", 200, "pay", "/api/v1/withdrawals?status=COMPLETED", { key });
    await call("getWithdrawal", 200, "pay", `/api/v1/withdrawal?withdrawalId=${created.withdrawalId}`, { key });
    await call("getWithdrawal", 404, "pay", "/api/v1/withdrawal?clientWithdrawalId=none", { key });

    // Fault replies.
    await sim.fault({ operationId: "createTransfer", mode: "error5xx" });
    await call("createTransfer", 500, "pay", "/api/v1/payouts", {
      method: "POST",
      key,
      body: { ...to, asset: "USDT", amount: "1", clientPayoutId: "t-5" },
    });
    await sim.fault({ operationId: "getCurrencies", mode: "rateLimit", ms: 0 });
    await call("getCurrencies", 429, "pay", "/api/v1/currencies");

    const missing = operationIdsOf("pay").filter((id) => !covered.has(id));
    expect(missing).toEqual([]);
  });

  it("route and mass-item problems are Problem documents", async () => {
    const notFound = await sim.api("pay", "/api/v1/unknown");
    expect(validateComponent("Problem", notFound.body)).toEqual([]);
    const wrongMethod = await sim.api("payTestnet", "/api/v1/balances", { method: "POST" });
    expect(validateComponent("Problem", wrongMethod.body)).toEqual([]);
    const control = await sim.fetch("/_sim/accounts/1");
    expect(validateComponent("Problem", control.body)).toEqual([]);
  });
});
