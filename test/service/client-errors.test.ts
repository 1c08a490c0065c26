import { Writable } from "node:stream";
import { inspect } from "node:util";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type ClientOptions,
  createExchangeClient,
  createPayClient,
  type PayClient,
} from "../../src/service/client.js";
import {
  InvalidReplyError,
  InvalidRequestError,
  isClientIdDuplicate,
  isNotFound,
  NetworkError,
  OutcomeUnknownError,
  outcomeMayBeApplied,
  RateLimitedError,
  ServiceError,
  ServiceFailedError,
  ServiceRefusedError,
  UnauthorizedError,
} from "../../src/service/errors.js";
import { API_KEY, currencyReply, transferReply, transferRequest } from "./fixtures.js";
import {
  closedPortUrl,
  delayed,
  destroy,
  problem,
  reply,
  type ScriptedServer,
  startScriptedServer,
} from "./scripted-server.js";

let server: ScriptedServer;
/** Every error a test provoked; afterEach checks that none of them carries the key. */
let caught: unknown[] = [];

beforeEach(async () => {
  server = await startScriptedServer();
});

afterEach(async () => {
  await server.close();
  for (const err of caught) expectNoKey(err);
  caught = [];
});

function payClient(options: Partial<ClientOptions> = {}): PayClient {
  return createPayClient({
    baseUrl: server.url,
    apiKey: API_KEY,
    backoffMs: 1,
    timeoutMs: 2_000,
    ...options,
  });
}

/** The rejection of `promise` (fails the test if it resolves). */
async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    caught.push(err);
    return err;
  }
  throw new Error("expected the call to fail");
}

function expectNoKey(err: unknown): void {
  expect(err).toBeInstanceOf(ServiceError);
  const e = err as ServiceError;
  expect(e.message).not.toContain(API_KEY);
  expect(String(e.stack)).not.toContain(API_KEY);
  expect(JSON.stringify(e)).not.toContain(API_KEY);
  expect(inspect(e, { depth: 10, showHidden: true })).not.toContain(API_KEY);
}

const withDecimalPlaces = { detail: "At most 2 decimal places.", info: { maxDecimals: 2 } };

describe("refusals (4xx)", () => {
  it("maps a 422 problem document to ServiceRefusedError with status, kind, detail and info", async () => {
    server.script(problem(422, "incorrect_decimal_places", withDecimalPlaces));
    const err = await failure(payClient().createTransfer(transferRequest({ amount: "1.234" })));

    expect(err).toBeInstanceOf(ServiceRefusedError);
    expect(err).toMatchObject({
      code: "refused",
      operationId: "createTransfer",
      status: 422,
      kind: "incorrect_decimal_places",
      detail: "At most 2 decimal places.",
      info: { maxDecimals: 2 },
    });
    expect(outcomeMayBeApplied(err)).toBe(false);
    expect(server.requests).toHaveLength(1);
  });

  it.each([
    [400, "client_data_validation"],
    [404, "not_found"],
    [409, "client_id_duplicate"],
    [422, "insufficient_funds"],
  ])("maps %i %s from its problem document, without retrying", async (status, kind) => {
    server.script(problem(status, kind, { detail: "refused" }), reply(201, transferReply()));
    const err = await failure(payClient().createTransfer(transferRequest()));

    expect(err).toBeInstanceOf(ServiceRefusedError);
    expect(err).toMatchObject({ status, kind, detail: "refused", info: {} });
    expect(isNotFound(err)).toBe(status === 404);
    expect(isClientIdDuplicate(err)).toBe(kind === "client_id_duplicate");
    expect(server.requests).toHaveLength(1);
  });

  it.each([
    [400, "client_data_validation"],
    [403, "forbidden"],
    [404, "not_found"],
    [409, "conflict"],
    [422, "unprocessable"],
    [418, "refused"],
  ])("derives the kind from the status when a %i has no problem body", async (status, kind) => {
    server.script(reply(status, "<html>nope</html>", {}, "text/html"));
    const err = await failure(payClient().getTransfer({ clientPayoutId: "tr-0001" }));

    expect(err).toBeInstanceOf(ServiceRefusedError);
    expect(err).toMatchObject({ status, kind, detail: undefined, info: {} });
    expect(server.requests).toHaveLength(1);
  });

  it("derives the kind from the status when the problem body does not match the contract", async () => {
    server.script(reply(404, { message: "no such transfer" }));
    const err = await failure(payClient().getTransfer({ clientPayoutId: "tr-0001" }));
    expect(err).toMatchObject({ status: 404, kind: "not_found" });
    expect(isNotFound(err)).toBe(true);
  });

  it("maps 401 to UnauthorizedError and does not retry it", async () => {
    server.script(problem(401, "unauthorized"), reply(200, { balances: [] }));
    const err = await failure(payClient().getAppBalances());

    expect(err).toBeInstanceOf(UnauthorizedError);
    expect(err).toMatchObject({ code: "unauthorized", status: 401, operationId: "getAppBalances" });
    expect(server.requests).toHaveLength(1);
  });
});

