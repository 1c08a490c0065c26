/**
 * Turns any failure into a localized message key and variables. Raw service text and stack traces
 * never reach a user: unknown failures map to `error-generic`.
 */
import { NoKeyError } from "../../accounts/clients.js";
import {
  InvalidReplyError,
  InvalidRequestError,
  NetworkError,
  OutcomeUnknownError,
  RateLimitedError,
  ServiceFailedError,
  ServiceRefusedError,
  UnauthorizedError,
} from "../../service/errors.js";
import { operations } from "../../service/operations.js";
import { DatabaseUnavailableError } from "../../storage/availability.js";

export interface UserMessage {
  key: string;
  vars?: Record<string, string | number>;
}

const str = (v: unknown): string => (typeof v === "string" || typeof v === "number" ? String(v) : "");

/** The locale key (and variables) that explains `err` to a user. */
export function describeError(err: unknown): UserMessage {
  if (err instanceof NoKeyError) return { key: "error-no-key" };
  // The step stopped at the database, before anything was done (the error boundary says otherwise
  // when the update had already asked the service for a change).
  if (err instanceof DatabaseUnavailableError) return { key: "error-db-unavailable" };
  if (err instanceof UnauthorizedError) return { key: "error-unauthorized" };
  if (err instanceof RateLimitedError)
    return { key: "error-rate-limited", vars: { seconds: Math.ceil(err.retryAfterMs / 1000) } };
  if (err instanceof OutcomeUnknownError) return { key: "error-outcome-unknown" };
  if (err instanceof ServiceFailedError || err instanceof NetworkError) {
    // An Exchange-only operation that fails to answer means the exchange itself is down.
    const exchangeOnly = operations[err.operationId].apis.every((a) => a === "exchange");
    return { key: exchangeOnly ? "error-exchange-unreachable" : "error-service-unavailable" };
  }
  if (err instanceof InvalidReplyError) return { key: "error-invalid-reply" };
  if (err instanceof InvalidRequestError) return { key: "error-invalid-input" };
  if (err instanceof ServiceRefusedError) {
    const info = err.info;
    switch (err.reason) {
      case "insufficient_funds":
        return {
          key: "error-insufficient-funds",
          vars: { asset: str(info.asset), available: str(info.available) },
        };
      case "incorrect_decimal_places":
        return { key: "error-decimal-places", vars: { max: str(info.maxDecimals) } };
      case "amount_out_of_range":
        return {
          key: "error-amount-out-of-range",
          vars: { min: str(info.min ?? info.minAmount), max: str(info.max ?? info.maxAmount) },
        };
      case "not_found":
        // A transfer names nothing else that could be missing: the recipient has no account.
        return {
          key: err.operationId === "createTransfer" ? "error-recipient-not-found" : "error-not-found",
        };
      case "invalid_state":
        return { key: "error-invalid-state" };
      case "testnet_only":
        return { key: "error-testnet-only" };
      case "client_id_duplicate":
        return { key: "error-duplicate" };
      case "validation_error":
        return { key: "error-invalid-input" };
      case "user_blocked":
        return { key: "error-user-blocked" };
      case "pair_closed":
        return { key: "error-pair-closed" };
      default:
        return { key: "error-refused" };
    }
  }
  if (err instanceof Error && err.name === "KeyDecryptionError") return { key: "error-key-unreadable" };
  return { key: "error-generic" };
}
