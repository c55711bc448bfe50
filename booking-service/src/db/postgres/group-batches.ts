/**
 * Group commit for a database with one session (PGlite): the first call goes at once; calls made
 * while a batch is in the database wait and then go together, as one statement, in the next. Under
 * load a batch carries everything that queued behind the last one, so the number of round trips
 * (and of turns of the database's queue that readers wait behind) stays small; alone, a call waits
 * for nothing. `run` answers one result per item, in order. A PostgreSQL server runs statements
 * side by side, so there each call is a batch of one (see soloBatches).
 */
export type Batched<I, O> = (item: I) => Promise<O>;

export function groupBatches<I, O>(run: (items: I[]) => Promise<O[]>, maxBatch = 500): Batched<I, O> {
  let queue: { item: I; resolve: (value: O) => void; reject: (error: unknown) => void }[] = [];
  let running = false;

  async function drain() {
    running = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(maxBatch);
      try {
        const results = await run(batch.map((entry) => entry.item));
        batch.forEach((entry, i) => entry.resolve(results[i]!));
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    running = false;
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!running) void drain();
    });
}

/** Each call its own batch, all at once (a server with a pool of connections). */
export function soloBatches<I, O>(run: (items: I[]) => Promise<O[]>): Batched<I, O> {
  return async (item) => (await run([item]))[0]!;
}
