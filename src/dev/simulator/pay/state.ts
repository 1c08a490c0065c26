/**
 * The Pay module's state inside a world (`world.modules.get("pay")`): per account, one append-only
 * ledger per resource kind, indexed by server id and by client id, so lookups and duplicate checks
 * stay O(1) however many transfers a mass job creates.
 */
import type { OperationInput } from "../../../service/operations.js";
import type * as S from "../../../service/schemas.js";
import type { World } from "../types.js";

/** A reply with fields the simulator always fills in (the real service promises little beyond the id). */
type Filled<T, K extends keyof T> = T & { [P in K]: NonNullable<T[P]> };

export interface Ledger<T> {
  /** Oldest first; never shrinks, so cursor positions stay valid. */
  list: T[];
  byId: Map<string, T>;
  byClientId: Map<string, T>;
}

export interface ChequeRecord {
  owner: number;
  cheque: Filled<S.Cheque, "asset" | "amount" | "state">;
  password: string | undefined;
}
export interface TransferRecord {
  owner: number;
  transfer: S.Transfer;
}
export interface InvoiceRecord {
  owner: number;
  invoice: S.Invoice;
  /** Payments towards the invoice, oldest first. */
  payments: S.InvoicePayment[];
  /** What a payment must bring: the price, or the minimum a payer may exceed. */
  terms: { asset: string; min: string; fixed: boolean };
}
export interface WithdrawalRecord {
  owner: number;
  withdrawal: Filled<S.PayWithdrawal, "asset" | "amount" | "fee" | "status">;
}

/** A withdrawal link's terms; whoever opens it withdraws them from their own wallet, once. */
export interface WithdrawalLinkRecord {
  id: string;
  /** The account whose key made the link. */
  creator: number;
  terms: Pick<OperationInput<"createWithdrawalLink">, "network" | "address" | "asset" | "amount" | "comment">;
  /** The withdrawal its opener confirmed, once it was opened. */
  completed?: { userId: number; withdrawalId: string } | undefined;
}

export interface PayAccountState {
  cheques: Ledger<ChequeRecord>;
  transfers: Ledger<TransferRecord>;
  invoices: Ledger<InvoiceRecord>;
  withdrawals: Ledger<WithdrawalRecord>;
}

export interface PayModule {
  accounts: Map<number, PayAccountState>;
  /** World-wide indexes for the calls that act on another account's resource (redeem, pay, open a link). */
  chequesById: Map<string, ChequeRecord>;
  invoicesById: Map<string, InvoiceRecord>;
  withdrawalLinksById: Map<string, WithdrawalLinkRecord>;
}

const MODULE = "pay";

const ledger = <T>(): Ledger<T> => ({ list: [], byId: new Map(), byClientId: new Map() });

/** The Pay module of a world, created on first use. */
export function payModule(world: World): PayModule {
  let mod = world.modules.get(MODULE) as PayModule | undefined;
  if (mod === undefined) {
    mod = { accounts: new Map(), chequesById: new Map(), invoicesById: new Map(), withdrawalLinksById: new Map() };
    world.modules.set(MODULE, mod);
  }
  return mod;
}

/** The Pay ledgers of one account, created on first use. */
export function payAccount(world: World, userId: number): PayAccountState {
  const mod = payModule(world);
  let st = mod.accounts.get(userId);
  if (st === undefined) {
    st = { cheques: ledger(), transfers: ledger(), invoices: ledger(), withdrawals: ledger() };
    mod.accounts.set(userId, st);
  }
  return st;
}

/** Appends a record under its server id and its client id, when the creator sent one. */
export function record<T>(l: Ledger<T>, id: string, clientId: string | undefined, rec: T): T {
  l.list.push(rec);
  l.byId.set(id, rec);
  if (clientId !== undefined) l.byClientId.set(clientId, rec);
  return rec;
}

/** A record by server id or client id; the server id wins when both are given (a miss does not fall back). */
export function lookup<T>(l: Ledger<T>, id: string | undefined, clientId: string | undefined): T | undefined {
  return id !== undefined ? l.byId.get(id) : clientId !== undefined ? l.byClientId.get(clientId) : undefined;
}
