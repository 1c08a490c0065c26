/**
 * Reconciliation of creates that carry a client id. After an unknown outcome (timeout, dropped
 * connection, 5xx or an unreadable success reply to a write) or a 409 `client_id_duplicate`, the
 * resource is read by its client id and the definite result returned. A write is never resent
 * blindly: it is resent (with the same client id, which the service deduplicates) only after a read
 * proved it was not carried out.
 */
import type { ExchangeClient, PayClient } from "./client.js";
import { isClientIdDuplicate, isNotFound, outcomeMayBeApplied } from "./errors.js";
import type * as S from "./schemas.js";

export type Reconciled<T> = { done: true; resource: T } | { done: false };

/** Reads a resource by its client id: `done: false` when the service has no such resource. */
async function lookup<T>(read: () => Promise<T>): Promise<Reconciled<T>> {
  try {
    return { done: true, resource: await read() };
  } catch (err) {
    if (isNotFound(err)) return { done: false };
    throw err;
  }
}

/** The lookups by client id, one per kind of create. Mass-transfer items are transfers. */
export const reconcile = {
  transfer: (pay: PayClient, clientPayoutId: string): Promise<Reconciled<S.Transfer>> =>
    lookup(() => pay.getTransfer({ clientPayoutId })),
  cheque: (pay: PayClient, clientChequeId: string): Promise<Reconciled<S.Cheque>> =>
    lookup(() => pay.getCheque({ clientChequeId })),
  invoice: (pay: PayClient, clientInvoiceId: string): Promise<Reconciled<S.Invoice>> =>
    lookup(() => pay.getInvoice({ clientInvoiceId })),
  withdrawal: (pay: PayClient, clientWithdrawalId: string): Promise<Reconciled<S.PayWithdrawal>> =>
    lookup(() => pay.getWithdrawal({ clientWithdrawalId })),
  order: (exchange: ExchangeClient, clientOrderId: string): Promise<Reconciled<S.Order>> =>
    lookup(() => exchange.getOrder({ clientOrderId })),
  fundingWithdrawal: (
    exchange: ExchangeClient,
    clientWithdrawalId: string,
  ): Promise<Reconciled<S.ExchangeWithdrawal>> =>
    lookup(() => exchange.getFundingWithdrawal({ clientWithdrawalId })),
  balanceTransfer: (
    exchange: ExchangeClient,
    clientTransferId: string,
  ): Promise<Reconciled<S.ExchangeTransfer>> =>
    lookup(() => exchange.getBalanceTransfer({ clientTransferId })),
};

export interface IdempotentCreate<T> {
  /** Sends the create with its fixed client id. */
  send: () => Promise<T>;
  /** Reads the resource by that client id. */
  lookup: () => Promise<Reconciled<T>>;
  /** How many times the create may be sent after lookups proved it was not carried out. */
  maxSends?: number;
}

/**
 * Performs a create exactly once: sends it; on an unknown outcome or a duplicate client id, reads the
 * resource by its client id; resends only when the read proved nothing was done. Refusals (4xx) and
 * failures of the lookup itself propagate, so the caller can keep the operation as "unknown".
 */
export async function createOnce<T>({ send, lookup: read, maxSends = 3 }: IdempotentCreate<T>): Promise<T> {
  for (let sends = 1; ; sends++) {
    try {
      return await send();
    } catch (err) {
      const ambiguous = outcomeMayBeApplied(err);
      if (!ambiguous && !isClientIdDuplicate(err)) throw err;
      const found = await read();
      if (found.done) return found.resource;
      // A duplicate whose resource cannot be read, or an unknown outcome we may not resend again.
      if (!ambiguous || sends >= maxSends) throw err;
    }
  }
}
