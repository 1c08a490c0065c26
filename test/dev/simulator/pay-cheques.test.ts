import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ServiceRefusedError } from "../../../src/service/errors.js";
import { rejection, TestSim } from "../../helpers/simulator.js";

let sim: TestSim;
beforeAll(async () => {
  sim = await TestSim.start();
});
afterAll(() => sim.close());

describe("cheques", () => {
  it("reserves the amount on create and releases it on delete", async () => {
    const owner = await sim.createAccount({ pay: { USDT: "100" } });
    const pay = sim.pay(owner.keys.production);

    const cheque = await pay.createCheque({
      asset: "USDT",
      amount: "30.5",
      clientChequeId: "c-1",
      description: "hi",
    });
    expect(cheque).toMatchObject({
      state: "active",
      deleted: false,
      amount: "30.5",
      description: "hi",
      target: null,
    });
    expect(cheque.links.telegramBotLink).toContain(cheque.chequeId);
    expect((await sim.account(owner.userId)).pay.USDT).toEqual({
      balance: "100",
      available: "69.5",
      holds: "30.5",
    });

    // No body (S3 reads none); the cheque is read for its final state.
    expect(await pay.deleteCheque({ clientChequeId: "c-1" })).toBeUndefined();
    expect(await pay.getCheque({ chequeId: cheque.chequeId })).toMatchObject({ deleted: true });
    expect((await sim.account(owner.userId)).pay.USDT).toEqual({
      balance: "100",
      available: "100",
      holds: "0",
    });

    const again = await rejection(pay.deleteCheque({ chequeId: cheque.chequeId }));
    expect(again).toMatchObject({ status: 409, kind: "invalid_state", info: { state: "deleted" } });
    expect(await pay.getCheque({ chequeId: cheque.chequeId })).toMatchObject({ deleted: true });
  });

  it("redeem moves the held amount to the redeemer; a redeemed cheque cannot be deleted", async () => {
    const owner = await sim.createAccount({ pay: { TONCOIN: "10" } });
    const friend = await sim.createAccount();
    const pay = sim.pay(owner.keys.production);
    const cheque = await pay.createCheque({ asset: "TONCOIN", amount: "2.5", clientChequeId: "gift" });

    expect(await sim.redeem(cheque.chequeId, friend.userId)).toMatchObject({ state: "completed" });
    expect((await sim.account(owner.userId)).pay.TONCOIN).toEqual({
      balance: "7.5",
      available: "7.5",
      holds: "0",
    });
    expect(await sim.available(friend.userId, "TONCOIN")).toBe("2.5");

    const del = await rejection(pay.deleteCheque({ chequeId: cheque.chequeId }));
    expect(del).toBeInstanceOf(ServiceRefusedError);
    expect(del).toMatchObject({ status: 409, kind: "invalid_state", info: { state: "completed" } });
    const twice = await sim.fetch("/_sim/cheques/redeem", {
      method: "POST",
      body: { chequeId: cheque.chequeId, userId: friend.userId },
    });
    expect(twice.status).toBe(409);
  });

  it("a targeted cheque can only be redeemed by its target", async () => {
    const owner = await sim.createAccount({ pay: { USDT: "5" } });
    const target = await sim.createAccount();
    const other = await sim.createAccount();
    const pay = sim.pay(owner.keys.production);
    const cheque = await pay.createCheque({
      asset: "USDT",
      amount: "1",
      clientChequeId: "for-target",
      targetType: "telegram_user_id",
      target: String(target.userId),
    });
    const refused = await sim.fetch("/_sim/cheques/redeem", {
      method: "POST",
      body: { chequeId: cheque.chequeId, userId: other.userId },
    });
    expect(refused.status).toBe(403);
    expect(await sim.available(other.userId, "USDT")).toBe("0");
    await sim.redeem(cheque.chequeId, target.userId);
    expect(await sim.available(target.userId, "USDT")).toBe("1");
  });

  it("reads by server id or client id, the server id winning", async () => {
    const owner = await sim.createAccount({ pay: { USDT: "5" } });
    const pay = sim.pay(owner.keys.production);
    const a = await pay.createCheque({ asset: "USDT", amount: "1", clientChequeId: "a" });
    const b = await pay.createCheque({ asset: "USDT", amount: "1", clientChequeId: "b" });
    expect((await pay.getCheque({ clientChequeId: "b" })).chequeId).toBe(b.chequeId);
    expect((await pay.getCheque({ chequeId: a.chequeId, clientChequeId: "b" })).chequeId).toBe(a.chequeId);
    expect(await rejection(pay.getCheque({ chequeId: "chq_p999999" }))).toMatchObject({
      status: 404,
      kind: "not_found",
    });
    // Another account's cheque is not visible.
    const stranger = sim.pay((await sim.createAccount()).keys.production);
    expect(await rejection(stranger.getCheque({ chequeId: a.chequeId }))).toMatchObject({ status: 404 });
  });

  it("lists newest first with cursor paging and a state filter, cancelled included", async () => {
    const owner = await sim.createAccount({ pay: { USDT: "50" } });
    const pay = sim.pay(owner.keys.production);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(
        (await pay.createCheque({ asset: "USDT", amount: "1", clientChequeId: `list-${i}` })).chequeId,
      );
    }
    await pay.deleteCheque({ clientChequeId: "list-1" });

    const seen: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await pay.getCheques({ limit: 2, ...(cursor ? { cursor } : {}) });
      seen.push(...page.items.map((c) => c.chequeId));
      if (page.pagination.next === null) break;
      cursor = page.pagination.next;
    }
    // A deleted cheque leaves the list (as on the real service) but is still readable.
    expect(seen).toEqual(ids.filter((_, i) => i !== 1).reverse());
    expect(await pay.getCheque({ clientChequeId: "list-1" })).toMatchObject({ deleted: true });
    expect(await pay.getCheques({ state: "completed" })).toEqual({ items: [], pagination: { total: 0, next: null } });
    expect((await pay.getCheques({ state: "active" })).items).toHaveLength(4);
    const exact = await pay.getCheques({ limit: 5 });
    expect(exact.pagination.next).toBeNull();
  });

  it("refuses duplicates, bad decimals, small amounts, missing funds and unknown assets", async () => {
    const owner = await sim.createAccount({ pay: { USDT: "10" } });
    const pay = sim.pay(owner.keys.production);
    await pay.createCheque({ asset: "USDT", amount: "1", clientChequeId: "dup" });

    const dup = await rejection(pay.createCheque({ asset: "USDT", amount: "1", clientChequeId: "dup" }));
    expect(dup).toMatchObject({ status: 400, reason: "client_id_duplicate", info: { clientChequeId: "dup" } });
    const decimals = await rejection(
      pay.createCheque({ asset: "USDT", amount: "1.0000001", clientChequeId: "d" }),
    );
    expect(decimals).toMatchObject({
      status: 400,
      reason: "incorrect_decimal_places",
      info: { maxDecimals: 6 },
    });
    const small = await rejection(pay.createCheque({ asset: "USDT", amount: "0.01", clientChequeId: "s" }));
    expect(small).toMatchObject({ status: 400, reason: "amount_out_of_range", info: { min: "0.1" } });
    const poor = await rejection(pay.createCheque({ asset: "USDT", amount: "20", clientChequeId: "p" }));
    expect(poor).toMatchObject({
      status: 400,
      reason: "insufficient_funds",
      info: { asset: "USDT", available: "9" },
    });
    const unknown = await rejection(pay.createCheque({ asset: "DOGE", amount: "1", clientChequeId: "u" }));
    expect(unknown).toMatchObject({ status: 400, kind: "validation_error", info: { field: "asset" } });

    expect((await sim.account(owner.userId)).pay.USDT).toEqual({ balance: "10", available: "9", holds: "1" });
  });
});
