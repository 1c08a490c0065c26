/**
 * Balances, rates, currencies and moves between the Exchange balances, end to end: the real bot, the
 * simulator over HTTP, real storage and a fake Telegram. Runs on SQLite, and on PostgreSQL too when
 * TEST_DATABASE_URL is set.
 */
import type { Update } from "grammy/types";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formatAmount } from "../../../../src/domain/money.js";
import { createPayClient } from "../../../../src/service/client.js";
import { Harness, type SimBalances, type TestUser } from "../../../helpers/bot-harness.js";
import { pickData } from "../../../../src/bot/shared/input-data.js";

const databases = [undefined, process.env.TEST_DATABASE_URL].filter((u, i) => i === 0 || u !== undefined);

describe.each(databases)("balances (database %s)", (databaseUrl) => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.create(databaseUrl ? { databaseUrl } : {});
  });
  afterEach(async () => {
    await h.close();
  });

  describe("balances view", () => {
    it("shows Pay available / held next to funding and trading, hiding assets that are zero everywhere", async () => {
      const { user, key, account } = await h.linkedUser({
        pay: { USDT: "100", TONCOIN: "2.5" },
        funding: { USDT: "10", BTC: "0.5" },
        trading: { USDT: "1234.5", ETH: "0" },
      });
      // A cheque holds 10 USDT on the Pay side.
      const pay = createPayClient({ baseUrl: h.sim.baseUrls.pay, apiKey: key });
      await pay.createCheque({ asset: "USDT", amount: "10", clientChequeId: "hold-1" });

      await user.send("/balance");
      const text = user.last()!.text;
      expect(text).toContain("💰 Balances");
      const lines = text.split("\n").filter((l) => /^[A-Z]+: /.test(l));
      // Each asset's whole holding (held amounts included) valued in USD, the default.
      expect(lines).toEqual([
        `USDT: Pay 90 (+10 held) · Funding 10 · Trading ${formatAmount("1234.5")} ≈ US$1,344.50`,
        "TONCOIN: Pay 2.5 · Funding 0 · Trading 0 ≈ US$13.00",
        "BTC: Pay 0 · Funding 0.5 · Trading 0 ≈ US$32,500.00",
      ]);
      // What is shown is what the service holds.
      const state = await h.account(account.userId);
      expect(state.pay.USDT).toEqual({ balance: "100", available: "90", holds: "10" });
      expect(state.funding).toMatchObject({ USDT: "10", BTC: "0.5" });
      expect(state.trading).toMatchObject({ USDT: "1234.5" });
      expect(user.buttonData(/Refresh/)).toBe("bal:refresh");
    });

    it("answers the menu button and the /balances alias, and Refresh shows new amounts in place", async () => {
      const { user, key } = await h.linkedUser({ pay: { USDT: "5" }, trading: { TONCOIN: "3" } });
      await user.press("menu:balances");
      expect(user.last()!.text).toContain("USDT: Pay 5 · Funding 0 · Trading 0");
      expect(user.last()!.text).toContain("TONCOIN: Pay 0 · Funding 0 · Trading 3");
      const before = h.tg.sent.length;

      const pay = createPayClient({ baseUrl: h.sim.baseUrls.pay, apiKey: key });
      await pay.createCheque({ asset: "USDT", amount: "2", clientChequeId: "hold-2" });
      await user.press("bal:refresh");
      expect(h.tg.sent.length).toBe(before);
      expect(user.last()!.text).toContain("USDT: Pay 3 (+2 held) · Funding 0 · Trading 0");

      await user.send("/balances");
      expect(user.last()!.text).toContain("USDT: Pay 3 (+2 held) · Funding 0 · Trading 0");
    });

    it("shows the Pay part and a note when the Exchange cannot be read", async () => {
      const { user } = await h.linkedUser({ pay: { USDT: "7" }, funding: { USDT: "1" } });
      await h.fault({ operationId: "getFundingBalances", mode: "error5xx", count: 3 });
      await user.send("/balance");
      const text = user.last()!.text;
      expect(text).toContain("USDT: Pay 7 · Funding — · Trading —");
      expect(text).toMatch(/Exchange balances could not be read/);
      expect(text).not.toMatch(/Something went wrong/);
    });

    it("says so when everything is zero, and asks to link a key when none is linked", async () => {
      const { user } = await h.linkedUser({});
      await user.send("/balance");
      expect(user.last()!.text).toContain("All your balances are zero.");

      const stranger = h.user(777001);
      await stranger.send("/balance");
      expect(stranger.last()!.text).toMatch(/You have not linked an API key yet/);
    });

    it("speaks Russian to a Russian user, naming every balance and button in Russian", async () => {
      const { user } = await h.linkedUser(
        { pay: { USDT: "1" }, funding: { USDT: "2.5" }, trading: { BTC: "0.5" } },
        { languageCode: "ru" },
      );
      await user.send("/balance");
      const shown = user.last()!;
      expect(shown.text.split("\n")).toEqual([
        "💰 Балансы · Основная сеть",
        "",
        "USDT: кошелёк 1 · финансовый баланс 2,5 · торговый баланс 0 ≈ 3,50\u00a0$",
        "BTC: кошелёк 0 · финансовый баланс 0 · торговый баланс 0,5 ≈ 32\u00a0500,00\u00a0$",
        "",
        "Всего ≈ 32\u00a0503,50\u00a0$",
        "Стоимость в USD — по курсам сервиса, каждая сумма округлена до 2 знаков после запятой.",
      ]);
      const labels = shown.keyboard!.inline_keyboard.flat().map((b) => b.text);
      expect(labels).toContain("↔️ Переместить: финансовый баланс ⇄ торговый баланс");
      // Nothing in Latin letters but the tickers.
      const latin = [shown.text, ...labels].join(" ").match(/[A-Za-z]+/g) ?? [];
      expect(latin.filter((w) => !["USDT", "BTC", "USD"].includes(w))).toEqual([]);
    });
  });

  describe("rates and currencies", () => {
    it("asks for a fiat, then shows the main assets' rates in it; the fiat buttons switch in place", async () => {
      const user = h.user(555001);
      await user.send("/start");
      await user.press("menu:rates");
      expect(user.last()!.text).toMatch(/In which currency should I show rates/);
      expect(user.buttonData(/^EUR$/)).toBe("rates:EUR");

      await user.press("rates:EUR");
      const eur = user.last()!.text;
      expect(eur).toContain("💱 Rates in EUR");
      expect(eur).toContain("1 BTC = €59,800.00");
      expect(eur).toContain("1 USDT = €0.92");
      expect(eur).toContain("1 TONCOIN = €4.78");
      // Main assets first.
      expect(eur.indexOf("1 USDT")).toBeLessThan(eur.indexOf("1 BTC"));

      const before = h.tg.sent.length;
      await user.press("rates:RUB");
      expect(h.tg.sent.length).toBe(before);
      expect(user.last()!.text).toContain("1 BTC = RUB\u00a06,012,500.00");
      expect(user.buttonData(/• RUB/)).toBe("rates:RUB");
      expect(await h.simRequests("getRates")).toHaveLength(2);
    });

    it("takes the fiat as an argument of /rates", async () => {
      const user = h.user(555002);
      await user.send("/rates usd");
      expect(user.last()!.text).toContain("1 BTC = US$65,000.00");
    });

    it("lists the currencies with precision, minimums and networks", async () => {
      const user = h.user(555003);
      await user.send("/currencies");
      const text = user.texts().join("\n");
      expect(text).toContain("📋 Supported currencies");
      expect(text).toContain("USDT — Tether USD (decimal places: 6)");
      expect(text).toContain("Minimum: transfer 0.01 · cheque 0.1 · invoice 0.1 · withdrawal 1");
      expect(text).toContain("Networks: TON, TRX, ETH, BSC, SOL");
      expect(text).toContain("BTC — Bitcoin (decimal places: 8)");
      expect(text).toContain(
        "Minimum: transfer 0.000001 · cheque 0.00001 · invoice 0.00001 · withdrawal 0.0001",
      );
    });
  });

  describe("move between funding and trading", () => {
    const start: SimBalances = { funding: { USDT: "50" }, trading: { USDT: "5", TONCOIN: "2" } };

    /** Walks the flow up to the summary; returns the operation id (the client transfer id). */
    async function propose(user: TestUser, amount: string, direction = "fundingToTrading"): Promise<string> {
      await user.send("/move");
      await user.press(pickData("USDT"));
      await user.press(pickData(direction));
      await user.send(amount);
      const data = user.buttonData(/Confirm/);
      expect(data).toMatch(/^cf:mv-/);
      return data!.slice(3);
    }

    it("moves once after Confirm; the summary shows amount, fee and what stays on both sides", async () => {
      const { user, account } = await h.linkedUser(start);
      await user.send("/move");
      expect(user.last()!.text).toMatch(/Which asset/);
      expect(user.buttonData(/^TONCOIN$/)).toBe(pickData("TONCOIN"));
      await user.press(pickData("USDT"));
      expect(user.buttonData(/Funding → Trading \(50 USDT\)/)).toBe(pickData("fundingToTrading"));
      expect(user.buttonData(/Trading → Funding \(5 USDT\)/)).toBe(pickData("tradingToFunding"));
      await user.press(pickData("fundingToTrading"));
      expect(user.last()!.text).toMatch(/How much USDT .* Available on your funding balance: 50 USDT\./);
      await user.send("12.5");

      const summary = user.last()!.text;
      expect(summary).toContain("From: Funding (left there: 37.5 USDT)");
      expect(summary).toContain("To: Trading (then available: 17.5 USDT)");
      expect(summary).toContain("Amount: 12.5 USDT");
      expect(summary).toContain("Fee: none");
      const id = user.buttonData(/Confirm/)!.slice(3);
      expect((await h.storage.operations.get(id))?.state).toBe("proposed");
      expect(await h.simRequests("createBalanceTransfer")).toHaveLength(0);

      await user.pressLabel(/Confirm/);
      expect(user.last()!.text).toContain("✅ Moved 12.5 USDT from funding to trading.");
      const state = await h.account(account.userId);
      expect(state.funding.USDT).toBe("37.5");
      expect(state.trading.USDT).toBe("17.5");
      const sent = await h.simRequests("createBalanceTransfer");
      expect(sent).toHaveLength(1);
      expect(sent[0]!.body).toMatchObject({
        clientTransferId: id,
        asset: "USDT",
        amount: "12.5",
        from: "funding",
        to: "trading",
      });
      const op = await h.storage.operations.get(id);
      expect(op).toMatchObject({
        state: "done",
        kind: "balance_transfer",
        payload: { asset: "USDT", amount: "12.5", from: "funding", to: "trading" },
      });
      expect(op?.result).toMatchObject({ clientTransferId: id, status: "completed" });
    });

    it("moves back from trading to funding, offering only directions with something to move", async () => {
      const { user, account } = await h.linkedUser(start);
      await user.send("/move");
      await user.press(pickData("TONCOIN"));
      expect(user.buttonData(/Funding → Trading/)).toBeUndefined();
      await user.press(pickData("tradingToFunding"));
      await user.send("2");
      await user.pressLabel(/Confirm/);
      expect(user.last()!.text).toContain("✅ Moved 2 TONCOIN from trading to funding.");
      const state = await h.account(account.userId);
      expect(state.funding.TONCOIN).toBe("2");
      expect(state.trading.TONCOIN).toBe("0");
    });

    it("asks again, in the user's language, for an amount it cannot take", async () => {
      const { user, account } = await h.linkedUser(start);
      await user.send("/move");
      await user.press(pickData("USDT"));
      await user.press(pickData("fundingToTrading"));
      await user.send("lots");
      expect(user.last()!.text).toMatch(/not an amount/);
      await user.send("0");
      expect(user.last()!.text).toMatch(/greater than zero/);
      await user.send("1.1234567");
      expect(user.last()!.text).toMatch(/at most 6/);
      await user.send("50.01");
      expect(user.last()!.text).toMatch(/Not enough funds/);
      await user.send("50");
      await user.pressLabel(/Confirm/);
      const state = await h.account(account.userId);
      expect(state.funding.USDT).toBe("0");
      expect(state.trading.USDT).toBe("55");
    });

    it("moves in Russian: a decimal comma is read, and the balances are named in the case each phrase needs", async () => {
      const { user, account } = await h.linkedUser(start, { languageCode: "ru" });
      await user.send("/move");
      await user.press(pickData("USDT"));
      expect(user.last()!.keyboard!.inline_keyboard.flat().map((b) => b.text)).toContain("Финансовый → Торговый (50 USDT)");
      await user.press(pickData("fundingToTrading"));
      await user.send("12,5");
      const summary = user.last()!.text;
      expect(summary).toContain("↔️ Перемещение между балансами биржи");
      expect(summary).toContain("Откуда: Финансовый баланс (останется: 37,5 USDT)");
      expect(summary).toContain("Куда: Торговый баланс (станет доступно: 17,5 USDT)");
      await user.pressLabel(/Подтвердить/);
      expect(user.last()!.text).toMatch(/\n✅ Перемещено 12,5 USDT с финансового на торговый баланс\.$/);
      expect((await h.account(account.userId)).trading.USDT).toBe("17.5");

      await user.send("/moves");
      const history = user.last()!.text;
      expect(history).toMatch(/^↔️ Перемещения между финансовым и торговым балансом/);
      expect(history).toContain("12,5 USDT · Финансовый баланс → Торговый баланс · выполнено");
      expect(history).not.toMatch(/[Пп]еревод/);
    });

    it("asks again in Russian", async () => {
      const { user } = await h.linkedUser(start, { languageCode: "ru" });
      await user.send("/move");
      expect(user.last()!.text).toMatch(/Какой актив/);
      await user.press(pickData("USDT"));
      await user.press(pickData("fundingToTrading"));
      expect(user.last()!.text).toMatch(/Сколько USDT переместить\? Доступно на финансовом балансе: 50 USDT\./);
      await user.send("много");
      expect(user.last()!.text).toMatch(/Это не сумма/);
      await user.send("/cancel");
      expect(user.last()!.text).toBe("Отменено. Ничего не сделано.");
    });

    it("leaves on /cancel and on the Cancel button without proposing anything", async () => {
      const { user } = await h.linkedUser(start);
      await user.send("/move");
      await user.press(pickData("USDT"));
      await user.send("/cancel");
      expect(user.last()!.text).toBe("Cancelled. Nothing was done.");
      await user.send("10");
      expect(user.last()!.text).toMatch(/did not understand/);

      await user.send("/move");
      await user.press(pickData("USDT"));
      await user.press(pickData("fundingToTrading"));
      await user.press("in:cancel");
      expect(user.last()!.text).toBe("Cancelled. Nothing was done.");
      await user.send("10");
      expect(user.last()!.text).toMatch(/did not understand/);
      expect(await h.simRequests("createBalanceTransfer")).toHaveLength(0);
    });

    it("the summary's Cancel records the operation as cancelled and moves nothing", async () => {
      const { user, account } = await h.linkedUser(start);
      const id = await propose(user, "10");
      await user.press(`cx:${id}`);
      expect(user.last()!.text).toMatch(/Cancelled/);
      await user.press(`cf:${id}`);
      expect((await h.storage.operations.get(id))?.state).toBe("cancelled");
      expect(await h.simRequests("createBalanceTransfer")).toHaveLength(0);
      expect((await h.account(account.userId)).funding.USDT).toBe("50");
    });

    it("says there is nothing to move when both Exchange balances are empty", async () => {
      const { user } = await h.linkedUser({ pay: { USDT: "10" } });
      await user.press("menu:balances");
      await user.pressLabel(/Move/);
      expect(user.last()!.text).toMatch(/nothing to move/);
    });

    it("a double press and two concurrent presses perform one move", async () => {
      const { user, account } = await h.linkedUser(start);
      const id = await propose(user, "10");
      await user.press(`cf:${id}`);
      await user.press(`cf:${id}`);
      await Promise.all([h.handle(user.pressUpdate(`cf:${id}`)), h.handle(user.pressUpdate(`cf:${id}`))]);
      expect(await h.simRequests("createBalanceTransfer")).toHaveLength(1);
      const state = await h.account(account.userId);
      expect(state.funding.USDT).toBe("40");
      expect(state.trading.USDT).toBe("15");
      expect((await h.storage.operations.get(id))?.state).toBe("done");
    });

    it("concurrent first presses perform one move", async () => {
      const { user, account } = await h.linkedUser(start);
      const id = await propose(user, "10");
      await Promise.all([h.handle(user.pressUpdate(`cf:${id}`)), h.handle(user.pressUpdate(`cf:${id}`))]);
      expect(await h.simRequests("createBalanceTransfer")).toHaveLength(1);
      expect((await h.account(account.userId)).trading.USDT).toBe("15");
    });

    it("a replayed update performs one move", async () => {
      const { user, account } = await h.linkedUser(start);
      const id = await propose(user, "10");
      const update = { update_id: 999999, ...user.pressUpdate(`cf:${id}`) } as Update;
      await h.replay(update);
      await h.replay(update);
      expect(await h.simRequests("createBalanceTransfer")).toHaveLength(1);
      expect((await h.account(account.userId)).funding.USDT).toBe("40");
    });

    it("an expired confirmation and another user's press perform nothing", async () => {
      const { user, account } = await h.linkedUser(start);
      const id = await propose(user, "10");
      const { user: other } = await h.linkedUser({ funding: { USDT: "1" } });
      await other.press(`cf:${id}`);
      expect((await h.storage.operations.get(id))?.state).toBe("proposed");

      h.advanceClock(10 * 60 * 1000);
      await user.press(`cf:${id}`);
      expect(user.last()!.text).toMatch(/expired/);
      expect(await h.simRequests("createBalanceTransfer")).toHaveLength(0);
      expect((await h.account(account.userId)).funding.USDT).toBe("50");
      expect((await h.storage.operations.get(id))?.state).not.toBe("done");
    });

    it("a connection dropped after the move was applied ends as done, once", async () => {
      const { user, account } = await h.linkedUser(start);
      const id = await propose(user, "20");
      await h.fault({ operationId: "createBalanceTransfer", mode: "dropAfter" });
      await user.press(`cf:${id}`);
      expect(user.last()!.text).toContain("✅ Moved 20 USDT from funding to trading.");
      expect(await h.simRequests("createBalanceTransfer")).toHaveLength(1);
      expect(await h.simRequests("getBalanceTransfer")).toHaveLength(1);
      const state = await h.account(account.userId);
      expect(state.funding.USDT).toBe("30");
      expect(state.trading.USDT).toBe("25");
      expect((await h.storage.operations.get(id))?.state).toBe("done");
    });

    it("a connection dropped before the move reached the service is sent again with the same id, once", async () => {
      const { user, account } = await h.linkedUser(start);
      const id = await propose(user, "20");
      await h.fault({ operationId: "createBalanceTransfer", mode: "dropBefore" });
      await user.press(`cf:${id}`);
      expect(user.last()!.text).toContain("✅ Moved 20 USDT");
      const sent = await h.simRequests("createBalanceTransfer");
      expect(sent.every((r) => (r.body as { clientTransferId: string }).clientTransferId === id)).toBe(true);
      const state = await h.account(account.userId);
      expect(state.funding.USDT).toBe("30");
      expect(state.trading.USDT).toBe("25");
    });
  });
});
