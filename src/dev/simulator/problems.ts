/**
 * Constructors for the problems handlers throw, so that every module words the contract's kinds
 * (`validation_error`, `not_found`, `client_id_duplicate`, ...) and their `info` the same way.
 */
import { STATUS_CODES } from "node:http";
import type { Api } from "../../service/operations.js";
import type { Problem } from "../../service/schemas.js";
import { SimProblem } from "./types.js";

export const problems = {
  /** 400: a field fails validation; `info.field` names it. */
  validation: (field: string, detail: string): SimProblem =>
    new SimProblem(400, "validation_error", detail, { field }),
  unauthorized: (): SimProblem =>
    new SimProblem(401, "unauthorized", "A valid API key for this network is required."),
  testnetOnly: (): SimProblem =>
    new SimProblem(403, "testnet_only", "This operation is only available on the testnet."),
  forbidden: (detail: string, info?: Record<string, unknown>): SimProblem =>
    new SimProblem(403, "forbidden", detail, info),
  notFound: (what: string, info?: Record<string, unknown>): SimProblem =>
    new SimProblem(404, "not_found", `No ${what} found.`, info),
  /** 409: the client id was used before for this kind of resource; `info` echoes it. */
  duplicate: (field: string, id: string): SimProblem =>
    new SimProblem(409, "client_id_duplicate", `The ${field} was already used; nothing was done.`, {
      [field]: id,
    }),
  invalidState: (detail: string, info: Record<string, unknown>): SimProblem =>
    new SimProblem(409, "invalid_state", detail, info),
  insufficientFunds: (asset: string, available: string): SimProblem =>
    new SimProblem(422, "insufficient_funds", "The available balance does not cover the amount.", {
      asset,
      available,
    }),
  decimals: (maxDecimals: number): SimProblem =>
    new SimProblem(
      422,
      "incorrect_decimal_places",
      `The amount may have at most ${maxDecimals} decimal places.`,
      {
        maxDecimals,
      },
    ),
  outOfRange: (min: string, max?: string): SimProblem =>
    new SimProblem(
      422,
      "amount_out_of_range",
      max === undefined
        ? `The amount must be at least ${min}.`
        : `The amount must lie between ${min} and ${max}.`,
      max === undefined ? { min } : { min, max },
    ),
  internal: (detail = "The request could not be completed."): SimProblem =>
    new SimProblem(500, "internal_error", detail),
};

const EXCHANGE_KINDS: Record<string, string> = {
  insufficient_funds: "exchange_amount_more_than_user_balance",
  incorrect_decimal_places: "exchange_incorrect_decimal_places",
  validation_error: "client_data_validation",
};
const OUT_OF_RANGE: Record<string, string> = {
  price: "exchange_price_out_of_range",
  stopPrice: "exchange_price_out_of_range",
  funds: "exchange_funds_out_of_range",
  size: "exchange_size_out_of_range",
};

/**
 * A problem in the real service's vocabulary (real-api.md, tables B and C): business-rule refusals
 * and duplicate client ids are 400s, a 429 is kind `rate_limit`, and the Exchange names its kinds
 * `exchange_*` (a reused clientOrderId is `exchange_client_order_id_duplicate`). Handlers keep
 * throwing the simulator's own names; only what goes on the wire is translated.
 */
export function onTheWire(p: SimProblem, api: Api, operationId: string): SimProblem {
  let { status, kind } = p;
  if (status === 422 || kind === "client_id_duplicate") status = 400;
  if (kind === "rate_limited") kind = "rate_limit";
  if (api === "exchange") {
    const field = typeof p.info?.field === "string" ? p.info.field : "";
    if (kind === "client_id_duplicate" && operationId === "placeOrder") kind = "exchange_client_order_id_duplicate";
    else if (kind === "amount_out_of_range" && OUT_OF_RANGE[field]) kind = OUT_OF_RANGE[field];
    else if (kind === "not_found" && (operationId === "getOrder" || operationId === "cancelOrder"))
      kind = "exchange_order_not_found";
    else if (kind === "not_found" && p.info?.symbol !== undefined) kind = "exchange_symbol_not_found";
    else if (kind === "invalid_state" && p.info?.symbol !== undefined) {
      status = 400;
      kind = "exchange_symbol_not_available_for_trading";
    }
    else if (kind === "not_found" && operationId === "getAsset") kind = "asset_not_found";
    else kind = EXCHANGE_KINDS[kind] ?? kind;
  }
  return status === p.status && kind === p.kind ? p : new SimProblem(status, kind, p.detail, p.info);
}

/** The RFC 9457 body of a problem, as the server sends it and as mass-transfer items embed it. */
export function problemBody(p: SimProblem): Problem {
  return {
    type: `/api/problems/${p.kind}`,
    title: STATUS_CODES[p.status] ?? "Error",
    status: p.status,
    detail: p.detail,
    kind: p.kind,
    ...(p.info === undefined ? {} : { info: p.info }),
  };
}
