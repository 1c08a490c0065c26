/**
 * Funding and trading balances, moves between them and withdrawals from the funding balance, over
 * real HTTP with the service client.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createExchangeClient, type ExchangeClient } from "../../../src/service/client.js";
import { rejection, TestSim } from "../../helpers/simulator.js";

const T0 = Date.parse("2025-03-03T10:00:00Z");
let sim: TestSim;

beforeEach(async () => {
  sim = await TestSim.start({ now: () => new Date(T0) });
});
afterEach(() => sim.close());

async function user(balances: { funding?: Record<string, string>; trading?: Record<string, string> }) {
  const { userId, keys } = await sim.createAccount(balances);
  const ex = createExchangeClient({
    baseUrl: sim.running.baseUrls.exchange,
    apiKey: keys.production,
    backoffMs: 5,
  });
  return { userId, ex };
}

const TON = `EQ${"Ab_-".repeat(11)}Cd`;
const ADDRESSES: Record<string, { valid: string[]; invalid: string[] }> = {
  TON: {
    valid: [TON, `UQ${"x".repeat(46)}`, `0:${"a1".repeat(32)}`],
    invalid: [`EQ${"A".repeat(45)}`, `XQ${"A".repeat(46)}`],
  },
  ETH: { valid: [`0x${"aB".repeat(20)}`], invalid: [`0x${"a".repeat(39)}`, `${"a".repeat(42)}`] },
  BSC: { valid: [`0x${"12".repeat(20)}`], invalid: ["0xZZ"] },
  TRX: { valid: [`T${"A".repeat(33)}`], invalid: [`T${"0".repeat(33)}`, `X${"A".repeat(33)}`] },
  SOL: { valid: ["4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T"], invalid: ["0OIl".repeat(10)] },
  BTC: {
    valid: ["bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", "1BoatSLRHtKNngkdXEeobR76b53LETtpyT"],
    invalid: ["bc1bbbb", "2abc"],
  },
};

const balance = async (ex: ExchangeClient, kind: "funding" | "trading", asset: string) => {
  const list = kind === "funding" ? await ex.getFundingBalances() : await ex.getTradingBalances();
  return list.balances.find((b) => b.asset === asset);
};

describe("moves between funding and trading", () => {
  it("change both balances exactly once, and a reused client id moves nothing", async () => {
    const alice = await user({ funding: { USDT: "100" }, trading: { TONCOIN: "5" } });
    const there = await alice.ex.createBalanceTransfer({
      clientTransferId: "t-1",
      asset: "USDT",
      amount: "30.50",
      from: "funding",
      to: "trading",
    });
    expect(there).toMatchObject({
      asset: "USDT",
      amount: "30.5",
      from: "funding",
      to: "trading",
      status: "completed",
    });
    expect(await balance(alice.ex, "funding", "USDT")).toEqual({
      asset: "USDT",
      balance: "69.5",
      available: "69.5",
      holds: "0",
    });
    expect(await balance(alice.ex, "trading", "USDT")).toEqual({
      asset: "USDT",
      balance: "30.5",
      available: "30.5",
      holds: "0",
    });

    const dup = await rejection(
      alice.ex.createBalanceTransfer({
        clientTransferId: "t-1",
        asset: "USDT",
        amount: "30.5",
        from: "funding",
        to: "trading",
      }),
    );
    expect(dup).toMatchObject({
      status: 400,
      reason: "client_id_duplicate",
      info: { clientTransferId: "t-1" },
    });
    expect(await sim.account(alice.userId)).toMatchObject({
      funding: { USDT: "69.5" },
      trading: { USDT: "30.5", TONCOIN: "5" },
    });

    const back = await alice.ex.createBalanceTransfer({
      clientTransferId: "t-2",
      asset: "TONCOIN",
      amount: "5",
      from: "trading",
      to: "funding",
    });
    expect(await sim.account(alice.userId)).toMatchObject({
      funding: { USDT: "69.5", TONCOIN: "5" },
      trading: { TONCOIN: "0" },
    });

    expect(await alice.ex.getBalanceTransfer({ transferId: there.id })).toEqual(there);
    expect(await alice.ex.getBalanceTransfer({ clientTransferId: "t-2" })).toEqual(back);
    expect(await alice.ex.getBalanceTransfer({ transferId: back.id, clientTransferId: "t-1" })).toEqual(back);
    const other = await user({});
    expect(await rejection(other.ex.getBalanceTransfer({ transferId: there.id }))).toMatchObject({
      status: 404,
    });
  });

  it("refuse what the balance or the asset does not allow", async () => {
    const alice = await user({ funding: { USDT: "10" } });
    const move = { clientTransferId: "t", asset: "USDT", from: "funding" as const, to: "trading" as const };
    expect(await rejection(alice.ex.createBalanceTransfer({ ...move, amount: "10.01" }))).toMatchObject({
      status: 400,
      reason: "insufficient_funds",
      info: { asset: "USDT", available: "10" },
    });
    expect(await rejection(alice.ex.createBalanceTransfer({ ...move, amount: "1.0000001" }))).toMatchObject({
      status: 400,
      reason: "incorrect_decimal_places",
      info: { maxDecimals: 6 },
    });
    expect(await rejection(alice.ex.createBalanceTransfer({ ...move, amount: "0" }))).toMatchObject({
      status: 400,
      reason: "amount_out_of_range",
    });
    expect(
      await rejection(alice.ex.createBalanceTransfer({ ...move, asset: "DOGE", amount: "1" })),
    ).toMatchObject({
      status: 400,
      info: { field: "asset" },
    });
    expect(await sim.account(alice.userId)).toMatchObject({ funding: { USDT: "10" }, trading: {} });
    expect(await alice.ex.createBalanceTransfer({ ...move, amount: "10" })).toMatchObject({
      status: "completed",
    });
  });

  it("the history pages newest first and filters by source, destination and period", async () => {
    const alice = await user({ funding: { USDT: "100" } });
    const ids: string[] = [];
    for (const [i, from] of ["funding", "funding", "trading", "funding"].entries()) {
      const to = from === "funding" ? "trading" : "funding";
      const t = await alice.ex.createBalanceTransfer({
        clientTransferId: `t-${i}`,
        asset: "USDT",
        amount: "1",
        from: from as "funding",
        to,
      });
      ids.push(t.id);
      sim.running.advanceClock(60_000);
    }
    const list = (page: { transfers: { id: string }[] }) => page.transfers.map((t) => t.id);
    const all = await alice.ex.getBalanceTransfersHistory();
    expect(all).toMatchObject({ currentPage: 1, pageSize: 50, totalNum: 4, totalPage: 1 });
    expect(list(all)).toEqual([...ids].reverse());
    expect(list(await alice.ex.getBalanceTransfersHistory({ from: "trading" }))).toEqual([
      ids[2],
    ]);
    expect(
      list(
        await alice.ex.getBalanceTransfersHistory({
          from: "funding",
          to: "trading",
          pageSize: 2,
          currentPage: 2,
        }),
      ),
    ).toEqual([ids[0]]);
    const window = {
      startAt: new Date(T0 + 60_000).toISOString(),
      endAt: new Date(T0 + 120_000).toISOString(),
    };
    expect(list(await alice.ex.getBalanceTransfersHistory(window))).toEqual([ids[2], ids[1]]);
  });
});

describe("withdrawals from the funding balance", () => {
  it("check the address shape of each network", async () => {
    const alice = await user({ funding: { USDT: "1000", BTC: "1" } });
    let n = 0;
    for (const [network, { valid, invalid }] of Object.entries(ADDRESSES)) {
      const asset = network === "BTC" ? "BTC" : "USDT";
      const amount = network === "BTC" ? "0.001" : "20";
      const send = (address: string) =>
        alice.ex.createFundingWithdrawal({
          clientWithdrawalId: `w-${n++}`,
          network: network as "TON",
          address,
          asset,
          amount,
        });
      for (const address of invalid) {
        expect(await rejection(send(address)), `${network} ${address}`).toMatchObject({
          status: 400,
          reason: "validation_error",
          info: { field: "address" },
        });
      }
      for (const address of valid)
        expect((await send(address)).status, `${network} ${address}`).toBe("pending");
    }
  });

  it("hold amount + fee, move on by the clock, and spend the hold when completed", async () => {
    const alice = await user({ funding: { USDT: "100" } });
    const created = await alice.ex.createFundingWithdrawal({
      clientWithdrawalId: "w-1",
      network: "TON",
      address: TON,
      asset: "USDT",
      amount: "10",
      comment: "memo",
    });
    expect(created).toMatchObject({
      status: "pending",
      amount: "10",
      fee: "0.2",
      feeAsset: "USDT",
      txHash: null,
    });
    expect(await balance(alice.ex, "funding", "USDT")).toEqual({
      asset: "USDT",
      balance: "100",
      available: "89.8",
      holds: "10.2",
    });

    const dup = await rejection(
      alice.ex.createFundingWithdrawal({
        clientWithdrawalId: "w-1",
        network: "TON",
        address: TON,
        asset: "USDT",
        amount: "10",
      }),
    );
    expect(dup).toMatchObject({
      status: 400,
      reason: "client_id_duplicate",
      info: { clientWithdrawalId: "w-1" },
    });

    sim.running.advanceClock(10_000);
    expect(await alice.ex.getFundingWithdrawal({ clientWithdrawalId: "w-1" })).toMatchObject({
      status: "processing",
    });
    sim.running.advanceClock(50_000);
    const done = await alice.ex.getFundingWithdrawal({ withdrawalId: created.id });
    expect(done).toMatchObject({ status: "completed", updatedAt: new Date(T0 + 60_000).toISOString() });
    expect(done.txHash).toMatch(/^[0-9a-f]{64}$/);
    expect(await balance(alice.ex, "funding", "USDT")).toEqual({
      asset: "USDT",
      balance: "89.8",
      available: "89.8",
      holds: "0",
    });
    expect((await sim.account(alice.userId)).funding).toEqual({ USDT: "89.8" });
  });

  it("refuse amounts outside the quota, the precision or the balance, and unknown networks", async () => {
    const alice = await user({ funding: { USDT: "50", TONCOIN: "10" } });
    const base = { clientWithdrawalId: "w", network: "TON" as const, address: TON, asset: "USDT" };
    const cases: [object, number, string, Record<string, unknown>][] = [
      [{ amount: "0.5" }, 400, "amount_out_of_range", { min: "1", max: "100000" }],
      [{ amount: "100001" }, 400, "amount_out_of_range", { min: "1", max: "100000" }],
      [{ amount: "1.0000001" }, 400, "incorrect_decimal_places", { maxDecimals: 6 }],
      [{ amount: "49.9" }, 400, "insufficient_funds", { asset: "USDT", available: "50" }],
      [
        { amount: "1", network: "BTC", address: ADDRESSES.BTC?.valid[0] },
        400,
        "validation_error",
        { field: "network" },
      ],
      [{ amount: "1", asset: "NOPE" }, 400, "validation_error", { field: "asset" }],
    ];
    for (const [change, status, kind, info] of cases) {
      const err = await rejection(alice.ex.createFundingWithdrawal({ ...base, amount: "1", ...change }));
      expect(err, JSON.stringify(change)).toMatchObject({ status, reason: kind, info });
    }
    expect((await sim.account(alice.userId)).funding).toEqual({ USDT: "50", TONCOIN: "10" });
    expect((await alice.ex.getFundingWithdrawalsHistory()).totalNum).toBe(0);
    expect(await alice.ex.createFundingWithdrawal({ ...base, amount: "49.8" })).toMatchObject({
      status: "pending",
    });
  });

  it("quotas show the daily limit left to the key's account, and need a key", async () => {
    const alice = await user({ funding: { USDT: "300000" } });
    const anonymous = createExchangeClient({ baseUrl: sim.running.baseUrls.exchange });
    const full = {
      network: "TRX",
      asset: "USDT",
      minAmount: "5",
      maxAmount: "100000",
      available: "200000",
      precision: 6,
      fee: "1",
      feeAsset: "USDT",
    };
    // The live Swagger requires the key (Bearer) on this call.
    expect(await rejection(anonymous.getFundingWithdrawalQuotas({ network: "TRX", asset: "USDT" }))).toMatchObject({
      status: 401,
    });
    expect(await alice.ex.getFundingWithdrawalQuotas({ network: "TRX", asset: "USDT" })).toEqual(full);

    const send = (id: string, amount: string) =>
      alice.ex.createFundingWithdrawal({
        clientWithdrawalId: id,
        network: "TON",
        address: TON,
        asset: "USDT",
        amount,
      });
    await send("w-1", "100000");
    await send("w-2", "60000");
    expect(await alice.ex.getFundingWithdrawalQuotas({ network: "TRX", asset: "USDT" })).toMatchObject({
      available: "40000",
    });
    expect(await rejection(send("w-3", "40001"))).toMatchObject({
      status: 400,
      reason: "amount_out_of_range",
      info: { max: "40000" },
    });

    sim.running.advanceClock(24 * 3600_000);
    expect(await alice.ex.getFundingWithdrawalQuotas({ network: "TON", asset: "USDT" })).toMatchObject({
      available: "200000",
    });
    expect(
      await rejection(alice.ex.getFundingWithdrawalQuotas({ network: "BTC", asset: "USDT" })),
    ).toMatchObject({ status: 404 });
  });

  it("the history pages newest first and filters by status and period", async () => {
    const alice = await user({ funding: { USDT: "1000" } });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const w = await alice.ex.createFundingWithdrawal({
        clientWithdrawalId: `w-${i}`,
        network: "TON",
        address: TON,
        asset: "USDT",
        amount: "5",
      });
      ids.push(w.id);
      sim.running.advanceClock(30_000);
    }
    // Now w-0 is 90 s old (completed), w-1 60 s (completed), w-2 30 s (processing).
    const list = (page: { withdrawals: { id: string }[] }) => page.withdrawals.map((w) => w.id);
    const all = await alice.ex.getFundingWithdrawalsHistory({ pageSize: 2 });
    expect(all).toMatchObject({ currentPage: 1, pageSize: 2, totalNum: 3, totalPage: 2 });
    expect(list(all)).toEqual([ids[2], ids[1]]);
    expect(list(await alice.ex.getFundingWithdrawalsHistory({ pageSize: 2, currentPage: 2 }))).toEqual([
      ids[0],
    ]);
    // The real filters are assets and the period (S4, S5); no status filter.
    expect(list(await alice.ex.getFundingWithdrawalsHistory({ assets: ["TONCOIN", "USDT"] }))).toEqual([
      ids[2],
      ids[1],
      ids[0],
    ]);
    expect(list(await alice.ex.getFundingWithdrawalsHistory({ assets: ["TONCOIN"] }))).toEqual([]);
    const since = new Date(T0 + 30_000).toISOString();
    expect(list(await alice.ex.getFundingWithdrawalsHistory({ startAt: since }))).toEqual([ids[2], ids[1]]);
    const other = await user({});
    expect((await other.ex.getFundingWithdrawalsHistory()).totalNum).toBe(0);
    expect(await rejection(other.ex.getFundingWithdrawal({ withdrawalId: ids[0] as string }))).toMatchObject({
      status: 404,
    });
  });
});
