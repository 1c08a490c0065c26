import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InvalidRequestError, UnauthorizedError } from "../../../src/service/errors.js";
import { rejection, TestSim } from "../../helpers/simulator.js";

let sim: TestSim;
beforeAll(async () => {
  sim = await TestSim.start();
});
afterAll(() => sim.close());

describe("accounts (control)", () => {
  it("creates accounts in both worlds with increasing ids, one key per world", async () => {
    const first = await sim.createAccount({
      pay: { USDT: "100" },
      funding: { USDT: "50" },
      trading: { BTC: "0.5" },
    });
    const second = await sim.createAccount();
    expect(first.userId).toBe(1001);
    expect(second.userId).toBe(1002);
    expect(first.keys.production).not.toBe(first.keys.testnet);
    for (const network of ["production", "testnet"] as const) {
      expect(await sim.account(first.userId, network)).toEqual({
        userId: 1001,
        pay: { USDT: { balance: "100", available: "100", holds: "0" } },
        funding: { USDT: "50" },
        trading: { BTC: "0.5" },
      });
    }
  });

  it("accepts a chosen userId once and refuses bad input", async () => {
    expect((await sim.createAccount({ userId: 777_000_111 })).userId).toBe(777_000_111);
    expect(
      (await sim.fetch("/_sim/accounts", { method: "POST", body: { userId: 777_000_111 } })).status,
    ).toBe(409);
    const bad = await sim.fetch("/_sim/accounts", { method: "POST", body: { pay: { USDT: "-1" } } });
    expect(bad.status).toBe(400);
    expect((await sim.fetch("/_sim/accounts", { method: "POST", body: { pay: { NOPE: "1" } } })).status).toBe(
      400,
    );
    expect((await sim.fetch("/_sim/accounts/424242")).status).toBe(404);
    expect((await sim.fetch("/_sim/nothing")).status).toBe(404);
  });

  it("seeds a demo account on request", async () => {
    const seeded = await TestSim.start({ seed: true });
    try {
      const demo = seeded.running.seeded!.demo;
      const app = await seeded.pay(demo.keys.production).getAppInfo();
      expect(app.ownerId).toBe(String(demo.userId));
      const view = await seeded.account(demo.userId);
      expect(Object.keys(view.funding).length).toBeGreaterThan(0);
      expect(Object.keys(view.trading).length).toBeGreaterThan(0);
    } finally {
      await seeded.close();
    }
  });
});

describe("keys", () => {
  it("a key works only on its own network", async () => {
    const acct = await sim.createAccount({ pay: { USDT: "1" } });
    expect(await sim.pay(acct.keys.production).getAppBalances()).toBeDefined();
    expect(await sim.pay(acct.keys.testnet, "testnet").getAppBalances()).toBeDefined();
    expect(await rejection(sim.pay(acct.keys.testnet).getAppBalances())).toBeInstanceOf(UnauthorizedError);
    expect(await rejection(sim.pay(acct.keys.production, "testnet").getAppBalances())).toBeInstanceOf(
      UnauthorizedError,
    );
    expect(await rejection(sim.pay().getAppBalances())).toBeInstanceOf(UnauthorizedError);
    const raw = await sim.api("pay", "/api/v1/balances", { key: "wrong" });
    expect(raw.status).toBe(401);
    expect(raw.headers.get("content-type")).toBe("application/problem+json");
    expect(raw.body).toMatchObject({ type: "/api/problems/unauthorized", status: 401, kind: "unauthorized" });
  });

  it("getAppInfo describes the key's application and needs a key", async () => {
    const acct = await sim.createAccount();
    expect(await sim.pay(acct.keys.testnet, "testnet").getAppInfo()).toEqual({
      id: `app-${acct.userId}`,
      name: `Sim app ${acct.userId}`,
      ownerId: String(acct.userId),
    });
    expect(await rejection(sim.pay().getAppInfo())).toBeInstanceOf(UnauthorizedError);
  });
});

