/**
 * Swap end to end: the real bot over the in-process simulator (its seeded BTC-USDT book sits around
 * 65 000), real storage (SQLite, and PostgreSQL when TEST_DATABASE_URL is set) and the Telegram
 * stand-in. The tests read both assets on both Exchange balances over HTTP, the requests the
 * simulator received, the journal and what the person was shown: one swap moves what funding must
 * give and places one fill-or-kill limit order at the worst price its summary states, once, across
 * double presses and a crash between the two steps. test/bot/features/swap/swap-floor.test.ts holds the summary's
 * figures to what happens.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SwapPayload } from "../../../../src/bot/features/swap/action.js";
import { formatAmount, formatFiat, money } from "../../../../src/domain/money.js";
import { createExchangeClient } from "../../../../src/service/client.js";
import { Harness, type TestUser } from "../../../helpers/bot-harness.js";
import { pickData } from "../../../../src/bot/shared/input-data.js";

const databases = [undefined, process.env.TEST_DATABASE_URL].filter((u, i) => i === 0 || u !== undefined);

describe.each(databases)("swap (database %s)", (databaseUrl) => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.create(databaseUrl ? { databaseUrl } : {});
  });
  afterEach(async () => {
    await h.close();
  });

  const requests = async (operationId: string) => h.simRequests(operationId);

  /** Available amounts of `asset` on both Exchange balances, as the Exchange reports them over HTTP. */
  async function exchangeOf(user: TestUser, asset: string) {
    const key = (await h.storage.users.loadKey(user.id))!.apiKey;
    const ex = createExchangeClient({ baseUrl: h.sim.baseUrls.exchange, apiKey: key });
    const [f, t] = await Promise.all([ex.getFundingBalances(), ex.getTradingBalances()]);
    const of = (list: { asset: string; available: string }[]) => list.find((b) => b.asset === asset)?.available ?? "0";
    return { funding: of(f.balances), trading: of(t.balances) };
  }

  /** /swap, from, to, amount typed (or a quick button's label): up to the summary; returns the operation id. */
  async function reachSummary(user: TestUser, from: string, to: string, amount: string | RegExp): Promise<string> {
    await user.send("/swap");
    await user.press(pickData(from));
    await user.press(pickData(to));
    if (typeof amount === "string") await user.send(amount);
    else await user.pressLabel(amount);
    const confirm = user.confirmData();
    if (!confirm) throw new Error(`no summary: ${user.last()?.text}`);
    return confirm.slice(3);
  }

  it("swaps BTC for USDT from the trading balance: estimate in the summary, one order, both assets change once", async () => {
    const { user } = await h.linkedUser({ trading: { BTC: "0.1" } });
    await user.send("/swap");
    expect(user.last()!.text).toMatch(/What do you give\?/);
    expect(user.buttonData(/^BTC · 0\.1$/)).toBe(pickData("BTC"));
    await user.press(pickData("BTC"));
    expect(user.last()!.text).toMatch(/What do you want for BTC\?/);
    await user.press(pickData("USDT"));
    expect(user.last()!.text).toContain("How much BTC do you give? Available: 0.1 BTC");
    await user.send("0.04");

    const key = (await h.storage.users.loadKey(user.id))!.apiKey;
    const estimate = await createExchangeClient({ baseUrl: h.sim.baseUrls.exchange, apiKey: key }).estimateOrder({
      symbol: "BTC-USDT",
      side: "sell",
      type: "market",
      timeInForce: "IOC",
      size: "0.04",
    });
    const summary = user.last()!.text;
    expect(summary).toContain("🔁 Swap on the Exchange");
    expect(summary).toContain("You give: 0.04 BTC");
    expect(summary).toContain(`Rate: 1 BTC ≈ ${formatAmount(estimate.price, "USDT")}`);
    expect(summary).toContain(`Fee: ≈ ${formatAmount(estimate.fee, "USDT")}`);
    expect(summary).toContain(`You receive: ≈ ${formatAmount(money.sub(estimate.funds, estimate.fee), "USDT")}`);
    // The worst price is the average less 0.5 %, on the 0.1 grid; the floor is 0.04 BTC at it less the 0.2 % taker fee.
    const worst = money.mul(money.div(money.mul(estimate.price, "0.995"), "0.1", 0), "0.1");
    const least = money.floor(money.mul(money.mul("0.04", worst), "0.998"), 6);
    expect(summary).toContain(`You receive at least ${formatAmount(least, "USDT")} (≈ ${formatFiat(least, "USD")}). The order sells at ${formatAmount(worst, "USDT")} per BTC or better`);
    expect(summary).toContain("BTC left after the swap: 0 BTC on funding · 0.06 BTC on trading");
    expect(summary).toContain(`A fill-or-kill limit order on BTC-USDT (Sell at ${formatAmount(worst, "USDT")})`);
    expect(summary).not.toContain("from funding");
    expect(await requests("placeOrder")).toHaveLength(0);

    const id = user.confirmData()!.slice(3);
    await user.press(`cf:${id}`);
    const placed = await requests("placeOrder");
    expect(placed).toHaveLength(1);
    expect(placed[0]!.body).toMatchObject({
      clientOrderId: id,
      symbol: "BTC-USDT",
      side: "sell",
      type: "limit",
      timeInForce: "FOK",
      size: "0.04",
      price: worst,
    });
    expect(await requests("createBalanceTransfer")).toHaveLength(0);
    const op = await h.storage.operations.get(id);
    expect(op?.state).toBe("done");
    const received = money.sub(String(op!.result!.dealFunds), String(op!.result!.fee));
    expect(user.last()!.text).toContain(`✅ Swapped 0.04 BTC (≈ ${formatFiat(money.mul("0.04", "65000"), "USD")}) for ${formatAmount(received, "USDT")} (≈ ${formatFiat(received, "USD")})`);
    expect(await exchangeOf(user, "BTC")).toEqual({ funding: "0", trading: "0.06" });
    expect(await exchangeOf(user, "USDT")).toEqual({ funding: "0", trading: received });
  });

  it("takes what trading lacks from funding in the same summary and confirmation, moved once", async () => {
    const { user } = await h.linkedUser({ funding: { BTC: "0.2" }, trading: { BTC: "0.1" } });
    const id = await reachSummary(user, "BTC", "USDT", "0.25");
    const summary = user.last()!.text;
    expect(summary).toContain("You give: 0.25 BTC");
    expect(summary).toContain("First moved from funding to trading: 0.15 BTC (no fee)");
    const payload = SwapPayload.parse((await h.storage.operations.get(id))!.payload);
    expect(payload.move?.amount).toBe("0.15");
    expect(payload.move?.id).toMatch(/^swpmv-/);

    await user.press(`cf:${id}`);
    const moves = await requests("createBalanceTransfer");
    expect(moves).toHaveLength(1);
    expect(moves[0]!.body).toMatchObject({ clientTransferId: payload.move!.id, asset: "BTC", amount: "0.15", from: "funding", to: "trading" });
    expect(await requests("placeOrder")).toHaveLength(1);
    expect(user.last()!.text).toContain("0.15 BTC came over from funding first.");
    expect(await exchangeOf(user, "BTC")).toEqual({ funding: "0.05", trading: "0" });
    expect(money.isPositive((await exchangeOf(user, "USDT")).trading)).toBe(true);
  });

  it("Max swaps everything on both balances and leaves exactly 0 of what was given", async () => {
    const { user } = await h.linkedUser({ funding: { BTC: "0.2" }, trading: { BTC: "0.05" } });
    await user.send("/swap");
    await user.press(pickData("BTC"));
    await user.press(pickData("USDT"));
    const id = await (async () => {
      await user.pressLabel(/^Max · 0\.25 BTC$/);
      return user.confirmData()!.slice(3);
    })();
    expect(user.last()!.text).toContain("First moved from funding to trading: 0.2 BTC");
    await user.press(`cf:${id}`);
    expect(await exchangeOf(user, "BTC")).toEqual({ funding: "0", trading: "0" });
  });

  it("a crash between the move and the order: the restart places the order once and does not move again", async () => {
    const { user, key } = await h.linkedUser({ funding: { USDT: "500" }, trading: { USDT: "100" } });
    const id = await reachSummary(user, "USDT", "BTC", "300");
    const payload = SwapPayload.parse((await h.storage.operations.get(id))!.payload);
    expect(payload.move?.amount).toBe("200");
    // Confirm was recorded and the move reached the service; then the process died.
    expect((await h.storage.operations.claim(id, user.id, new Date())).claimed).toBe(true);
    await createExchangeClient({ baseUrl: h.sim.baseUrls.exchange, apiKey: key }).createBalanceTransfer({
      clientTransferId: payload.move!.id,
      asset: "USDT",
      amount: "200",
      from: "funding",
      to: "trading",
    });

    expect(await h.app.reconcileUnfinished()).toBe(1);
    expect(await requests("createBalanceTransfer")).toHaveLength(1);
    const placed = await requests("placeOrder");
    expect(placed).toHaveLength(1);
    const order = payload.order;
    if (order.type !== "limit") throw new Error("a swap places a limit order");
    expect(placed[0]!.body).toMatchObject({ clientOrderId: id, side: "buy", type: "limit", timeInForce: "FOK", size: order.size, price: order.price });
    expect(money.lte(money.mul(order.size, order.price), "300")).toBe(true);
    const op = await h.storage.operations.get(id);
    expect(op?.state).toBe("done");
    const usdt = await exchangeOf(user, "USDT");
    expect(usdt.funding).toBe("300");
    expect(usdt.trading).toBe(money.sub("300", String(op!.result!.dealFunds)));
    expect((await exchangeOf(user, "BTC")).trading).toBe(money.sub(String(op!.result!.dealSize), String(op!.result!.fee)));
    await h.outboxSent();
    expect(user.last()!.text).toMatch(/✅ Swapped/);
    // Nothing left to settle, and nothing is sent again.
    expect(await h.app.reconcileUnfinished()).toBe(0);
    expect(await requests("placeOrder")).toHaveLength(1);
  });

  it("an order whose outcome stayed unknown after the move is placed once by reconciliation, the move read back", async () => {
    const { user } = await h.linkedUser({ funding: { BTC: "0.2" } });
    const id = await reachSummary(user, "BTC", "USDT", "0.1");
    await h.fault({ operationId: "placeOrder", mode: "error5xx", count: 3 });
    await user.press(`cf:${id}`);
    expect((await h.storage.operations.get(id))?.state).toBe("unknown");
    expect(await exchangeOf(user, "BTC")).toEqual({ funding: "0.1", trading: "0.1" });

    expect(await h.app.reconcileUnfinished()).toBe(1);
    expect((await h.storage.operations.get(id))?.state).toBe("done");
    expect(await requests("createBalanceTransfer")).toHaveLength(1);
    expect(await exchangeOf(user, "BTC")).toEqual({ funding: "0.1", trading: "0" });
    const orders = (await requests("placeOrder")).filter((r) => (r.body as { clientOrderId?: string }).clientOrderId === id);
    // Three failed sends under the same id, then one that the service applied.
    expect(orders.length).toBeGreaterThanOrEqual(1);
    const key = (await h.storage.users.loadKey(user.id))!.apiKey;
    const history = await createExchangeClient({ baseUrl: h.sim.baseUrls.exchange, apiKey: key }).getOrdersHistory({ pageSize: 100 });
    expect(history.orders.filter((o) => o.clientOrderId === id)).toHaveLength(1);
  });

  it("a double press, two at once and a replay make one move and one order", async () => {
    const { user } = await h.linkedUser({ funding: { BTC: "0.2" } });
    const id = await reachSummary(user, "BTC", "USDT", "0.1");
    const press = user.pressUpdate(`cf:${id}`);
    await Promise.all([h.handle(press), h.handle(user.pressUpdate(`cf:${id}`))]);
    await h.handle(press);
    expect(await requests("createBalanceTransfer")).toHaveLength(1);
    expect(await requests("placeOrder")).toHaveLength(1);
    expect(await exchangeOf(user, "BTC")).toEqual({ funding: "0.1", trading: "0" });
  });

  it("an expired confirmation does nothing", async () => {
    const { user } = await h.linkedUser({ funding: { BTC: "0.2" } });
    const id = await reachSummary(user, "BTC", "USDT", "0.1");
    h.advanceClock(121_000);
    await user.press(`cf:${id}`);
    expect(user.last()!.text).toMatch(/had expired/);
    expect(await requests("createBalanceTransfer")).toHaveLength(0);
    expect(await requests("placeOrder")).toHaveLength(0);
    expect(await exchangeOf(user, "BTC")).toEqual({ funding: "0.2", trading: "0" });
  });

  it("says when no pair trades the two assets, and when there is nothing to swap", async () => {
    const { user } = await h.linkedUser({ trading: { BTC: "0.1" } });
    await user.send("/swap");
    await user.press(pickData("BTC"));
    // ETH-BTC exists but is halted; DOGE is traded nowhere.
    await user.send("eth");
    expect(user.last()!.text).toContain("No pair open for trading on the Exchange exchanges BTC for ETH");
    expect(user.buttonData(/^USDT$/)).toBe(pickData("USDT"));
    await user.send("DOGE");
    expect(user.last()!.text).toContain("exchanges BTC for DOGE");
    await user.send("BTC");
    expect(user.last()!.text).toMatch(/That is the asset you give/);
    await user.send("usdt");
    expect(user.last()!.text).toContain("How much BTC do you give?");
    await user.send("5");
    expect(user.last()!.text).toContain("Not enough: 0.1 BTC is available on your funding and trading balances together.");

    const empty = await h.linkedUser({ pay: { USDT: "10" } });
    await empty.user.send("/swap");
    expect(empty.user.last()!.text).toMatch(/There is nothing on your Exchange balances that a pair trades/);
    expect(await requests("placeOrder")).toHaveLength(0);
  });

  it("takes the amount in the person's fiat at the rate the prompt shows, and names both worths", async () => {
    const { user } = await h.linkedUser({ trading: { USDT: "500" } });
    await user.send("/swap");
    await user.press(pickData("USDT"));
    await user.press(pickData("BTC"));
    expect(user.last()!.text).toContain("1 USDT ≈ US$1.00 now; you may type the amount in USD too (e.g. 10 USD).");
    await user.send("10 eur");
    expect(user.last()!.text).toMatch(/^I can convert only from USD/);
    await user.send("$100");
    const summary = user.last()!.text;
    expect(summary).toMatch(/You give: ≈ [\d.]+ USDT \(≈ US\$[\d.]+\) at current prices, never more than [\d.]+ USDT/);
    expect(summary).toMatch(/You receive: ≈ [\d.]+ BTC \(≈ US\$[\d.]+\)/);
    expect(summary).toContain(`Rate in USD: 1 BTC ≈ ${formatFiat("65000", "USD")} (the service's, now)`);
    const id = user.confirmData()!.slice(3);
    const stored = SwapPayload.parse((await h.storage.operations.get(id))!.payload);
    expect(stored.amount).toBe("100");
    expect(stored.worths).toEqual([
      { asset: "USDT", fiat: "USD", rate: "1" },
      { asset: "BTC", fiat: "USD", rate: "65000" },
    ]);
  });

  it("speaks Russian: the steps, the summary and the result", async () => {
    const { user } = await h.linkedUser({ funding: { BTC: "0.2" } }, { languageCode: "ru" });
    await user.press("menu:swap");
    expect(user.last()!.text).toMatch(/Что вы отдаёте\?/);
    await user.press(pickData("BTC"));
    expect(user.last()!.text).toMatch(/Что вы хотите получить за BTC\?/);
    await user.press(pickData("USDT"));
    expect(user.last()!.text).toMatch(/Сколько BTC вы отдаёте\?/);
    await user.send("0,1");
    const summary = user.last()!.text;
    expect(summary).toContain("🔁 Обмен на бирже");
    expect(summary).toContain("Вы отдаёте: 0,1 BTC");
    expect(summary).toContain("Сначала с финансового баланса на торговый перемещается 0,1 BTC");
    expect(summary).toMatch(/Курс: 1 BTC ≈ /);
    expect(summary).toMatch(/Вы получите: ≈ .+ USDT/);
    expect(summary).toMatch(/Не меньше: .+ USDT \(≈ .+\u00a0\$\)\. Ордер продаёт по .+ USDT за 1 BTC или дороже, всё или ничего/);
    expect(summary).toContain("BTC после обмена: 0,1 BTC на финансовом балансе · 0 BTC на торговом");
    await user.pressLabel(/Подтвердить/);
    expect(user.last()!.text).toMatch(/✅ Обменяно: 0,1 BTC \(≈ .+\u00a0\$\) на /);
    expect(await exchangeOf(user, "BTC")).toEqual({ funding: "0.1", trading: "0" });
  });
});
