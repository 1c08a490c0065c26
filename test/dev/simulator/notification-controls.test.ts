/**
 * The simulator's additions for notifications: control endpoints that make things happen from
 * outside (pay an invoice as another user, fill an order by trading against it, move a price) and
 * signed callbacks with the real headers and envelope, retried with the same delivery id.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createExchangeClient } from "../../../src/service/client.js";
import { verifyWebhook } from "../../../src/service/webhook-signature.js";
import { TestSim } from "../../helpers/simulator.js";
import { until } from "../../helpers/wait.js";

let sim: TestSim;
let server: Server | undefined;
afterEach(async () => {
  await new Promise((r) => (server ? server.close(r) : r(undefined)));
  server = undefined;
  await sim?.close();
});

describe("notification controls", () => {
  it("pay an invoice as another user on production, moving the amount between balances", async () => {
    sim = await TestSim.start();
    const owner = await sim.createAccount();
    const payer = await sim.createAccount({ pay: { USDT: "50" } });
    const invoice = await sim.pay(owner.keys.production).createInvoice({ clientInvoiceId: "i-1", priceCurrency: "USDT", priceAmount: "20" });
    const paid = await sim.control<{ status: string }>("/_sim/invoices/pay", "POST", {
      invoiceId: invoice.id,
      payerId: String(payer.userId),
    });
    expect(paid).toMatchObject({ status: "paid" });
    expect(await sim.available(owner.userId, "USDT")).toBe("20");
    expect(await sim.available(payer.userId, "USDT")).toBe("30");
    const again = await sim.fetch("/_sim/invoices/pay", { method: "POST", body: { invoiceId: invoice.id } });
    expect(again.status).toBe(409);
  });

  it("fill a resting order in parts by trading against it, and move a price", async () => {
    sim = await TestSim.start();
    const trader = await sim.createAccount({ trading: { USDT: "1000" } });
    const ex = createExchangeClient({ baseUrl: sim.running.baseUrls.exchange, apiKey: trader.keys.production, backoffMs: 5 });
    const order = await ex.placeOrder({
      clientOrderId: "o-1",
      symbol: "TONCOIN-USDT",
      side: "buy",
      type: "limit",
      timeInForce: "GTC",
      size: "10",
      price: "1",
    } as never);
    const part = await sim.control<{ status: string; dealSize: string }>("/_sim/orders/fill", "POST", { orderId: order.id, size: "4" });
    expect(part).toMatchObject({ status: "working", dealSize: "4" });
    const rest = await sim.control<{ status: string; dealSize: string }>("/_sim/orders/fill", "POST", { orderId: order.id });
    expect(rest).toMatchObject({ status: "completed", dealSize: "10" });
    expect((await sim.account(trader.userId)).trading.USDT).toBe("990");

    await sim.control("/_sim/markets/price", "POST", { symbol: "TONCOIN-USDT", price: "9.5" });
    const { tickers } = await ex.getTicker({ tickerType: "24h", symbols: ["TONCOIN-USDT"] });
    expect(tickers[0]?.last).toBe("9.5");
    expect((await sim.fetch("/_sim/markets/price", { method: "POST", body: { symbol: "TONCOIN-USDT", price: "-1" } })).status).toBe(400);
  });

  it("signs callbacks like the real service and retries a failed delivery with the same id", async () => {
    sim = await TestSim.start({ callbacks: { retryDelaysMs: [20, 20] } });
    const received: { headers: IncomingMessage["headers"]; body: Buffer; status: number }[] = [];
    server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const status = received.length === 0 ? 500 : 200;
      received.push({ headers: req.headers, body: Buffer.concat(chunks), status });
      res.writeHead(status).end();
    });
    await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cb`;
    const owner = await sim.createAccount({ pay: { USDT: "10" } });
    const redeemer = await sim.createAccount();
    await sim.control("/_sim/webhooks", "POST", { userId: owner.userId, secret: "sim-secret-0123456789" });
    const cheque = await sim.pay(owner.keys.production).createCheque({
      clientChequeId: "c-1",
      asset: "USDT",
      amount: "2",
      callback: { callbackUrl: url },
    });
    await sim.redeem(cheque.chequeId, redeemer.userId);
    await until(() => received.length >= 2, "the retried delivery");

    expect(received.map((r) => r.status)).toEqual([500, 200]);
    const envelopes = received.map((r) => JSON.parse(r.body.toString("utf8")));
    expect(envelopes[0].id).toBe(envelopes[1].id);
    expect(envelopes[0]).toMatchObject({ type: "cheque", data: { chequeId: cheque.chequeId, state: "completed" } });
    for (const r of received) {
      expect(r.headers["signature-version"]).toBe("v1");
      expect(verifyWebhook("sim-secret-0123456789", r.headers, r.body, Date.now(), 60_000)).toEqual({ ok: true });
    }
  });

  it("tells a payout's and a withdrawal's callback of their status, with the payload as sent", async () => {
    sim = await TestSim.start();
    const received: { type: string; data: Record<string, unknown> }[] = [];
    server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      received.push(JSON.parse(Buffer.concat(chunks).toString("utf8")));
      res.writeHead(200).end();
    });
    await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cb`;
    const owner = await sim.createAccount({ pay: { USDT: "10" } });
    const friend = await sim.createAccount();
    await sim.control("/_sim/webhooks", "POST", { userId: owner.userId, secret: "sim-secret-0123456789" });
    const pay = sim.pay(owner.keys.production);
    // S3's webhook types include payout and withdrawal; its tests send these callbacks.
    const payout = await pay.createTransfer({
      target: String(friend.userId),
      targetType: "telegram_user_id",
      asset: "USDT",
      amount: "1",
      callback: { callbackUrl: url, payload: { id: "2" } },
    });
    const withdrawal = await pay.createWithdrawal({
      clientWithdrawalId: "w-1",
      network: "TON",
      address: `UQ${"B".repeat(46)}`,
      asset: "USDT",
      amount: "1",
      callback: { callbackUrl: url, payload: { id: "3" } },
    });
    await pay.getWithdrawal({ withdrawalId: withdrawal.withdrawalId });
    await until(() => received.length >= 2, "both deliveries");
    expect(received).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: "payout", data: expect.objectContaining({ payoutId: payout.payoutId, status: "paid", callback: { callbackUrl: url, payload: { id: "2" } } }) }),
        expect.objectContaining({ type: "withdrawal", data: expect.objectContaining({ withdrawalId: withdrawal.withdrawalId, status: "COMPLETED" }) }),
      ]),
    );
  });
});
