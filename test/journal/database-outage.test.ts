/**
 * A database outage tells the truth. PostgreSQL goes away (a proxy in front of it is cut, as a
 * restart looks to the bot) or SQLite's file stays locked by another process past the busy timeout:
 * a Confirm whose action the service carried out is told so and recorded within seconds of the
 * database's return (not at the next reconciliation), its outcome announced once; a Confirm whose
 * claim could not be written sends nothing and says so; other steps say the bot is briefly
 * unavailable and nothing was done. The outage is one warning in the log, and its end one info line.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import SQLite from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SEND_DATA } from "../../src/bot/features/send/callback-data.js";
import { createPayClient } from "../../src/service/client.js";
import { Harness, type TestUser } from "../helpers/bot-harness.js";
import { PgProxy } from "../helpers/pg-proxy.js";
import { showTransferSummary, transferSummary } from "../helpers/transfers.js";
import { pickData } from "../../src/bot/shared/input-data.js";

const PG_URL = process.env.TEST_DATABASE_URL;

type LogLine = { level: number; msg: string };
const WARN = 40;
const ERROR = 50;

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await sleep(20);
  }
}

/** What the log says about the database from line `from` on. */
function outageLog(h: Harness, from: number) {
  const lines = h.logLines.slice(from).map((l) => JSON.parse(l) as LogLine);
  return {
    errors: lines.filter((l) => l.level >= ERROR).map((l) => l.msg),
    warnings: lines.filter((l) => l.level === WARN && /database/i.test(l.msg)).map((l) => l.msg),
    back: lines.filter((l) => /database available again/.test(l.msg)),
  };
}

/** The bot's texts that open with the transfer's outcome (the summary itself opens with its title). */
const outcomeMessages = (user: TestUser) => user.texts().filter((t) => /^✅ Sent 10 USDT/.test(t));

/** The outage was one warning and no error in the log from line `from` on, and (when `ended`) one "available again". */
function expectOneOutage(h: Harness, from: number, ended = true): void {
  const log = outageLog(h, from);
  expect(log.errors).toEqual([]);
  expect(log.warnings).toHaveLength(1);
  if (ended) expect(log.back).toHaveLength(1);
}

/**
 * Once the database is back (at `backAt`): the transfer is recorded done within seconds (not at the
 * reconciliation's next minute), its outcome told once, and the reconciliation, long past its window,
 * finds nothing left and tells nothing more; the service holds one transfer of 10 USDT.
 */
async function doneAndToldOnce(
  h: Harness,
  t: { user: TestUser; opId: string; senderId: number; recipientId: number },
  backAt: number,
): Promise<void> {
  await until(async () => (await h.storage.operations.get(t.opId))?.state === "done");
  expect(Date.now() - backAt).toBeLessThan(5000);
  await h.outboxSent();
  expect(outcomeMessages(t.user)).toHaveLength(1);
  h.advanceClock(10 * 60_000);
  expect(await h.app.reconcileUnfinished()).toBe(0);
  await h.outboxSent();
  expect(outcomeMessages(t.user)).toHaveLength(1);
  expect(await h.simRequests("createTransfer")).toHaveLength(1);
  const available = async (userId: number) => (await h.account(userId)).pay.USDT?.available ?? "0";
  expect(await available(t.senderId)).toBe("90");
  expect(await available(t.recipientId)).toBe("10");
}

/** Presses Confirm and, while the transfer is at the service (held there 400 ms), runs `meanwhile`. */
async function confirmWhileAtService(h: Harness, user: TestUser, confirm: string, meanwhile: () => unknown): Promise<void> {
  await h.fault({ operationId: "createTransfer", mode: "latency", ms: 400 });
  const pressed = user.press(confirm);
  await until(async () => (await h.simRequests("createTransfer")).length === 1);
  await meanwhile();
  await pressed;
}

/** Goes from the menu to the amount prompt of a transfer to `recipientId`. */
async function atAmountPrompt(user: TestUser, recipientId: number): Promise<void> {
  await user.press("menu:send");
  await user.press(SEND_DATA.create.build({}));
  await user.send(String(recipientId));
  await user.press(pickData("USDT"));
  expect(user.last()?.text).toMatch(/How much USDT to send/);
}

