/**
 * The simulator's state without HTTP: the two worlds, accounts (which exist in both worlds with one
 * key per world), injected faults and the request log. The server and the control endpoints drive
 * it; tests may call it in-process too.
 */
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { money } from "../../domain/money.js";
import { Decimal } from "../../service/schemas.js";
import { CallbackSender, type CallbackOptions, installCallbacks } from "./callbacks.js";
import { findAsset } from "./catalogue.js";
import { FaultBook } from "./faults.js";
import { problems } from "./problems.js";
import { RequestLog } from "./request-log.js";
import { type SimAccount, type SimNetwork, SimProblem } from "./types.js";
import { addAccount, createWorld, credit, type SimWorld } from "./world.js";

export const FIRST_USER_ID = 1001;
const NETWORKS: readonly SimNetwork[] = ["production", "testnet"];

const Amounts = z
  .record(z.string(), Decimal)
  .refine((r) => Object.keys(r).every((a) => findAsset(a) !== undefined), { message: "unknown asset" })
  .optional();
const Key = z.string().regex(/^[A-Za-z0-9_-]{16,128}$/);

/** What `createAccount` accepts, from JSON or in-process. */
export const CreateAccountInput = z.object({
  userId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  pay: Amounts,
  funding: Amounts,
  trading: Amounts,
  /** Fixed keys (the seeded demo account uses them so a bot's .env survives restarts). */
  keys: z.object({ production: Key.optional(), testnet: Key.optional() }).optional(),
});
export type CreateAccountInput = z.input<typeof CreateAccountInput>;

/** What `deposit` accepts: money arriving in a Pay wallet or an Exchange funding balance. */
export const DepositInput = z.object({
  userId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  network: z.enum(["production", "testnet"]).default("production"),
  to: z.enum(["pay", "funding"]),
  asset: z.string().refine((a) => findAsset(a) !== undefined, { message: "unknown asset" }),
  amount: Decimal.refine((a) => money.isPositive(a), { message: "must be more than 0" }),
});
export type DepositInput = z.input<typeof DepositInput>;

export interface AccountKeys {
  production: string;
  testnet: string;
}
export interface CreatedAccount {
  userId: number;
  keys: AccountKeys;
}

export interface AccountSnapshot {
  userId: number;
  pay: Record<string, { balance: string; available: string; holds: string }>;
  /** Totals (available + hold) per asset. */
  funding: Record<string, string>;
  trading: Record<string, string>;
}

/** An asset's balance: what can be spent, and what orders, cheques and the like hold. */
export interface Holding {
  available: string;
  held: string;
}

export interface SimulatorOptions {
  /** The base clock of both worlds; `advanceClock` adds to it. Defaults to the real time. */
  now?: () => Date;
  /** Signed callbacks: retry delays, transport. */
  callbacks?: CallbackOptions;
  /** Accounts made the first time their key is used, rather than up front (see LazyAccounts). */
  lazyAccounts?: LazyAccounts;
}

/**
 * Accounts that exist from the start but are made only when first used: the first request with one
 * of their keys (or `ensureAccount`) creates the account in both worlds and opens what it starts with,
 * always the same way, so a benchmark can stand for a million accounts while holding only those it
 * touches. Ids drawn while opening come from the account's own sequence (`openingId` in world.ts),
 * so they do not depend on which accounts were made before.
 */
export interface LazyAccounts {
  /** The user a key belongs to, or undefined when it is not one of these accounts' keys. */
  userOf(key: string, network: SimNetwork): number | undefined;
  /** That user's account as `createAccount` takes it (its `userId` and both `keys` included). */
  account(userId: number): CreateAccountInput;
  /** Opens what the account starts with (through the handlers), once in each world, just after it is made. */
  open?(world: SimWorld, account: SimAccount): void;
}

export class Simulator {
  readonly worlds: Readonly<Record<SimNetwork, SimWorld>>;
  readonly faults = new FaultBook();
  readonly requests = new RequestLog((value) => this.isKey(value));
  readonly callbacks: CallbackSender;
  #nextUserId = FIRST_USER_ID;
  readonly #lazy: LazyAccounts | undefined;

  constructor(options: SimulatorOptions = {}) {
    this.#lazy = options.lazyAccounts;
    this.worlds = {
      production: createWorld("production", options.now),
      testnet: createWorld("testnet", options.now),
    };
    this.callbacks = new CallbackSender(options.callbacks);
    for (const network of NETWORKS) installCallbacks(this.worlds[network], this.callbacks);
  }

