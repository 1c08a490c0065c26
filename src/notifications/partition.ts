/**
 * The watched users shared among the live bot instances. Each instance renews a row in
 * `watch_instances` (a lease of `leaseMs`, renewed every third of it); the live rows, ordered by
 * instance id, give each instance an index, and an instance polls the users whose Telegram id modulo
 * the number of live instances is its index. When an instance stops its row goes at once; when one
 * dies its lease lapses and at the next renewal the others count one fewer and take its users over.
 *
 * Nothing is fenced: while a change of the live set spreads (one renewal at most) two instances may
 * poll the same user, which costs calls and nothing else, for every write a poll makes is guarded by
 * what it replaces (an object's state, a slot's due time) and a notice's id is unique, so a change is
 * stored and announced once whoever sees it (docs/decisions/056-watcher-partitions.md).
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../storage/schema.js";

/** This instance's part of the users: those whose id modulo `count` is `index`. */
export interface WatchShare {
  index: number;
  count: number;
}

export interface PartitionOptions {
  /** How long an instance counts as live after its last renewal. */
  leaseMs?: number;
  /** Names this instance (random by default). */
  instanceId?: string;
  now?: () => number;
}

export const DEFAULT_WATCH_LEASE_MS = 15_000;

export class WatchPartition {
  readonly instanceId: string;
  readonly leaseMs: number;
  #share: WatchShare | undefined;
  #startedAt: number | undefined;
  readonly #now: () => number;

  constructor(
    private readonly db: Kysely<Database>,
    options: PartitionOptions = {},
  ) {
    this.instanceId = options.instanceId ?? randomUUID();
    this.leaseMs = options.leaseMs ?? DEFAULT_WATCH_LEASE_MS;
    this.#now = options.now ?? Date.now;
  }

  /** How often `renew` should run: three renewals a lease, so one late renewal does not lose it. */
  get renewEveryMs(): number {
    return Math.max(1, Math.floor(this.leaseMs / 3));
  }

  /** This instance's share as of the last renewal; undefined before the first (poll nothing yet). */
  share(): WatchShare | undefined {
    return this.#share;
  }

  /**
   * Renews this instance's lease, forgets instances dead for a while, and reads the live set: returns
   * this instance's share. Its lease is renewed before the set is read, so it is always in it.
   */
  async renew(): Promise<WatchShare> {
    const now = this.#now();
    this.#startedAt ??= now;
    await this.db
      .insertInto("watch_instances")
      .values({ instance_id: this.instanceId, lease_until: now + this.leaseMs, started_at: this.#startedAt })
      .onConflict((oc) => oc.column("instance_id").doUpdateSet({ lease_until: now + this.leaseMs }))
      .execute();
    // A lapsed row changes nothing (it is not counted); dropping it later keeps the table small.
    await this.db.deleteFrom("watch_instances").where("lease_until", "<", now - 10 * this.leaseMs).execute();
    const live = await this.db
      .selectFrom("watch_instances")
      .select("instance_id")
      .where("lease_until", ">", now)
      .orderBy("instance_id")
      .execute();
    const ids = live.map((r) => r.instance_id);
    const index = ids.indexOf(this.instanceId);
    this.#share = index < 0 ? { index: 0, count: 1 } : { index, count: ids.length };
    return this.#share;
  }

  /** Leaves the live set at once (a clean stop): the others take this instance's users at their next renewal. */
  async leave(): Promise<void> {
    this.#share = undefined;
    await this.db.deleteFrom("watch_instances").where("instance_id", "=", this.instanceId).execute();
  }
}
