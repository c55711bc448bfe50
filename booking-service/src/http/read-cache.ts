/**
 * A small cache of serialized answers (already serialized and compressed) for the hot read routes. Entries live a
 * short time (bounding staleness across service instances) and writes on this
 * instance invalidate them at once. A null value means "not found". Concurrent misses share one load.
 */
import type { SerializedJson } from './send-serialized.ts';

export interface ReadCache {
  get(key: string, ttlMs: number, load: () => Promise<SerializedJson | null>): Promise<SerializedJson | null>;
  invalidate(key: string): void;
  invalidatePrefix(prefix: string): void;
}

export function createReadCache(now: () => number = Date.now, maxEntries = 5_000): ReadCache {
  const entries = new Map<string, { value: SerializedJson | null; expiresAt: number }>();
  const loading = new Map<string, { promise: Promise<SerializedJson | null>; generation: number }>();
  let generation = 0;

  return {
    async get(key, ttlMs, load) {
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now()) return hit.value;
      const pending = loading.get(key);
      if (pending && pending.generation === generation) return pending.promise;
      const started = generation;
      const promise = load().then(
        (value) => {
          loading.delete(key);
          // A write that happened during the load makes this value possibly stale: do not keep it.
          if (started === generation) {
            if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
            entries.set(key, { value, expiresAt: now() + ttlMs });
          }
          return value;
        },
        (error: unknown) => {
          loading.delete(key);
          throw error;
        },
      );
      loading.set(key, { promise, generation: started });
      return promise;
    },
    invalidate(key) {
      generation++;
      entries.delete(key);
    },
    invalidatePrefix(prefix) {
      generation++;
      for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
    },
  };
}