  /** Creates an account in both worlds with the same balances; 409 when the userId or a key is taken. */
  createAccount(raw: CreateAccountInput = {}): CreatedAccount {
    const parsed = CreateAccountInput.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw problems.validation(issue?.path.join(".") || "body", issue?.message ?? "invalid account");
    }
    const input = parsed.data;
    const userId = input.userId ?? this.#freeUserId();
    if (this.worlds.production.accounts.has(userId)) {
      throw new SimProblem(409, "user_exists", `User ${userId} already exists.`, { userId });
    }
    const keys: AccountKeys = {
      production: input.keys?.production ?? newKey("live"),
      testnet: input.keys?.testnet ?? newKey("test"),
    };
    if (keys.production === keys.testnet || this.#keyInUse(keys.production) || this.#keyInUse(keys.testnet)) {
      throw new SimProblem(409, "key_exists", "A key is already in use.", { field: "keys" });
    }
    for (const network of NETWORKS) addAccount(this.worlds[network], userId, keys[network], input);
    return { userId, keys };
  }

  /** The account a key opens in one world; a lazy account's key makes it first. Undefined for an unknown key. */
  accountByKey(network: SimNetwork, key: string): SimAccount | undefined {
    const known = this.worlds[network].accountsByKey.get(key);
    if (known !== undefined || this.#lazy === undefined) return known;
    const userId = this.#lazy.userOf(key, network);
    if (userId === undefined || this.worlds[network].accounts.has(userId)) return undefined;
    this.ensureAccount(userId);
    return this.worlds[network].accountsByKey.get(key);
  }

  /**
   * Makes a lazy account now if it is not made yet (a benchmark that acts on it from outside, paying
   * its invoice say); nothing for an account made already or without `lazyAccounts`.
   */
  ensureAccount(userId: number): void {
    if (this.#lazy === undefined || this.worlds.production.accounts.has(userId)) return;
    this.createAccount({ ...this.#lazy.account(userId), userId });
    for (const network of NETWORKS) {
      const world = this.worlds[network];
      const account = world.accounts.get(userId) as SimAccount;
      const open = this.#lazy.open;
      if (open !== undefined) world.openingFor(userId, () => open(world, account));
    }
  }

  /** Balances of an account in one world; 404 for an unknown user. */
  snapshot(userId: number, network: SimNetwork = "production"): AccountSnapshot {
    const account = this.worlds[network].accounts.get(userId);
    if (account === undefined) throw problems.notFound("user", { userId });
    const totals = (balances: typeof account.funding) =>
      Object.fromEntries([...balances].map(([asset, h]) => [asset, money.add(h.available, h.hold)]));
    return {
      userId,
      pay: Object.fromEntries(
        [...account.pay].map(([asset, h]) => [
          asset,
          { balance: money.add(h.available, h.hold), available: h.available, holds: h.hold },
        ]),
      ),
      funding: totals(account.funding),
      trading: totals(account.trading),
    };
  }

  /**
   * What an account holds per balance and asset, available and held apart, as the service's balance
   * replies tell them (the playground's side panel shows them the way the bot's /balance does).
   */
  holdings(userId: number, network: SimNetwork = "production"): Record<"pay" | "funding" | "trading", Record<string, Holding>> {
    const account = this.worlds[network].accounts.get(userId);
    if (account === undefined) throw problems.notFound("user", { userId });
    const split = (balances: typeof account.funding) =>
      Object.fromEntries([...balances].map(([asset, h]) => [asset, { available: h.available, held: h.hold }]));
    return { pay: split(account.pay), funding: split(account.funding), trading: split(account.trading) };
  }

  /**
   * Money arriving from outside (what a deposit through the service's bot does): credits the Pay
   * wallet or the Exchange funding balance of an account in one world and returns its balances.
   * 400 for bad input (an amount with more decimals than the asset has included), 404 for an unknown user.
   */
  deposit(raw: DepositInput): AccountSnapshot {
    const parsed = DepositInput.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw problems.validation(issue?.path.join(".") || "body", issue?.message ?? "invalid deposit");
    }
    const { userId, network, to, asset, amount } = parsed.data;
    const account = this.worlds[network].accounts.get(userId);
    if (account === undefined) throw problems.notFound("user", { userId });
    const precision = findAsset(asset)!.precision;
    if (money.decimalPlaces(amount) > precision) throw problems.validation("amount", `${asset} has at most ${precision} decimal places.`);
    credit(account[to], asset, amount);
    return this.snapshot(userId, network);
  }

  /** Moves the clock of one world, or of both. */
  advanceClock(ms: number, network?: SimNetwork): void {
    for (const n of network === undefined ? NETWORKS : [network]) this.worlds[n].advanceClock(ms);
  }

  /** Whether a string is the key of some account in either world. */
  isKey(value: string): boolean {
    return (
      this.#keyInUse(value) ||
      NETWORKS.some((network) => this.#lazy?.userOf(value, network) !== undefined)
    );
  }

  #keyInUse(key: string): boolean {
    return this.worlds.production.accountsByKey.has(key) || this.worlds.testnet.accountsByKey.has(key);
  }

  #freeUserId(): number {
    while (this.worlds.production.accounts.has(this.#nextUserId)) this.#nextUserId++;
    return this.#nextUserId++;
  }
}

function newKey(kind: "live" | "test"): string {
  return `xr_${kind}_${randomBytes(18).toString("base64url")}`;
}
