/**
 * The ids of one kind that exist (shows, movies), held in memory, so that a public read of an
 * unknown id is answered 404 without the database and without a read-cache entry: a stream of
 * made-up ids costs neither a query each nor the eviction of real answers from the cache.
 *
 * The set is loaded on first use (one load shared by concurrent callers) and loaded again after
 * `forget()` (a change that may add an id: a new show or movie, or missed changes) or once it is
 * older than `maxAgeMs` (which bounds how long an id added where no change is heard stays unknown).
 */
export interface KnownIds {
  has(id: string): Promise<boolean>;
  forget(): void;
}

export function createKnownIds(load: () => Promise<Iterable<string>>, options: { maxAgeMs: number; now?: () => number }): KnownIds {
  const now = options.now ?? Date.now;
  let known: { ids: Set<string>; loadedAt: number } | null = null;
  let loading: Promise<Set<string>> | null = null;
  let generation = 0;

  function reload(): Promise<Set<string>> {
    if (loading) return loading;
    const started = generation;
    const loadedAt = now();
    const current = load().then(
      (ids) => {
        const set = new Set(ids);
        // A forget() during the load means the set may miss the id that caused it: do not keep it.
        if (started === generation) known = { ids: set, loadedAt };
        if (loading === current) loading = null;
        return set;
      },
      (error: unknown) => {
        if (loading === current) loading = null;
        throw error;
      },
    );
    loading = current;
    return current;
  }

  return {
    async has(id) {
      if (known && now() - known.loadedAt < options.maxAgeMs) return known.ids.has(id);
      return (await reload()).has(id);
    },
    forget() {
      generation++;
      known = null;
      loading = null;
    },
  };
}
