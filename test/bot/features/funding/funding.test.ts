/**
 * Withdrawals from the Exchange funding balance and the funding histories, end to end: the real bot
 * over the in-process simulator, real storage (SQLite, and PostgreSQL when TEST_DATABASE_URL is set)
 * and the fake Telegram. Asserts the funding balance the simulator holds after each write, the
 * withdrawals it recorded, the journal and what the user was shown.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { withdrawalRequest } from "../../../../src/bot/shared/withdrawal-steps.js";
import { formatAmount } from "../../../../src/domain/money.js";
import { Harness, type TestUser } from "../../../helpers/bot-harness.js";
import { pickData } from "../../../../src/bot/shared/input-data.js";

const databases = [undefined, process.env.TEST_DATABASE_URL].filter((u, i) => i === 0 || u !== undefined);
const TRX_ADDRESS = `T${"a1B2c".repeat(6)}xyz`;

describe.each(databases)("funding (database %s)", (databaseUrl) => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.create(databaseUrl ? { databaseUrl } : {});
  });
  afterEach(async () => {
    await h.close();
  });

  /** The user's funding balance of USDT as the Exchange reports it (available and held). */
  async function fundingUsdt(user: TestUser) {
    const key = (await h.storage.users.loadKey(user.id))!.apiKey;
    const { balances } = await h.deps.services.forKey("production", key).exchange.getFundingBalances();
    const b = balances.find((x) => x.asset === "USDT");
    return { available: b?.available, holds: b?.holds, balance: b?.balance };
  }

  /** /fund_withdraw over TRX up to the summary; returns the Confirm button's data. */
  async function reachSummary(user: TestUser, amount: string): Promise<string> {
    await user.send("/fund_withdraw");
    await user.press(pickData("USDT"));
    await user.press(pickData("TRX"));
    await user.send(TRX_ADDRESS);
    await user.send(amount);
    const confirm = user.confirmData();
    if (!confirm) throw new Error(`no summary: ${user.last()?.text}`);
    return confirm;
  }

  it("withdraws from funding: summary with the fee, one withdrawal, amount + fee held once", async () => {
    const { user } = await h.linkedUser({ funding: { USDT: "100" } });
    await user.send("/fund_withdraw");
    expect(user.last()!.text).toContain("Which asset do you want to withdraw from your Exchange funding balance?");
    await user.press(pickData("USDT"));
    const networks = user.last()!.keyboard!.inline_keyboard.flat().map((b) => b.text);
    expect(networks).toEqual(expect.arrayContaining(["TON", "TRX", "ETH", "BSC", "SOL"]));
    await user.press(pickData("TRX"));
    await user.send("not-an-address");
    expect(user.last()!.text).toMatch(/not an address on the TRX network/);
    await user.send(TRX_ADDRESS);
    expect(user.last()!.text).toContain(
      `How much USDT do you want to withdraw? Available on funding: 100 USDT. From 5 USDT to ${formatAmount("100000", "USDT")}; fee 1 USDT.`,
    );
    await user.send("100");
    expect(user.last()!.text).toContain("Not enough funds");
    await user.send("2");
    expect(user.last()!.text).toContain("The minimum is 5 USDT");
    await user.send("20");

    const summary = user.last()!.text;
    expect(summary).toContain("🏦 Withdrawal from your Exchange funding balance");
    expect(summary).toContain(`Address: ${TRX_ADDRESS}`);
    expect(summary).toContain("Amount: 20 USDT");
    expect(summary).toContain("Fee: 1 USDT");
    expect(summary).toContain("Debited in total: 21 USDT");
    expect(summary).toContain("Stays on funding: 79 USDT");
    expect((await h.simRequests("createFundingWithdrawal")).length).toBe(0);

    const confirm = user.confirmData()!;
    // A double press, two at once and a replay: one withdrawal.
    await Promise.all([h.handle(user.pressUpdate(confirm)), h.handle(user.pressUpdate(confirm))]);
    await user.press(confirm);

    const sent = await h.simRequests("createFundingWithdrawal");
    expect(sent).toHaveLength(1);
    const id = confirm.slice(3);
    expect(sent[0]!.body).toMatchObject({ clientWithdrawalId: id, network: "TRX", amount: "20", asset: "USDT" });
    // Amount and fee are held at once (spent when the withdrawal completes).
    expect(await fundingUsdt(user)).toEqual({ available: "79", holds: "21", balance: "100" });
    expect((await h.storage.operations.get(id))?.state).toBe("done");

    const done = h.tg.textsIn(user.id).find((t) => t.includes("requested. Fee:"));
    expect(done).toContain(`✅ Withdrawal of 20 USDT to ${TRX_ADDRESS} (TRX) requested. Fee: 1 USDT. Status: accepted.`);

    // Its details, and the history lists it.
    await user.pressLabel(/Details/);
    expect(user.last()!.text).toContain("Fee: 1 USDT");
    expect(user.last()!.text).not.toContain(id);
    await user.send("/fund_withdrawals");
    expect(user.last()!.text).toMatch(/1\. .* · 20 USDT · TRX · accepted/);
    expect(user.last()!.text).toContain("Page 1/1 · 1 in all");
    expect(user.buttonData(/« Back/)).toBe("menu:balances");
  });

  it("shows the rate, takes the amount in the person's fiat and keeps what it was worth", async () => {
    const { user } = await h.linkedUser({ funding: { USDT: "100" } });
    await user.send("/fund_withdraw");
    await user.press(pickData("USDT"));
    await user.press(pickData("TRX"));
    await user.send(TRX_ADDRESS);
    expect(user.last()!.text).toContain("1 USDT ≈ US$1.00 now; you may type the amount in USD too (e.g. 10 USD).");
    await user.send("$12.5");
    const summary = user.last()!.text;
    expect(summary).toContain("Amount: 12.5 USDT");
    expect(summary).toContain("Worth: ≈ US$12.50");
    expect(summary).toContain("Rate in USD: 1 USDT ≈ US$1.00 (the service's, now)");
    const confirm = user.confirmData()!;
    await user.press(confirm);
    const [sent] = await h.simRequests("createFundingWithdrawal");
    expect(sent!.body).toMatchObject({ amount: "12.5", asset: "USDT" });
    expect(await fundingUsdt(user)).toEqual({ available: "86.5", holds: "13.5", balance: "100" });
    expect(user.last()!.text).toContain("Worth then: ≈ US$12.50");
  });

  it("reconciles a lost reply by the client id: one withdrawal, reported done", async () => {
    const { user } = await h.linkedUser({ funding: { USDT: "50" } });
    const confirm = await reachSummary(user, "10");
    await h.fault({ operationId: "createFundingWithdrawal", mode: "dropAfter", count: 1 });
    await user.press(confirm);

    const id = confirm.slice(3);
    expect((await h.storage.operations.get(id))?.state).toBe("done");
    expect(await fundingUsdt(user)).toEqual({ available: "39", holds: "11", balance: "50" });
    const page = await h.deps.services
      .forKey("production", (await h.storage.users.loadKey(user.id))!.apiKey)
      .exchange.getFundingWithdrawalsHistory({});
    expect(page.withdrawals.filter((w) => w.clientWithdrawalId === id)).toHaveLength(1);
    expect(user.last()!.text).toContain("requested. Fee: 1 USDT");
  });

  it("settles withdrawals claimed before a crash by their client ids: the one sent is found, the other sent now, each once", async () => {
    const { user, key } = await h.linkedUser({ funding: { USDT: "40" } });
    const payload = { network: "TRX" as const, address: TRX_ADDRESS, asset: "USDT", amount: "10", fee: "1", feeAsset: "USDT" };
    for (const id of ["fwdcrash1", "fwdcrash2"]) {
      await h.storage.operations.propose({
        id,
        telegramId: user.id,
        chatId: user.id,
        kind: "funding_withdrawal",
        network: "production",
        payload,
        messageId: null,
        expiresAt: new Date(Date.now() + 60_000),
      });
      expect((await h.storage.operations.claim(id, user.id, new Date())).claimed).toBe(true);
    }
    // The first reached the service before the crash; the second never left.
    await h.deps.services.forKey("production", key).exchange.createFundingWithdrawal(
      withdrawalRequest("fwdcrash1", payload),
    );

    expect(await h.app.reconcileUnfinished()).toBe(2);
    expect((await h.storage.operations.get("fwdcrash1"))?.state).toBe("done");
    expect((await h.storage.operations.get("fwdcrash2"))?.state).toBe("done");
    const sent = (await h.simRequests("createFundingWithdrawal")).map((r) => (r.body as { clientWithdrawalId: string }).clientWithdrawalId);
    expect(sent).toEqual(["fwdcrash1", "fwdcrash2"]);
    expect(await fundingUsdt(user)).toEqual({ available: "18", holds: "22", balance: "40" });
    expect(await h.app.reconcileUnfinished()).toBe(0);
    expect(h.tg.textsIn(user.id).some((t) => t.includes("requested. Fee: 1 USDT"))).toBe(true);
  });

  it("refuses a withdrawal the funding balance cannot cover", async () => {
    const { user } = await h.linkedUser({ funding: { USDT: "3" } });
    await user.send("/fund_withdraw");
    await user.press(pickData("USDT"));
    await user.press(pickData("TRX"));
    expect(user.last()!.text).toContain("This withdrawal is not possible now. Funding balance: 3 USDT; minimum 5 USDT plus a fee of 1 USDT");
    await user.send("/fund_withdraw");
    const { user: empty } = await h.linkedUser({ trading: { USDT: "10" } });
    await empty.send("/fund_withdraw");
    expect(empty.last()!.text).toContain("Nothing to withdraw");
  });

  it("lists moves between funding and trading with their details", async () => {
    const { user } = await h.linkedUser({ funding: { USDT: "30" } });
    await user.send("/moves");
    expect(user.last()!.text).toContain("No moves yet.");
    await user.send("/move");
    await user.press(pickData("USDT"));
    await user.press(pickData("fundingToTrading"));
    await user.send("12.5");
    await user.press(user.confirmData()!);
    expect((await h.account(user.id)).trading.USDT).toBe("12.5");

    await user.send("/moves");
    const page = user.last()!;
    expect(page.text).toMatch(/1\. .* · 12\.5 USDT · Funding → Trading · completed/);
    await user.press(user.buttonData(/^1$/)!);
    expect(user.last()!.text).toContain("Amount: 12.5 USDT");
    expect(user.last()!.text).toContain("From funding to trading");
  });
});
