/**
 * Max and quick amounts end to end: every amount prompt that spends a balance offers Max (and 25 % /
 * 50 % where they are valid amounts). Max is the whole available balance less the fee the service
 * charges for that action, so pressing it and confirming leaves exactly "0" available, which each test
 * reads from the simulator over HTTP. A picked amount goes through the same checks and the same
 * summary as a typed one.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formatAmount } from "../../../src/domain/money.js";
import { createExchangeClient } from "../../../src/service/client.js";
import { Harness, type TestUser } from "../../helpers/bot-harness.js";
import { WITHDRAW_DATA } from "../../../src/bot/features/withdraw/callback-data.js";
import { pickData } from "../../../src/bot/shared/input-data.js";

const TON_ADDRESS = `UQ${"Ab3_-".repeat(9)}x`;
const TRX_ADDRESS = `T${"a1B2c".repeat(6)}xyz`;

/** The labels of the buttons under the newest message. */
const labels = (user: TestUser) => user.last()?.keyboard?.inline_keyboard.flat().map((b) => b.text) ?? [];

describe("Max and quick amounts", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.create();
  });
  afterEach(async () => {
    await h.close();
  });

  /** What the Exchange reports available on one of the user's balances, over HTTP ("0" when absent). */
  async function exchangeAvailable(user: TestUser, kind: "funding" | "trading", asset: string): Promise<string> {
    const key = (await h.storage.users.loadKey(user.id))!.apiKey;
    const ex = createExchangeClient({ baseUrl: h.sim.baseUrls.exchange, apiKey: key });
    const { balances } = kind === "funding" ? await ex.getFundingBalances() : await ex.getTradingBalances();
    return balances.find((b) => b.asset === asset)?.available ?? "0";
  }

  /** Presses Max, checks the summary names `amount`, confirms. */
  async function maxThenConfirm(user: TestUser, amount: string) {
    await user.pressLabel(/^(Max|Макс\.) · /);
    const summary = user.last()!.text;
    expect(summary).toContain(amount);
    const confirm = user.confirmData();
    if (!confirm) throw new Error(`no summary: ${summary}`);
    await user.press(confirm);
    return summary;
  }

  it("send: Max sends the whole balance (transfers carry no fee) and leaves 0", async () => {
    const friend = await h.createAccount({});
    const { user, account } = await h.linkedUser({ pay: { USDT: "10.5" } });
    await user.send(`/send ${friend.userId}`);
    await user.press(pickData("USDT"));
    expect(labels(user)).toEqual(["25 %", "50 %", "Max · 10.5 USDT", "✖️ Cancel"]);
    await user.pressLabel(/^Max/);
    await user.pressLabel(/Skip/);
    expect(user.last()!.text).toContain("10.5 USDT");
    await user.pressLabel(/Confirm/);
    expect(user.last()!.text).toMatch(/✅ Sent 10\.5 USDT/);
    expect((await h.account(account.userId)).pay.USDT?.available).toBe("0");
    expect((await h.account(friend.userId)).pay.USDT?.available).toBe("10.5");
    expect(await h.simRequests("createTransfer")).toHaveLength(1);
  });

  it("send in Russian: the same buttons read in Russian, and Max leaves 0", async () => {
    const friend = await h.createAccount({});
    const { user, account } = await h.linkedUser({ pay: { USDT: "8" } }, { languageCode: "ru" });
    await user.send(`/send ${friend.userId}`);
    await user.press(pickData("USDT"));
    expect(labels(user)).toEqual(["25 %", "50 %", "Макс. · 8 USDT", "✖️ Отмена"]);
    await user.pressLabel(/^Макс\./);
    await user.pressLabel(/Пропустить/);
    const confirm = user.confirmData()!;
    await user.press(confirm);
    expect((await h.account(account.userId)).pay.USDT?.available).toBe("0");
    expect((await h.account(friend.userId)).pay.USDT?.available).toBe("8");
  });

  it("25 % and 50 % are rounded down to the asset's places and go through the same summary", async () => {
    const friend = await h.createAccount({});
    const { user, account } = await h.linkedUser({ pay: { USDT: "10.5" } });
    await user.send(`/send ${friend.userId}`);
    await user.press(pickData("USDT"));
    await user.pressLabel(/^25 %$/);
    await user.pressLabel(/Skip/);
    expect(user.last()!.text).toContain("2.625 USDT");
    await user.pressLabel(/Confirm/);
    expect((await h.account(account.userId)).pay.USDT?.available).toBe("7.875");
  });

  it("cheque: Max reserves the whole balance and leaves 0 available", async () => {
    const { user, account } = await h.linkedUser({ pay: { USDT: "12.5" } });
    await user.send("/cheque_new");
    await user.press(pickData("USDT"));
    await user.pressLabel(/^Max · 12\.5 USDT$/);
    await user.press("in:skip");
    await user.press("in:skip");
    await user.pressLabel(/Confirm/);
    expect((await h.account(account.userId)).pay.USDT).toEqual({ balance: "12.5", available: "0", holds: "12.5" });
  });

  it("withdrawal to an address: Max is the balance less the network fee, and leaves 0", async () => {
    const { user, account } = await h.linkedUser({ pay: { USDT: "100" } });
    await user.press("menu:withdraw");
    await user.press(WITHDRAW_DATA.create.build({}));
    await user.press(pickData("USDT"));
    await user.press(pickData("TON"));
    await user.send(TON_ADDRESS);
    await user.pressLabel(/Skip/);
    // The TON route's fee is 0.2 USDT.
    expect(labels(user)).toContain("Max · 99.8 USDT");
    const summary = await maxThenConfirm(user, "Amount: 99.8 USDT");
    expect(summary).toContain("Debited in total: 100 USDT");
    expect(summary).toContain("Stays available: 0 USDT");
    expect((await h.account(account.userId)).pay.USDT?.available).toBe("0");
    expect((await h.simRequests("createWithdrawal"))[0]?.body).toMatchObject({ amount: "99.8" });
  });

  /**
   * /withdraw_link to a TON address up to the amount prompt; Max, then the link opened and confirmed
   * by its maker in the service's bot (the simulator's), which takes amount + fee from their wallet.
   */
  async function linkWithMax(languageCode: "en" | "ru") {
    const { user, account } = await h.linkedUser({ pay: { USDT: "100" } }, { languageCode });
    await user.send("/withdraw_link");
    await user.press(pickData("USDT"));
    await user.press(pickData("TON"));
    await user.send(TON_ADDRESS);
    await user.press("in:skip");
    const prompt = user.last()!.text;
    const quick = labels(user);
    await user.pressLabel(/^(Max|Макс\.) · /);
    const made = user.last()!.text;
    const link = /https:\/\/t\.me\/\S+/.exec(made)?.[0];
    if (!link) throw new Error(`no link: ${made}`);
    expect(await h.simRequests("createWithdrawalLink")).toHaveLength(1);
    expect((await h.simRequests("createWithdrawalLink"))[0]?.body).toMatchObject({ amount: "99.8", asset: "USDT" });
    await h.simFetch("/_sim/links/open", { method: "POST", body: { url: link, userId: account.userId } });
    return { prompt, quick, made, available: (await h.account(account.userId)).pay.USDT?.available };
  }

  it("withdrawal link: the prompt says what is available, offers 25 % / 50 % / Max, and Max confirmed leaves 0", async () => {
    const { prompt, quick, made, available } = await linkWithMax("en");
    expect(prompt).toContain("Available: 100 USDT.");
    // The TON route's fee is 0.2 USDT: Max is what the wallet can send once the fee is paid.
    expect(quick).toEqual(["25 %", "50 %", "Max · 99.8 USDT", "✖️ Cancel"]);
    expect(made).toContain("Amount: 99.8 USDT");
    expect(available).toBe("0");
  });

  it("withdrawal link in Russian: the same line and buttons, and Max confirmed leaves 0", async () => {
    const { prompt, quick, made, available } = await linkWithMax("ru");
    expect(prompt).toContain("Доступно: 100 USDT.");
    expect(quick).toEqual(["25 %", "50 %", "Макс. · 99,8 USDT", "✖️ Отмена"]);
    expect(made).toContain("99,8 USDT");
    expect(available).toBe("0");
  });

  it("withdrawal from funding: Max is the funding balance less the fee, and leaves 0", async () => {
    const { user, account } = await h.linkedUser({ funding: { USDT: "100" } });
    await user.send("/fund_withdraw");
    await user.press(pickData("USDT"));
    await user.press(pickData("TRX"));
    await user.send(TRX_ADDRESS);
    // The TRX route's fee is 1 USDT.
    await maxThenConfirm(user, "Amount: 99 USDT");
    expect(user.last()!.text).toMatch(/99 USDT/);
    expect(await exchangeAvailable(user, "funding", "USDT")).toBe("0");
    expect((await h.account(account.userId)).funding.USDT).toBe("100");
    expect(await h.simRequests("createFundingWithdrawal")).toHaveLength(1);
  });

  it("move between funding and trading: Max moves everything (no fee) and leaves 0", async () => {
    const { user, account } = await h.linkedUser({ funding: { USDT: "37.25" } });
    await user.send("/move");
    await user.press(pickData("USDT"));
    await user.press(pickData("fundingToTrading"));
    await maxThenConfirm(user, "Amount: 37.25 USDT");
    const state = await h.account(account.userId);
    expect(state.funding.USDT ?? "0").toBe("0");
    expect(state.trading.USDT).toBe("37.25");
  });

  describe("orders (the Exchange takes its fee from what an order receives)", () => {
    /** Walks /trade to the amount prompt. */
    async function open(user: TestUser, side: "buy" | "sell", type: "market" | "limit", price?: string) {
      await user.send("/trade");
      await user.press(pickData("BTC-USDT"));
      await user.press(pickData(side));
      await user.press(pickData(type));
      if (price !== undefined) await user.send(price);
    }

    it("limit buy: Max is the size the quote balance pays for at the price, and leaves 0 available", async () => {
      const { user, account } = await h.linkedUser({ trading: { USDT: "600" } });
      await open(user, "buy", "limit", "60000");
      expect(labels(user)).toContain("Max · 0.01 BTC");
      await maxThenConfirm(user, "0.01 BTC");
      expect(await exchangeAvailable(user, "trading", "USDT")).toBe("0");
      // The order rests and holds the rest of the balance.
      expect((await h.account(account.userId)).trading.USDT).toBe("600");
    });

    it("market sell and limit sell: Max sells the whole base balance and leaves 0", async () => {
      const { user, account } = await h.linkedUser({ trading: { BTC: "0.25" } });
      await open(user, "sell", "market");
      expect(labels(user)).toEqual(["25 %", "50 %", "Max · 0.25 BTC", "✖️ Cancel"]);
      await user.pressLabel(/^50 %$/);
      expect(user.last()!.text).toContain("0.125 BTC");
      await user.pressLabel(/Confirm/);
      expect((await h.account(account.userId)).trading.BTC).toBe("0.125");

      await open(user, "sell", "limit", "90000");
      await maxThenConfirm(user, "0.125 BTC");
      expect(await exchangeAvailable(user, "trading", "BTC")).toBe("0");
    });

    it("market buy: Max spends the whole quote balance and leaves 0", async () => {
      // A resting sell at a round price inside the spread, so the whole balance buys whole size steps.
      const maker = await h.createAccount({ trading: { BTC: "1" } });
      const makerEx = createExchangeClient({ baseUrl: h.sim.baseUrls.exchange, apiKey: maker.keys.production });
      const book = await makerEx.getOrderbook({ symbol: "BTC-USDT", depth: 5 });
      const price = String(Math.floor(Number(book.asks[0]![0])) - 1);
      expect(Number(price)).toBeGreaterThan(Number(book.bids[0]![0]));
      await makerEx.placeOrder({
        clientOrderId: "maker-1",
        symbol: "BTC-USDT",
        side: "sell",
        type: "limit",
        timeInForce: "GTC",
        size: "0.01",
        price,
      });
      const funds = String(Number(price) / 100);
      const { user, account } = await h.linkedUser({ trading: { USDT: funds } });
      await open(user, "buy", "market");
      await maxThenConfirm(user, `Spend: ${formatAmount(funds, "USDT")}`);
      expect(await exchangeAvailable(user, "trading", "USDT")).toBe("0");
      expect(await exchangeAvailable(user, "trading", "BTC")).toBe("0.00998");
      expect((await h.account(account.userId)).trading.USDT ?? "0").toBe("0");
    });

    it("offers only the quick amounts the pair would accept", async () => {
      // 2 USDT at 60 000 buys 0.00003 BTC (1.8 USDT); a quarter or half of it is under the 1 USDT minimum.
      const { user } = await h.linkedUser({ trading: { USDT: "2" } });
      await open(user, "buy", "limit", "60000");
      expect(labels(user)).toEqual(["Max · 0.00003 BTC", "✖️ Cancel"]);
    });

    it("a typed amount above Max is still refused with the same message", async () => {
      const { user } = await h.linkedUser({ trading: { BTC: "0.25" } });
      await open(user, "sell", "market");
      await user.send("0.3");
      expect(user.last()!.text).toMatch(/Not enough/);
      expect(labels(user)).toContain("Max · 0.25 BTC");
    });
  });
});
