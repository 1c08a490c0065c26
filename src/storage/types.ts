/**
 * What the bot needs from storage. Implemented once with Kysely over SQLite (embedded default) and
 * PostgreSQL (several bot instances); every method behaves the same on both.
 */
import type { NetworkName } from "../domain/networks.js";

export interface UserRecord {
  telegramId: number;
  /** Language chosen by the user, or null to follow Telegram's language_code. */
  language: string | null;
  /** The network the person acts on now (every action, read and summary uses its key). */
  network: NetworkName;
  /** Whether a key is linked for the active network. */
  hasKey: boolean;
  /** Name of the service account/application the active network's key belongs to, as shown on linking. */
  accountName: string | null;
  /** The networks a key is linked for (production first). */
  linkedNetworks: NetworkName[];
  /** The currency balances are valued in; null: the default (USD). */
  fiat: string | null;
  /** The IANA time zone the person picked ("UTC" when none, or when the stored one is unknown). */
  timeZone: string;
}

export interface UsersRepo {
  get(telegramId: number): Promise<UserRecord | undefined>;
  /** Creates the user on first contact; keeps an existing row. */
  ensure(telegramId: number): Promise<UserRecord>;
  setLanguage(telegramId: number, language: string): Promise<void>;
  setFiat(telegramId: number, fiat: string): Promise<void>;
  /** Stores the person's time zone (an IANA name; the caller checks it is known). */
  setTimeZone(telegramId: number, timeZone: string): Promise<void>;
  /**
   * Encrypts and stores the key for `network` (AES-256-GCM, user id and network bound as associated
   * data), keeping the other network's key, and makes `network` the active one.
   */
  saveKey(telegramId: number, network: NetworkName, apiKey: string, accountName: string): Promise<void>;
  /**
   * Decrypts the key of `network` (the active network when not given); undefined when none is linked.
   * Never log or return it further than needed.
   */
  loadKey(telegramId: number, network?: NetworkName): Promise<{ network: NetworkName; apiKey: string } | undefined>;
  /**
   * Decrypts the active network's key of each of `telegramIds` in one read (the watcher's round):
   * users without one are absent; a key that cannot be decrypted is reported to `unreadable` and absent.
   */
  loadActiveKeys(
    telegramIds: readonly number[],
    unreadable: (telegramId: number, err: unknown) => void,
  ): Promise<Map<number, { network: NetworkName; apiKey: string }>>;
  /**
   * Removes the key of `network` (the active network's when not given); true when one was stored. When
   * the active network loses its key and the other has one, the other becomes active.
   */
  removeKey(telegramId: number, network?: NetworkName): Promise<boolean>;
  /** Makes `network` the one the person acts on (a key need not be linked for it). */
  setNetwork(telegramId: number, network: NetworkName): Promise<void>;
  /** All users with a linked key on any network (for admin views and tests). */
  listIds(): Promise<number[]>;
}

/**
 * One irreversible action, from the moment its summary is shown: the row id is the client id sent to
 * the service (or, for actions without one, a random id), fixed before anything is sent.
 *   proposed  → summary shown, awaiting Confirm (expires at expiresAt)
 *   pending   → confirmed and claimed; the request is about to be / being sent
 *   done      → the service carried it out (result holds the reply)
 *   refused   → the service refused it (error holds the problem kind); nothing happened
 *   unknown   → outcome not yet known, or not sent yet for a passing reason (the service failing or
 *               unreachable); reconciled by client id, and carried out when the read finds nothing
 *   cancelled → the user pressed Cancel; expired → nobody confirmed in time
 */
export type OperationState =
  | "proposed"
  | "pending"
  | "done"
  | "refused"
  | "unknown"
  | "cancelled"
  | "expired";

export interface OperationRecord {
  id: string;
  telegramId: number;
  chatId: number;
  /** The kind of action, e.g. "transfer", "cheque", "cheque_delete", "withdrawal", "mass_transfer". */
  kind: string;
  network: NetworkName;
  /** The action's parameters as plain JSON (never a key). */
  payload: Record<string, unknown>;
  state: OperationState;
  result: Record<string, unknown> | null;
  error: string | null;
  /** Message that shows the summary, so it can be edited with the outcome. */
  messageId: number | null;
  expiresAt: Date;
  /** What that message becomes when the operation expires unanswered (null: only the row is marked). */
  expiredText: string | null;
  /** The other person of a transfer, whose history shows it too (null: none). */
  counterparty: number | null;
  createdAt: Date;
  updatedAt: Date;
}

export type ClaimOutcome =
  | { claimed: true; operation: OperationRecord }
  | { claimed: false; reason: "missing" | "foreign" | "expired" | "already"; operation?: OperationRecord };

