/**
 * The Payments operations reachable from a cheque's and an invoice's details: changing an active
 * cheque's description, an invoice's payments, and an address to pay an invoice on chain. The real
 * bot over the in-process simulator (testnet, where an invoice can be paid) and the fake Telegram.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createPayClient } from "../../src/service/client.js";
import { Harness } from "../helpers/bot-harness.js";

describe("cheque description, invoice payments and payment address", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.create();
  });
  afterEach(async () => {
    await h.close();
  });

  async function testnetUser(pay: Record<string, string> = {}) {
    const linked = await h.linkedUser({ pay }, { network: "testnet" });
    const client = createPayClient({ baseUrl: h.sim.baseUrls.payTestnet, apiKey: linked.key });
    return { ...linked, client };
  }

  it("changes an active cheque's description", async () => {
    const { user, client } = await testnetUser({ USDT: "20" });
    const cheque = await client.createCheque({ asset: "USDT", amount: "2", clientChequeId: "chd1", description: "old" });
    await user.send("/cheques");
    await user.press("chq:list");
    await user.press(`chq:show:${cheque.chequeId}`);
    expect(user.buttonData(/Change description/)).toBe(`chq:desc:${cheque.chequeId}`);
    await user.press(`chq:desc:${cheque.chequeId}`);
    expect(user.last()!.text).toContain("Send the new description of the cheque");
    await user.send("Happy birthday!");
    expect((await client.getCheque({ chequeId: cheque.chequeId })).description).toBe("Happy birthday!");
    expect(user.last()!.text).toContain("✅ Description changed.");
    expect(user.last()!.text).toContain("Happy birthday!");
    expect(await h.simRequests("updateCheque")).toHaveLength(1);
  });

  it("lists an invoice's payments and gives an address to pay it on chain", async () => {
    const { user, client } = await testnetUser();
    const invoice = await client.createInvoice({ clientInvoiceId: "ivp1", asset: "USDT", amount: "4" });
    await user.send("/myinvoices");
    await user.press(`inv:show:${invoice.invoiceId}`);
    await user.press(`inv:pays:${invoice.invoiceId}`);
    expect(user.last()!.text).toContain("No payments yet.");

    await user.press(`inv:addr:${invoice.invoiceId}`);
    expect(user.last()!.text).toContain("On which network should the payer send USDT?");
    await user.press(`inv:addr:${invoice.invoiceId}:TRX`);
    const address = await client.createInvoicePaymentAddress({ invoiceId: invoice.invoiceId, payNetwork: "TRX" });
    expect(user.last()!.text).toContain("⛓ Address to pay this invoice in USDT on TRX:");
    expect(user.last()!.text).toContain(address.address);
    expect(user.buttonData(/« Back/)).toBe(`inv:show:${invoice.invoiceId}`);

    await client.payInvoiceTestnet({ invoiceId: invoice.invoiceId });
    await user.press(`inv:pays:${invoice.invoiceId}`);
    expect(user.last()!.text).toMatch(/paid · paid 4 USDT · received 4 USDT/);
  });
});
