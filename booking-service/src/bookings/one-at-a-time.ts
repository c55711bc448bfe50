/**
 * Runs tasks with the same key one after another (different keys run freely),
 * so a check-then-write for one account cannot interleave with another of the
 * same account on this instance.
 */
export function oneAtATimePerKey() {
  const tails = new Map<string, Promise<unknown>>();
  return async function run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = tails.get(key) ?? Promise.resolve();
    const current = previous.catch(() => {}).then(task);
    tails.set(key, current);
    try {
      return await current;
    } finally {
      if (tails.get(key) === current) tails.delete(key);
    }
  };
}
