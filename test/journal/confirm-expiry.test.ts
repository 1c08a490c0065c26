/**
 * A summary nobody answers does not keep its "⏱ Confirm within …" line and live buttons: once its time
 * is up it is edited to say it expired, with no buttons, even if nobody presses, whichever instance is
 * running and after a restart (the edit is owed through the outbox, written with the expiry). A press
 * after that does nothing. A Confirm recorded before the expiry is never turned into "expired".
 * The real bot, the simulator over HTTP and the Bot API stand-in, on SQLite and PostgreSQL.
 */
import { afterEach, describe, expect, it } from "vitest";
import { RECONCILE_JOB } from "../../src/journal/jobs.js";
import { Harness, type TestUser } from "../helpers/bot-harness.js";
import { transferSummary } from "../helpers/transfers.js";
import { pickData } from "../../src/bot/shared/input-data.js";

const PG_URL = process.env.TEST_DATABASE_URL;
const backends = [{ name: "sqlite", url: undefined }, ...(PG_URL ? [{ name: "postgres", url: PG_URL }] : [])];

/** Waits until `check` holds (the job engine and the outbox work beside the test). */
async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.each(backends)("an unanswered confirmation ($name)", ({ url }) => {
  let h: Harness;
  afterEach(async () => h?.close());

  const state = async (id: string) => (await h.storage.operations.get(id))?.state;
  const shown = (user: TestUser, messageId: number) => h.tg.messages.get(`${user.id}:${messageId}`)!;
  const buttons = (user: TestUser, messageId: number) => shown(user, messageId).keyboard?.inline_keyboard.flat() ?? [];

  /** Moves the clock past the expiry and its grace, and runs the periodic reconciliation once. */
  async function minuteLater(opId: string) {
    h.advanceClock(180_000);
    await h.app.jobs.enqueue(RECONCILE_JOB, {});
    await until(async () => (await state(opId)) === "expired", "the expiry");
    await h.outboxSent();
  }

  it("is edited to say it expired, without buttons, and a press after that does nothing", async () => {
    h = await Harness.create({ databaseUrl: url });
    const { user, senderId, confirm, opId } = await transferSummary(h);
    const summary = user.messageWithButton(confirm)!;
    expect(summary.text).toContain("⏱ Confirm within 120 seconds.");
    const before = user.texts().length;

    await minuteLater(opId);
    const expired = shown(user, summary.messageId);
    expect(expired.text).not.toContain("⏱");
    expect(expired.text).toMatch(/^📤 /);
    expect(expired.text).toContain("10 USDT");
    expect(expired.text.endsWith("\n\n⌛ Not confirmed in time: nothing was done. Start again if you still want it.")).toBe(true);
    expect(buttons(user, summary.messageId)).toEqual([]);
    expect(user.texts()).toHaveLength(before);

    // A Confirm still pressed (a client showing the old buttons) is refused and changes nothing.
    await h.handle(user.pressUpdate(confirm, summary.messageId));
    const answers = h.tg.callsOf("answerCallbackQuery").map((c) => c.payload.text);
    expect(answers).toContain("This confirmation had expired when your press reached me. Nothing was done; start again if you still want it.");
    expect(shown(user, summary.messageId).text).toBe(expired.text);
    expect(await h.simRequests("createTransfer")).toHaveLength(0);
    expect((await h.account(senderId)).pay.USDT?.available).toBe("100");
    expect(await state(opId)).toBe("expired");
  });

  it("says so in Russian", async () => {
    h = await Harness.create({ databaseUrl: url });
    const { user, account } = await h.linkedUser({ pay: { USDT: "100" } }, { languageCode: "ru" });
    const { userId: recipientId } = await h.createAccount({});
    await user.send(`/send ${recipientId}`);
    await user.press(pickData("USDT"));
    await user.send("10");
    await user.press("in:skip");
    const confirm = user.confirmData()!;
    const summary = user.messageWithButton(confirm)!;
    expect(summary.text).toContain("⏱ Подтвердите в течение 120 секунд.");

    await minuteLater(confirm.slice(3));
    const expired = shown(user, summary.messageId);
    expect(expired.text).not.toContain("⏱");
    expect(expired.text.endsWith("\n\n⌛ Время на подтверждение вышло: ничего не сделано. Начните заново, если это ещё нужно.")).toBe(true);
    expect(buttons(user, summary.messageId)).toEqual([]);
    expect((await h.account(account.userId)).pay.USDT?.available).toBe("100");
  });

  it("is edited by its own timer when the time is up, with nothing else running", async () => {
    h = await Harness.create({ databaseUrl: url, confirmTtlSeconds: 1, botOptions: { confirmExpiryGraceMs: 0 } });
    const { user, confirm, opId } = await transferSummary(h);
    const summary = user.messageWithButton(confirm)!;
    await until(() => !shown(user, summary.messageId).text.includes("⏱"), "the edit", 8_000);
    expect(shown(user, summary.messageId).text).toMatch(/⌛ Not confirmed in time/);
    expect(buttons(user, summary.messageId)).toEqual([]);
    expect(await state(opId)).toBe("expired");
  });

  it("is edited after a restart by the new instance, and its tap-to-copy values stay marked", async () => {
    h = await Harness.create({ databaseUrl: url });
    const { user, confirm, opId } = await transferSummary(h);
    const summary = user.messageWithButton(confirm)!;
    // The instance that showed it is gone (its in-process timer with it); time passes; another starts.
    h.advanceClock(180_000);
    const restarted = h.newApp();
    await restarted.resume();
    await until(async () => (await state(opId)) === "expired", "the expiry");
    await until(async () => (await restarted.outbox.store.counts()).pending === 0, "the outbox");
    const after = shown(user, summary.messageId);
    expect(after.text).toMatch(/⌛ Not confirmed in time/);
    expect(buttons(user, summary.messageId)).toEqual([]);
    // The recipient's id was tap-to-copy on the summary, and still is.
    const code = (m: typeof after) => (m.entities ?? []).filter((e) => e.type === "code").map((e) => m.text.slice(e.offset, e.offset + e.length));
    expect(code(summary).length).toBeGreaterThan(0);
    expect(code(after)).toEqual(code(summary));
  });

  it("a Confirm recorded just before the expiry is carried out and never shown as expired", async () => {
    h = await Harness.create({ databaseUrl: url });
    const { user, senderId, confirm, opId } = await transferSummary(h);
    const summary = user.messageWithButton(confirm)!;
    h.advanceClock(119_000);
    await user.press(confirm);
    expect(await state(opId)).toBe("done");

    h.advanceClock(180_000);
    await h.app.jobs.enqueue(RECONCILE_JOB, {});
    await new Promise((r) => setTimeout(r, 300));
    await h.outboxSent();
    expect(await state(opId)).toBe("done");
    expect(shown(user, summary.messageId).text).toMatch(/✅ Sent 10 USDT/);
    expect(shown(user, summary.messageId).text).not.toMatch(/expired|Not confirmed/);
    expect((await h.account(senderId)).pay.USDT?.available).toBe("90");
  });

  it("is left alone for a moment after its time, so a press that arrived in time can still be claimed", async () => {
    h = await Harness.create({ databaseUrl: url });
    const { user, confirm, opId } = await transferSummary(h);
    const summary = user.messageWithButton(confirm)!;
    const expiresAt = (await h.storage.operations.get(opId))!.expiresAt;
    // Just past the expiry: a press received a moment before it may still be on its way to the claim.
    h.advanceClock(121_000);
    await h.app.jobs.enqueue(RECONCILE_JOB, {});
    await new Promise((r) => setTimeout(r, 300));
    expect(await state(opId)).toBe("proposed");
    expect(shown(user, summary.messageId).text).toContain("⏱");
    const claim = await h.storage.operations.claim(opId, user.id, new Date(expiresAt.getTime() - 500));
    expect(claim.claimed).toBe(true);
  });
});
