/**
 * A small cache of serialized answers (already serialized and compressed) for the hot read routes,
 * or of other values read often and changed rarely. A null value means "not found".
 *
 * - Concurrent misses of one key share one load (single-flight).
 * - An entry past its TTL is still served while one load refreshes it in the background
 *   (stale-while-revalidate): readers never queue behind the database for an answer that
 *   merely aged. The TTL bounds staleness where no change is heard (another instance
 *   without a change bus); a stale answer is served at most until its refresh lands.
 * - An invalidated entry is gone at once: after a write, nobody is served the old answer,
 *   and a load that was under way when its key was invalidated is not kept (it may have
 *   read the old state). Invalidation is per key, so a rush of seat changes on one show
 *   does not throw away the loads of every other key.
 */
import type { SerializedJson } from './send-serialized.ts';

export interface ReadCache<V = SerializedJson> {
  get(key: string, ttlMs: number, load: () => Promise<V | null>): Promise<V | null>;
  invalidate(key: string): void;
  invalidatePrefix(prefix: string): void;
}

interface Load<V> {
  promise: Promise<V | null>;
  /** Set when the key was invalidated while loading: the result is handed to its waiters, not kept. */
  invalidated: boolean;
}

export function createReadCache<V = SerializedJson>(now: () => number = Date.now, maxEntries = 5_000): ReadCache<V> {
  const entries = new Map<string, { value: V | null; expiresAt: number }>();
  const loading = new Map<string, Load<V>>();

  function startLoad(key: string, ttlMs: number, load: () => Promise<V | null>): Load<V> {
    const current: Load<V> = { promise: Promise.resolve(null), invalidated: false };
    current.promise = load().then(
      (value) => {
        if (loading.get(key) === current) loading.delete(key);
        if (!current.invalidated) {
          entries.delete(key); // re-inserted last: the oldest entries go first when full
          if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
          entries.set(key, { value, expiresAt: now() + ttlMs });
        }
        return value;
      },
      (error: unknown) => {
        if (loading.get(key) === current) loading.delete(key);
        throw error;
      },
    );
    loading.set(key, current);
    return current;
  }

  function dropLoad(key: string) {
    const pending = loading.get(key);
    if (!pending) return;
    pending.invalidated = true;
    loading.delete(key);
  }

  return {
    async get(key, ttlMs, load) {
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now()) return hit.value;
      const pending = loading.get(key);
      if (hit) {
        // Aged, not invalidated: answer with it and refresh it once in the background.
        // If that refresh fails, the next reader loads (and hears of the failure) itself.
        if (!pending) startLoad(key, ttlMs, load).promise.catch(() => entries.get(key) === hit && entries.delete(key));
        return hit.value;
      }
      return (pending ?? startLoad(key, ttlMs, load)).promise;
    },
    invalidate(key) {
      entries.delete(key);
      dropLoad(key);
    },
    invalidatePrefix(prefix) {
      for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
      for (const key of [...loading.keys()]) if (key.startsWith(prefix)) dropLoad(key);
    },
  };
}
