/**
 * A Confirm press handled late or in bad weather: Telegram refusing the press answer as too old, the
 * summary that cannot be edited, the service failing every try, the connection lost after sending.
 * Whatever happens around it, a claimed action is carried out once (or refused for a reason that
 * proves it cannot be), and the person is told the true outcome.
 */
import { afterEach, describe, expect, it } from "vitest";
import { Harness } from "../helpers/bot-harness.js";
import { transferSummary } from "../helpers/transfers.js";
import { pickData } from "../../src/bot/shared/input-data.js";

const PG_URL = process.env.TEST_DATABASE_URL;
const backends = [{ name: "sqlite", url: undefined }, ...(PG_URL ? [{ name: "postgres", url: PG_URL }] : [])];

const TOO_OLD = {
  error_code: 400,
  description: "Bad Request: query is too old and response timeout expired or query ID is invalid",
};

describe.each(backends)("a Confirm handled late or in bad weather ($name)", ({ url }) => {
  let h: Harness;
  afterEach(async () => h?.close());

  const available = async (userId: number) => (await h.account(userId)).pay.USDT?.available ?? "0";
  const transfers = async () => h.simRequests("createTransfer");
  const logLevels = (from: number) => h.logLines.slice(from).map((l) => JSON.parse(l) as { level: number; msg: string });

  async function summaryShown(opts: { confirmTtlSeconds?: number } = {}) {
    h = await Harness.create({ databaseUrl: url, ...opts });
    return transferSummary(h);
  }

  it("carries out a Confirm whose press answer Telegram refuses as too old (a press made during a 20 s restart)", async () => {
    const { user, senderId, recipientId, confirm, opId } = await summaryShown();
    const summary = user.messageWithButton(confirm)!;
    const logFrom = h.logLines.length;
    // The bot was down for 20 s; the press is delivered after the start, too late to be answered.
    h.advanceClock(20_000);
    h.tg.failNext("answerCallbackQuery", TOO_OLD, { times: 10 });
    await user.press(confirm);

    expect(await transfers()).toHaveLength(1);
    expect(await available(senderId)).toBe("90");
    expect(await available(recipientId)).toBe("10");
    expect((await h.storage.operations.get(opId))?.state).toBe("done");
    // The summary now tells the outcome, without its buttons.
    const shown = h.tg.messages.get(`${user.id}:${summary.messageId}`)!;
    expect(shown.text).toMatch(/✅ Sent 10 USDT/);
    expect(shown.keyboard?.inline_keyboard.flat().map((b) => b.text)).toEqual(["🔁 Send again", "📜 My transfers"]);
    expect(logLevels(logFrom).filter((l) => l.level >= 50)).toEqual([]);
  });

  it("refuses at once a Confirm received after its confirmation expired: nothing sent, buttons gone", async () => {
    const { user, senderId, confirm, opId } = await summaryShown({ confirmTtlSeconds: 10 });
    const summary = user.messageWithButton(confirm)!;
    h.advanceClock(20_000);
    h.tg.failNext("answerCallbackQuery", TOO_OLD, { times: 10 });
    await user.press(confirm);

    expect(await transfers()).toHaveLength(0);
    expect(await available(senderId)).toBe("100");
    expect((await h.storage.operations.get(opId))?.state).toBe("expired");
    const shown = h.tg.messages.get(`${user.id}:${summary.messageId}`)!;
    expect(shown.text).toMatch(/had expired when your press reached me\. Nothing was done/);
    expect(shown.keyboard?.inline_keyboard.flat() ?? []).toEqual([]);
  });

  it("sends the outcome as a new message when the summary cannot be edited", async () => {
    const { user, senderId, confirm } = await summaryShown();
    h.tg.failNext("editMessageText", { error_code: 400, description: "Bad Request: message to edit not found" }, { times: 2 });
    await user.press(confirm);

    expect(await transfers()).toHaveLength(1);
    expect(await available(senderId)).toBe("90");
    expect(user.last()?.text).toMatch(/^✅ Sent 10 USDT/);
  });

  it("answers a second press of a Confirm being carried out with what is happening", async () => {
    const { user, confirm, opId } = await summaryShown();
    // Claimed by a press whose handler died before sending (a crash).
    expect((await h.storage.operations.claim(opId, user.id, h.deps.now())).claimed).toBe(true);
    await user.press(confirm);
    expect(h.tg.callsOf("answerCallbackQuery").at(-1)?.payload.text).toMatch(/being carried out/);
    expect(await transfers()).toHaveLength(0);
  });

  it("says the service answered with errors when every try got a 500, and carries it out later, once", async () => {
    const { user, senderId, recipientId, confirm, opId } = await summaryShown();
    await h.fault({ operationId: "createTransfer", mode: "error5xx", count: 3 });
    await user.press(confirm);

    const op = await h.storage.operations.get(opId);
    expect(op?.state).toBe("unknown");
    const text = user.last()?.text ?? "";
    expect(text).toMatch(/answered with an error each time/);
    expect(text).not.toMatch(/connection|did not answer in time/);
    expect(await available(senderId)).toBe("100");

    // The service is back: the periodic reconciliation reads it back (not there) and sends it.
    expect(await h.app.reconcileUnfinished()).toBe(1);
    expect((await h.storage.operations.get(opId))?.state).toBe("done");
    expect(await available(senderId)).toBe("90");
    expect(await available(recipientId)).toBe("10");
    expect(new Set((await transfers()).map((r) => (r.body as { clientPayoutId: string }).clientPayoutId))).toEqual(
      new Set([opId]),
    );
    await h.outboxSent();
    expect(user.last()?.text).toMatch(/^✅ Sent 10 USDT/);
    expect(await h.app.reconcileUnfinished()).toBe(0);
  });

  it("says the connection was lost after sending when it was, and settles it later", async () => {
    const { user, senderId, confirm, opId } = await summaryShown();
    // The request reached the service and the connection dropped before it was carried out, three times.
    await h.fault({ operationId: "createTransfer", mode: "dropBefore", count: 3 });
    await user.press(confirm);

    expect((await h.storage.operations.get(opId))?.state).toBe("unknown");
    expect(user.last()?.text).toMatch(/connection to the service was lost after the request was sent/);
    expect(await h.app.reconcileUnfinished()).toBe(1);
    expect(await available(senderId)).toBe("90");
    await h.outboxSent();
    expect(user.last()?.text).toMatch(/^✅ Sent 10 USDT/);
  });

  it("does not give up on a transfer when the service cannot be reached: it is sent once it can be", async () => {
    const { user, senderId, confirm, opId } = await summaryShown();
    await h.fault({ operationId: "createTransfer", mode: "rateLimit", count: 3, ms: 1 });
    await user.press(confirm);

    expect((await h.storage.operations.get(opId))?.state).toBe("unknown");
    expect(user.last()?.text).toMatch(/nothing was sent yet/);
    expect(await available(senderId)).toBe("100");
    expect(await h.app.reconcileUnfinished()).toBe(1);
    expect(await available(senderId)).toBe("90");
    expect(await transfers()).toHaveLength(4);
  });

  it("tells a refusal by the service as such, with its reason", async () => {
    h = await Harness.create({ databaseUrl: url });
    const { user, account } = await h.linkedUser({ pay: { USDT: "100" } });
    await user.send("/send 987654321");
    await user.press(pickData("USDT"));
    await user.send("10");
    await user.press("in:skip");
    await user.pressLabel(/Confirm/);
    expect(user.last()?.text).toMatch(/❌ Not done. The recipient was not found/);
    expect(await available(account.userId)).toBe("100");
  });
});
