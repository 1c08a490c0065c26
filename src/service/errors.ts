/**
 * Typed failures of a service call. Every error carries the operation id and never the key, the
 * request headers or the underlying HTTP library's error object (whose options hold the key).
 */
import type { OperationId } from "./operations.js";
import type { Problem } from "./schemas.js";

export abstract class ServiceError extends Error {
  abstract readonly code: string;
  constructor(
    readonly operationId: OperationId,
    message: string,
  ) {
    super(`${operationId}: ${message}`);
    this.name = new.target.name;
  }
}

/**
 * What a refusal means to us, whatever the service called it: the real service's kinds (`exchange_*`,
 * `client_data_validation`, `user_blocked` …, real-api.md) and the names this contract used before
 * both land here. The bot chooses its message from this, never from the raw kind.
 */
export type RefusalReason =
  | "insufficient_funds"
  | "incorrect_decimal_places"
  | "amount_out_of_range"
  | "not_found"
  | "invalid_state"
  | "testnet_only"
  | "client_id_duplicate"
  | "validation_error"
  | "user_blocked"
  | "pair_closed"
  | "not_implemented"
  | "refused";

const REASONS: Record<string, RefusalReason> = {
  // The real vocabulary (S3, S5, S6).
  exchange_amount_more_than_user_balance: "insufficient_funds",
  exchange_incorrect_decimal_places: "incorrect_decimal_places",
  exchange_price_out_of_range: "amount_out_of_range",
  exchange_size_out_of_range: "amount_out_of_range",
  exchange_funds_out_of_range: "amount_out_of_range",
  exchange_insufficient_liquidity: "refused",
  exchange_client_order_id_duplicate: "client_id_duplicate",
  exchange_symbol_not_found: "not_found",
  exchange_order_not_found: "not_found",
  asset_not_found: "not_found",
  exchange_symbol_not_opened: "pair_closed",
  exchange_symbol_not_available_for_trading: "pair_closed",
  client_data_validation: "validation_error",
  exchange_symbol_incorrect: "validation_error",
  exchange_missing_order_identifier: "validation_error",
  exchange_too_big_interval_validation: "validation_error",
  order_size_and_funds_missing: "validation_error",
  order_size_and_funds_mutual_exclusion: "validation_error",
  missing_invoice_amount: "validation_error",
  amount_conflict: "validation_error",
  not_implemented: "not_implemented",
  user_blocked: "user_blocked",
  // This contract's own names (inferred where no source shows the real one).
  insufficient_funds: "insufficient_funds",
  incorrect_decimal_places: "incorrect_decimal_places",
  amount_out_of_range: "amount_out_of_range",
  not_found: "not_found",
  invalid_state: "invalid_state",
  testnet_only: "testnet_only",
  client_id_duplicate: "client_id_duplicate",
  validation_error: "validation_error",
};

/** The reason of a refusal: its kind if known, any `*duplicate*` kind as a duplicate, else by status. */
export function refusalReason(status: number, kind: string): RefusalReason {
  const known = REASONS[kind];
  if (known !== undefined) return known;
  // A duplicate we have no name for still means "read it back by client id", never "failed".
  if (kind.includes("duplicate")) return "client_id_duplicate";
  if (status === 404) return "not_found";
  if (status === 409) return "invalid_state";
  return "refused";
}

/** The service answered 4xx with a problem document (other than 401 and 429). */
export class ServiceRefusedError extends ServiceError {
  readonly code = "refused";
  /** The kind as the service sent it; `reason` is what it means to us. */
  readonly reason: RefusalReason;
  constructor(
    operationId: OperationId,
    readonly status: number,
    readonly kind: string,
    readonly detail: string | undefined,
    readonly info: Record<string, unknown>,
  ) {
    super(operationId, `refused with ${status} ${kind}`);
    this.reason = refusalReason(status, kind);
  }
  static fromProblem(
    operationId: OperationId,
    status: number,
    problem: Problem | undefined,
  ): ServiceRefusedError {
    return new ServiceRefusedError(
      operationId,
      status,
      problem?.kind ?? kindForStatus(status),
      problem?.detail,
      problem?.info ?? {},
    );
  }
}

/** 401: the key is missing, wrong, revoked or belongs to the other network. */
export class UnauthorizedError extends ServiceError {
  readonly code = "unauthorized";
  readonly status = 401;
}

/** 429 that we did not (or could no longer) wait out. */
export class RateLimitedError extends ServiceError {
  readonly code = "rate_limited";
  readonly status = 429;
  constructor(
    operationId: OperationId,
    readonly retryAfterMs: number,
  ) {
    super(operationId, `rate limited, retry after ${retryAfterMs} ms`);
  }
}

/** 5xx. For a write the outcome is unknown (see `outcomeMayBeApplied`). */
export class ServiceFailedError extends ServiceError {
  readonly code = "service_failed";
  constructor(
    operationId: OperationId,
    readonly status: number,
    readonly write: boolean,
  ) {
    super(operationId, `service failed with ${status}`);
  }
}

/** The request certainly never reached the service (connection refused, DNS failure), or a read gave up. */
export class NetworkError extends ServiceError {
  readonly code = "network";
  constructor(
    operationId: OperationId,
    readonly reason: string,
  ) {
    super(operationId, `network failure (${reason})`);
  }
}

/** A write was sent and then the connection timed out or closed: it may or may not have been applied. */
export class OutcomeUnknownError extends ServiceError {
  readonly code = "outcome_unknown";
  constructor(
    operationId: OperationId,
    readonly reason: string,
  ) {
    super(operationId, `outcome unknown (${reason})`);
  }
}

/**
 * The reply did not match the contract. `write` is true when the operation is a write that got a
 * non-error status: the service may have carried it out, so it must be reconciled, not resent.
 */
export class InvalidReplyError extends ServiceError {
  readonly code = "invalid_reply";
  constructor(
    operationId: OperationId,
    readonly status: number,
    readonly issues: string,
    readonly write: boolean = false,
  ) {
    super(operationId, `reply with status ${status} does not match the contract: ${issues}`);
  }
}

/** The input was refused by the contract's schema before anything was sent. */
export class InvalidRequestError extends ServiceError {
  readonly code = "invalid_request";
  constructor(
    operationId: OperationId,
    readonly issues: string,
  ) {
    super(operationId, `invalid request: ${issues}`);
  }
}

/** True when a write may have been carried out although we got no usable success reply. */
export function outcomeMayBeApplied(err: unknown): boolean {
  return (
    err instanceof OutcomeUnknownError ||
    (err instanceof ServiceFailedError && err.write) ||
    (err instanceof InvalidReplyError && err.write)
  );
}

/**
 * True for a duplicate-client-id refusal (400 `exchange_client_order_id_duplicate`, or any kind of that
 * meaning): the id was used before; neither failure nor success, read the resource by it.
 */
export function isClientIdDuplicate(err: unknown): err is ServiceRefusedError {
  return err instanceof ServiceRefusedError && err.reason === "client_id_duplicate";
}

/** True for a 404 `not_found`: the resource (or, for a create, the target) does not exist. */
export function isNotFound(err: unknown): err is ServiceRefusedError {
  return err instanceof ServiceRefusedError && err.status === 404;
}

function kindForStatus(status: number): string {
  switch (status) {
    case 400:
      return "client_data_validation";
    case 403:
      return "forbidden";
    case 404:
      return "not_found";
    case 409:
      return "conflict";
    case 422:
      return "unprocessable";
    default:
      return "refused";
  }
}
