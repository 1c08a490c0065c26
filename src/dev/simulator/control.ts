/**
 * The `/_sim/` control endpoints (JSON in, JSON out) that tests and people use to set the simulator
 * up and look inside: accounts and deposits, what the service's own bot does with its links (take a
 * cheque, pay an invoice, confirm a withdrawal link), faults, the request log and the clock.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { z } from "zod";
import { Decimal } from "../../service/schemas.js";
import { fillOrder, movePrice } from "./exchange/control.js";
import { orderView } from "./exchange/model.js";
import { findAsset, isFiat } from "./catalogue.js";
import { FaultSpec } from "./faults.js";
import { rateOverrides } from "./market-data.js";
import { parseJson, readBody, sendEmpty, sendJson } from "./http.js";
import { payInvoice, redeemCheque } from "./pay/index.js";
import { describeServiceLink, openServiceLink } from "./pay/service-bot.js";
import { payModule } from "./pay/state.js";
import { problems } from "./problems.js";
import type { DepositInput, Simulator } from "./simulator.js";

const NetworkParam = z.enum(["production", "testnet"]).default("production");
const RedeemInput = z.object({
  chequeId: z.string().min(1),
  userId: z.number().int().min(1),
  password: z.string().optional(),
});
const PayInvoiceInput = z.object({
  invoiceId: z.string().min(1),
  payerId: z.string().regex(/^[1-9][0-9]{0,15}$/).optional(),
  // Above a minimum payment the payer chooses how much (the minimum when absent).
  amount: Decimal.optional(),
});
const LinkInput = z.object({
  url: z.string().min(1).max(2048),
  /** The person opening it; absent: someone without an account (an invoice paid from outside). */
  userId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
});
const FillInput = z.object({
  orderId: z.string().min(1),
  size: Decimal.optional(),
  network: z.enum(["production", "testnet"]).default("production"),
});
const PriceInput = z.object({
  symbol: z.string().min(1),
  price: Decimal,
  network: z.enum(["production", "testnet"]).default("production"),
});
const RateInput = z.object({
  asset: z.string().refine((a) => findAsset(a) !== undefined, { message: "unknown asset" }),
  fiat: z.string().refine(isFiat, { message: "unknown fiat currency" }),
  /** null: the service has no rate for the asset in that currency. */
  rate: Decimal.nullable(),
  network: z.enum(["production", "testnet"]).optional(),
});
const WebhookInput = z.object({
  userId: z.number().int().min(1),
  /** null removes it. */
  secret: z.string().min(1).max(256).nullable(),
});
const ClockInput = z.object({
  advanceMs: z.number().int().min(0),
  network: z.enum(["production", "testnet"]).optional(),
});

/** Serves one control request; throws SimProblem for refusals. */
export async function handleControl(
  sim: Simulator,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const route = `${req.method} ${url.pathname.replace(/\/+$/, "")}`;
  const body = parseJson(await readBody(req)) ?? {};
  const accountPath = /^GET \/_sim\/accounts\/([0-9]+)$/.exec(route);

  if (route === "POST /_sim/accounts") return sendJson(res, 201, sim.createAccount(body as object));
  if (accountPath) {
    const network = parse(NetworkParam, url.searchParams.get("network") ?? undefined, "network");
    return sendJson(res, 200, sim.snapshot(Number(accountPath[1]), network));
  }
  if (route === "POST /_sim/cheques/redeem") {
    const input = parse(RedeemInput, body);
    // Cheque ids carry their network, so at most one world knows the id.
    const world = Object.values(sim.worlds).find((w) => payModule(w).chequesById.has(input.chequeId));
    if (world === undefined) throw problems.notFound("cheque");
    return sendJson(res, 200, redeemCheque(world, input.chequeId, input.userId, input.password).cheque);
  }
  if (route === "POST /_sim/invoices/pay") {
    const input = parse(PayInvoiceInput, body);
    const world = Object.values(sim.worlds).find((w) => payModule(w).invoicesById.has(input.invoiceId));
    if (world === undefined) throw problems.notFound("invoice");
    return sendJson(res, 200, payInvoice(world, input.invoiceId, input.payerId, input.amount));
  }
  if (route === "GET /_sim/links") {
    const view = describeServiceLink(sim.worlds, url.searchParams.get("url") ?? "");
    if (view === undefined) throw problems.notFound("service link");
    return sendJson(res, 200, view);
  }
  if (route === "POST /_sim/links/open") {
    const input = parse(LinkInput, body);
    return sendJson(res, 200, openServiceLink(sim.worlds, input.url, input.userId));
  }
  if (route === "POST /_sim/deposits") return sendJson(res, 200, sim.deposit(body as DepositInput));
  if (route === "POST /_sim/orders/fill") {
    const input = parse(FillInput, body);
    return sendJson(res, 200, orderView(fillOrder(sim.worlds[input.network], input.orderId, input.size)));
  }
  if (route === "POST /_sim/markets/price") {
    const input = parse(PriceInput, body);
    const last = movePrice(sim.worlds[input.network], input.symbol, input.price);
    return sendJson(res, 200, { symbol: input.symbol, last });
  }
  if (route === "POST /_sim/rates") {
    const input = parse(RateInput, body);
    for (const network of input.network === undefined ? (["production", "testnet"] as const) : [input.network]) {
      rateOverrides(sim.worlds[network]).set(`${input.asset}:${input.fiat}`, input.rate);
    }
    return sendJson(res, 200, { asset: input.asset, fiat: input.fiat, rate: input.rate });
  }
  if (route === "POST /_sim/webhooks") {
    const input = parse(WebhookInput, body);
    if (input.secret === null) sim.callbacks.secrets.delete(input.userId);
    else sim.callbacks.secrets.set(input.userId, input.secret);
    return sendEmpty(res);
  }
  if (route === "POST /_sim/faults") {
    sim.faults.add(parse(FaultSpec, body));
    return sendJson(res, 201, { faults: sim.faults.list() });
  }
  if (route === "GET /_sim/faults") return sendJson(res, 200, { faults: sim.faults.list() });
  if (route === "DELETE /_sim/faults") {
    sim.faults.clear();
    return sendEmpty(res);
  }
  if (route === "GET /_sim/requests") {
    return sendJson(res, 200, sim.requests.list(url.searchParams.get("operationId") ?? undefined));
  }
  if (route === "DELETE /_sim/requests") {
    sim.requests.clear();
    return sendEmpty(res);
  }
  if (route === "POST /_sim/clock") {
    const input = parse(ClockInput, body);
    sim.advanceClock(input.advanceMs, input.network);
    return sendJson(res, 200, {
      production: sim.worlds.production.now().toISOString(),
      testnet: sim.worlds.testnet.now().toISOString(),
    });
  }
  throw problems.notFound(`control endpoint ${route}`);
}

function parse<T extends z.ZodType>(schema: T, value: unknown, fallbackField = "body"): z.output<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw problems.validation(issue?.path.join(".") || fallbackField, issue?.message ?? "invalid value");
}