describe("shared and public operations", () => {
  it("getHealth and getRates answer on all four origins", async () => {
    for (const origin of ["pay", "exchange", "payTestnet", "exchangeTestnet"] as const) {
      expect((await sim.api(origin, "/health")).body).toEqual({ status: "ok", info: [], error: [], details: [] });
    }
    for (const network of ["production", "testnet"] as const) {
      expect(await sim.pay(undefined, network).getRates({ base: "EUR", assets: ["USDT"] })).toEqual([
        { currency: "USDT", rate: "0.92" },
      ]);
      // An asset as the base (the Pay SDK's test asks for USDT): priced through USD.
      expect(await sim.pay(undefined, network).getRates({ base: "USDT", assets: ["TONCOIN"] })).toEqual([
        { currency: "TONCOIN", rate: "5.2" },
      ]);
      // The same rates on the Exchange, as an object keyed by asset.
      expect(await sim.exchange(network).getRates({ base: "EUR", assets: ["USDT", "TONCOIN"] })).toEqual({
        USDT: { rate: "0.92" },
        TONCOIN: { rate: "4.78" },
      });
      expect(Object.keys(await sim.exchange(network).getRates({ base: "USD" }))).toContain("TONCOIN");
      expect(await sim.exchange(network).getHealth()).toMatchObject({ status: "ok" });
      expect(await sim.pay(undefined, network).getHealth()).toMatchObject({ status: "ok" });
    }
    const badFiat = await sim.api("pay", "/api/v1/rates?base=XYZ");
    expect(badFiat.body).toMatchObject({ status: 400, info: { field: "base" } });
    const badAsset = await sim.api("exchange", "/api/v1/rates?base=USD&assets=USDT&assets=NOPE");
    expect(badAsset.body).toMatchObject({ status: 400, info: { field: "assets" } });
  });

  it("getCurrencies lists {code, title, kind, networks} (plus precision and minimums), filtered by kind", async () => {
    const currencies = await sim.pay().getCurrencies({});
    expect(currencies.find((c) => c.code === "USDT")).toEqual({
      code: "USDT",
      title: "Tether USD",
      kind: "crypto",
      precision: 6,
      minTransfer: "0.01",
      minCheque: "0.1",
      minInvoice: "0.1",
      minWithdrawal: "1",
      networks: ["TON", "TRX", "ETH", "BSC", "SOL"].map((code) => ({ code })),
    });
    expect(currencies.find((c) => c.code === "EUR")).toEqual({ code: "EUR", title: "EUR", kind: "fiat", networks: [] });
    expect(new Set((await sim.pay().getCurrencies({ kind: "crypto" })).map((c) => c.kind))).toEqual(new Set(["crypto"]));
    expect((await sim.pay().getCurrencies({ kind: "fiat" })).map((c) => c.code)).toEqual(["USD", "EUR", "RUB"]);
  });

  it("getAppBalances reports balance = available + holds", async () => {
    const acct = await sim.createAccount({ pay: { USDT: "10" } });
    const pay = sim.pay(acct.keys.production);
    await pay.createCheque({ asset: "USDT", amount: "4", clientChequeId: "hold" });
    const { balances } = await pay.getAppBalances();
    expect(balances.find((b) => b.asset === "USDT")).toEqual({
      asset: "USDT",
      balance: "10",
      available: "6",
      holds: "4",
    });
    expect(balances.find((b) => b.asset === "BTC")).toEqual({
      asset: "BTC",
      balance: "0",
      available: "0",
      holds: "0",
    });
  });
});

describe("routing and validation", () => {
  it("answers unknown routes with 404 and wrong methods with 405, as problems", async () => {
    const missing = await sim.api("pay", "/api/v1/nothing");
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ kind: "not_found" });
    expect((await sim.fetch("/elsewhere")).status).toBe(404);
    // Pay paths are not served on the Exchange origin.
    expect((await sim.api("exchange", "/api/v1/currencies")).status).toBe(404);
    const wrong = await sim.api("pay", "/api/v1/currencies", { method: "DELETE" });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("GET");
  });

  it("refuses invalid input with 400 validation_error naming the field", async () => {
    const acct = await sim.createAccount({ pay: { USDT: "10" } });
    const key = acct.keys.production;
    const amount = await sim.api("pay", "/api/v1/payouts", {
      method: "POST",
      key,
      body: {
        target: "1002",
        targetType: "telegram_user_id",
        asset: "USDT",
        amount: "1e3",
        clientPayoutId: "v",
      },
    });
    expect(amount.status).toBe(400);
    expect(amount.body).toMatchObject({ kind: "validation_error", info: { field: "amount" } });
    const neither = await sim.api("pay", "/api/v1/cheque", { key });
    expect(neither.body).toMatchObject({ status: 400, info: { field: "chequeId" } });
    const json = await sim.api("pay", "/api/v1/cheques", { method: "POST", key, rawBody: "{nope" });
    expect(json.body).toMatchObject({ status: 400, info: { field: "body" } });
    const limit = await sim.api("pay", "/api/v1/cheques?limit=1001", { key });
    expect(limit.body).toMatchObject({ status: 400, info: { field: "limit" } });
    // The client refuses the same input before sending anything.
    expect(await rejection(sim.pay(key).getCheques({ limit: 1001 }))).toBeInstanceOf(InvalidRequestError);
  });
});

describe("request log", () => {
  it("records requests in order without keys", async () => {
    await sim.control("/_sim/requests", "DELETE");
    const acct = await sim.createAccount({ pay: { USDT: "10" } });
    const pay = sim.pay(acct.keys.production);
    await pay.createCheque({ asset: "USDT", amount: "1", clientChequeId: "log-1", password: "secret" });
    await sim.api("pay", "/api/v1/cheques", {
      method: "POST",
      key: acct.keys.production,
      body: { asset: "USDT", amount: "1", clientChequeId: "log-2", description: acct.keys.production },
    });
    const logged = await sim.requests("createCheque");
    expect(logged).toHaveLength(2);
    expect(logged[0]).toEqual({
      operationId: "createCheque",
      network: "production",
      api: "pay",
      method: "POST",
      path: "/api/v1/cheques",
      query: {},
      body: { asset: "USDT", amount: "1", clientChequeId: "log-1", password: "***" },
    });
    expect(logged[1]?.body).toMatchObject({ clientChequeId: "log-2", description: "***" });
    expect(JSON.stringify(await sim.control("/_sim/requests"))).not.toContain(acct.keys.production);
    await sim.control("/_sim/requests", "DELETE");
    expect(await sim.requests("createCheque")).toEqual([]);
  });
});
