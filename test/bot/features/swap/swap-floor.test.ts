/**
 * A swap's summary is a promise kept: what it says you give is what leaves your balances, Max leaves
 * nothing behind but what the summary names (and exactly there), and what you receive is never less
 * than its "at least", even when the book moves between the summary and Confirm (then nothing is
 * swapped and the new figures are shown). The real bot over the in-process simulator; another
 * account trades on the same book to move the market. Balances are read from the Exchange over HTTP.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SwapPayload } from "../../../../src/bot/features/swap/action.js";
import { money } from "../../../../src/domain/money.js";
import { createExchangeClient, type ExchangeClient } from "../../../../src/service/client.js";
import { Harness, type TestUser } from "../../../helpers/bot-harness.js";
import { pickData } from "../../../../src/bot/shared/input-data.js";

const databases = [undefined, process.env.TEST_DATABASE_URL].filter((u, i) => i === 0 || u !== undefined);

/** The plain decimal of an amount as the bot shows it ("1 657.05 USDT" with a narrow space → "1657.05"). */
const plain = (shown: string) =>
  shown.includes(".") ? shown.replace(/[\s\u00a0,]/g, "") : shown.replace(/[\s\u00a0]/g, "").replace(",", ".");

/** The amount of `asset` that follows `label` in `text` (after an optional "≈ "). */
function amountAfter(text: string, label: string, asset: string): string {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const found = new RegExp(`${escaped}\\s*(?:≈\\s*)?([\\d\\u00a0 ,]+(?:[.,]\\d+)?) ${asset}`).exec(text);
  if (!found) throw new Error(`no "${label} … ${asset}" in:\n${text}`);
  return plain(found[1]!);
}