describe.skipIf(!PG_URL)("a PostgreSQL restart", () => {
  let h: Harness;
  let proxy: PgProxy;
  beforeEach(async () => {
    proxy = await PgProxy.start(PG_URL!);
    h = await Harness.create({ databaseUrl: proxy.url });
  });
  afterEach(async () => {
    await proxy?.restore();
    await h?.close();
    await proxy?.close();
  });

  const available = async (userId: number) => (await h.account(userId)).pay.USDT?.available ?? "0";

  it("a transfer the service made while the database was down: told so, recorded within seconds of its return, announced once", async () => {
    const { user, senderId, recipientId, confirm, opId } = await transferSummary(h);
    const summary = user.messageWithButton(confirm)!;
    const logFrom = h.logLines.length;
    // The database goes away while the transfer is at the service.
    await confirmWhileAtService(h, user, confirm, () => proxy.cut());

    const shown = h.tg.messages.get(`${user.id}:${summary.messageId}`)!.text;
    expect(shown).toMatch(/✅ Sent 10 USDT/);
    expect(shown).toMatch(/not recorded yet/);
    expect(shown).toMatch(/do not send it again/i);
    expect(shown).not.toMatch(/try again|went wrong/i);
    expect(user.texts().join("\n")).not.toMatch(/try again|went wrong/i);

    await sleep(1500);
    await proxy.restore();
    await doneAndToldOnce(h, { user, opId, senderId, recipientId }, Date.now());
    expectOneOutage(h, logFrom);
  });

  it("a transfer the service refused while the database was down: told so, not recorded yet, recorded and told once", async () => {
    const { user, key, account } = await h.linkedUser({ pay: { USDT: "100" } });
    const { userId: recipientId } = await h.createAccount({});
    await showTransferSummary(user, recipientId);
    const confirm = user.buttonData(/Confirm/)!;
    const opId = confirm.slice(3);
    const summary = user.messageWithButton(confirm)!;
    // Meanwhile the funds went elsewhere: the service will refuse the transfer.
    await createPayClient({ baseUrl: h.sim.baseUrls.pay, apiKey: key }).createCheque({
      clientChequeId: "elsewhere",
      asset: "USDT",
      amount: "95",
    });
    const logFrom = h.logLines.length;
    // The database goes away while the transfer is at the service.
    await confirmWhileAtService(h, user, confirm, () => proxy.cut());

    const shown = h.tg.messages.get(`${user.id}:${summary.messageId}`)!.text;
    expect(shown).toMatch(/❌ Not done. Not enough funds/);
    expect(shown).toMatch(/not recorded yet/);
    expect(shown).not.toMatch(/went wrong/i);

    await sleep(500);
    await proxy.restore();
    await until(async () => (await h.storage.operations.get(opId))?.state === "refused");
    await h.outboxSent();
    const refusals = () => user.texts().filter((t) => /^❌ Not done. Not enough funds/.test(t));
    expect(refusals()).toHaveLength(1);
    expect(await h.app.reconcileUnfinished()).toBe(0);
    await h.outboxSent();
    expect(refusals()).toHaveLength(1);
    expect(await h.simRequests("createTransfer")).toHaveLength(1);
    expect((await h.account(account.userId)).pay.USDT?.available).toBe("5");

    expectOneOutage(h, logFrom);
  });

  it("/balance and an amount step during the outage: briefly unavailable, nothing was done; the step goes on after it", async () => {
    const a = await h.linkedUser({ pay: { USDT: "100" } });
    const b = await h.linkedUser({ pay: { USDT: "100" } });
    const { userId: recipientId } = await h.createAccount({});
    await atAmountPrompt(b.user, recipientId);
    const logFrom = h.logLines.length;

    await proxy.cut();
    await a.user.send("/balance");
    expect(a.user.last()?.text).toMatch(/briefly unavailable.*Nothing was done/s);
    await b.user.send("10");
    expect(b.user.last()?.text).toMatch(/briefly unavailable.*Nothing was done/s);
    expect([...a.user.texts(), ...b.user.texts()].join("\n")).not.toMatch(/went wrong/);

    await proxy.restore();
    await b.user.send("10");
    expect(b.user.last()?.text).toMatch(/Add a note for the recipient/);
    await a.user.send("/balance");
    expect(a.user.last()?.text).toMatch(/USDT/);
    expect(a.user.last()?.text).not.toMatch(/unavailable/);

    expectOneOutage(h, logFrom);
  });

  it("a step whose change the service made before the database went away is not told 'nothing was done'", async () => {
    const { user, key } = await h.linkedUser({ pay: { USDT: "100" } });
    const pay = createPayClient({ baseUrl: h.sim.baseUrls.pay, apiKey: key });
    const cheque = await pay.createCheque({ clientChequeId: "d-1", asset: "USDT", amount: "4", description: "old" });
    await user.send("/cheques");
    await user.pressLabel(/My cheques/);
    await user.press(`chq:show:${cheque.chequeId}`);
    await user.pressLabel(/Change description/);
    // The description is changed at the service; the chat's state written after it then fails.
    const cut = proxy.cutWhenSent(`insert into "kv"`, { deliver: false });
    await user.send("for Ann");
    await cut;

    expect((await pay.getCheque({ chequeId: cheque.chequeId })).description).toBe("for Ann");
    const told = user.last()?.text ?? "";
    expect(told).toMatch(/briefly unavailable.*could not finish this step.*already did stays done/s);
    expect(told).not.toMatch(/Nothing was done/i);
  });

  it.each([
    { name: "never reaches the server", deliver: false },
    { name: "is written but its reply is lost", deliver: true },
  ])("a Confirm whose claim $name: nothing was sent, it says so, and nothing is sent after", async ({ deliver }) => {
    const { user, senderId, confirm, opId } = await transferSummary(h);
    const summary = user.messageWithButton(confirm)!;
    const logFrom = h.logLines.length;
    const cut = proxy.cutWhenSent(`"expires_at" >`, { deliver });
    await user.press(confirm);
    await cut;

    expect(user.last()?.text).toMatch(/briefly unavailable.*nothing was sent/is);
    expect(user.texts().join("\n")).not.toMatch(/went wrong/);
    expect(await h.simRequests("createTransfer")).toHaveLength(0);

    await proxy.restore();
    // The confirmation is open again (a claim that was written is undone), so nothing carries it out
    // behind the person's back: not the reconciliation, however late.
    await until(async () => (await h.storage.operations.get(opId))?.state === "proposed");
    expect(await h.app.reconcileUnfinished(0)).toBe(0);
    await h.outboxSent();
    expect(await h.simRequests("createTransfer")).toHaveLength(0);
    expect(await available(senderId)).toBe("100");

    // The person presses Confirm again now that the bot is back: it is sent, once.
    await user.press(confirm, summary.messageId);
    expect(h.tg.messages.get(`${user.id}:${summary.messageId}`)!.text).toMatch(/✅ Sent 10 USDT/);
    expect(await h.simRequests("createTransfer")).toHaveLength(1);
    expect(await available(senderId)).toBe("90");

    expectOneOutage(h, logFrom);
    // A claim the server wrote was undone; one that never reached it had nothing to undo.
    const undone = h.logLines.slice(logFrom).filter((l) => /a claim written during the database outage was undone/.test(l));
    expect(undone).toHaveLength(deliver ? 1 : 0);
  });

  it("a Confirm pressed again the moment the database is back, its lost claim not yet undone: carried out once", async () => {
    const { user, senderId, confirm } = await transferSummary(h);
    const summary = user.messageWithButton(confirm)!;
    const cut = proxy.cutWhenSent(`"expires_at" >`, { deliver: true });
    await user.press(confirm);
    await cut;
    await proxy.restore();
    await user.press(confirm, summary.messageId);

    expect(h.tg.messages.get(`${user.id}:${summary.messageId}`)!.text).toMatch(/✅ Sent 10 USDT/);
    expect(await h.simRequests("createTransfer")).toHaveLength(1);
    expect(await available(senderId)).toBe("90");
  });

  it("a Confirm whose database goes away after the claim, before the service is asked: not done yet, carried out within seconds of its return, told once", async () => {
    const { user, senderId, recipientId, confirm, opId } = await transferSummary(h);
    const summary = user.messageWithButton(confirm)!;
    const logFrom = h.logLines.length;
    // The key is read for the service call right after the claim: the database goes away there.
    const cut = proxy.cutWhenSent(`select * from "service_keys"`, { deliver: false });
    await user.press(confirm);
    await cut;

    const shown = h.tg.messages.get(`${user.id}:${summary.messageId}`)!.text;
    expect(shown).toMatch(/database stopped answering before this could be carried out/);
    expect(shown).not.toMatch(/try again|went wrong|✅/i);
    expect(await h.simRequests("createTransfer")).toHaveLength(0);

    await sleep(1000);
    await proxy.restore();
    await doneAndToldOnce(h, { user, opId, senderId, recipientId }, Date.now());
    expectOneOutage(h, logFrom);
  });
});

