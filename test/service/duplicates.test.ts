/**
 * Duplicate-id refusals in the real service's vocabulary: a 400 whose kind says "duplicate" is
 * neither a failure nor a success but "read it back by client id", exactly like an unknown outcome.
 * Checked for the kind map itself and for every create, against the simulator over HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createExchangeClient, type ExchangeClient, type PayClient } from "../../src/service/client.js";
import { isClientIdDuplicate, refusalReason, ServiceRefusedError } from "../../src/service/errors.js";
import { createOnce, reconcile } from "../../src/service/reconcile.js";
import { rejection, TestSim } from "../helpers/simulator.js";

describe("the refusal vocabulary", () => {
  it.each([
    [400, "exchange_client_order_id_duplicate", "client_id_duplicate"],
    [400, "payout_client_id_duplicate", "client_id_duplicate"],
    [409, "client_id_duplicate", "client_id_duplicate"],
    [400, "exchange_amount_more_than_user_balance", "insufficient_funds"],
    [400, "exchange_incorrect_decimal_places", "incorrect_decimal_places"],
    [400, "exchange_funds_out_of_range", "amount_out_of_range"],
    [400, "exchange_symbol_not_available_for_trading", "pair_closed"],
    [400, "client_data_validation", "validation_error"],
    [400, "missing_invoice_amount", "validation_error"],
    [403, "user_blocked", "user_blocked"],
    [404, "exchange_order_not_found", "not_found"],
    [404, "something_new", "not_found"],
    [400, "something_new", "refused"],
  ] as const)("%i %s means %s", (status, kind, reason) => {
    expect(refusalReason(status, kind)).toBe(reason);
    const err = new ServiceRefusedError("placeOrder", status, kind, undefined, {});
    expect(err.reason).toBe(reason);
    expect(isClientIdDuplicate(err)).toBe(reason === "client_id_duplicate");
  });
});

describe("a repeated create returns what the first one did, read back by its client id", () => {
  let sim: TestSim;
  let ex: ExchangeClient;
  let pay: PayClient;
  let friend: number;

  beforeAll(async () => {
    sim = await TestSim.start();
    const me = await sim.createAccount({
      pay: { USDT: "100" },
      funding: { USDT: "100" },
      trading: { USDT: "1000" },
    });
    friend = (await sim.createAccount()).userId;
    ex = createExchangeClient({ baseUrl: sim.running.baseUrls.exchange, apiKey: me.keys.production, backoffMs: 5 });
    pay = sim.pay(me.keys.production);
  });
  afterAll(() => sim.close());

  it("an order: the service answers 400 exchange_client_order_id_duplicate; one order exists", async () => {
    const terms = { symbol: "BTC-USDT", side: "buy", type: "market", timeInForce: "IOC", funds: "10" } as const;
    const first = await ex.placeOrder({ clientOrderId: "dup-o", ...terms });
    const refused = await rejection(ex.placeOrder({ clientOrderId: "dup-o", ...terms }));
    expect(refused).toMatchObject({ status: 400, kind: "exchange_client_order_id_duplicate" });

    const again = await createOnce({
      send: () => ex.placeOrder({ clientOrderId: "dup-o", ...terms }),
      lookup: () => reconcile.order(ex, "dup-o"),
    });
    expect(again.id).toBe(first.id);
    const history = await ex.getOrdersHistory();
    expect(history.orders.filter((o) => o.clientOrderId === "dup-o")).toHaveLength(1);
  });

  it("a balance move, a transfer, a cheque and an invoice: each moves money once", async () => {
    const move = { clientTransferId: "dup-m", asset: "USDT", amount: "5", from: "funding", to: "trading" } as const;
    const moved = await ex.createBalanceTransfer(move);
    expect(
      (await createOnce({ send: () => ex.createBalanceTransfer(move), lookup: () => reconcile.balanceTransfer(ex, "dup-m") })).id,
    ).toBe(moved.id);

    const send = {
      target: String(friend),
      targetType: "telegram_user_id",
      asset: "USDT",
      amount: "3",
      clientPayoutId: "dup-t",
    } as const;
    const sent = await pay.createTransfer(send);
    expect(
      (await createOnce({ send: () => pay.createTransfer(send), lookup: () => reconcile.transfer(pay, "dup-t") }))
        .payoutId,
    ).toBe(sent.payoutId);

    const cheque = { asset: "USDT", amount: "2", clientChequeId: "dup-c" } as const;
    const made = await pay.createCheque(cheque);
    expect(
      (await createOnce({ send: () => pay.createCheque(cheque), lookup: () => reconcile.cheque(pay, "dup-c") })).chequeId,
    ).toBe(made.chequeId);

    expect(await sim.available(friend, "USDT")).toBe("3");
    const balances = await pay.getAppBalances();
    // 100 - 3 sent - 2 reserved by the cheque: each only once.
    expect(balances.balances.find((b) => b.asset === "USDT")?.available).toBe("95");
    expect((await ex.getFundingBalances()).balances.find((b) => b.asset === "USDT")?.available).toBe("95");
  });
});
