import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rejection, TestSim } from "../../helpers/simulator.js";

let sim: TestSim;
beforeAll(async () => {
  sim = await TestSim.start();
});
afterAll(() => sim.close());

const toUser = (userId: number) => ({ target: String(userId), targetType: "telegram_user_id" as const });

describe("transfers", () => {
  it("moves funds exactly once; a reused clientPayoutId is refused with balances unchanged", async () => {
    const sender = await sim.createAccount({ pay: { USDT: "100" } });
    const receiver = await sim.createAccount({ pay: { USDT: "1" } });
    const pay = sim.pay(sender.keys.production);

    const transfer = await pay.createTransfer({
      ...toUser(receiver.userId),
      asset: "USDT",
      amount: "12.345",
      clientPayoutId: "t-1",
      description: "lunch",
    });
    expect(transfer).toMatchObject({
      clientPayoutId: "t-1",
      amount: "12.345",
      status: "paid",
      description: "lunch",
    });
    expect(await sim.available(sender.userId, "USDT")).toBe("87.655");
    expect(await sim.available(receiver.userId, "USDT")).toBe("13.345");

    const dup = await rejection(
      pay.createTransfer({ ...toUser(receiver.userId), asset: "USDT", amount: "1", clientPayoutId: "t-1" }),
    );
    expect(dup).toMatchObject({
      status: 400,
      reason: "client_id_duplicate",
      info: { clientPayoutId: "t-1" },
    });
    expect(await sim.available(sender.userId, "USDT")).toBe("87.655");
    expect(await sim.available(receiver.userId, "USDT")).toBe("13.345");

    expect(await pay.getTransfer({ clientPayoutId: "t-1" })).toEqual(transfer);
    expect(await pay.getTransfer({ payoutId: transfer.payoutId })).toEqual(transfer);
    // The testnet world is separate: same user, untouched balances.
    expect(await sim.available(sender.userId, "USDT", "testnet")).toBe("100");
  });

  it("refuses unknown targets, oneself and missing funds", async () => {
    const sender = await sim.createAccount({ pay: { USDT: "5" } });
    const pay = sim.pay(sender.keys.production);
    const base = { asset: "USDT", amount: "1", targetType: "telegram_user_id" as const };
    expect(
      await rejection(pay.createTransfer({ ...base, target: "999999", clientPayoutId: "x1" })),
    ).toMatchObject({
      status: 404,
      kind: "not_found",
    });
    expect(
      await rejection(pay.createTransfer({ ...base, target: String(sender.userId), clientPayoutId: "x2" })),
    ).toMatchObject({ status: 400, kind: "validation_error", info: { field: "target" } });
    const other = await sim.createAccount();
    expect(
      await rejection(
        pay.createTransfer({ ...base, ...toUser(other.userId), amount: "6", clientPayoutId: "x3" }),
      ),
    ).toMatchObject({ status: 400, reason: "insufficient_funds", info: { asset: "USDT", available: "5" } });
    expect(await rejection(pay.getTransfer({ clientPayoutId: "x1" }))).toMatchObject({ status: 404 });
    expect(await sim.available(sender.userId, "USDT")).toBe("5");
  });

  it("lists newest first with cursor paging and a date window", async () => {
    const sender = await sim.createAccount({ pay: { USDT: "100" } });
    const receiver = await sim.createAccount();
    const pay = sim.pay(sender.keys.production);
    const send = (id: string) =>
      pay.createTransfer({ ...toUser(receiver.userId), asset: "USDT", amount: "1", clientPayoutId: id });

    await send("early");
    sim.running.advanceClock(60 * 60 * 1000);
    const middle = await send("middle");
    sim.running.advanceClock(60 * 60 * 1000);
    await send("late");

    const first = await pay.getTransfers({ limit: 2 });
    expect(first.items.map((t) => t.clientPayoutId)).toEqual(["late", "middle"]);
    const second = await pay.getTransfers({ limit: 2, cursor: first.pagination.next! });
    expect(second).toEqual({
      items: [expect.objectContaining({ clientPayoutId: "early" })],
      pagination: { total: 3, next: null },
    });

    const window = await pay.getTransfers({ fromDate: middle.createdAt!, toDate: middle.createdAt! });
    expect(window.items.map((t) => t.clientPayoutId)).toEqual(["middle"]);
    const bad = await sim.api("pay", "/api/v1/payouts?cursor=nonsense", { key: sender.keys.production });
    expect(bad.body).toMatchObject({ status: 400, kind: "validation_error", info: { field: "cursor" } });
  });
});