describe("an SQLite file another process keeps locked past the busy timeout", () => {
  let h: Harness;
  let dir: string;
  let other: SQLite.Database | undefined;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "bot-locked-"));
    h = await Harness.create({ databaseUrl: join(dir, "bot.sqlite"), databaseOptions: { busyTimeoutMs: 200 } });
  });
  afterEach(async () => {
    other?.close();
    other = undefined;
    await h?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Another process takes the database's write lock (and keeps it until `unlock`). */
  function lock(): () => void {
    other = new SQLite(join(dir, "bot.sqlite"));
    other.exec("BEGIN IMMEDIATE");
    return () => other!.exec("COMMIT");
  }

  it("a transfer the service made while the file was locked: told so, recorded once it is free, announced once", async () => {
    const { user, senderId, recipientId, confirm, opId } = await transferSummary(h);
    const summary = user.messageWithButton(confirm)!;
    const logFrom = h.logLines.length;
    let unlock = () => {};
    await confirmWhileAtService(h, user, confirm, () => (unlock = lock()));

    const shown = h.tg.messages.get(`${user.id}:${summary.messageId}`)!.text;
    expect(shown).toMatch(/✅ Sent 10 USDT/);
    expect(shown).toMatch(/not recorded yet/);
    expect(shown).not.toMatch(/try again|went wrong/i);

    await sleep(500);
    unlock();
    await doneAndToldOnce(h, { user, opId, senderId, recipientId }, Date.now());
    expectOneOutage(h, logFrom);
  });

  it("/balance while the file is locked: briefly unavailable, nothing was done", async () => {
    const { user } = await h.linkedUser({ pay: { USDT: "100" } });
    const logFrom = h.logLines.length;
    const unlock = lock();
    await user.send("/balance");
    expect(user.last()?.text).toMatch(/briefly unavailable.*Nothing was done/s);
    unlock();
    await user.send("/balance");
    expect(user.last()?.text).not.toMatch(/unavailable/);

    expectOneOutage(h, logFrom);
  });
});
