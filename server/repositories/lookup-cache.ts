/**
 * Short-lived caches of what every ingest request looks up (issue 16): the bridge of an ingest
 * token, and the row and bridges of a data stream. A gateway sending once a second otherwise
 * costs two lookups per request before its blocks reach the group commit.
 *
 * Invalidation within this process is by generation: a revoked token, a deleted stream, sensor
 * or bridge, or a new sensor link bumps the generation of its kind, and every entry cached
 * under an older generation is a miss from then on (changes are rare; a whole cache emptied
 * costs one lookup per sender). Another process sees the change when its entries expire, at
 * most `LOOKUP_CACHE_MS` later (decision 012).
 */

/** How long a lookup is trusted: also how long another process may still see a revoked token. */
export const LOOKUP_CACHE_MS = 5000;

export type LookupKind = 'tokens' | 'streams';

const generations: Record<LookupKind, number> = { tokens: 0, streams: 0 };

/** Called after a change to rows of this kind is committed: cached entries stop counting. */
export function lookupsChanged(kind: LookupKind): void {
  generations[kind] += 1;
}

export interface LookupCache<V> {
  /** Taken before a lookup, and given to `set`: a change during the lookup voids its result. */
  generation(): number;
  get(key: string, now?: number): V | undefined;
  set(key: string, value: V, now?: number, generation?: number): void;
}

/** Entries live `ttlMs` at most (0: nothing is kept) and only within their generation. */
export function createLookupCache<V>(
  kind: LookupKind,
  ttlMs: number,
  maxEntries = 100_000,
): LookupCache<V> {
  const entries = new Map<string, { value: V; at: number; generation: number }>();
  return {
    generation: () => generations[kind],
    get(key, now = Date.now()) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.generation !== generations[kind] || now - entry.at >= ttlMs) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key, value, now = Date.now(), generation = generations[kind]) {
      if (ttlMs <= 0 || generation !== generations[kind]) return;
      // A flood of distinct keys cannot grow the map without bound: the oldest go first.
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(key, { value, at: now, generation });
    },
  };
}