describe("mass transfers", () => {
  it("applies each item on its own and reports failures in order", async () => {
    const sender = await sim.createAccount({ pay: { USDT: "10" } });
    const a = await sim.createAccount();
    const b = await sim.createAccount();
    const pay = sim.pay(sender.keys.production);
    await pay.createTransfer({ ...toUser(a.userId), asset: "USDT", amount: "1", clientPayoutId: "used" });

    const { successPayouts, errorPayouts } = await pay.createMassTransfer({
      asset: "USDT",
      payouts: [
        { ...toUser(a.userId), amount: "2", clientPayoutId: "m-1" },
        { ...toUser(b.userId), amount: "1", clientPayoutId: "used" },
        { ...toUser(b.userId), amount: "100", clientPayoutId: "m-3" },
        { target: "424242", targetType: "telegram_user_id", amount: "1", clientPayoutId: "m-4" },
        { ...toUser(b.userId), amount: "0.0000001", clientPayoutId: "m-5" },
        { ...toUser(b.userId), amount: "3", clientPayoutId: "m-6" },
        { ...toUser(b.userId), amount: "1", clientPayoutId: "m-6" },
      ],
    });
    expect(successPayouts.map((p) => [p.clientPayoutId, p.status])).toEqual([
      ["m-1", "paid"],
      ["m-6", "paid"],
    ]);
    expect(errorPayouts.map((e) => [e.clientPayoutId, e.reason.kind])).toEqual([
      ["used", "client_id_duplicate"],
      ["m-3", "insufficient_funds"],
      ["m-4", "not_found"],
      ["m-5", "incorrect_decimal_places"],
      ["m-6", "client_id_duplicate"],
    ]);
    // A refused item comes back as it was sent, with the problem that refused it.
    expect(errorPayouts[1]).toMatchObject({
      amount: "100",
      target: String(b.userId),
      reason: { status: 400, info: { asset: "USDT", available: "7" } },
    });
    expect(await sim.available(sender.userId, "USDT")).toBe("4");
    expect(await sim.available(a.userId, "USDT")).toBe("3");
    expect(await sim.available(b.userId, "USDT")).toBe("3");

    // Items share the client-id space of single transfers and are readable one by one.
    expect(await pay.getTransfer({ clientPayoutId: "m-1" })).toMatchObject({
      payoutId: successPayouts[0]?.payoutId,
    });
    const single = await rejection(
      pay.createTransfer({ ...toUser(a.userId), asset: "USDT", amount: "1", clientPayoutId: "m-6" }),
    );
    expect(single).toMatchObject({ status: 400, reason: "client_id_duplicate" });
  });

  it("refuses a whole request with an unknown asset", async () => {
    const sender = await sim.createAccount({ pay: { USDT: "10" } });
    const res = await sim.api("pay", "/api/v1/mass-payouts", {
      method: "POST",
      key: sender.keys.production,
      body: {
        asset: "NOPE",
        payouts: [{ target: "1", targetType: "telegram_user_id", amount: "1", clientPayoutId: "z" }],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ kind: "validation_error", info: { field: "asset" } });
  });

  it("runs a 10,000-row job (100 batches of 100) quickly and exactly once per row", async () => {
    const sender = await sim.createAccount({ pay: { USDT: "20000" } });
    const receivers = await Promise.all([1, 2, 3, 4].map(() => sim.createAccount()));
    const pay = sim.pay(sender.keys.production);

    const started = Date.now();
    let completed = 0;
    for (let batch = 0; batch < 100; batch++) {
      const payouts = Array.from({ length: 100 }, (_, i) => ({
        ...toUser(receivers[i % 4]!.userId),
        amount: "1.5",
        clientPayoutId: `job-${batch}-${i}`,
      }));
      const { successPayouts } = await pay.createMassTransfer({ asset: "USDT", payouts });
      completed += successPayouts.length;
    }
    // A replay of the last batch does nothing: every item is a duplicate.
    const replay = await pay.createMassTransfer({
      asset: "USDT",
      payouts: Array.from({ length: 100 }, (_, i) => ({
        ...toUser(receivers[0]!.userId),
        amount: "1.5",
        clientPayoutId: `job-99-${i}`,
      })),
    });
    const elapsed = Date.now() - started;

    expect(completed).toBe(10_000);
    expect(replay.successPayouts).toEqual([]);
    expect(replay.errorPayouts.every((e) => e.reason.kind === "client_id_duplicate")).toBe(true);
    expect(await sim.available(sender.userId, "USDT")).toBe("5000");
    expect(await sim.available(receivers[0]!.userId, "USDT")).toBe("3750");
    expect(elapsed).toBeLessThan(15_000);
    const page = await pay.getTransfers({ limit: 100 });
    expect(page.items[0]?.clientPayoutId).toBe("job-99-99");
  });
});
