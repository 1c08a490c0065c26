/**
 * The simulator as the public Payments SDKs see it. First Badiboy/pyXRocketAPI (PyPI `pyXRocketAPI`,
 * generated from the service's current reference): each call is made the way that SDK makes it
 * (`pyXRocketAPI/api.py` @04a0d58e: `requests.request(method, base + path, params=…, json=…,
 * headers={Accept, Authorization: Bearer})`, optional arguments left out when None, a list in `params`
 * sent as repeated keys), with the request bodies of its own tests (`tests/test_api.py` @04a0d58e)
 * where they show one, and the reply read with what its models read (`pyXRocketAPI/models.py`).
 *
 * Where a test of the SDK sends a value no real account could use (target "123", address
 * "address"), the same request is sent with a user and an address of this simulator; the shape is
 * kept. The SDK's test rates use the asset code "TON"; the service's code for Toncoin is TONCOIN.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreatedAccount } from "../../../src/dev/simulator/simulator.js";
import { TestSim } from "../../helpers/simulator.js";

let sim: TestSim;
let owner: CreatedAccount;
let friend: CreatedAccount;

beforeAll(async () => {
  sim = await TestSim.start();
  owner = await sim.createAccount({ pay: { USDT: "1000", TONCOIN: "100" } });
  friend = await sim.createAccount();
});
afterAll(() => sim.close());

type Params = Record<string, string | number | readonly string[] | undefined>;

/**
 * `xRocketPayAPI._request`: the query as `requests` encodes `params` (a list as repeated keys), the
 * body as `json=`, `Accept: application/json` and the Bearer key unless the call is public. A 204 or
 * an empty body is None; anything else must be JSON.
 */
async function sdk(
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  opts: { params?: Params; body?: unknown; auth?: boolean; testnet?: boolean } = {},
): Promise<{ status: number; data: unknown }> {
  const url = new URL(sim.running.baseUrls[opts.testnet ? "payTestnet" : "pay"] + path);
  for (const [key, value] of Object.entries(opts.params ?? {})) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(item));
  }
  const headers: Record<string, string> = { Accept: "application/json" };
  if (opts.auth !== false) headers.Authorization = `Bearer ${opts.testnet ? owner.keys.testnet : owner.keys.production}`;
  if (opts.body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(url, {
    method,
    headers,
    ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
  });
  const text = await res.text();
  return { status: res.status, data: res.status === 204 || text === "" ? null : JSON.parse(text) };
}

/** A call the SDK returns from (a 2xx); its parsed reply. */
async function ok(...args: Parameters<typeof sdk>): Promise<Record<string, unknown>> {
  const { status, data } = await sdk(...args);
  expect(status, `${args[0]} ${args[1]}: ${JSON.stringify(data)}`).toBeGreaterThanOrEqual(200);
  expect(status, `${args[0]} ${args[1]}: ${JSON.stringify(data)}`).toBeLessThan(300);
  return data as Record<string, unknown>;
}

const TON_ADDRESS = `UQ${"B".repeat(46)}`;
/** The paginated lists the SDK reads (`xPage`): `items` and `pagination: {total, next}`. */
const expectPage = (page: Record<string, unknown>) => {
  expect(Array.isArray(page.items)).toBe(true);
  expect(page.pagination).toEqual({ total: expect.any(Number), next: expect.toBeOneOf([null, expect.any(String)]) });
  return page.items as Record<string, unknown>[];
};

