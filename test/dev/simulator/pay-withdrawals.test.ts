import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isValidAddress } from "../../../src/dev/simulator/addresses.js";
import { rejection, TestSim } from "../../helpers/simulator.js";

let sim: TestSim;
beforeAll(async () => {
  sim = await TestSim.start();
});
afterAll(() => sim.close());

const TON_ADDRESS = `EQ${"A".repeat(44)}_-`;
const ETH_ADDRESS = `0x${"ab".repeat(20)}`;

describe("withdrawals", () => {
  it("quotas answer with or without a key, in the real field names; an unknown asset or network is 404", async () => {
    const anonymous = sim.pay();
    const owner = await sim.createAccount({});
    const terms = {
      withdrawMinSize: "1",
      withdrawFee: "0.2",
      withdrawFeeAsset: "USDT",
      precision: 6,
      withdrawMaxSize: "100000",
    };
    expect(await anonymous.getWithdrawalQuotas({ asset: "USDT", network: "TON" })).toEqual(terms);
    expect(await sim.pay(owner.keys.production).getWithdrawalQuotas({ asset: "USDT", network: "TON" })).toEqual(terms);
    expect(await rejection(anonymous.getWithdrawalQuotas({ asset: "BTC", network: "TON" }))).toMatchObject({
      status: 404,
      kind: "not_found",
    });
    expect(await rejection(anonymous.getWithdrawalQuotas({ asset: "NOPE", network: "TON" }))).toMatchObject({
      status: 404,
    });
  });

  it("amount + fee leave available at once and the balance on completion (the first read)", async () => {
    const owner = await sim.createAccount({ pay: { USDT: "50" } });
    const pay = sim.pay(owner.keys.production);
    const created = await pay.createWithdrawal({
      clientWithdrawalId: "w-1",
      network: "TON",
      address: TON_ADDRESS,
      asset: "USDT",
      amount: "10",
      comment: "memo",
    });
    expect(created).toMatchObject({ status: "CREATED", fee: "0.2", txHash: null, amount: "10" });
    expect((await sim.account(owner.userId)).pay.USDT).toEqual({
      balance: "50",
      available: "39.8",
      holds: "10.2",
    });

    const read = await pay.getWithdrawal({ clientWithdrawalId: "w-1" });
    expect(read).toMatchObject({ withdrawalId: created.withdrawalId, status: "COMPLETED" });
    expect(read.txHash).toMatch(/^[0-9a-f]{64}$/);
    expect((await sim.account(owner.userId)).pay.USDT).toEqual({
      balance: "39.8",
      available: "39.8",
      holds: "0",
    });

    const dup = await rejection(
      pay.createWithdrawal({
        clientWithdrawalId: "w-1",
        network: "TON",
        address: TON_ADDRESS,
        asset: "USDT",
        amount: "1",
      }),
    );
    expect(dup).toMatchObject({
      status: 400,
      reason: "client_id_duplicate",
      info: { clientWithdrawalId: "w-1" },
    });
    expect(await sim.available(owner.userId, "USDT")).toBe("39.8");
  });

  it("refuses bad addresses, networks, decimals, bounds and amounts the balance cannot cover with the fee", async () => {
    const owner = await sim.createAccount({ pay: { USDT: "10", ETH: "1" } });
    const pay = sim.pay(owner.keys.production);
    const base = { network: "TON" as const, address: TON_ADDRESS, asset: "USDT", amount: "5" };
    const cases: [Partial<typeof base> & { amount?: string }, object][] = [
      [{ address: "not-an-address" }, { status: 400, kind: "validation_error", info: { field: "address" } }],
      [
        { network: "ETH" as never, address: TON_ADDRESS },
        { status: 400, info: { field: "address" } },
      ],
      [{ network: "BTC" as never }, { status: 400, info: { field: "network" } }],
      [{ amount: "1.0000001" }, { status: 400, reason: "incorrect_decimal_places", info: { maxDecimals: 6 } }],
      [{ amount: "0.5" }, { status: 400, reason: "amount_out_of_range", info: { min: "1", max: "100000" } }],
      [{ amount: "100001" }, { status: 400, reason: "amount_out_of_range" }],
      [
        { amount: "9.9" },
        { status: 400, reason: "insufficient_funds", info: { asset: "USDT", available: "10" } },
      ],
    ];
    for (const [i, [change, expected]] of cases.entries()) {
      const err = await rejection(
        pay.createWithdrawal({ ...base, ...change, clientWithdrawalId: `bad-${i}` }),
      );
      expect(err, JSON.stringify(change)).toMatchObject(expected);
    }
    expect(await sim.available(owner.userId, "USDT")).toBe("10");
    await pay.createWithdrawal({
      clientWithdrawalId: "eth",
      network: "ETH",
      address: ETH_ADDRESS,
      asset: "ETH",
      amount: "0.5",
    });
    expect(await sim.available(owner.userId, "ETH")).toBe("0.499");
  });

  it("lists newest first with cursor paging and a status filter", async () => {
    const owner = await sim.createAccount({ pay: { USDT: "100" } });
    const pay = sim.pay(owner.keys.production);
    for (const id of ["l-1", "l-2", "l-3"]) {
      await pay.createWithdrawal({
        clientWithdrawalId: id,
        network: "TON",
        address: TON_ADDRESS,
        asset: "USDT",
        amount: "2",
      });
    }
    const first = await pay.getWithdrawals({ limit: 2 });
    expect(first.items.map((w) => w.clientWithdrawalId)).toEqual(["l-3", "l-2"]);
    const second = await pay.getWithdrawals({ limit: 2, cursor: first.pagination.next! });
    expect(second.items.map((w) => w.clientWithdrawalId)).toEqual(["l-1"]);
    expect(second.pagination.next).toBeNull();
    expect((await pay.getWithdrawals({ status: "COMPLETED" })).items).toHaveLength(3);
    expect((await pay.getWithdrawals({ status: "FAIL" })).items).toEqual([]);
    expect(await rejection(pay.getWithdrawal({ withdrawalId: "wdr_p999999" }))).toMatchObject({
      status: 404,
    });
  });

  it("a withdrawal link moves nothing", async () => {
    const owner = await sim.createAccount({ pay: { TONCOIN: "5" } });
    const pay = sim.pay(owner.keys.production);
    const link = await pay.createWithdrawalLink({
      network: "TON",
      address: TON_ADDRESS,
      asset: "TONCOIN",
      amount: "1",
    });
    expect(link.telegramBotLink).toMatch(/^https:\/\/t\.me\//);
    expect(link.webLink).toMatch(/^https:\/\//);
    expect((await sim.account(owner.userId)).pay.TONCOIN).toEqual({
      balance: "5",
      available: "5",
      holds: "0",
    });
  });
});

describe("address shapes", () => {
  it.each([
    ["TON", `UQ${"b".repeat(46)}`, true],
    ["TON", `0:${"0f".repeat(32)}`, true],
    ["TON", `EQ${"b".repeat(45)}`, false],
    ["ETH", ETH_ADDRESS, true],
    ["BSC", "0x123", false],
    ["TRX", "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8", true],
    ["TRX", "TJRabPrwbZy45sbavfcjinPJC18kjpRTv0", false],
    ["BTC", "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", true],
    ["BTC", "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2", true],
    ["BTC", "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy", true],
    ["BTC", "bc1OOPS", false],
    ["SOL", "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV", true],
    ["SOL", "0x0000", false],
  ] as const)("%s %s → %s", (network, address, ok) => {
    expect(isValidAddress(network, address)).toBe(ok);
  });
});