describe("rate limiting (429)", () => {
  it("waits out Retry-After: 0 and succeeds on the second request", async () => {
    server.script(
      problem(429, "rate_limited", { headers: { "retry-after": "0" } }),
      reply(200, transferReply()),
    );
    const transfer = await payClient().getTransfer({ clientPayoutId: "tr-0001" });

    expect(transfer.payoutId).toBe("T-42");
    expect(server.requests).toHaveLength(2);
  });

  it("resends a write refused with 429, since the refusal proves it was not applied", async () => {
    server.script(
      problem(429, "rate_limited", { headers: { "retry-after": "0" } }),
      reply(201, transferReply()),
    );
    const transfer = await payClient().createTransfer(transferRequest());

    expect(transfer.payoutId).toBe("T-42");
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]?.json).toEqual(server.requests[0]?.json);
  });

  it("gives up with RateLimitedError when Retry-After exceeds maxRetryAfterMs", async () => {
    server.script(problem(429, "rate_limited", { headers: { "retry-after": "120" } }), reply(200, []));
    const err = await failure(payClient({ maxRetryAfterMs: 5_000 }).getCurrencies());

    expect(err).toBeInstanceOf(RateLimitedError);
    expect(err).toMatchObject({ code: "rate_limited", status: 429, retryAfterMs: 120_000 });
    expect(server.requests).toHaveLength(1);
  });

  it("gives up with RateLimitedError after maxAttempts 429 replies", async () => {
    const limited = () => problem(429, "rate_limited", { headers: { "retry-after": "0" } });
    server.script(limited(), limited(), limited(), reply(200, []));
    const err = await failure(payClient({ maxAttempts: 3 }).getCurrencies());

    expect(err).toBeInstanceOf(RateLimitedError);
    expect(server.requests).toHaveLength(3);
  });
});

