/**
 * Records of one kind (orders, withdrawals, transfers) of every account in a world: found by server
 * id or by the client id unique within the account, and listed per account.
 */
import { problems } from "../problems.js";

interface Owned {
  id: string;
  userId: number;
  /** Creation order, for stable sorting of records created at the same instant. */
  seq: number;
}

export class Registry<T extends Owned> {
  readonly #byId = new Map<string, T>();
  readonly #byClientId = new Map<string, T>();
  /** Per account, oldest first: listing one account's records must not scan every account's. */
  readonly #byUser = new Map<number, T[]>();

  /** `what` names the kind in 404 replies ("order"). */
  constructor(readonly what: string) {}

  /** Whether the account already used `clientId` for this kind of record (none sent: never). */
  hasClientId(userId: number, clientId: string | undefined): boolean {
    return clientId !== undefined && this.#byClientId.has(`${userId}:${clientId}`);
  }

  /**
   * Stores a new record under its server id and its client id (when the creator sent one), numbering
   * it in creation order.
   */
  add(record: T, clientId: string | undefined): T {
    record.seq = this.#byId.size + 1;
    this.#byId.set(record.id, record);
    if (clientId !== undefined) this.#byClientId.set(`${record.userId}:${clientId}`, record);
    const own = this.#byUser.get(record.userId);
    if (own) own.push(record);
    else this.#byUser.set(record.userId, [record]);
    return record;
  }

  /** The account's record by server id or else client id (the server id wins); 404 when there is none. */
  find(userId: number, ids: { serverId: string | undefined; clientId: string | undefined }): T {
    const record =
      ids.serverId !== undefined
        ? this.#byId.get(ids.serverId)
        : this.#byClientId.get(`${userId}:${ids.clientId}`);
    if (!record || record.userId !== userId) throw problems.notFound(this.what);
    return record;
  }

  /** Every record, oldest first. */
  all(): T[] {
    return [...this.#byId.values()];
  }

  /** The account's records, oldest first. */
  of(userId: number): T[] {
    return [...(this.#byUser.get(userId) ?? [])];
  }

  /** A record of any account by server id. */
  byId(id: string): T | undefined {
    return this.#byId.get(id);
  }
}
