/**
 * Crash recovery of confirmed actions: an operation claimed (pending) when the process died is
 * settled at the next start by reading its client id, whichever side of the request the crash hit,
 * and carried out with that same id when the service has nothing under it.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createPayClient } from "../../src/service/client.js";
import { RECONCILE_JOB } from "../../src/journal/jobs.js";
import { Harness } from "../helpers/bot-harness.js";


const PG_URL = process.env.TEST_DATABASE_URL;
const backends = [{ name: "sqlite", url: undefined }, ...(PG_URL ? [{ name: "postgres", url: PG_URL }] : [])];

describe.each(backends)("settling operations left unfinished ($name)", ({ url }) => {
  let h: Harness;
  afterEach(async () => h?.close());

  /** A cheque confirmed and claimed, as if the process died right after the claim. */
  async function claimedCheque(amount: string) {
    const { user, key } = await h.linkedUser({ pay: { USDT: "50" } });
    const id = `chq-${Math.random().toString(16).slice(2, 14)}`;
    await h.storage.operations.propose({
      id,
      telegramId: user.id,
      chatId: user.id,
      kind: "cheque_create",
      network: "production",
      payload: { asset: "USDT", amount },
      messageId: null,
      expiresAt: new Date(Date.now() + 60_000),
    });
    const claim = await h.storage.operations.claim(id, user.id, new Date());
    expect(claim.claimed).toBe(true);
    return { user, key, id };
  }

  it("finds a create that reached the service before the crash and records it done, once", async () => {
    h = await Harness.create({ databaseUrl: url });
    const { user, key, id } = await claimedCheque("7");
    // The request reached the service; the reply never made it back.
    await createPayClient({ baseUrl: h.sim.baseUrls.pay, apiKey: key }).createCheque({
      asset: "USDT",
      amount: "7",
      clientChequeId: id,
    });

    expect(await h.app.reconcileUnfinished()).toBe(1);
    expect((await h.storage.operations.get(id))?.state).toBe("done");
    expect((await h.account(user.id)).pay.USDT).toEqual({ balance: "50", available: "43", holds: "7" });
    // The notice goes out through the outbox, written with the outcome.
    await h.outboxSent();
    expect(user.last()?.text).toMatch(/7/);
    expect(await h.simRequests("createCheque")).toHaveLength(1);
    // Nothing left to settle, and nothing is sent again.
    expect(await h.app.reconcileUnfinished()).toBe(0);
  });

  it("carries out at once, exactly once, a create the crash left unsent", async () => {
    h = await Harness.create({ databaseUrl: url });
    const { user, id } = await claimedCheque("7");

    expect(await h.app.reconcileUnfinished()).toBe(1);
    expect((await h.storage.operations.get(id))?.state).toBe("done");
    expect(await h.simRequests("createCheque")).toHaveLength(1);
    expect((await h.account(user.id)).pay.USDT).toEqual({ balance: "50", available: "43", holds: "7" });
    await h.outboxSent();
    expect(user.last()?.text).toMatch(/Cheque created\. 7 USDT is reserved/);
    expect(await h.app.reconcileUnfinished()).toBe(0);
    expect(await h.simRequests("createCheque")).toHaveLength(1);
  });

  it("tells once that a restart interrupted it while the service is down, and carries it out when it is back", async () => {
    h = await Harness.create({ databaseUrl: url });
    const { user, id } = await claimedCheque("7");
    await h.fault({ operationId: "createCheque", mode: "error5xx", count: 3 });

    expect(await h.app.reconcileUnfinished()).toBe(0);
    expect(await h.storage.operations.get(id)).toMatchObject({ state: "unknown", error: "server-errors" });
    await h.outboxSent();
    expect(user.last()?.text).toMatch(/^⏳ The bot restarted while carrying out an action you confirmed\.\n⚠️ The service answered with an error each time/);
    const told = user.texts().length;

    // Still failing: nothing more is said.
    await h.fault({ operationId: "createCheque", mode: "error5xx", count: 3 });
    expect(await h.app.reconcileUnfinished()).toBe(0);
    await h.outboxSent();
    expect(user.texts()).toHaveLength(told);

    expect(await h.app.reconcileUnfinished()).toBe(1);
    await h.outboxSent();
    expect(user.last()?.text).toMatch(/Cheque created\. 7 USDT is reserved/);
    expect((await h.account(user.id)).pay.USDT).toEqual({ balance: "50", available: "43", holds: "7" });
  });

  it("ends one it can neither check nor send, once the key is removed, saying so", async () => {
    h = await Harness.create({ databaseUrl: url });
    const { user, id } = await claimedCheque("7");
    await h.storage.users.removeKey(user.id);

    expect(await h.app.reconcileUnfinished()).toBe(1);
    expect(await h.storage.operations.get(id)).toMatchObject({ state: "refused", error: "error-no-key" });
    await h.outboxSent();
    expect(user.last()?.text).toMatch(/could not be finished or checked. You have not linked an API key yet/);
    expect(await h.simRequests("createCheque")).toHaveLength(0);
  });

  it("the periodic reconciliation job leaves operations in their send window alone", async () => {
    h = await Harness.create({ databaseUrl: url });
    const { id } = await claimedCheque("7");
    const state = async () => (await h.storage.operations.get(id))?.state;
    await h.app.jobs.enqueue(RECONCILE_JOB, {});
    await new Promise((r) => setTimeout(r, 300));
    expect(await state()).toBe("pending");
    // Past the default window (2 minutes): nobody can still be sending it.
    h.advanceClock(121_000);
    await h.app.jobs.enqueue(RECONCILE_JOB, {});
    const deadline = Date.now() + 10_000;
    while ((await state()) === "pending" && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(await state()).toBe("done");
  });

  it("leaves alone operations another instance may still be sending", async () => {
    h = await Harness.create({ databaseUrl: url });
    const { id } = await claimedCheque("7");
    expect(await h.app.reconcileUnfinished(60_000)).toBe(0);
    expect((await h.storage.operations.get(id))?.state).toBe("pending");
    h.advanceClock(61_000);
    expect(await h.app.reconcileUnfinished(60_000)).toBe(1);
  });
});

describe("the summary after it is answered", () => {
  let h: Harness;
  afterEach(async () => h?.close());

  it("keeps the summary, drops the expiry line and adds the outcome", async () => {
    h = await Harness.create();
    const friend = await h.createAccount({});
    const { user } = await h.linkedUser({ pay: { USDT: "10" } });
    await user.send(`/send ${friend.userId}`);
    await user.pressLabel(/USDT/);
    await user.send("2");
    await user.pressLabel(/Skip/);
    expect(user.last()?.text).toMatch(/⏱ Confirm within 120 seconds\.$/);
    await user.pressLabel(/Confirm/);
    const shown = user.last()?.text ?? "";
    expect(shown).toMatch(/^📤 Transfer/);
    expect(shown).not.toContain("Confirm within");
    expect(shown).toMatch(/✅ Sent 2 USDT/);
    expect(user.last()?.keyboard?.inline_keyboard.flat().some((b) => b.text.includes("Confirm"))).toBeFalsy();
  });
});
