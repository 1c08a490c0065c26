/**
 * Shared shapes of the simulator: the state of one network ("world") and the handler signature. The
 * HTTP server (server.ts) routes each request through the operations table, checks the key, validates
 * the input with the operation's schema and calls the handler; handlers throw SimProblem for errors.
 */
import type { Api, OperationId } from "../../service/operations.js";

export type SimNetwork = "production" | "testnet";

/** Per-asset balance: what can be spent and what is held (cheques, open orders, withdrawals). */
export interface Holding {
  available: string;
  hold: string;
}
export type Balances = Map<string, Holding>;

export interface SimAccount {
  /** The account's messenger user id: also a transfer target. */
  userId: number;
  /** This world's key for the account. */
  key: string;
  appId: string;
  appName: string;
  /** Payments wallet. */
  pay: Balances;
  /** Exchange funding and trading balances. */
  funding: Balances;
  trading: Balances;
}

/** One network's state. Both interfaces (Exchange and Pay) of that network share it. */
export interface World {
  network: SimNetwork;
  accounts: Map<number, SimAccount>;
  accountsByKey: Map<string, SimAccount>;
  /** Deterministic clock of the world (tests may move it); ISO strings come from it. */
  now(): Date;
  /** Sequence for ids, deterministic per world. */
  nextId(prefix: string): string;
  /** Feature state owned by the handler modules (pay, exchange), keyed by module name. */
  modules: Map<string, unknown>;
}

export interface SimRequest {
  operationId: OperationId;
  /** The interface asked (an operation both serve may answer in each one's own shape). */
  api: Api;
  /** Input parsed with the operation's schema (path, query and body members together). */
  input: Record<string, unknown>;
  /** The account behind the key; present for every bearer operation, optional for "optional" auth. */
  account: SimAccount | undefined;
  world: World;
}

export interface SimReply {
  status?: number;
  body: unknown;
}

export type SimHandler = (req: SimRequest) => SimReply | unknown;
export type SimHandlers = Partial<Record<OperationId, SimHandler>>;

/** A problem+json reply: thrown by handlers. */
export class SimProblem extends Error {
  constructor(
    readonly status: number,
    readonly kind: string,
    readonly detail: string,
    readonly info?: Record<string, unknown>,
  ) {
    super(detail);
  }
}
