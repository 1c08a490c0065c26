import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ServiceRefusedError } from "../../src/service/errors.js";
import { DEFAULT_TESTNET_PAYER } from "../../src/simulator/pay/invoices.js";
import { rejection, TestSim } from "../helpers/simulator.js";

let sim: TestSim;
beforeAll(async () => {
  sim = await TestSim.start();
});
afterAll(() => sim.close());

describe("invoices", () => {
  it("creates, pays on testnet (funds reach the owner), then refuses delete and a second payment", async () => {
    const owner = await sim.createAccount({ pay: { USDT: "1" } });
    const pay = sim.pay(owner.keys.testnet, "testnet");

    const invoice = await pay.createInvoice({
      clientInvoiceId: "inv-1",
      asset: "USDT",
      amount: "25",
      description: "order",
    });
    expect(invoice).toMatchObject({
      status: "active",
      paidAt: null,
      payerId: null,
      expiresAt: null,
      description: "order",
    });
    expect(await sim.available(owner.userId, "USDT", "testnet")).toBe("1");
    expect((await pay.getInvoices()).items.map((i) => i.invoiceId)).toEqual([invoice.invoiceId]);

    const paid = await pay.payInvoiceTestnet({ invoiceId: invoice.invoiceId });
    expect(paid).toMatchObject({ status: "paid", payerId: DEFAULT_TESTNET_PAYER });
    expect(paid.paidAt).not.toBeNull();
    expect(await sim.available(owner.userId, "USDT", "testnet")).toBe("26");
    expect(await sim.available(owner.userId, "USDT", "production")).toBe("1");

    const again = await rejection(pay.payInvoiceTestnet({ invoiceId: invoice.invoiceId }));
    expect(again).toMatchObject({ status: 409, kind: "invalid_state", info: { status: "paid" } });
    const del = await rejection(pay.deleteInvoice({ clientInvoiceId: "inv-1" }));
    expect(del).toMatchObject({ status: 409, kind: "invalid_state", info: { status: "paid" } });
    expect((await pay.getInvoices()).items).toEqual([]);
    expect(await pay.getInvoice({ clientInvoiceId: "inv-1" })).toMatchObject({ status: "paid" });
  });

  it("a payer with an account pays from its balance", async () => {
    const owner = await sim.createAccount();
    const payer = await sim.createAccount({ pay: { TONCOIN: "3" } });
    const pay = sim.pay(owner.keys.testnet, "testnet");
    const invoice = await pay.createInvoice({ clientInvoiceId: "inv-2", asset: "TONCOIN", amount: "2" });
    const paid = await sim
      .pay(payer.keys.testnet, "testnet")
      .payInvoiceTestnet({ invoiceId: invoice.invoiceId, payerId: String(payer.userId) });
    expect(paid.payerId).toBe(String(payer.userId));
    expect(await sim.available(payer.userId, "TONCOIN", "testnet")).toBe("1");
    expect(await sim.available(owner.userId, "TONCOIN", "testnet")).toBe("2");
  });

  it("deletes an active invoice, which then leaves the list and cannot be paid", async () => {
    const owner = await sim.createAccount();
    const pay = sim.pay(owner.keys.testnet, "testnet");
    const keep = await pay.createInvoice({ clientInvoiceId: "keep", asset: "USDT", amount: "1" });
    const drop = await pay.createInvoice({ clientInvoiceId: "drop", asset: "USDT", amount: "1" });
    expect(await pay.deleteInvoice({ invoiceId: drop.invoiceId })).toMatchObject({ status: "deleted" });
    expect((await pay.getInvoices()).items.map((i) => i.invoiceId)).toEqual([keep.invoiceId]);
    expect(await rejection(pay.payInvoiceTestnet({ invoiceId: drop.invoiceId }))).toMatchObject({
      status: 409,
      info: { status: "deleted" },
    });
  });

  it("expires by the world's clock", async () => {
    const owner = await sim.createAccount();
    const pay = sim.pay(owner.keys.testnet, "testnet");
    const invoice = await pay.createInvoice({
      clientInvoiceId: "short",
      asset: "USDT",
      amount: "1",
      expiresIn: 60,
    });
    expect(invoice.expiresAt).not.toBeNull();
    await sim.control("/_sim/clock", "POST", { advanceMs: 61_000, network: "testnet" });
    expect(await pay.getInvoice({ invoiceId: invoice.invoiceId })).toMatchObject({ status: "expired" });
    expect(await rejection(pay.payInvoiceTestnet({ invoiceId: invoice.invoiceId }))).toMatchObject({
      status: 409,
      kind: "invalid_state",
      info: { status: "expired" },
    });
    expect((await pay.getInvoices()).items).toEqual([]);
  });

  it("refuses duplicates, small amounts and unknown ids; paying on production is testnet_only", async () => {
    const owner = await sim.createAccount();
    const pay = sim.pay(owner.keys.production);
    const invoice = await pay.createInvoice({ clientInvoiceId: "p-1", asset: "BTC", amount: "0.001" });
    expect(
      await rejection(pay.createInvoice({ clientInvoiceId: "p-1", asset: "BTC", amount: "1" })),
    ).toMatchObject({
      status: 400,
      reason: "client_id_duplicate",
      info: { clientInvoiceId: "p-1" },
    });
    expect(
      await rejection(pay.createInvoice({ clientInvoiceId: "p-2", asset: "BTC", amount: "0.000001" })),
    ).toMatchObject({
      status: 400,
      reason: "amount_out_of_range",
    });
    expect(await rejection(pay.getInvoice({ invoiceId: "inv_p999999" }))).toMatchObject({ status: 404 });

    const err = await rejection(pay.payInvoiceTestnet({ invoiceId: invoice.invoiceId }));
    expect(err).toBeInstanceOf(ServiceRefusedError);
    expect(err).toMatchObject({ status: 403, kind: "testnet_only" });
    expect(await pay.getInvoice({ invoiceId: invoice.invoiceId })).toMatchObject({ status: "active" });
  });
});
