/**
 * Public reads the bot reuses for a while (pair lists, fiat lists, rates): lru-cache's fetch, on the
 * bot's clock. A read in flight is shared, so people asking at the same moment cost one call; a
 * failed read is not kept.
 */
import { LRUCache } from "lru-cache";
import type { BotDeps } from "../context.js";

/** Keys are few (a network, a network and a currency): the bound only guards a mistake. */
const MAX_KEYS = 100;

/** `read`, kept `ttlMs` per key. */
export function keptReads<K extends string, V extends object>(
  deps: Pick<BotDeps, "now">,
  ttlMs: number,
  read: (key: K) => Promise<V>,
): (key: K) => Promise<V> {
  const cache = new LRUCache<K, V>({
    max: MAX_KEYS,
    ttl: ttlMs,
    // Judged on every read, by the bot's clock (tests move it).
    ttlResolution: 0,
    perf: { now: () => deps.now().getTime() },
    fetchMethod: (key) => read(key),
  });
  return (key) => cache.forceFetch(key);
}
