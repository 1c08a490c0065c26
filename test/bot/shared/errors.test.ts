import { describe, expect, it } from "vitest";
import { NoKeyError } from "../../../src/accounts/clients.js";
import { describeError } from "../../../src/bot/shared/errors.js";
import {
  InvalidReplyError,
  NetworkError,
  OutcomeUnknownError,
  RateLimitedError,
  ServiceFailedError,
  ServiceRefusedError,
  UnauthorizedError,
} from "../../../src/service/errors.js";

const refused = (kind: string, info: Record<string, unknown> = {}) =>
  new ServiceRefusedError("createTransfer", 422, kind, "raw service text", info);

describe("describeError", () => {
  it.each([
    [new NoKeyError(), "error-no-key"],
    [new UnauthorizedError("getAppBalances", "x"), "error-unauthorized"],
    [new RateLimitedError("getAppBalances", 2500), "error-rate-limited"],
    [new OutcomeUnknownError("createTransfer", "ECONNRESET"), "error-outcome-unknown"],
    [new ServiceFailedError("getAppBalances", 503, false), "error-service-unavailable"],
    [new NetworkError("getAppBalances", "ECONNREFUSED"), "error-service-unavailable"],
    [new InvalidReplyError("getAppBalances", 200, "x"), "error-invalid-reply"],
    [new ServiceRefusedError("getCheque", 404, "not_found", "x", {}), "error-not-found"],
    [refused("not_found"), "error-recipient-not-found"],
    [refused("invalid_state"), "error-invalid-state"],
    [refused("testnet_only"), "error-testnet-only"],
    [refused("something_new"), "error-refused"],
    [new Error("boom"), "error-generic"],
    ["not even an error", "error-generic"],
  ])("%s → %s", (err, key) => {
    expect(describeError(err).key).toBe(key);
  });

  it("carries the details people need, never the service's own text", () => {
    expect(describeError(refused("insufficient_funds", { asset: "USDT", available: "3.5" }))).toEqual({
      key: "error-insufficient-funds",
      vars: { asset: "USDT", available: "3.5" },
    });
    expect(describeError(refused("incorrect_decimal_places", { maxDecimals: 2 }))).toEqual({
      key: "error-decimal-places",
      vars: { max: "2" },
    });
    expect(describeError(new RateLimitedError("getAppBalances", 2500)).vars).toEqual({ seconds: 3 });
    expect(JSON.stringify(describeError(refused("validation_error")))).not.toContain("raw service text");
  });
});