/** What a page of history reads (see OperationsRepo.listHistory). */
export interface HistoryQuery {
  /** The person's own operations, all kinds or these; absent: none. */
  own?: { kinds?: readonly string[] };
  /** Others' operations naming the person as their other person, of these kinds; absent: none. */
  received?: { kinds: readonly string[] };
  asset?: string;
  offset: number;
  limit: number;
}

export interface OperationsRepo {
  /** Writes a new proposed operation. */
  propose(
    op: Omit<OperationRecord, "state" | "result" | "error" | "expiredText" | "counterparty" | "createdAt" | "updatedAt"> & {
      expiredText?: string;
      counterparty?: number;
    },
  ): Promise<void>;
  get(id: string): Promise<OperationRecord | undefined>;
  setMessageId(id: string, messageId: number): Promise<void>;
  /**
   * Atomically moves proposed → pending for that user before expiry. Only one caller ever gets
   * `claimed: true`, across processes: this is what makes a double press do nothing twice.
   */
  claim(id: string, telegramId: number, now: Date): Promise<ClaimOutcome>;
  /**
   * Undoes a claim whose write may have gone through with its reply lost (the database went away
   * meanwhile): pending → proposed, only while the row still shows that claim (that user's, and
   * `claimedAt` its last change), so neither a later claim nor a reconciliation's takeover is undone.
   * True when it was undone.
   */
  unclaim(id: string, telegramId: number, claimedAt: Date): Promise<boolean>;
  /** proposed → cancelled, for that user only; false when not proposed any more. */
  cancel(id: string, telegramId: number): Promise<boolean>;
  /** Settles a pending or unknown operation; false when it was settled already (nothing written). */
  markDone(id: string, result: Record<string, unknown>): Promise<boolean>;
  markRefused(id: string, error: string): Promise<boolean>;
  markUnknown(id: string, error: string): Promise<boolean>;
  /**
   * A person's latest operations of one kind in a state, newest first (the people they paid lately,
   * what to offer again); read from the index on (telegram_id, kind, created_at).
   */
  listRecent(telegramId: number, kind: string, state: OperationState, limit: number): Promise<OperationRecord[]>;
  /**
   * Writes an operation that was carried out without a confirmation (an invoice, a withdrawal link:
   * nothing leaves the wallet when they are made) as done, for the person's history. Writing one id
   * twice (a replayed flow) keeps the first.
   */
  recordDone(
    op: Pick<OperationRecord, "id" | "telegramId" | "chatId" | "kind" | "network" | "payload"> & {
      result: Record<string, unknown>;
    },
  ): Promise<void>;
  /**
   * One page of a person's history, newest first: their own done operations (of `own.kinds`, or all)
   * and the done operations of others that name them as the other person (`received.kinds`), of one
   * asset when `asset` is given. `more` tells whether older entries follow.
   */
  listHistory(telegramId: number, query: HistoryQuery): Promise<{ entries: OperationRecord[]; more: boolean }>;
  /** The assets of a person's history (own and received), for its filter. */
  historyAssets(telegramId: number, receivedKinds: readonly string[]): Promise<string[]>;
  /** Operations left pending or unknown (crash, lost connection): reconciled at startup. */
  listUnfinished(): Promise<OperationRecord[]>;
  /**
   * Takes an unfinished operation over for reconciliation: moves its `updatedAt` to `now` only if it
   * still shows `seen` (nobody settled or took it over since it was read). Only one of several
   * instances reading the same row wins; the others leave it alone for the send window.
   */
  takeOver(id: string, seen: Date, now: Date): Promise<boolean>;
  /**
   * Proposed operations, oldest expiry first, at most `limit`; with `expiredBy`, only those whose
   * expiry is at or before it.
   */
  listProposed(limit: number, expiredBy?: Date): Promise<OperationRecord[]>;
  /**
   * proposed → expired when its expiry is at or before `by`; false when it is not proposed any more
   * (claimed, cancelled, expired by another) or not yet due. A claim and this are one conditional
   * write each, so exactly one of them wins a row.
   */
  expire(id: string, by: Date): Promise<boolean>;
}

/** grammY's StorageAdapter shape, persisted (sessions, conversation state). */
export interface KeyValueStore<T> {
  read(key: string): Promise<T | undefined>;
  /** The value with the JSON text it was stored as (a session compares with it: src/storage/chat-sessions.ts). */
  readWithText?(key: string): Promise<{ value: T; text: string } | undefined>;
  write(key: string, value: T): Promise<void>;
  delete(key: string): Promise<void>;
}

export interface Storage {
  users: UsersRepo;
  operations: OperationsRepo;
  /** A persistent key-value store under a namespace ("session", "conversation", …). */
  kv<T>(namespace: string): KeyValueStore<T>;
  close(): Promise<void>;
}
