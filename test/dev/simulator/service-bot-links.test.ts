/**
 * The service's own bot in the simulator: its links read back (Telegram and web), what opening one
 * does as a person (take a cheque, pay an invoice, confirm a withdrawal link), and deposits, all over
 * the `/_sim/` control endpoints with balances checked afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { money } from "../../../src/domain/money.js";
import { readServiceLink } from "../../../src/dev/simulator/pay/links.js";
import { TestSim } from "../../helpers/simulator.js";

let sim: TestSim;
beforeAll(async () => {
  sim = await TestSim.start();
});
afterAll(() => sim.close());

const TON_ADDRESS = `EQ${"A".repeat(44)}_-`;

const open = (url: string, userId?: number) => sim.fetch("/_sim/links/open", { method: "POST", body: { url, ...(userId ? { userId } : {}) } });
const describeLink = (url: string) => sim.fetch(`/_sim/links?url=${encodeURIComponent(url)}`);

describe("links into the service's bot", () => {
  it("reads the network and payload of a bot link or a web link, and nothing else", () => {
    expect(readServiceLink("https://t.me/xrocket?start=chq_p000001")).toEqual({ network: "production", payload: "chq_p000001" });
    expect(readServiceLink("https://t.me/xrocket_testnet_bot?start=inv_t000002")).toEqual({ network: "testnet", payload: "inv_t000002" });
    expect(readServiceLink("https://t.me/xRocket")).toEqual({ network: "production", payload: "" });
    expect(readServiceLink("https://testnet.xrocket-sim.invalid/invoice/inv_t000002")).toEqual({ network: "testnet", payload: "inv_t000002" });
    expect(readServiceLink("https://t.me/some_other_bot?start=chq_p000001")).toBeUndefined();
    expect(readServiceLink("https://xrocket-sim.invalid/tx/abc")).toBeUndefined();
    expect(readServiceLink("not a link")).toBeUndefined();
  });

  it("a cheque link credits the person who opens it, once", async () => {
    const owner = await sim.createAccount({ pay: { USDT: "20" } });
    const taker = await sim.createAccount({});
    const cheque = await sim.pay(owner.keys.production).createCheque({ clientChequeId: "c-1", asset: "USDT", amount: "5" });
    const link = cheque.links.telegramBotLink!;
    expect((await describeLink(link)).body).toMatchObject({ network: "production", kind: "cheque", asset: "USDT", amount: "5", state: "active" });

    expect(await open(link, taker.userId)).toMatchObject({ status: 200, body: { kind: "cheque", amount: "5", userId: taker.userId } });
    expect(await sim.available(taker.userId, "USDT")).toBe("5");
    expect((await sim.account(owner.userId)).pay.USDT).toMatchObject({ balance: "15", holds: "0" });
    expect(await open(link, taker.userId)).toMatchObject({ status: 409, body: { kind: "invalid_state" } });
    expect(await sim.available(taker.userId, "USDT")).toBe("5");
  });

  it("an invoice link is paid from the opener's wallet, refused when it falls short, or paid from outside without one", async () => {
    const owner = await sim.createAccount({});
    const payer = await sim.createAccount({ pay: { USDT: "3" } });
    const pay = sim.pay(owner.keys.production);
    const invoice = await pay.createInvoice({ clientInvoiceId: "i-1", priceCurrency: "USDT", priceAmount: "4" });
    expect((await describeLink(invoice.links.webLink!)).body).toMatchObject({ kind: "invoice", amount: "4", fixed: true, status: "active" });

    expect(await open(invoice.links.telegramBotLink!, payer.userId)).toMatchObject({ status: 422, body: { kind: "insufficient_funds" } });
    expect(await sim.available(payer.userId, "USDT")).toBe("3");
    expect(await sim.available(owner.userId, "USDT")).toBe("0");

    await sim.control("/_sim/deposits", "POST", { userId: payer.userId, to: "pay", asset: "USDT", amount: "1.5" });
    expect(await open(invoice.links.telegramBotLink!, payer.userId)).toMatchObject({ status: 200, body: { kind: "invoice", amount: "4", payerId: String(payer.userId) } });
    expect(await sim.available(payer.userId, "USDT")).toBe("0.5");
    expect(await sim.available(owner.userId, "USDT")).toBe("4");
    expect((await pay.getInvoice({ invoiceId: invoice.id })).status).toBe("paid");

    // On the web, someone without an account pays: the amount comes from outside the simulator.
    const second = await pay.createInvoice({ clientInvoiceId: "i-2", priceCurrency: "USDT", priceAmount: "2" });
    expect(await open(second.links.webLink!)).toMatchObject({ status: 200, body: { kind: "invoice", amount: "2" } });
    expect(await sim.available(owner.userId, "USDT")).toBe("6");
  });

  it("a withdrawal link takes amount and fee from the opener's wallet, once; a cheque needs an opener with an account", async () => {
    const creator = await sim.createAccount({});
    const opener = await sim.createAccount({ pay: { TONCOIN: "5" } });
    const links = await sim.pay(creator.keys.production).createWithdrawalLink({ network: "TON", address: TON_ADDRESS, asset: "TONCOIN", amount: "2" });
    expect((await describeLink(links.telegramBotLink!)).body).toMatchObject({ kind: "withdrawal-link", amount: "2", chain: "TON", used: false });

    const done = await open(links.telegramBotLink!, opener.userId);
    expect(done).toMatchObject({ status: 200, body: { kind: "withdrawal-link", amount: "2", address: TON_ADDRESS } });
    const fee = (done.body as { fee: string }).fee;
    const left = money.sub(money.sub("5", "2"), fee);
    expect((await sim.account(opener.userId)).pay.TONCOIN).toEqual({ balance: left, available: left, holds: "0" });
    const [withdrawal] = (await sim.pay(opener.keys.production).getWithdrawals({})).items;
    expect(withdrawal).toMatchObject({ status: "COMPLETED", amount: "2", address: TON_ADDRESS });
    expect(await open(links.telegramBotLink!, opener.userId)).toMatchObject({ status: 409 });
    expect((await describeLink(links.telegramBotLink!)).body).toMatchObject({ used: true });
    expect(await open(links.telegramBotLink!)).toMatchObject({ status: 400, body: { kind: "validation_error" } });
  });

  it("any other payload opens the bot's start screen, naming an asset it mentions; other links are not the service's", async () => {
    expect((await describeLink("https://t.me/xrocket_testnet_bot?start=deposit_TONCOIN")).body).toEqual({
      network: "testnet",
      kind: "start",
      payload: "deposit_TONCOIN",
      asset: "TONCOIN",
    });
    expect((await describeLink("https://t.me/xrocket")).body).toEqual({ network: "production", kind: "start", payload: "" });
    expect((await open("https://t.me/xrocket?start=hello", 1)).body).toEqual({ network: "production", kind: "start", payload: "hello" });
    expect((await describeLink("https://example.com/")).status).toBe(404);
  });
});

describe("deposits", () => {
  it("credit the Pay wallet or the Exchange funding balance of one network", async () => {
    const account = await sim.createAccount({});
    await sim.control("/_sim/deposits", "POST", { userId: account.userId, network: "testnet", to: "funding", asset: "BTC", amount: "0.25" });
    expect((await sim.account(account.userId, "testnet")).funding).toEqual({ BTC: "0.25" });
    expect((await sim.account(account.userId)).funding).toEqual({});
    const snapshot = await sim.control("/_sim/deposits", "POST", { userId: account.userId, to: "pay", asset: "USDT", amount: "100" });
    expect(snapshot).toMatchObject({ pay: { USDT: { available: "100" } } });
  });

  it("refuses bad input and unknown people, and changes nothing", async () => {
    const account = await sim.createAccount({});
    const deposit = (body: unknown) => sim.fetch("/_sim/deposits", { method: "POST", body });
    expect(await deposit({ userId: account.userId, to: "pay", asset: "USDT", amount: "0" })).toMatchObject({ status: 400, body: { info: { field: "amount" } } });
    expect(await deposit({ userId: account.userId, to: "pay", asset: "USDT", amount: "1e3" })).toMatchObject({ status: 400 });
    expect(await deposit({ userId: account.userId, to: "pay", asset: "USDT", amount: "1.1234567" })).toMatchObject({ status: 400 });
    expect(await deposit({ userId: account.userId, to: "trading", asset: "USDT", amount: "1" })).toMatchObject({ status: 400 });
    expect(await deposit({ userId: account.userId, to: "pay", asset: "NOPE", amount: "1" })).toMatchObject({ status: 400 });
    expect(await deposit({ userId: 999_999, to: "pay", asset: "USDT", amount: "1" })).toMatchObject({ status: 404 });
    expect(await sim.account(account.userId)).toMatchObject({ pay: {}, funding: {} });
  });
});
