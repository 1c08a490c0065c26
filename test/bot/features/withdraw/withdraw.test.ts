/**
 * Withdraw end to end: the real bot, the simulator over HTTP, real storage and a fake Telegram.
 * Runs on SQLite, and on PostgreSQL too when TEST_DATABASE_URL is set.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PayWithdrawal } from "../../../../src/service/schemas.js";
import { Harness, type TestUser } from "../../../helpers/bot-harness.js";
import { WITHDRAW_DATA } from "../../../../src/bot/features/withdraw/callback-data.js";
import { pickData } from "../../../../src/bot/shared/input-data.js";

const databases = [undefined, process.env.TEST_DATABASE_URL].filter((u, i) => i === 0 || u !== undefined);

const TON_ADDRESS = `UQ${"Ab3_-".repeat(9)}x`;
const TRX_ADDRESS = `T${"a1B2c".repeat(6)}xyz`;

describe.each(databases)("withdraw (database %s)", (databaseUrl) => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.create(databaseUrl ? { databaseUrl } : {});
  });
  afterEach(async () => {
    await h.close();
  });

  /** Every withdrawal the service holds for a key. */
  async function withdrawals(key: string): Promise<PayWithdrawal[]> {
    return (await h.deps.services.forKey("production", key).pay.getWithdrawals({ limit: 100 })).items;
  }

  const usdt = async (userId: number) => (await h.account(userId)).pay.USDT;

  /** Walks the withdraw-to-address flow over TON up to the summary. */
  async function toSummary(user: TestUser, amount = "10", memo: string | null = "12345") {
    await user.press("menu:withdraw");
    await user.press(WITHDRAW_DATA.create.build({}));
    await user.press(pickData("USDT"));
    await user.press(pickData("TON"));
    await user.send(TON_ADDRESS);
    if (memo === null) await user.pressLabel(/Skip/);
    else await user.send(memo);
    await user.send(amount);
  }

  async function proposed(balance = "100") {
    const linked = await h.linkedUser({ pay: { USDT: balance } });
    await toSummary(linked.user);
    const confirm = linked.user.buttonData(/Confirm/);
    if (!confirm) throw new Error(`no summary: ${linked.user.last()?.text}`);
    return { ...linked, confirm, opId: confirm.slice(3) };
  }

  it("creates a withdrawal link and moves nothing", async () => {
    const { user, account } = await h.linkedUser({ pay: { USDT: "100" } });
    await user.press("menu:withdraw");
    await user.press(WITHDRAW_DATA.link.build({}));
    await user.press(pickData("USDT"));
    expect(user.last()?.text).toMatch(/Which network/);
    await user.press(pickData("TRX"));
    await user.send("hello");
    expect(user.last()?.text).toMatch(/not an address on the TRX network. Expected: 34 characters starting with T/);
    await user.send(TON_ADDRESS);
    expect(user.last()?.text).toMatch(/not an address on the TRX network/);
    await user.send(TRX_ADDRESS);
    expect(user.last()?.text).toMatch(/Minimum 5 USDT, maximum 100,000 USDT. Fee: 1 USDT/);
    await user.send("3");
    expect(user.last()?.text).toMatch(/minimum is 5 USDT/);
    await user.send("10");

    const shown = user.last()!;
    expect(shown.text).toMatch(/Withdrawal link created. Nothing has left your wallet/);
    expect(shown.text).toContain("Amount: 10 USDT");
    expect(shown.text).toContain(`Address: ${TRX_ADDRESS}`);
    // The real reply is flat links only, with no expiry: none is promised.
    expect(shown.text).not.toContain("Valid until");
    expect(shown.text).toMatch(/In Telegram: https:\/\/t\.me\/xrocket\?start=wdl_/);
    expect(shown.text).toMatch(/On the web: https:\/\//);
    const requests = await h.simRequests("createWithdrawalLink");
    expect(requests).toHaveLength(1);
    expect(requests[0]?.body).toMatchObject({
      network: "TRX",
      address: TRX_ADDRESS,
      asset: "USDT",
      amount: "10",
    });
    expect(await h.simRequests("createWithdrawal")).toHaveLength(0);
    expect(await usdt(account.userId)).toEqual({ balance: "100", available: "100", holds: "0" });
  });

  it("withdraws to an address after confirmation: amount + fee leave once, and it is listed", async () => {
    const { user, account, key, confirm, opId } = await proposed();
    const summary = user.last()!.text;
    expect(summary).toContain("Network: TON");
    expect(summary).toContain(`Address: ${TON_ADDRESS}`);
    expect(summary).toContain("Memo:\n│ 12345");
    expect(summary).toContain("Amount: 10 USDT");
    expect(summary).toContain("Fee: 0.2 USDT");
    expect(summary).toContain("Debited in total: 10.2 USDT");
    expect(summary).toContain("Stays available: 89.8 USDT");
    expect(summary).toMatch(/cannot be reversed/);
    expect(await h.simRequests("createWithdrawal")).toHaveLength(0);
    expect((await h.storage.operations.get(opId))?.state).toBe("proposed");

    await user.press(confirm);
    expect(user.last()?.text).toMatch(/Withdrawal of 10 USDT to .* \(TON\) requested. Fee: 0.2 USDT/);
    const sent = await h.simRequests("createWithdrawal");
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({
      clientWithdrawalId: opId,
      network: "TON",
      amount: "10",
      comment: "12345",
    });
    expect((await usdt(account.userId))?.available).toBe("89.8");
    const op = await h.storage.operations.get(opId);
    expect(op?.state).toBe("done");
    expect(op?.result).toMatchObject({ clientWithdrawalId: opId, amount: "10", fee: "0.2" });

    await user.send("/withdrawals");
    const label = user.buttonData(/10 USDT → UQAb3_…/);
    expect(label).toMatch(/^wdr:show:wdr_/);
    await user.press(label!);
    const details = user.last()!.text;
    expect(details).toContain("Status: completed");
    expect(details).toMatch(/Transaction: [0-9a-f]{64}/);
    expect(await usdt(account.userId)).toEqual({ balance: "89.8", available: "89.8", holds: "0" });
    expect(await withdrawals(key)).toHaveLength(1);
  });

  it("refuses an amount above the available balance (fee included) before any confirmation", async () => {
    const { user, account } = await h.linkedUser({ pay: { USDT: "10" } });
    await toSummary(user, "10", null);
    expect(user.last()?.text).toMatch(/Not enough funds/);
    expect(user.buttonData(/Confirm/)).toBeUndefined();
    await user.send("100001");
    expect(user.last()?.text).toMatch(/maximum is 100,000 USDT/);
    await user.send("1.1234567");
    expect(user.last()?.text).toMatch(/at most 6/);
    await user.send("9.8");
    expect(user.last()?.text).toContain("Memo: —");
    expect(user.last()?.text).toContain("Stays available: 0 USDT");
    expect(await h.storage.operations.listUnfinished()).toHaveLength(0);
    expect(await usdt(account.userId)).toEqual({ balance: "10", available: "10", holds: "0" });
  });

  it("says when the balance cannot cover the minimum and the fee, before asking for the address", async () => {
    const { user } = await h.linkedUser({ pay: { USDT: "1.1" } });
    await user.send("/withdraw_to");
    await user.press(pickData("USDT"));
    await user.press(pickData("TON"));
    expect(user.last()?.text).toMatch(
      /^Not enough to withdraw on this network: available 1.1 USDT, the minimum is 1 USDT plus a fee of 0.2 USDT\.\n\nTo add money to your xRocket Pay wallet/,
    );
    const top = user.last()!.keyboard!.inline_keyboard.flat()[0]!;
    expect("url" in top && top.url).toBe("https://t.me/xRocket?start=deposit_USDT");
    await user.send(TON_ADDRESS);
    expect(user.last()?.text).toMatch(/did not understand/);
    expect(user.buttonData(/Confirm/)).toBeUndefined();
  });

  it("leaves on /cancel and on the Cancel button", async () => {
    const { user, account } = await h.linkedUser({ pay: { USDT: "100" } });
    await user.send("/withdraw_to");
    await user.press(pickData("USDT"));
    await user.press(pickData("TON"));
    await user.send("/cancel");
    expect(user.last()?.text).toMatch(/Cancelled/);
    await user.send(TON_ADDRESS);
    expect(user.last()?.text).not.toMatch(/memo/);

    await user.send("/withdraw_to");
    await user.press(pickData("USDT"));
    await user.press(pickData("TON"));
    await user.send(TON_ADDRESS);
    await user.pressLabel(/Skip/);
    await user.pressLabel(/Cancel/);
    expect(user.last()?.text).toMatch(/Cancelled/);
    await user.send("10");
    expect(user.buttonData(/Confirm/)).toBeUndefined();
    expect(await usdt(account.userId)).toEqual({ balance: "100", available: "100", holds: "0" });
  });

  it("sends one withdrawal for double, concurrent and replayed presses", async () => {
    const { user, account, key, confirm, opId } = await proposed();
    const replayed = { update_id: 999_999, ...user.pressUpdate(confirm) };
    await Promise.all([h.handle(user.pressUpdate(confirm)), h.handle(user.pressUpdate(confirm))]);
    await h.replay(replayed as never);
    await h.replay(replayed as never);
    await user.press(confirm);
    expect(await h.simRequests("createWithdrawal")).toHaveLength(1);
    expect((await usdt(account.userId))?.available).toBe("89.8");
    expect(await withdrawals(key)).toHaveLength(1);
    expect((await h.storage.operations.get(opId))?.state).toBe("done");
  });

  it("sends nothing for an expired confirmation or another user's press", async () => {
    const { user, account, confirm, opId } = await proposed();
    const stranger = (await h.linkedUser({ pay: { USDT: "5" } })).user;
    await h.handle({ callback_query: { ...user.pressUpdate(confirm).callback_query!, from: stranger.from } });
    expect(h.tg.callsOf("answerCallbackQuery").at(-1)?.payload.text).toMatch(/belongs to someone else/);
    h.advanceClock(121_000);
    await user.press(confirm);
    expect(user.last()?.text).toMatch(/expired/);
    expect(await h.simRequests("createWithdrawal")).toHaveLength(0);
    expect(await usdt(account.userId)).toEqual({ balance: "100", available: "100", holds: "0" });
    expect((await h.storage.operations.get(opId))?.state).toBe("expired");
  });

  it("ends as done, once, when the reply to the withdrawal is lost", async () => {
    const { user, account, key, confirm, opId } = await proposed();
    await h.fault({ operationId: "createWithdrawal", mode: "dropAfter" });
    await user.press(confirm);
    expect(user.last()?.text).toMatch(/requested/);
    expect(await h.simRequests("createWithdrawal")).toHaveLength(1);
    expect(await withdrawals(key)).toHaveLength(1);
    expect((await usdt(account.userId))?.balance).toBe("89.8");
    expect((await h.storage.operations.get(opId))?.state).toBe("done");
  });

  it("resends only after a read proved a failed create was not carried out", async () => {
    const { user, account, key, confirm } = await proposed();
    await h.fault({ operationId: "createWithdrawal", mode: "error5xx" });
    await user.press(confirm);
    expect(user.last()?.text).toMatch(/requested/);
    expect(await withdrawals(key)).toHaveLength(1);
    expect((await usdt(account.userId))?.balance).toBe("89.8");
  });

  it("pages through the withdrawals", async () => {
    const { user, key } = await h.linkedUser({ pay: { USDT: "1000" } });
    const { pay } = h.deps.services.forKey("production", key);
    for (let i = 1; i <= 6; i++) {
      await pay.createWithdrawal({
        clientWithdrawalId: `w${i}`,
        network: "TON",
        address: TON_ADDRESS,
        asset: "USDT",
        amount: `${i}`,
      });
    }
    await user.press("menu:withdraw");
    await user.press(WITHDRAW_DATA.list.build({}));
    const amounts = () =>
      user
        .last()!
        .keyboard!.inline_keyboard.flat()
        .flatMap((b) => (/→/.test(b.text) ? [b.text.split(" ")[0]] : []));
    expect(amounts()).toEqual(["6", "5", "4", "3", "2"]);
    await user.pressLabel(/Next/);
    expect(amounts()).toEqual(["1"]);
    await user.pressLabel(/Previous/);
    expect(amounts()).toEqual(["6", "5", "4", "3", "2"]);
  });

  it("speaks Russian to a Russian user", async () => {
    const { user } = await h.linkedUser({}, { languageCode: "ru" });
    await user.send("/withdraw");
    expect(user.last()?.text).toMatch(/Вывод/);
  });
});