describe("pyXRocketAPI against the simulator's Payments origin", () => {
  it("health_check: public, with the info, error and details lists its Health model iterates", async () => {
    const health = await ok("GET", "/health", { auth: false });
    expect(health.status).toBe("ok");
    for (const list of ["info", "error", "details"]) expect(Array.isArray(health[list]), list).toBe(true);
  });

  it("get_app_info, get_balances, get_currencies(kind), get_rates (public and with the key)", async () => {
    expect(await ok("GET", "/api/v1/app-info")).toMatchObject({ id: expect.any(String), name: expect.anything() });
    const balances = (await ok("GET", "/api/v1/balances")).balances as Record<string, unknown>[];
    expect(balances.find((b) => b.asset === "USDT")).toMatchObject({ balance: "1000", available: "1000", holds: "0" });
    const currencies = (await ok("GET", "/api/v1/currencies", { params: { kind: "crypto" }, auth: false })) as unknown as Record<string, unknown>[];
    expect(currencies.every((c) => c.kind === "crypto" && Array.isArray(c.networks))).toBe(true);
    // test_lists_and_optional_rate_authorization: params {"base": "USDT", "assets": ["TON"]}, no key.
    const rates = (await ok("GET", "/api/v1/rates", { params: { base: "USDT", assets: ["TONCOIN"] }, auth: false })) as unknown as Record<string, unknown>[];
    expect(rates).toEqual([{ currency: "TONCOIN", rate: expect.any(String) }]);
    // get_rates(..., authorize=True) sends the optional key.
    expect(await ok("GET", "/api/v1/rates", { params: { base: "USD", assets: ["USDT", "TONCOIN"] } })).toHaveLength(2);
  });

  it("create_invoice as test_invoice_body_preserves_false_and_uses_camel_case sends it", async () => {
    const body = { priceCurrency: "USDT", priceAmount: "10.00", clientInvoiceId: "order-1", isFeePaidByUser: false };
    const invoice = await ok("POST", "/api/v1/invoices", { body });
    expect((invoice.links as Record<string, unknown>).webLink).toEqual(expect.any(String));
  });

  it("create_invoice with the nested callback, url and customer of test_known_nested_request_models_serialize_to_api_json, read back as test_invoice_deserializes_all_nested_response_schemas reads it", async () => {
    const body = {
      priceCurrency: "USDT",
      priceAmount: "10",
      callback: { callbackUrl: "https://example.com/invoice", payload: { order: "1" } },
      url: { successUrl: "https://example.com/success", cancelUrl: "https://example.com/cancel" },
      customer: { id: "customer-1", telegramUsername: "customer" },
    };
    const created = await ok("POST", "/api/v1/invoices", { body });
    const invoice = await ok("GET", "/api/v1/invoice", { params: { invoiceId: String(created.id) } });
    expect(invoice).toMatchObject({
      id: created.id,
      callback: body.callback,
      url: body.url,
      customer: body.customer,
      links: { telegramBotLink: expect.any(String) },
    });
  });

  it("create_invoice with every optional argument of its signature", async () => {
    const body = {
      priceCurrency: "USDT",
      minPayment: "2",
      numPayments: 3,
      payoutCurrency: "USDT",
      payCurrencies: ["USDT"],
      clientInvoiceId: "order-2",
      description: "three tickets",
      expiresIn: 3_600_000,
      callback: { callbackUrl: "https://example.com/invoice" },
      url: { successUrl: "https://example.com/success" },
      customer: { id: "customer-2", email: "payer@example.com", telegramId: "42" },
      isFeePaidByUser: true,
      data: { order: "2", items: [1, 2] },
      platformId: "web",
    };
    const invoice = await ok("POST", "/api/v1/invoices", { body });
    expect(invoice).toMatchObject({
      priceCurrency: "USDT",
      minPayment: "2",
      payCurrencies: ["USDT"],
      clientInvoiceId: "order-2",
      description: "three tickets",
      expiresIn: 3_600_000,
      customer: body.customer,
      status: "active",
    });
    // get_invoice_info(client_invoice_id=…), get_invoice_payments, create_invoice_payment_address.
    expect((await ok("GET", "/api/v1/invoice", { params: { clientInvoiceId: "order-2" } })).id).toBe(invoice.id);
    expectPage(await ok("GET", "/api/v1/invoice/payments", { params: { invoiceId: String(invoice.id), limit: 10 } }));
    const address = await ok("POST", "/api/v1/invoices/payments/address", {
      params: { invoiceId: String(invoice.id) },
      body: { payNetwork: "TON" },
    });
    expect(address).toMatchObject({ address: expect.any(String), payCurrency: "USDT", payNetwork: "TON" });
  });

  it("get_invoices_list with its asset, ids, status, cursor and limit filters; delete_invoice", async () => {
    const a = await ok("POST", "/api/v1/invoices", { body: { priceCurrency: "USDT", priceAmount: "1" } });
    const b = await ok("POST", "/api/v1/invoices", { body: { priceCurrency: "TONCOIN", priceAmount: "1" } });
    const byIds = expectPage(await ok("GET", "/api/v1/invoices", { params: { ids: [String(a.id), String(b.id)] } }));
    expect(byIds.map((i) => i.id).sort()).toEqual([a.id, b.id].sort());
    const ton = expectPage(await ok("GET", "/api/v1/invoices", { params: { asset: "TONCOIN" } }));
    expect(ton.map((i) => i.id)).toEqual([b.id]);
    // fiat filters invoices priced in a fiat currency: none here.
    expect(expectPage(await ok("GET", "/api/v1/invoices", { params: { fiat: "USD" } }))).toEqual([]);

    // delete_invoice returns None: the SDK reads no body.
    const deleted = await sdk("DELETE", "/api/v1/invoice", { params: { invoiceId: String(a.id) } });
    expect(deleted).toEqual({ status: 204, data: null });
    const active = expectPage(await ok("GET", "/api/v1/invoices", { params: { status: "active", limit: 100 } }));
    expect(active.map((i) => i.id)).not.toContain(a.id);
    const gone = expectPage(await ok("GET", "/api/v1/invoices", { params: { ids: [String(a.id)] } }));
    expect(gone.map((i) => i.status)).toEqual(["deleted"]);
  });

  it("create_cheque without a client id, with the callback and url of test_cheque_payout_withdrawal_and_mass_payout_request_models_serialize; update and delete it", async () => {
    const body = {
      asset: "USDT",
      amount: "1",
      callback: { callbackUrl: "https://example.com/cheque", payload: { id: "1" } },
      url: { successUrl: "https://example.com/success" },
    };
    const created = await ok("POST", "/api/v1/cheques", { body });
    expect(created.chequeId).toEqual(expect.any(String));
    // test_cheque_payout_and_withdrawal_deserialize_callback_subschemas reads callback and url back.
    const cheque = await ok("GET", "/api/v1/cheque", { params: { chequeId: String(created.chequeId) } });
    expect(cheque).toMatchObject({ callback: body.callback, url: body.url, links: { telegramBotLink: expect.any(String) } });

    // update_cheque: PUT with the id in the query; an empty description clears it.
    const described = await ok("PUT", "/api/v1/cheques", { params: { chequeId: String(created.chequeId) }, body: { description: "for Ann" } });
    expect(described.description).toBe("for Ann");
    const cleared = await ok("PUT", "/api/v1/cheques", { params: { chequeId: String(created.chequeId) }, body: { description: "" } });
    expect(cleared.description ?? null).toBeNull();

    // delete_cheque returns None.
    expect(await sdk("DELETE", "/api/v1/cheques", { params: { chequeId: String(created.chequeId) } })).toEqual({ status: 204, data: null });
    expect((await ok("GET", "/api/v1/cheque", { params: { chequeId: String(created.chequeId) } })).deleted).toBe(true);
  });

  it("get_cheques_list with from_date, to_date, target_type, target, state and limit", async () => {
    const target = String(friend.userId);
    const personal = await ok("POST", "/api/v1/cheques", {
      body: { asset: "USDT", amount: "2", clientChequeId: "personal-1", targetType: "telegram_user_id", target },
    });
    const from = new Date(Date.now() - 3_600_000).toISOString();
    const to = new Date(Date.now() + 3_600_000).toISOString();
    const listed = expectPage(
      await ok("GET", "/api/v1/cheques", {
        params: { fromDate: from, toDate: to, targetType: "telegram_user_id", target, state: "active", limit: 10 },
      }),
    );
    expect(listed.map((c) => c.chequeId)).toEqual([personal.chequeId]);
    const before = expectPage(await ok("GET", "/api/v1/cheques", { params: { toDate: "2020-01-01T00:00:00Z" } }));
    expect(before).toEqual([]);
    // test_cheques_list_deserializes_items_and_pagination: no arguments.
    expect(expectPage(await ok("GET", "/api/v1/cheques")).length).toBeGreaterThan(0);
  });

  it("payout_funds_to_user without a client id and with a callback; get_payout_info reads the callback back", async () => {
    const body = {
      target: String(friend.userId),
      targetType: "telegram_user_id",
      asset: "USDT",
      amount: "1",
      callback: { callbackUrl: "https://example.com/payout", payload: { id: "2" } },
    };
    const created = await ok("POST", "/api/v1/payouts", { body });
    const payout = await ok("GET", "/api/v1/payout", { params: { payoutId: String(created.payoutId) } });
    expect(payout).toMatchObject({ payoutId: created.payoutId, amount: "1", callback: body.callback });

    // test_payout_and_withdrawal_payloads: with a client id.
    const withId = await ok("POST", "/api/v1/payouts", {
      body: { target: String(friend.userId), targetType: "telegram_user_id", asset: "USDT", amount: "1.20", clientPayoutId: "pay-1" },
    });
    expect(withId).toMatchObject({ payoutId: expect.any(String), amount: "1.20", clientPayoutId: "pay-1" });

    // get_payouts_list(from_date, to_date, cursor, limit).
    const listed = expectPage(
      await ok("GET", "/api/v1/payouts", {
        params: { fromDate: new Date(Date.now() - 60_000).toISOString(), toDate: new Date(Date.now() + 60_000).toISOString(), limit: 1 },
      }),
    );
    expect(listed).toHaveLength(1);
  });

  it("create_mass_payouts as the SDK's test sends it: no client id, a callback without payload", async () => {
    const body = {
      asset: "USDT",
      payouts: [
        { target: String(friend.userId), targetType: "telegram_user_id", amount: "1", callback: { callbackUrl: "https://example.com/mass-payout" } },
      ],
    };
    const result = await ok("POST", "/api/v1/mass-payouts", { body });
    expect(result.errorPayouts).toEqual([]);
    expect(result.successPayouts).toEqual([
      expect.objectContaining({ payoutId: expect.any(String), amount: "1", callback: body.payouts[0]!.callback }),
    ]);
  });

  it("withdrawal_funds with a callback, get_withdrawal_info, get_withdrawals_list with dates and status", async () => {
    const body = {
      clientWithdrawalId: "withdrawal-1",
      network: "TON",
      address: TON_ADDRESS,
      asset: "USDT",
      amount: "1",
      callback: { callbackUrl: "https://example.com/withdrawal", payload: { id: "3" } },
    };
    const created = await ok("POST", "/api/v1/withdrawals", { body });
    expect(created).toMatchObject({ withdrawalId: expect.any(String), status: expect.any(String), callback: body.callback });
    const read = await ok("GET", "/api/v1/withdrawal", { params: { withdrawalId: String(created.withdrawalId) } });
    expect(read.callback).toEqual(body.callback);

    const plain = await ok("POST", "/api/v1/withdrawals", {
      body: { clientWithdrawalId: "withdraw-1", network: "TON", address: TON_ADDRESS, asset: "USDT", amount: "2" },
    });
    expect(plain.withdrawalId).toEqual(expect.any(String));
    const listed = expectPage(
      await ok("GET", "/api/v1/withdrawals", {
        params: { fromDate: new Date(Date.now() - 60_000).toISOString(), toDate: new Date(Date.now() + 60_000).toISOString(), status: "COMPLETED", limit: 10 },
      }),
    );
    expect(listed.map((w) => w.clientWithdrawalId).sort()).toEqual(["withdraw-1", "withdrawal-1"]);
    expect(expectPage(await ok("GET", "/api/v1/withdrawals", { params: { fromDate: "2030-01-01T00:00:00Z" } }))).toEqual([]);
  });

  it("get_withdrawal_quotas with the key, create_withdrawal_link with platform", async () => {
    expect(await ok("GET", "/api/v1/withdrawal-quotas", { params: { network: "TON", asset: "USDT" } })).toMatchObject({
      withdrawMinSize: expect.any(String),
      withdrawFee: expect.any(String),
      withdrawFeeAsset: "USDT",
      precision: expect.any(Number),
    });
    const link = await ok("POST", "/api/v1/withdrawal-link", {
      body: { network: "TON", address: TON_ADDRESS, asset: "USDT", amount: "5", comment: "thanks", platform: "telegram" },
    });
    expect(link).toMatchObject({ telegramBotLink: expect.any(String) });
  });
});

/**
 * What real-api.md records of I-ToSa-I/AsyncPayments' current-generation xRocket client (S6) beyond
 * S3: rates' `assets` comma-joined, and the kinds an invoice without an amount, or with two, is
 * refused with.
 */
describe("AsyncPayments' forms (S6)", () => {
  it("get_rates with the assets joined by commas", async () => {
    const rates = (await ok("GET", "/api/v1/rates", { params: { base: "USD", assets: "USDT,TONCOIN" }, auth: false })) as unknown as {
      currency: string;
    }[];
    expect(rates.map((r) => r.currency)).toEqual(["USDT", "TONCOIN"]);
  });

  it("an invoice needs exactly one of priceAmount and minPayment: missing_invoice_amount, amount_conflict", async () => {
    const neither = await sdk("POST", "/api/v1/invoices", { body: { priceCurrency: "USDT" } });
    expect(neither).toMatchObject({ status: 400, data: { kind: "missing_invoice_amount", type: "/api/problems/missing_invoice_amount" } });
    const both = await sdk("POST", "/api/v1/invoices", { body: { priceCurrency: "USDT", priceAmount: "1", minPayment: "1" } });
    expect(both).toMatchObject({ status: 400, data: { kind: "amount_conflict" } });
  });
});
