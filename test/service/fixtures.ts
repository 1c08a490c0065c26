/** Replies and requests that satisfy the contract, for the service client tests. */
import type { CreateTransferRequest, Currency, Transfer } from "../../src/service/schemas.js";

export const API_KEY = "sk-test-3f9a1c7e0b5d4e2f8a6c-DO-NOT-LEAK";

/** A payout request as the bot sends it: always with a client id. */
export function transferRequest(
  overrides: Partial<CreateTransferRequest> = {},
): CreateTransferRequest & { clientPayoutId: string } {
  return {
    target: "1001",
    targetType: "telegram_user_id",
    asset: "USDT",
    amount: "1.5",
    ...overrides,
    clientPayoutId: overrides.clientPayoutId ?? "tr-0001",
  };
}

export function transferReply(overrides: Partial<Transfer> = {}): Transfer {
  return {
    payoutId: "T-42",
    clientPayoutId: "tr-0001",
    target: "1001",
    targetType: "telegram_user_id",
    asset: "USDT",
    amount: "1.5",
    description: null,
    createdAt: "2025-01-01T00:00:00Z",
    status: "paid",
    ...overrides,
  };
}

export function currencyReply(overrides: Partial<Currency> = {}): Currency {
  return {
    code: "USDT",
    title: "Tether",
    kind: "crypto",
    precision: 6,
    minTransfer: "0.01",
    minCheque: "0.1",
    minInvoice: "0.1",
    minWithdrawal: "1",
    networks: [{ code: "TON" }],
    ...overrides,
  };
}