describe("service failures (5xx)", () => {
  it("retries a read after a 500 and succeeds on the next attempt", async () => {
    server.script(problem(500, "internal_error"), reply(200, [currencyReply()]));
    const currencies = await payClient().getCurrencies();

    expect(currencies).toEqual([currencyReply()]);
    expect(server.requests).toHaveLength(2);
  });

  it("throws ServiceFailedError after maxAttempts when every attempt of a read fails", async () => {
    server.script(
      problem(500, "internal_error"),
      problem(502, "internal_error"),
      problem(503, "internal_error"),
      reply(200, []),
    );
    const err = await failure(payClient({ maxAttempts: 3 }).getCurrencies());

    expect(err).toBeInstanceOf(ServiceFailedError);
    expect(err).toMatchObject({ code: "service_failed", status: 503, write: false });
    expect(outcomeMayBeApplied(err)).toBe(false);
    expect(server.requests).toHaveLength(3);
  });

  it("never resends a write after a 500: ServiceFailedError with write=true after one request", async () => {
    server.script(problem(500, "internal_error"), reply(201, transferReply()));
    const err = await failure(payClient({ maxAttempts: 5 }).createTransfer(transferRequest()));

    expect(err).toBeInstanceOf(ServiceFailedError);
    expect(err).toMatchObject({ status: 500, write: true, operationId: "createTransfer" });
    expect(outcomeMayBeApplied(err)).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it("retries a POST that is not a write (an estimate) after a 5xx", async () => {
    const estimate = {
      symbol: "TON-USDT",
      side: "buy",
      type: "limit",
      size: "1",
      funds: "5",
      price: "5",
      fee: "0.01",
      feeAsset: "USDT",
    };
    server.script(problem(503, "internal_error"), reply(201, estimate));
    const exchange = createExchangeClient({ baseUrl: server.url, apiKey: API_KEY, backoffMs: 1 });
    const result = await exchange.estimateOrder({
      symbol: "TON-USDT",
      side: "buy",
      type: "limit",
      timeInForce: "GTC",
      size: "1",
      price: "5",
    });

    expect(result).toEqual(estimate);
    expect(server.requests).toHaveLength(2);
  });
});

describe("network failures", () => {
  it("reports OutcomeUnknownError when the connection drops after a write was sent, and never resends", async () => {
    server.script(destroy(), reply(201, transferReply()));
    const err = await failure(payClient({ maxAttempts: 5 }).createTransfer(transferRequest()));

    expect(err).toBeInstanceOf(OutcomeUnknownError);
    expect(err).toMatchObject({ code: "outcome_unknown", operationId: "createTransfer" });
    expect(outcomeMayBeApplied(err)).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it("reports OutcomeUnknownError when a write times out, after one request", async () => {
    server.script(delayed(1_000, reply(201, transferReply())), reply(201, transferReply()));
    const started = Date.now();
    const err = await failure(
      payClient({ timeoutMs: 150, maxAttempts: 5 }).createTransfer(transferRequest()),
    );

    expect(err).toBeInstanceOf(OutcomeUnknownError);
    expect(outcomeMayBeApplied(err)).toBe(true);
    expect(Date.now() - started).toBeLessThan(900);
    expect(server.requests).toHaveLength(1);
  });

  it("retries a read whose connection drops", async () => {
    server.script(destroy(), reply(200, transferReply()));
    const transfer = await payClient().getTransfer({ clientPayoutId: "tr-0001" });

    expect(transfer.clientPayoutId).toBe("tr-0001");
    expect(server.requests).toHaveLength(2);
  });

  it("retries a read that times out", async () => {
    server.script(delayed(1_000), reply(200, [currencyReply()]));
    const currencies = await payClient({ timeoutMs: 150 }).getCurrencies();

    expect(currencies).toHaveLength(1);
    expect(server.requests).toHaveLength(2);
  });

  it("throws NetworkError after maxAttempts when every attempt of a read drops", async () => {
    server.script(destroy(), destroy(), destroy(), reply(200, []));
    const err = await failure(payClient({ maxAttempts: 3 }).getCurrencies());

    expect(err).toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({ code: "network", operationId: "getCurrencies" });
    expect(server.requests).toHaveLength(3);
  });

  it("retries a write whose connection was refused and ends with NetworkError, never OutcomeUnknown", async () => {
    const lines: string[] = [];
    const logger = pino(
      { level: "debug" },
      new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    const client = createPayClient({
      baseUrl: await closedPortUrl(),
      apiKey: API_KEY,
      backoffMs: 1,
      maxAttempts: 3,
      logger,
    });
    const err = await failure(client.createTransfer(transferRequest()));

    expect(err).toBeInstanceOf(NetworkError);
    expect(err).not.toBeInstanceOf(OutcomeUnknownError);
    expect(err).toMatchObject({ reason: "ECONNREFUSED" });
    expect(outcomeMayBeApplied(err)).toBe(false);
    // Each attempt logs one failure: the write was tried maxAttempts times.
    const attempts = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === "service request failed");
    expect(attempts.map((l) => l.attempt)).toEqual([1, 2, 3]);
    expect(lines.join("")).not.toContain(API_KEY);
  });
});

describe("requests that cannot be built", () => {
  it("reports a write whose key cannot go in a header as NetworkError, not OutcomeUnknown", async () => {
    const badKey = `${API_KEY}\n`;
    const client = createPayClient({ baseUrl: server.url, apiKey: badKey, backoffMs: 1, maxAttempts: 2 });
    const err = await failure(client.createTransfer(transferRequest()));

    expect(err).toBeInstanceOf(NetworkError);
    expect(outcomeMayBeApplied(err)).toBe(false);
    expect(server.requests).toHaveLength(0);
  });
});

describe("replies that do not match the contract", () => {
  it("throws InvalidReplyError when a required field is missing", async () => {
    const { payoutId: _omitted, ...withoutId } = transferReply();
    server.script(reply(200, withoutId));
    const err = await failure(payClient().getTransfer({ clientPayoutId: "tr-0001" }));

    expect(err).toBeInstanceOf(InvalidReplyError);
    expect(err).toMatchObject({ code: "invalid_reply", status: 200 });
    expect((err as InvalidReplyError).issues).toContain("payoutId");
    expect(outcomeMayBeApplied(err)).toBe(false);
    expect(server.requests).toHaveLength(1);
  });

  it("throws InvalidReplyError when a decimal string arrives as a number", async () => {
    server.script(reply(200, [{ ...currencyReply(), minTransfer: 0.01 }]));
    const err = await failure(payClient().getCurrencies());

    expect(err).toBeInstanceOf(InvalidReplyError);
    expect((err as InvalidReplyError).issues).toContain("minTransfer");
  });

  it("throws InvalidReplyError when the body is not JSON", async () => {
    server.script(reply(200, "<html>gateway</html>", {}, "text/html"));
    const err = await failure(payClient().getCurrencies());

    expect(err).toBeInstanceOf(InvalidReplyError);
    expect((err as InvalidReplyError).issues).toMatch(/not JSON/);
  });

  it("treats a malformed success reply to a write as possibly applied, without resending", async () => {
    server.script(reply(201, { ...transferReply(), amount: 1.5 }), reply(201, transferReply()));
    const err = await failure(payClient().createTransfer(transferRequest()));

    expect(err).toBeInstanceOf(InvalidReplyError);
    expect(outcomeMayBeApplied(err)).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it("treats an unexpected 2xx status to a write as possibly applied", async () => {
    server.script(reply(200, transferReply()));
    const err = await failure(payClient().createTransfer(transferRequest()));

    expect(err).toBeInstanceOf(InvalidReplyError);
    expect(err).toMatchObject({ status: 200 });
    expect(outcomeMayBeApplied(err)).toBe(true);
    expect(server.requests).toHaveLength(1);
  });
  it("reads a delete's 204 as done, and a delete answered 200 with a body as possibly applied", async () => {
    server.script(reply(204), reply(200, { chequeId: "c-1", deleted: true }));
    await expect(payClient().deleteCheque({ chequeId: "c-1" })).resolves.toBeUndefined();
    // The older reply shape: not what the contract says, so the caller reads the cheque back.
    const err = await failure(payClient().deleteCheque({ chequeId: "c-1" }));
    expect(err).toBeInstanceOf(InvalidReplyError);
    expect(outcomeMayBeApplied(err)).toBe(true);
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      "DELETE /api/v1/cheques?chequeId=c-1",
      "DELETE /api/v1/cheques?chequeId=c-1",
    ]);
  });
});

describe("invalid input", () => {
  it.each([
    ["an amount in exponent notation", { amount: "1e5" }, "amount"],
    ["a negative amount", { amount: "-1" }, "amount"],
    ["a client id with spaces", { clientPayoutId: "tr 0001" }, "clientPayoutId"],
    ["a client id longer than 64 characters", { clientPayoutId: "x".repeat(65) }, "clientPayoutId"],
  ])("refuses %s with InvalidRequestError and sends nothing", async (_what, overrides, field) => {
    server.script(reply(201, transferReply()));
    const err = await failure(payClient().createTransfer(transferRequest(overrides)));

    expect(err).toBeInstanceOf(InvalidRequestError);
    expect(err).toMatchObject({ code: "invalid_request", operationId: "createTransfer" });
    expect((err as InvalidRequestError).issues).toContain(field);
    expect(server.requests).toHaveLength(0);
  });

  it("refuses a single-resource read with neither id", async () => {
    const err = await failure(payClient().getTransfer({}));
    expect(err).toBeInstanceOf(InvalidRequestError);
    expect(server.requests).toHaveLength(0);
  });
});

describe("the request on the wire", () => {
  it("sends Authorization: Bearer <key> and Accept: application/json on a bearer operation", async () => {
    server.script(reply(200, { balances: [] }));
    await payClient().getAppBalances();

    const [seen] = server.requests;
    expect(seen?.method).toBe("GET");
    expect(seen?.path).toBe("/api/v1/balances");
    expect(seen?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(seen?.headers.accept).toBe("application/json");
  });

  it("sends no Authorization header on a public operation, even with a key", async () => {
    server.script(reply(200, [currencyReply()]));
    await payClient().getCurrencies();

    const [seen] = server.requests;
    expect(seen?.path).toBe("/api/v1/currencies");
    expect(seen?.headers.authorization).toBeUndefined();
    expect(seen?.headers.accept).toBe("application/json");
  });

  it("sends the key on an optional-auth operation only when the client has one", async () => {
    const appInfo = { id: "app-1", name: "Bot", ownerId: "7" };
    server.script(reply(200, appInfo), reply(200, appInfo));
    await payClient().getAppInfo();
    await payClient({ apiKey: undefined }).getAppInfo();

    expect(server.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${API_KEY}`, undefined]);
  });

  it("sends a write as a JSON body with no query string", async () => {
    server.script(reply(201, transferReply()));
    const transfer = await payClient().createTransfer(transferRequest({ description: "thanks" }));

    const [seen] = server.requests;
    expect(transfer).toEqual(transferReply());
    expect(seen?.method).toBe("POST");
    expect(seen?.url).toBe("/api/v1/payouts");
    expect(seen?.headers["content-type"]).toMatch(/^application\/json/);
    expect(seen?.json).toEqual(transferRequest({ description: "thanks" }));
  });

  it("puts a POST's query members in the query string and the rest in the body", async () => {
    const invoice = {
      id: "INV 1/2",
      clientInvoiceId: "inv-1",
      priceCurrency: "USDT",
      priceAmount: "3",
      description: null,
      status: "paid",
      createdAt: "2025-01-01T00:00:00Z",
      expiresAt: null,
      links: { telegramBotLink: "https://t.me/x", webLink: "https://x" },
    };
    server.script(reply(200, invoice));
    await payClient().payInvoiceTestnet({ invoiceId: "INV 1/2", payerId: "77" });

    const [seen] = server.requests;
    expect(seen?.path).toBe("/api/v1/invoice/pay");
    expect(seen?.query.get("invoiceId")).toBe("INV 1/2");
    expect(seen?.json).toEqual({ payerId: "77" });
  });

  it("encodes path parameters", async () => {
    const asset = "A/B C?#%";
    server.script(reply(200, { asset, name: "odd", precision: 2, networks: [], availableTransfers: [] }));
    const exchange = createExchangeClient({ baseUrl: server.url, backoffMs: 1 });
    await exchange.getAsset({ asset });

    const [seen] = server.requests;
    expect(seen?.url).toBe("/api/v1/assets/A%2FB%20C%3F%23%25");
    expect(decodeURIComponent(seen?.url.split("/").pop() ?? "")).toBe(asset);
  });

  it("repeats a query parameter for each element of an array and leaves out absent members", async () => {
    server.script(
      reply(200, [
        { currency: "TONCOIN", rate: "5.5" },
        { currency: "USDT", rate: "1" },
      ]),
      reply(200, { items: [], pagination: { total: 0, next: null } }),
    );
    const client = payClient();
    const rates = await client.getRates({ base: "USD", assets: ["TONCOIN", "USDT"] });
    await client.getTransfers({ limit: 10 });

    const [ratesSeen, transfersSeen] = server.requests;
    expect(rates.map((r) => r.rate)).toEqual(["5.5", "1"]);
    expect(ratesSeen?.query.getAll("assets")).toEqual(["TONCOIN", "USDT"]);
    expect(ratesSeen?.query.get("base")).toBe("USD");
    expect(transfersSeen?.url).toBe("/api/v1/payouts?limit=10");
  });

  it("tolerates a trailing slash on the base URL", async () => {
    server.script(reply(200, { status: "ok" }));
    await payClient({ baseUrl: `${server.url}/` }).getHealth();
    expect(server.requests[0]?.url).toBe("/health");
  });
});

describe("the key stays secret", () => {
  it("is not reachable from the client object", () => {
    const client = payClient();
    expect(client.hasKey).toBe(true);
    expect(Object.keys(client)).not.toContain("apiKey");
    for (const key of Object.keys(client)) {
      expect(String((client as unknown as Record<string, unknown>)[key])).not.toContain(API_KEY);
    }
    expect(JSON.stringify(client)).not.toContain(API_KEY);
    expect(inspect(client, { depth: 10, showHidden: true })).not.toContain(API_KEY);
  });

  it("appears in no error of any class", async () => {
    server.script(
      problem(422, "incorrect_decimal_places", withDecimalPlaces),
      problem(401, "unauthorized"),
      problem(429, "rate_limited", { headers: { "retry-after": "999" } }),
      problem(500, "internal_error"),
      destroy(),
      reply(200, "not json"),
    );
    const client = payClient({ maxAttempts: 1 });
    const errors = [
      await failure(client.createTransfer(transferRequest())),
      await failure(client.getAppBalances()),
      await failure(client.getCurrencies()),
      await failure(client.createTransfer(transferRequest())),
      await failure(client.createTransfer(transferRequest())),
      await failure(client.getCurrencies()),
      await failure(client.createTransfer(transferRequest({ amount: "1e5" }))),
      await failure(
        createPayClient({ baseUrl: await closedPortUrl(), apiKey: API_KEY, maxAttempts: 1 }).getCurrencies(),
      ),
    ];

    expect(errors.map((e) => (e as ServiceError).constructor.name)).toEqual([
      "ServiceRefusedError",
      "UnauthorizedError",
      "RateLimitedError",
      "ServiceFailedError",
      "OutcomeUnknownError",
      "InvalidReplyError",
      "InvalidRequestError",
      "NetworkError",
    ]);
    for (const err of errors) expectNoKey(err);
  });
});
