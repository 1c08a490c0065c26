import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { OutcomeUnknownError, ServiceFailedError } from "../../../src/service/errors.js";
import { createOnce, reconcile } from "../../../src/service/reconcile.js";
import { rejection, TestSim } from "../../helpers/simulator.js";

let sim: TestSim;
beforeAll(async () => {
  sim = await TestSim.start();
});
afterEach(async () => {
  await sim.control("/_sim/faults", "DELETE");
});
afterAll(() => sim.close());

/** A funded sender, a receiver, the sender's client and a transfer request builder. */
async function pair() {
  const sender = await sim.createAccount({ pay: { USDT: "100" } });
  const receiver = await sim.createAccount();
  const pay = sim.pay(sender.keys.production);
  const transfer = (clientPayoutId: string) => ({
    target: String(receiver.userId),
    targetType: "telegram_user_id" as const,
    asset: "USDT",
    amount: "10",
    clientPayoutId,
  });
  return { sender, receiver, pay, transfer };
}

/** How many createTransfer requests carried this client id. */
async function sends(clientPayoutId: string): Promise<number> {
  const logged = await sim.requests("createTransfer");
  return logged.filter((r) => (r.body as { clientPayoutId?: string }).clientPayoutId === clientPayoutId)
    .length;
}

describe("faults", () => {
  it("latency delays the reply, then handles the request normally", async () => {
    const { sender, pay, transfer } = await pair();
    await sim.fault({ operationId: "createTransfer", mode: "latency", ms: 300 });
    const started = Date.now();
    await pay.createTransfer(transfer("slow"));
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(await sim.available(sender.userId, "USDT")).toBe("90");
  });

  it("error5xx fails without applying the action", async () => {
    const { sender, receiver, pay, transfer } = await pair();
    await sim.fault({ operationId: "createTransfer", mode: "error5xx" });
    const err = await rejection(pay.createTransfer(transfer("five")));
    expect(err).toBeInstanceOf(ServiceFailedError);
    expect(err).toMatchObject({ status: 500, write: true });
    expect(await sim.available(sender.userId, "USDT")).toBe("100");
    expect(await sim.available(receiver.userId, "USDT")).toBe("0");
    expect(await sends("five")).toBe(1);
    expect(await reconcile.transfer(pay, "five")).toEqual({ done: false });
  });

  it("rateLimit answers 429 with Retry-After; the client waits and succeeds", async () => {
    const { sender, pay, transfer } = await pair();
    await sim.fault({ operationId: "createTransfer", mode: "rateLimit", ms: 0 });
    await pay.createTransfer(transfer("limited"));
    expect(await sends("limited")).toBe(2);
    expect(await sim.available(sender.userId, "USDT")).toBe("90");

    await sim.fault({ operationId: "getHealth", mode: "rateLimit", ms: 1500 });
    const raw = await sim.api("pay", "/health");
    expect(raw.status).toBe(429);
    expect(raw.headers.get("retry-after")).toBe("2");
    expect(raw.body).toMatchObject({ kind: "rate_limit" });
  });

  it("dropBefore: the outcome is unknown, nothing was done, and reconcile says so", async () => {
    const { sender, receiver, pay, transfer } = await pair();
    await sim.fault({ operationId: "createTransfer", mode: "dropBefore" });
    expect(await rejection(pay.createTransfer(transfer("lost")))).toBeInstanceOf(OutcomeUnknownError);
    expect(await reconcile.transfer(pay, "lost")).toEqual({ done: false });
    expect(await sim.available(sender.userId, "USDT")).toBe("100");
    expect(await sim.available(receiver.userId, "USDT")).toBe("0");
    expect(await sends("lost")).toBe(1);
  });

  it("dropAfter: the action is applied, the reply lost; reconcile finds it", async () => {
    const { sender, receiver, pay, transfer } = await pair();
    await sim.fault({ operationId: "createTransfer", mode: "dropAfter" });
    expect(await rejection(pay.createTransfer(transfer("applied")))).toBeInstanceOf(OutcomeUnknownError);
    const found = await reconcile.transfer(pay, "applied");
    expect(found).toMatchObject({ done: true, resource: { clientPayoutId: "applied", amount: "10" } });
    expect(await sim.available(sender.userId, "USDT")).toBe("90");
    expect(await sim.available(receiver.userId, "USDT")).toBe("10");
  });

  it("createOnce ends with exactly one transfer after dropAfter (one send) and dropBefore (two sends)", async () => {
    const { sender, receiver, pay, transfer } = await pair();
    const once = (id: string) =>
      createOnce({ send: () => pay.createTransfer(transfer(id)), lookup: () => reconcile.transfer(pay, id) });

    await sim.fault({ operationId: "createTransfer", mode: "dropAfter" });
    expect(await once("after")).toMatchObject({ clientPayoutId: "after" });
    expect(await sends("after")).toBe(1);

    await sim.fault({ operationId: "createTransfer", mode: "dropBefore" });
    expect(await once("before")).toMatchObject({ clientPayoutId: "before" });
    expect(await sends("before")).toBe(2);

    expect(await sim.available(sender.userId, "USDT")).toBe("80");
    expect(await sim.available(receiver.userId, "USDT")).toBe("20");
    expect((await pay.getTransfers()).items.map((t) => t.clientPayoutId)).toEqual(["before", "after"]);
  });

  it("faults count down per request and can be cleared", async () => {
    const { pay, transfer } = await pair();
    await sim.fault({ operationId: "createTransfer", mode: "error5xx", count: 2 });
    expect(await rejection(pay.createTransfer(transfer("c-1")))).toBeInstanceOf(ServiceFailedError);
    expect(await sim.control("/_sim/faults")).toMatchObject({
      faults: [{ operationId: "createTransfer", count: 1 }],
    });
    await sim.control("/_sim/faults", "DELETE");
    expect(await pay.createTransfer(transfer("c-1"))).toMatchObject({ clientPayoutId: "c-1" });
    const bad = await sim.fetch("/_sim/faults", {
      method: "POST",
      body: { operationId: "nope", mode: "latency" },
    });
    expect(bad.status).toBe(400);
  });

  it("a fault on a read is retried by the client", async () => {
    const { pay } = await pair();
    await sim.fault({ operationId: "getAppBalances", mode: "dropBefore" });
    await sim.fault({ operationId: "getAppBalances", mode: "error5xx" });
    expect((await pay.getAppBalances()).balances.length).toBeGreaterThan(0);
    expect((await sim.requests("getAppBalances")).length).toBeGreaterThanOrEqual(3);
  });
});