describe.each(databases)("swap figures that hold (database %s)", (databaseUrl) => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.create(databaseUrl ? { databaseUrl } : {});
  });
  afterEach(async () => {
    await h.close();
  });

  const exchangeFor = (key: string) => createExchangeClient({ baseUrl: h.sim.baseUrls.exchange, apiKey: key });

  /** Available amounts of `asset` on both Exchange balances. */
  async function balancesOf(ex: ExchangeClient, asset: string) {
    const [f, t] = await Promise.all([ex.getFundingBalances(), ex.getTradingBalances()]);
    const of = (list: { asset: string; available: string; holds: string }[]) => {
      const b = list.find((x) => x.asset === asset);
      return b ? money.add(b.available, b.holds) : "0";
    };
    return { funding: of(f.balances), trading: of(t.balances) };
  }
  const total = (b: { funding: string; trading: string }) => money.add(b.funding, b.trading);

  /** /swap from → to, then the amount typed or Max pressed; returns the summary's text. */
  async function summaryOf(user: TestUser, from: string, to: string, amount: string | "max"): Promise<string> {
    await user.send("/swap");
    await user.press(pickData(from));
    await user.press(pickData(to));
    if (amount === "max") await user.pressLabel(/^(Max|Макс\.) · /);
    else await user.send(amount);
    if (!user.confirmData()) throw new Error(`no summary: ${user.last()?.text}`);
    return user.last()!.text;
  }

  /** Another account that sells `size` of the pair's base into the bids at market. */
  async function sellIntoBids(symbol: string, size: string) {
    const base = symbol.split("-")[0]!;
    const other = await h.createAccount({ trading: { [base]: size } });
    await exchangeFor(other.keys.production).placeOrder({
      clientOrderId: `mover-${Date.now()}`,
      symbol,
      side: "sell",
      type: "market",
      timeInForce: "IOC",
      size,
    });
  }

  /** The summed size of the first `levels` bids of `symbol`: selling it moves the best bid down that many levels. */
  async function bidSizes(ex: ExchangeClient, symbol: string, levels: number) {
    const book = await ex.getOrderbook({ symbol, depth: 50 });
    return money.sum(book.bids.slice(0, levels).map(([, size]) => size));
  }

  it("Max on 319.20078 TONCOIN: the summary names the 0.00078 that cannot be swapped and where it stays; it stays exactly there, and USDT is at least the floor", async () => {
    const { user, key } = await h.linkedUser({ funding: { TONCOIN: "319.20078" } });
    const ex = exchangeFor(key);
    const summary = await summaryOf(user, "TONCOIN", "USDT", "max");
    expect(summary).toContain("You give: 319.2 TONCOIN");
    expect(summary).toContain("First moved from funding to trading: 319.2 TONCOIN (no fee)");
    expect(summary).toContain("TONCOIN left after the swap: 0.00078 TONCOIN on funding · 0 TONCOIN on trading");
    expect(summary).toContain("0.00078 TONCOIN cannot be swapped: TONCOIN-USDT trades TONCOIN in steps of 0.01 TONCOIN.");
    const estimate = amountAfter(summary, "You receive:", "USDT");
    const least = amountAfter(summary, "You receive at least", "USDT");
    expect(money.lte(least, estimate)).toBe(true);
    expect(summary).not.toContain("Least you receive at the prices now");

    await user.pressLabel(/Confirm/);
    expect(await balancesOf(ex, "TONCOIN")).toEqual({ funding: "0.00078", trading: "0" });
    const usdt = await balancesOf(ex, "USDT");
    expect(money.gte(usdt.trading, least)).toBe(true);
    // The book did not move: what arrives is what the summary estimated.
    expect(usdt.trading).toBe(estimate);
    expect(user.last()!.text).toMatch(new RegExp(`✅ Swapped 319.2 TONCOIN \\(≈ US\\$[\\d,.]+\\) for ${summary.match(/You receive: ≈ ([\d,.]+ USDT)/)![1]}`));
  });

  it("100 USDT for TONCOIN: “you give” is what leaves the balances, the unspent rest stays on trading as said, TONCOIN at least the floor", async () => {
    const { user, key } = await h.linkedUser({ funding: { USDT: "100" } });
    const ex = exchangeFor(key);
    const before = total(await balancesOf(ex, "USDT"));
    const summary = await summaryOf(user, "USDT", "TONCOIN", "100");
    const give = amountAfter(summary, "You give:", "USDT");
    const most = amountAfter(summary, "never more than", "USDT");
    expect(money.lte(give, most)).toBe(true);
    expect(money.lte(most, "100")).toBe(true);
    expect(summary).toContain("First moved from funding to trading: 100 USDT (no fee)");
    const rest = amountAfter(summary, "on funding ·", "USDT");
    expect(rest).toBe(money.sub("100", give));
    expect(summary).toContain("(what the order does not spend stays there)");
    const least = amountAfter(summary, "You receive at least", "TONCOIN");

    await user.pressLabel(/Confirm/);
    const after = await balancesOf(ex, "USDT");
    expect(money.sub(before, total(after))).toBe(give);
    expect(after).toEqual({ funding: "0", trading: rest });
    expect(money.gte((await balancesOf(ex, "TONCOIN")).trading, least)).toBe(true);
    const done = user.last()!.text;
    expect(plain(done)).toMatch(new RegExp(`Swapped${give}USDT\\(≈US\\$[\\d,.]+\\)for`));
    expect(plain(done)).toContain(`${rest}USDTtheorderdidnotspendstaysonyourtradingbalance.`);
  });

  it("in Russian, Max on 500 USDT for BTC: “Вы отдаёте” is what leaves, the rest stays on the trading balance as said, BTC at least the floor", async () => {
    const { user, key } = await h.linkedUser({ funding: { USDT: "300" }, trading: { USDT: "200" } }, { languageCode: "ru" });
    const ex = exchangeFor(key);
    const summary = await summaryOf(user, "USDT", "BTC", "max");
    const give = amountAfter(summary, "Вы отдаёте:", "USDT");
    expect(money.lte(give, amountAfter(summary, "не больше", "USDT"))).toBe(true);
    expect(summary).toContain("Сначала с финансового баланса на торговый перемещается 300 USDT (без комиссии)");
    expect(summary).toContain("USDT после обмена: 0 USDT на финансовом балансе · ≈ ");
    const rest = amountAfter(summary, "на финансовом балансе ·", "USDT");
    expect(rest).toBe(money.sub("500", give));
    const least = amountAfter(summary, "Не меньше:", "BTC");
    expect(summary).toContain("всё или ничего");

    await user.pressLabel(/Подтвердить/);
    expect(await balancesOf(ex, "USDT")).toEqual({ funding: "0", trading: rest });
    expect(money.gte((await balancesOf(ex, "BTC")).trading, least)).toBe(true);
    // Written the Russian way: a decimal comma; compared without spaces.
    const done = user.last()!.text.replace(/[\s\u00a0]/g, "");
    expect(done).toMatch(new RegExp(`Обменяно:${give.replace(".", ",")}USDT\\(≈[\\d,]+\\$\\)на`));
    expect(done).toContain(`${rest.replace(".", ",")}USDT,непотраченныеордером,остаютсянаторговомбалансе.`);
  });

  it("the book moves a little before Confirm: the swap fills below the estimate but never below “at least”", async () => {
    const { user, key } = await h.linkedUser({ trading: { TONCOIN: "300" } });
    const ex = exchangeFor(key);
    const summary = await summaryOf(user, "TONCOIN", "USDT", "300");
    const estimate = amountAfter(summary, "You receive:", "USDT");
    const least = amountAfter(summary, "You receive at least", "USDT");
    // Someone sells through the two best bids: the book pays less than when the summary was made.
    await sellIntoBids("TONCOIN-USDT", await bidSizes(ex, "TONCOIN-USDT", 2));

    await user.pressLabel(/Confirm/);
    const usdt = (await balancesOf(ex, "USDT")).trading;
    expect(money.lt(usdt, estimate)).toBe(true);
    expect(money.gte(usdt, least)).toBe(true);
    expect(await balancesOf(ex, "TONCOIN")).toEqual({ funding: "0", trading: "0" });
    expect(user.last()!.text).toMatch(/✅ Swapped 300 TONCOIN \(≈ US\$[\d,.]+\) for/);
  });

  it("the book moves past the worst price before Confirm: nothing is swapped, nothing is lost, the new figures are shown", async () => {
    const { user, key } = await h.linkedUser({ funding: { TONCOIN: "100" }, trading: { TONCOIN: "200" } });
    const ex = exchangeFor(key);
    const summary = await summaryOf(user, "TONCOIN", "USDT", "300");
    const least = amountAfter(summary, "You receive at least", "USDT");
    const worst = amountAfter(summary, "The order sells at", "USDT");
    const id = user.confirmData()!.slice(3);
    // Someone sells through fifteen levels of bids: the best bid falls well below the worst price.
    await sellIntoBids("TONCOIN-USDT", await bidSizes(ex, "TONCOIN-USDT", 15));
    const book = await ex.getOrderbook({ symbol: "TONCOIN-USDT", depth: 5 });
    expect(money.lt(book.bids[0]![0], worst)).toBe(true);

    await user.pressLabel(/Confirm/);
    const placed = (await h.simRequests("placeOrder")).filter((r) => (r.body as { clientOrderId: string }).clientOrderId === id);
    expect(placed).toHaveLength(1);
    expect(placed[0]!.body).toMatchObject({ type: "limit", timeInForce: "FOK", side: "sell", size: "300", price: worst });
    // Nothing was exchanged: all 300 TONCOIN are still there (the 100 from funding now on trading), no USDT.
    expect(await balancesOf(ex, "TONCOIN")).toEqual({ funding: "0", trading: "300" });
    expect(await balancesOf(ex, "USDT")).toEqual({ funding: "0", trading: "0" });
    const done = user.last()!.text;
    expect(done).not.toContain("✅");
    expect(done).toContain("⚠️ Nothing was swapped");
    expect(plain(done)).toContain(`${plain(worst)}USDT`);
    expect(done).toContain("300 TONCOIN stays on your Exchange balances.");
    const now = amountAfter(done, "would bring", "USDT");
    expect(money.lt(now, least)).toBe(true);
    expect(user.buttonData(/Swap again/)).toBe("menu:swap");
    expect((await h.storage.operations.get(id))?.state).toBe("done");
  });

  it("an amount the book cannot fill whole within the margin is not proposed: the amount is asked again", async () => {
    const { user } = await h.linkedUser({ trading: { BTC: "3" } });
    await user.send("/swap");
    await user.press(pickData("BTC"));
    await user.press(pickData("USDT"));
    // Three BTC walk about forty levels of bids, far past 0.5 % below the average.
    await user.send("3");
    expect(user.texts().join("\n")).toContain("The book of BTC-USDT cannot take 3 BTC at once within 0.5% of the current price. Send a smaller amount.");
    expect(user.last()!.text).toContain("How much BTC do you give?");
    expect(user.confirmData()).toBeUndefined();
    await user.send("0.01");
    expect(user.last()!.text).toContain("You give: 0.01 BTC");
    expect(await h.simRequests("placeOrder")).toHaveLength(0);
  });

  it("in Russian, a swap the moved book refuses says so in Russian with the new figures", async () => {
    const { user, key } = await h.linkedUser({ trading: { TONCOIN: "300" } }, { languageCode: "ru" });
    const ex = exchangeFor(key);
    await summaryOf(user, "TONCOIN", "USDT", "300");
    await sellIntoBids("TONCOIN-USDT", await bidSizes(ex, "TONCOIN-USDT", 15));
    await user.pressLabel(/Подтвердить/);
    const done = user.last()!.text;
    expect(done).toContain("⚠️ Ничего не обменяно");
    expect(done).toContain("300 TONCOIN остаётся на балансах биржи.");
    expect(done).toMatch(/По текущим ценам за 300 TONCOIN вы получили бы ≈ /);
    expect(user.buttonData(/Обменять снова/)).toBe("menu:swap");
  });
});

describe("swap journal rows", () => {
  it("a swap confirmed as a market order before the limit order still reads back from the journal", () => {
    const old = { from: "USDT", to: "BTC", amount: "300", order: { symbol: "BTC-USDT", side: "buy", type: "market", timeInForce: "IOC", funds: "300" } };
    expect(SwapPayload.parse(old).order).toEqual(old.order);
  });
});
