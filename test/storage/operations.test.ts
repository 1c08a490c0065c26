import { expect, it } from "vitest";
import type { OperationRecord, OperationsRepo } from "../../src/storage/index.js";
import { describeBackends } from "./backends.js";

const ALICE = 7_123_456_789;
const MALLORY = 6_000_000_001;
const T0 = new Date("2030-01-01T00:00:00.000Z");
const later = (ms: number) => new Date(T0.getTime() + ms);

function proposal(
  id: string,
  overrides: Partial<Omit<OperationRecord, "expiredText" | "counterparty">> & { expiredText?: string; counterparty?: number } = {},
) {
  return {
    id,
    telegramId: ALICE,
    chatId: -1_001_234_567_890,
    kind: "transfer",
    network: "testnet" as const,
    payload: { amount: "1.5", currency: "TONCOIN", tgUserId: MALLORY },
    messageId: null,
    expiresAt: later(120_000),
    ...overrides,
  };
}

describeBackends("operations", (backend) => {
  const ops = (): OperationsRepo => backend.storage().operations;
  const stateOf = async (id: string) => (await ops().get(id))?.state;

  it("stores a proposal and reads it back", async () => {
    expect(await ops().get("op-1")).toBeUndefined();
    await ops().propose(proposal("op-1"));
    const op = await ops().get("op-1");
    expect(op).toMatchObject({
      ...proposal("op-1"),
      state: "proposed",
      result: null,
      error: null,
    });
    expect(op?.createdAt).toBeInstanceOf(Date);
    expect(op?.updatedAt.getTime()).toBe(op?.createdAt.getTime());
    await ops().setMessageId("op-1", 2_147_483_647);
    expect((await ops().get("op-1"))?.messageId).toBe(2_147_483_647);
    await expect(ops().propose(proposal("op-1"))).rejects.toThrow();
  });

  it("is claimed once; a second claim reports it already claimed", async () => {
    await ops().propose(proposal("op-1"));
    const first = await ops().claim("op-1", ALICE, later(1000));
    expect(first).toMatchObject({ claimed: true, operation: { id: "op-1", state: "pending" } });
    expect(first.operation?.updatedAt).toEqual(later(1000));
    const second = await ops().claim("op-1", ALICE, later(2000));
    expect(second).toMatchObject({ claimed: false, reason: "already", operation: { state: "pending" } });
  });

  it("lets exactly one of many concurrent claims, from two processes, succeed", async () => {
    const other = await backend.open();
    for (const id of ["race-1", "race-2", "race-3"]) {
      await ops().propose(proposal(id));
      const outcomes = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          (i % 2 ? other : backend.storage()).operations.claim(id, ALICE, T0),
        ),
      );
      expect(outcomes.filter((o) => o.claimed)).toHaveLength(1);
      expect(outcomes.filter((o) => !o.claimed && o.reason === "already")).toHaveLength(9);
      expect(await stateOf(id)).toBe("pending");
    }
  });

  it("refuses a claim by another user without revealing the operation", async () => {
    await ops().propose(proposal("op-1"));
    expect(await ops().claim("op-1", MALLORY, T0)).toEqual({ claimed: false, reason: "foreign" });
    expect(await stateOf("op-1")).toBe("proposed");
    expect(await ops().claim("op-1", ALICE, T0)).toMatchObject({ claimed: true });
    expect(await ops().claim("missing", ALICE, T0)).toEqual({ claimed: false, reason: "missing" });
  });

  it("refuses a claim at or after expiry and marks the operation expired", async () => {
    await ops().propose(proposal("op-1", { expiresAt: later(60_000) }));
    const outcome = await ops().claim("op-1", ALICE, later(60_000));
    expect(outcome).toMatchObject({ claimed: false, reason: "expired", operation: { state: "expired" } });
    expect(await stateOf("op-1")).toBe("expired");
    expect(await ops().claim("op-1", ALICE, T0)).toMatchObject({ claimed: false, reason: "expired" });
  });

  it("is cancelled only by its user and only while proposed", async () => {
    await ops().propose(proposal("op-1"));
    expect(await ops().cancel("op-1", MALLORY)).toBe(false);
    expect(await ops().cancel("op-1", ALICE)).toBe(true);
    expect(await ops().cancel("op-1", ALICE)).toBe(false);
    expect(await stateOf("op-1")).toBe("cancelled");
    expect(await ops().claim("op-1", ALICE, T0)).toMatchObject({ claimed: false, reason: "already" });

    await ops().propose(proposal("op-2"));
    await ops().claim("op-2", ALICE, T0);
    expect(await ops().cancel("op-2", ALICE)).toBe(false);
    expect(await stateOf("op-2")).toBe("pending");
  });

  it("settles only claimed or unknown operations and never overwrites a final outcome", async () => {
    await ops().propose(proposal("proposed"));
    await ops().markDone("proposed", { id: 1 });
    expect(await stateOf("proposed")).toBe("proposed");

    await ops().propose(proposal("done"));
    await ops().claim("done", ALICE, T0);
    await ops().markDone("done", { transferId: 77, amount: "1.5" });
    await ops().markRefused("done", "insufficient_funds");
    await ops().markUnknown("done", "timeout");
    expect(await ops().get("done")).toMatchObject({
      state: "done",
      result: { transferId: 77, amount: "1.5" },
      error: null,
    });

    await ops().propose(proposal("refused"));
    await ops().claim("refused", ALICE, T0);
    await ops().markRefused("refused", "insufficient_funds");
    await ops().markDone("refused", { transferId: 1 });
    expect(await ops().get("refused")).toMatchObject({
      state: "refused",
      error: "insufficient_funds",
      result: null,
    });

    await ops().propose(proposal("unknown"));
    await ops().claim("unknown", ALICE, T0);
    await ops().markUnknown("unknown", "timeout");
    expect(await ops().get("unknown")).toMatchObject({ state: "unknown", error: "timeout" });
    await ops().markUnknown("unknown", "connection reset");
    expect(await ops().get("unknown")).toMatchObject({ state: "unknown", error: "connection reset" });
    await ops().markDone("unknown", { transferId: 78 });
    expect(await ops().get("unknown")).toMatchObject({
      state: "done",
      error: null,
      result: { transferId: 78 },
    });
  });

  it("says whether a settlement was written, so a second settler tells nobody twice", async () => {
    await ops().propose(proposal("twice"));
    await ops().claim("twice", ALICE, T0);
    expect(await ops().markUnknown("twice", "service_failed")).toBe(true);
    expect(await ops().markDone("twice", { transferId: 1 })).toBe(true);
    expect(await ops().markDone("twice", { transferId: 1 })).toBe(false);
    expect(await ops().markRefused("twice", "error-refused")).toBe(false);
  });

  it("lets one of two instances that read the same unfinished row take it over", async () => {
    const other = await backend.open();
    await ops().propose(proposal("stale"));
    await ops().claim("stale", ALICE, T0);
    const seen = (await ops().get("stale"))!.updatedAt;
    const wins = await Promise.all([
      ops().takeOver("stale", seen, later(300_000)),
      other.operations.takeOver("stale", seen, later(300_001)),
    ]);
    expect(wins.filter(Boolean)).toHaveLength(1);
    // Taken over: a third reader with the old value gets nothing; a settled row is never taken.
    expect(await ops().takeOver("stale", seen, later(400_000))).toBe(false);
    const now = (await ops().get("stale"))!.updatedAt;
    await ops().markDone("stale", {});
    expect(await ops().takeOver("stale", (await ops().get("stale"))!.updatedAt, later(500_000))).toBe(false);
    expect(now.getTime()).toBeGreaterThanOrEqual(later(300_000).getTime());
  });

  it("lists pending and unknown operations as unfinished", async () => {
    for (const id of ["a-proposed", "b-pending", "c-unknown", "d-done", "e-cancelled"]) {
      await ops().propose(proposal(id));
    }
    for (const id of ["b-pending", "c-unknown", "d-done"]) await ops().claim(id, ALICE, T0);
    await ops().markUnknown("c-unknown", "timeout");
    await ops().markDone("d-done", {});
    await ops().cancel("e-cancelled", ALICE);
    const unfinished = await ops().listUnfinished();
    expect(unfinished.map((o) => [o.id, o.state]).sort()).toEqual([
      ["b-pending", "pending"],
      ["c-unknown", "unknown"],
    ]);
  });

  it("lists the proposals due by a time, soonest first, and expires only a proposal that is due", async () => {
    await ops().propose(proposal("stale-2", { expiresAt: later(20_000) }));
    await ops().propose(proposal("stale-1", { expiresAt: later(10_000), expiredText: "⌛ expired" }));
    await ops().propose(proposal("fresh", { expiresAt: later(60_000) }));
    await ops().propose(proposal("claimed", { expiresAt: later(10_000) }));
    await ops().claim("claimed", ALICE, T0);
    const due = await ops().listProposed(10, later(20_000));
    expect(due.map((o) => [o.id, o.expiredText])).toEqual([
      ["stale-1", "⌛ expired"],
      ["stale-2", null],
    ]);
    expect((await ops().listProposed(10)).map((o) => o.id)).toEqual(["stale-1", "stale-2", "fresh"]);
    expect(await ops().expire("fresh", later(20_000))).toBe(false);
    expect(await ops().expire("claimed", later(20_000))).toBe(false);
    expect(await ops().expire("stale-1", later(20_000))).toBe(true);
    expect(await ops().expire("stale-1", later(20_000))).toBe(false);
    expect(await stateOf("stale-1")).toBe("expired");
    expect(await stateOf("stale-2")).toBe("proposed");
    expect(await stateOf("fresh")).toBe("proposed");
    expect(await stateOf("claimed")).toBe("pending");
  });

  it("lets exactly one of a claim and an expiry racing on a proposal win, from two processes", async () => {
    const other = await backend.open();
    for (let i = 0; i < 6; i++) {
      const id = `edge-${i}`;
      await ops().propose(proposal(id, { expiresAt: later(10_000) }));
      // The press arrived just before the expiry; the sweep runs past it: one of them, never both.
      const [claim, expired] = await Promise.all([
        (i % 2 ? other : backend.storage()).operations.claim(id, ALICE, later(9_999)),
        (i % 2 ? backend.storage() : other).operations.expire(id, later(20_000)),
      ]);
      expect(claim.claimed !== expired).toBe(true);
      expect(await stateOf(id)).toBe(claim.claimed ? "pending" : "expired");
    }
  });

  it("lists a person's history newest first: their own done operations and transfers naming them, by asset, in pages", async () => {
    const BOB = 5_000_000_002;
    const done = async (id: string, over: Parameters<typeof proposal>[1]) => {
      await ops().propose(proposal(id, over));
      await ops().claim(id, over?.telegramId ?? ALICE, T0);
      await ops().markDone(id, { ok: true });
      // Distinct creation times, oldest first.
      await new Promise((r) => setTimeout(r, 3));
    };
    await done("h-1", { payload: { asset: "USDT", amount: "1", target: String(BOB) }, counterparty: BOB });
    await done("h-2", { kind: "cheque_create", payload: { asset: "TONCOIN", amount: "2" } });
    await done("h-3", { telegramId: BOB, payload: { asset: "USDT", amount: "3", target: String(ALICE) }, counterparty: ALICE });
    await ops().propose(proposal("h-4", { payload: { asset: "USDT", amount: "4" } })); // proposed only: not history
    await ops().recordDone({ id: "h-5", telegramId: ALICE, chatId: 1, kind: "invoice_create", network: "testnet", payload: { asset: "BTC", amount: "5" }, result: {} });
    await ops().recordDone({ id: "h-5", telegramId: ALICE, chatId: 1, kind: "invoice_create", network: "testnet", payload: { asset: "ETH", amount: "6" }, result: {} });

    const all = { own: {}, received: { kinds: ["transfer"] }, offset: 0, limit: 10 };
    const ids = async (q: Parameters<OperationsRepo["listHistory"]>[1]) => (await ops().listHistory(ALICE, q)).entries.map((e) => e.id);
    expect(await ids(all)).toEqual(["h-5", "h-3", "h-2", "h-1"]);
    expect((await ops().get("h-5"))?.payload).toEqual({ asset: "BTC", amount: "5" });
    expect(await ids({ ...all, asset: "USDT" })).toEqual(["h-3", "h-1"]);
    expect(await ids({ own: { kinds: ["transfer"] }, offset: 0, limit: 10 })).toEqual(["h-1"]);
    expect(await ids({ received: { kinds: ["transfer"] }, offset: 0, limit: 10 })).toEqual(["h-3"]);
    expect(await ops().listHistory(ALICE, { ...all, limit: 3 })).toMatchObject({ more: true });
    expect(await ids({ ...all, offset: 3, limit: 3 })).toEqual(["h-1"]);
    expect((await ops().listHistory(ALICE, { ...all, offset: 3, limit: 3 })).more).toBe(false);
    expect(await ops().historyAssets(ALICE, ["transfer"])).toEqual(["BTC", "TONCOIN", "USDT"]);
    // Bob sees his own transfer and the one to him.
    expect((await ops().listHistory(BOB, all)).entries.map((e) => e.id)).toEqual(["h-3", "h-1"]);
  });
});
