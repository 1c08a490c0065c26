/**
 * One network's state ("world") and the balance bookkeeping every handler module uses. Balances are
 * decimal strings moved only through `money`; a move that would go negative throws a problem
 * instead, so a handler that checks first and moves second can never leave a world half-changed.
 */
import { money } from "../../domain/money.js";
import { problems } from "./problems.js";
import type { Balances, Holding, SimAccount, SimNetwork, World } from "./types.js";

/** A world plus the controls the simulator (not the handlers) uses. */
export interface SimWorld extends World {
  /** Moves this world's clock forward (invoice expiry and date filters follow it). */
  advanceClock(ms: number): void;
  /**
   * Runs `open` with ids drawn from `userId`'s own sequence (`openingId`) instead of the world's, so
   * that what an account opens when it is made on first use (simulator.ts, `lazyAccounts`) has the
   * same ids whenever, and in whatever order, the accounts are made.
   */
  openingFor<T>(userId: number, open: () => T): T;
}

/** Above any id the world's own sequence gives: ids drawn while opening an account never collide with those. */
const OPENING_BASE = 1_000_000_000_000;

/**
 * The `n`-th id (from 1) drawn while opening `userId`'s account (`openingFor`): the number
 * OPENING_BASE + userId × 1000 + n, under the prefix and network tag every id has.
 */
export function openingId(network: SimNetwork, prefix: string, userId: number, n: number): string {
  return `${prefix}_${network === "production" ? "p" : "t"}${OPENING_BASE + userId * 1000 + n}`;
}

/** Starting amounts per balance, asset → decimal string. */
export interface StartingBalances {
  pay?: Record<string, string>;
  funding?: Record<string, string>;
  trading?: Record<string, string>;
}

/** Creates an empty world whose clock is `baseNow()` plus whatever `advanceClock` added. */
export function createWorld(network: SimNetwork, baseNow: () => Date = () => new Date()): SimWorld {
  let offsetMs = 0;
  const sequences = new Map<string, number>();
  const tag = network === "production" ? "p" : "t";
  let opening: { userId: number; drawn: number } | undefined;
  return {
    network,
    accounts: new Map(),
    accountsByKey: new Map(),
    modules: new Map(),
    now: () => new Date(baseNow().getTime() + offsetMs),
    nextId(prefix) {
      if (opening !== undefined) return openingId(network, prefix, opening.userId, ++opening.drawn);
      const n = (sequences.get(prefix) ?? 0) + 1;
      sequences.set(prefix, n);
      // The network tag keeps ids unique across worlds, so a control call can find a resource by id alone.
      return `${prefix}_${tag}${String(n).padStart(6, "0")}`;
    },
    advanceClock(ms) {
      offsetMs += ms;
    },
    openingFor(userId, open) {
      const outer = opening;
      opening = { userId, drawn: 0 };
      try {
        return open();
      } finally {
        opening = outer;
      }
    },
  };
}

/** A deterministic UUID-shaped id (for contract fields typed `format: uuid`), unique per world. */
export function nextUuid(world: World, prefix = "uuid"): string {
  return uuidOf(world.network, world.nextId(prefix));
}

/** The UUID `nextUuid` makes of an id from `nextId` (or `openingId`). */
export function uuidOf(network: SimNetwork, id: string): string {
  const n = Number(id.replace(/^.*_[pt]/, ""));
  const networkBit = network === "production" ? "0" : "1";
  return `00000000-0000-4000-8${networkBit}00-${n.toString(16).padStart(12, "0")}`;
}

/** Adds an account to a world with its own key and copies of the starting balances. */
export function addAccount(world: World, userId: number, key: string, start: StartingBalances): SimAccount {
  const account: SimAccount = {
    userId,
    key,
    appId: `app-${userId}`,
    appName: `Sim app ${userId}`,
    pay: toBalances(start.pay),
    funding: toBalances(start.funding),
    trading: toBalances(start.trading),
  };
  world.accounts.set(userId, account);
  world.accountsByKey.set(key, account);
  return account;
}

function toBalances(amounts: Record<string, string> = {}): Balances {
  return new Map(
    Object.entries(amounts).map(([asset, amount]) => [
      asset,
      { available: money.normalise(amount), hold: "0" },
    ]),
  );
}

/** The holding of an asset, created empty on first use. */
export function holding(balances: Balances, asset: string): Holding {
  let h = balances.get(asset);
  if (h === undefined) {
    h = { available: "0", hold: "0" };
    balances.set(asset, h);
  }
  return h;
}

/** What can be spent now. */
export function available(balances: Balances, asset: string): string {
  return balances.get(asset)?.available ?? "0";
}

/** Throws 422 `insufficient_funds` unless `amount` can be taken from available. */
export function requireAvailable(balances: Balances, asset: string, amount: string): void {
  const have = available(balances, asset);
  if (money.lt(have, amount)) throw problems.insufficientFunds(asset, have);
}

/** Adds to available. */
export function credit(balances: Balances, asset: string, amount: string): void {
  const h = holding(balances, asset);
  h.available = money.add(h.available, amount);
}

/** Takes from available; 422 `insufficient_funds` when it does not cover the amount. */
export function debit(balances: Balances, asset: string, amount: string): void {
  requireAvailable(balances, asset, amount);
  const h = holding(balances, asset);
  h.available = money.sub(h.available, amount);
}

/** Moves available → hold (cheques, pending withdrawals, open orders). */
export function reserve(balances: Balances, asset: string, amount: string): void {
  debit(balances, asset, amount);
  const h = holding(balances, asset);
  h.hold = money.add(h.hold, amount);
}

/** Moves hold → available (a cancelled cheque or order). */
export function release(balances: Balances, asset: string, amount: string): void {
  const h = holding(balances, asset);
  h.hold = money.sub(h.hold, amount);
  h.available = money.add(h.available, amount);
}

/** Removes a held amount from the balance altogether (a redeemed cheque, a completed withdrawal). */
export function spendHeld(balances: Balances, asset: string, amount: string): void {
  const h = holding(balances, asset);
  h.hold = money.sub(h.hold, amount);
}

/** The account behind a request, for bearer operations (where the server guarantees one). */
export function requireAccount(account: SimAccount | undefined): SimAccount {
  if (account === undefined) throw problems.unauthorized();
  return account;
}
