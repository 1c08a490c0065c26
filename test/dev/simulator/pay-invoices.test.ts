import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ServiceRefusedError } from "../../../src/service/errors.js";
import { invoiceExpiresIn } from "../../../src/service/schemas.js";
import { DEFAULT_TESTNET_PAYER } from "../../../src/dev/simulator/pay/invoices.js";
import { rejection, TestSim } from "../../helpers/simulator.js";

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
      priceCurrency: "USDT",
      priceAmount: "25",
      description: "order",
    });
    expect(invoice).toMatchObject({
      status: "active",
      priceCurrency: "USDT",
      priceAmount: "25",
      minPayment: null,
      numPayments: 1,
      expiresAt: null,
      description: "order",
    });
    expect(await sim.available(owner.userId, "USDT", "testnet")).toBe("1");
    expect((await pay.getInvoices({ status: "active" })).items.map((i) => i.id)).toEqual([invoice.id]);

    const paid = await pay.payInvoiceTestnet({ invoiceId: invoice.id });
    expect(paid).toMatchObject({ status: "paid" });
    const { items: payments } = await pay.getInvoicePayments({ invoiceId: invoice.id });
    expect(payments).toMatchObject([
      {
        status: "paid",
        payAmount: "25",
        payCurrency: "USDT",
        transactions: [{ type: "internal", payer: { telegramId: DEFAULT_TESTNET_PAYER } }],
      },
    ]);
    expect(await sim.available(owner.userId, "USDT", "testnet")).toBe("26");
    expect(await sim.available(owner.userId, "USDT", "production")).toBe("1");

    const again = await rejection(pay.payInvoiceTestnet({ invoiceId: invoice.id }));
    expect(again).toMatchObject({ status: 409, kind: "invalid_state", info: { status: "paid" } });
    const del = await rejection(pay.deleteInvoice({ clientInvoiceId: "inv-1" }));
    expect(del).toMatchObject({ status: 409, kind: "invalid_state", info: { status: "paid" } });
    expect((await pay.getInvoices({ status: "active" })).items).toEqual([]);
    // Without a status every invoice is listed (S3's `status` filter; docs/decisions/047).
    expect((await pay.getInvoices()).items.map((i) => [i.id, i.status])).toEqual([[invoice.id, "paid"]]);
    expect(await pay.getInvoice({ clientInvoiceId: "inv-1" })).toMatchObject({ status: "paid" });
  });

  it("a payer with an account pays from its balance", async () => {
    const owner = await sim.createAccount();
    const payer = await sim.createAccount({ pay: { TONCOIN: "3" } });
    const pay = sim.pay(owner.keys.testnet, "testnet");
    const invoice = await pay.createInvoice({ clientInvoiceId: "inv-2", priceCurrency: "TONCOIN", priceAmount: "2" });
    const paid = await sim
      .pay(payer.keys.testnet, "testnet")
      .payInvoiceTestnet({ invoiceId: invoice.id, payerId: String(payer.userId) });
    const { items } = await pay.getInvoicePayments({ invoiceId: invoice.id });
    expect(items[0]?.transactions[0]?.payer?.telegramId).toBe(String(payer.userId));
    expect(paid.status).toBe("paid");
    expect(await sim.available(payer.userId, "TONCOIN", "testnet")).toBe("1");
    expect(await sim.available(owner.userId, "TONCOIN", "testnet")).toBe("2");
  });

  it("deletes an active invoice (no body), which then leaves the active list and cannot be paid", async () => {
    const owner = await sim.createAccount();
    const pay = sim.pay(owner.keys.testnet, "testnet");
    const keep = await pay.createInvoice({ clientInvoiceId: "keep", priceCurrency: "USDT", priceAmount: "1" });
    const drop = await pay.createInvoice({ clientInvoiceId: "drop", priceCurrency: "USDT", priceAmount: "1" });
    expect(await pay.deleteInvoice({ invoiceId: drop.id })).toBeUndefined();
    expect(await pay.getInvoice({ invoiceId: drop.id })).toMatchObject({ status: "deleted" });
    expect((await pay.getInvoices({ status: "active" })).items.map((i) => i.id)).toEqual([keep.id]);
    expect(await rejection(pay.payInvoiceTestnet({ invoiceId: drop.id }))).toMatchObject({
      status: 409,
      info: { status: "deleted" },
    });
  });

  it("expires by the world's clock", async () => {
    const owner = await sim.createAccount();
    const pay = sim.pay(owner.keys.testnet, "testnet");
    const invoice = await pay.createInvoice({
      clientInvoiceId: "short",
      priceCurrency: "USDT",
      priceAmount: "1",
      expiresIn: invoiceExpiresIn(60),
    });
    expect(invoice.expiresAt).not.toBeNull();
    await sim.control("/_sim/clock", "POST", { advanceMs: 61_000, network: "testnet" });
    expect(await pay.getInvoice({ invoiceId: invoice.id })).toMatchObject({ status: "expired" });
    expect(await rejection(pay.payInvoiceTestnet({ invoiceId: invoice.id }))).toMatchObject({
      status: 409,
      kind: "invalid_state",
      info: { status: "expired" },
    });
    expect((await pay.getInvoices({ status: "active" })).items).toEqual([]);
  });

  it("takes a minimum payment the payer may exceed, and stays open until its last expected payment", async () => {
    const owner = await sim.createAccount();
    const pay = sim.pay(owner.keys.testnet, "testnet");
    const invoice = await pay.createInvoice({
      clientInvoiceId: "tips",
      priceCurrency: "USDT",
      minPayment: "2",
      numPayments: 2,
    });
    expect(invoice).toMatchObject({ priceAmount: null, minPayment: "2", numPayments: 2 });
    expect(await rejection(pay.payInvoiceTestnet({ invoiceId: invoice.id, amount: "1.5" }))).toMatchObject({
      status: 400,
      reason: "amount_out_of_range",
    });
    expect((await pay.payInvoiceTestnet({ invoiceId: invoice.id, amount: "3.5" })).status).toBe("active");
    expect((await pay.payInvoiceTestnet({ invoiceId: invoice.id })).status).toBe("paid");
    const { items } = await pay.getInvoicePayments({ clientInvoiceId: "tips" });
    expect(items.map((p) => p.payAmount)).toEqual(["2", "3.5"]);
    expect(await sim.available(owner.userId, "USDT", "testnet")).toBe("5.5");
    // Exactly one of a price and a minimum: the client refuses both before sending.
    const both = { clientInvoiceId: "x", priceCurrency: "USDT", priceAmount: "1", minPayment: "1" };
    expect(await rejection(pay.createInvoice(both))).toMatchObject({ code: "invalid_request" });
    const other = { clientInvoiceId: "y", priceCurrency: "USDT", priceAmount: "1", payCurrencies: ["BTC"] };
    expect(await rejection(pay.createInvoice(other))).toMatchObject({ status: 400, kind: "not_implemented" });
  });

  it("refuses duplicates, small amounts and unknown ids; paying on production is testnet_only", async () => {
    const owner = await sim.createAccount();
    const pay = sim.pay(owner.keys.production);
    const invoice = await pay.createInvoice({ clientInvoiceId: "p-1", priceCurrency: "BTC", priceAmount: "0.001" });
    expect(
      await rejection(pay.createInvoice({ clientInvoiceId: "p-1", priceCurrency: "BTC", priceAmount: "1" })),
    ).toMatchObject({
      status: 400,
      reason: "client_id_duplicate",
      info: { clientInvoiceId: "p-1" },
    });
    expect(
      await rejection(pay.createInvoice({ clientInvoiceId: "p-2", priceCurrency: "BTC", priceAmount: "0.000001" })),
    ).toMatchObject({
      status: 400,
      reason: "amount_out_of_range",
    });
    expect(await rejection(pay.getInvoice({ invoiceId: "inv_p999999" }))).toMatchObject({ status: 404 });

    const err = await rejection(pay.payInvoiceTestnet({ invoiceId: invoice.id }));
    expect(err).toBeInstanceOf(ServiceRefusedError);
    expect(err).toMatchObject({ status: 403, kind: "testnet_only" });
    expect(await pay.getInvoice({ invoiceId: invoice.id })).toMatchObject({ status: "active" });
  });
});
