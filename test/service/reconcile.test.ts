import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createExchangeClient, createPayClient, type PayClient } from "../../src/service/client.js";
import {
  OutcomeUnknownError,
  ServiceFailedError,
  ServiceRefusedError,
  UnauthorizedError,
} from "../../src/service/errors.js";
import { createOnce, reconcile } from "../../src/service/reconcile.js";
import type { CreateTransferRequest } from "../../src/service/schemas.js";
import { API_KEY, transferReply, transferRequest } from "./fixtures.js";
import { destroy, problem, reply, type ScriptedServer, startScriptedServer } from "./scripted-server.js";

let server: ScriptedServer;
let pay: PayClient;

beforeEach(async () => {
  server = await startScriptedServer();
  pay = createPayClient({ baseUrl: server.url, apiKey: API_KEY, backoffMs: 1, maxAttempts: 2 });
});

afterEach(async () => {
  await server.close();
});

/** A transfer created exactly once, reconciled by its client id. */
function createTransferOnce(request: CreateTransferRequest & { clientPayoutId: string }, maxSends?: number) {
  return createOnce({
    send: () => pay.createTransfer(request),
    lookup: () => reconcile.transfer(pay, request.clientPayoutId),
    ...(maxSends === undefined ? {} : { maxSends }),
  });
}

/** What the server saw, as "METHOD path" lines. */
function seen(): string[] {
  return server.requests.map((r) => `${r.method} ${r.url}`);
}

const POST = "POST /api/v1/payouts";
const LOOKUP = "GET /api/v1/payout?clientPayoutId=tr-0001";

describe("createOnce", () => {
  it("returns the resource found by the lookup after an unknown outcome, having sent the write once", async () => {
    server.script(destroy(), reply(200, transferReply({ payoutId: "T-found" })));
    const transfer = await createTransferOnce(transferRequest());

    expect(transfer.payoutId).toBe("T-found");
    expect(seen()).toEqual([POST, LOOKUP]);
  });

  it("resends with the same body after the lookup proved the write was not carried out", async () => {
    server.script(destroy(), problem(404, "not_found"), reply(201, transferReply({ payoutId: "T-2nd" })));
    const transfer = await createTransferOnce(transferRequest());

    expect(transfer.payoutId).toBe("T-2nd");
    expect(seen()).toEqual([POST, LOOKUP, POST]);
    const [first, , second] = server.requests;
    expect(second?.json).toEqual(first?.json);
    expect(second?.json).toMatchObject({ clientPayoutId: "tr-0001" });
  });

  it("reconciles a 5xx to a write the same way: lookup, then resend only after a 404", async () => {
    server.script(problem(500, "internal_error"), problem(404, "not_found"), reply(201, transferReply()));
    const transfer = await createTransferOnce(transferRequest());

    expect(transfer).toEqual(transferReply());
    expect(seen()).toEqual([POST, LOOKUP, POST]);
  });

  it("reconciles a malformed success reply by reading the resource", async () => {
    server.script(reply(201, { ...transferReply(), amount: 1.5 }), reply(200, transferReply()));
    const transfer = await createTransferOnce(transferRequest());

    expect(transfer).toEqual(transferReply());
    expect(seen()).toEqual([POST, LOOKUP]);
  });

  it("throws a refusal (400) as it is, without a lookup", async () => {
    server.script(problem(400, "insufficient_funds", { info: { asset: "USDT", available: "0.5" } }));
    const err = await createTransferOnce(transferRequest()).catch((e: unknown) => e);

    expect(err).toBeInstanceOf(ServiceRefusedError);
    expect(err).toMatchObject({ status: 400, reason: "insufficient_funds", info: { available: "0.5" } });
    expect(seen()).toEqual([POST]);
  });

  it("throws a 401 as it is, without a lookup", async () => {
    server.script(problem(401, "unauthorized"));
    const err = await createTransferOnce(transferRequest()).catch((e: unknown) => e);

    expect(err).toBeInstanceOf(UnauthorizedError);
    expect(seen()).toEqual([POST]);
  });

  it("answers a 409 client_id_duplicate with the resource read by its client id", async () => {
    server.script(problem(409, "client_id_duplicate"), reply(200, transferReply({ payoutId: "T-old" })));
    const transfer = await createTransferOnce(transferRequest());

    expect(transfer.payoutId).toBe("T-old");
    expect(seen()).toEqual([POST, LOOKUP]);
  });

  it("throws the duplicate refusal, without resending, when the duplicate cannot be read", async () => {
    server.script(problem(400, "client_id_duplicate"), problem(404, "not_found"));
    const err = await createTransferOnce(transferRequest()).catch((e: unknown) => e);

    expect(err).toBeInstanceOf(ServiceRefusedError);
    expect(err).toMatchObject({ status: 400, reason: "client_id_duplicate" });
    expect(seen()).toEqual([POST, LOOKUP]);
  });

  it("returns the resource when a resend meets the first send that landed late (409 duplicate)", async () => {
    server.script(
      destroy(),
      problem(404, "not_found"),
      problem(409, "client_id_duplicate"),
      reply(200, transferReply({ payoutId: "T-late" })),
    );
    const transfer = await createTransferOnce(transferRequest());

    expect(transfer.payoutId).toBe("T-late");
    expect(seen()).toEqual([POST, LOOKUP, POST, LOOKUP]);
  });

  it("gives up with the unknown outcome after maxSends sends", async () => {
    server.script(destroy(), problem(404, "not_found"), destroy(), problem(404, "not_found"));
    const err = await createTransferOnce(transferRequest(), 2).catch((e: unknown) => e);

    expect(err).toBeInstanceOf(OutcomeUnknownError);
    expect(seen()).toEqual([POST, LOOKUP, POST, LOOKUP]);
  });

  it("lets a failing lookup propagate, without resending", async () => {
    server.script(destroy(), problem(500, "internal_error"), problem(503, "internal_error"));
    const err = await createTransferOnce(transferRequest()).catch((e: unknown) => e);

    expect(err).toBeInstanceOf(ServiceFailedError);
    expect(err).toMatchObject({ operationId: "getTransfer", write: false });
    expect(seen()).toEqual([POST, LOOKUP, LOOKUP]);
  });
});

describe("reconcile lookups", () => {
  it("maps a 404 to done: false", async () => {
    server.script(problem(404, "not_found"));
    await expect(reconcile.transfer(pay, "tr-0001")).resolves.toEqual({ done: false });
    expect(seen()).toEqual([LOOKUP]);
  });

  it("maps a 404 without a problem body to done: false", async () => {
    server.script(reply(404, "Not Found", {}, "text/plain"));
    await expect(reconcile.transfer(pay, "tr-0001")).resolves.toEqual({ done: false });
  });

  it("returns the resource when it exists", async () => {
    server.script(reply(200, transferReply()));
    await expect(reconcile.transfer(pay, "tr-0001")).resolves.toEqual({
      done: true,
      resource: transferReply(),
    });
  });

  it("throws anything but a 404", async () => {
    server.script(problem(401, "unauthorized"));
    await expect(reconcile.transfer(pay, "tr-0001")).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it("reads an exchange order by its client id", async () => {
    server.script(problem(404, "not_found"));
    const exchange = createExchangeClient({ baseUrl: server.url, apiKey: API_KEY, backoffMs: 1 });
    await expect(reconcile.order(exchange, "ord-7")).resolves.toEqual({ done: false });
    expect(seen()).toEqual(["GET /api/v1/order?clientOrderId=ord-7"]);
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${API_KEY}`);
  });
});
