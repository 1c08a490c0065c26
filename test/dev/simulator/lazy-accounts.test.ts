import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UnauthorizedError } from "../../../src/service/errors.js";
import { payHandlers } from "../../../src/dev/simulator/pay/index.js";
import type { LazyAccounts } from "../../../src/dev/simulator/simulator.js";
import type { SimHandler } from "../../../src/dev/simulator/types.js";
import { openingId } from "../../../src/dev/simulator/world.js";
import { rejection, TestSim } from "../../helpers/simulator.js";

/** Users 5001… with keys lazy_key_<n>; each opens two invoices. */
const lazyAccounts: LazyAccounts = {
  userOf: (key, network) => {
    const m = /^lazy_key_(\d+)_(live|test)$/.exec(key);
    return m && (m[2] === "live") === (network === "production") ? Number(m[1]) : undefined;
  },
  account: (userId) => ({ pay: { USDT: "10" }, keys: { production: `lazy_key_${userId}_live`, testnet: `lazy_key_${userId}_test` } }),
  open: (world, account) => {
    for (const n of [1, 2]) {
      (payHandlers.createInvoice as SimHandler)({
        operationId: "createInvoice",
        api: "pay",
        input: { clientInvoiceId: `o${n}`, priceCurrency: "USDT", priceAmount: "5" },
        account,
        world,
      });
    }
  },
};

let sim: TestSim;
beforeAll(async () => {
  sim = await TestSim.start({ lazyAccounts });
});
afterAll(() => sim.close());

describe("lazy accounts", () => {
  it("are made on their key's first use, whatever the order, with what they open under the same ids", async () => {
    const { sim: state } = sim.running;
    expect(state.worlds.production.accounts.size).toBe(0);
    const later = await sim.pay("lazy_key_5009_live").getInvoices({ status: "active" });
    const first = await sim.pay("lazy_key_5001_live").getInvoices({ status: "active" });
    const ids = (userId: number) => [2, 1].map((n) => openingId("production", "inv", userId, n));
    expect(later.items.map((i) => i.id)).toEqual(ids(5009));
    expect(first.items.map((i) => i.id)).toEqual(ids(5001));
    // Made once, in both worlds: a second use finds the same account.
    expect((await sim.pay("lazy_key_5009_live").getInvoices({ status: "active" })).items).toHaveLength(2);
    expect(state.worlds.production.accounts.size).toBe(2);
    expect(state.worlds.testnet.accounts.get(5009)?.key).toBe("lazy_key_5009_test");
    expect(await sim.account(5001)).toMatchObject({ pay: { USDT: { balance: "10" } } });
  });

  it("refuses a key that is none of theirs, and leaves the world's own ids and accounts as they were", async () => {
    expect(await rejection(sim.pay("lazy_key_x_live").getInvoices({}))).toBeInstanceOf(UnauthorizedError);
    expect(await rejection(sim.pay("lazy_key_5003_test").getInvoices({}))).toBeInstanceOf(UnauthorizedError);
    const made = await sim.createAccount({ pay: { USDT: "10" } });
    expect(made.userId).toBe(1001);
    const invoice = await sim.pay(made.keys.production).createInvoice({ priceCurrency: "USDT", priceAmount: "1" });
    expect(invoice.id).toBe("inv_p000001");
  });
});
