/**
 * Constructors for the problems handlers throw, so that every module words the contract's kinds
 * (`validation_error`, `not_found`, `client_id_duplicate`, ...) and their `info` the same way.
 */
import { STATUS_CODES } from "node:http";
import type { Problem } from "../service/schemas.js";
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

/** The RFC 9457 body of a problem, as the server sends it and as mass-transfer items embed it. */
export function problemBody(p: SimProblem): Problem {
  return {
    type: "about:blank",
    title: STATUS_CODES[p.status] ?? "Error",
    status: p.status,
    detail: p.detail,
    kind: p.kind,
    ...(p.info === undefined ? {} : { info: p.info }),
  };
}
