import type { Change, ChangeBus } from '../store/types.ts';

/** The subscribers of one process; the database-backed buses deliver into one of these. */
export interface LocalChangeBus extends ChangeBus {
  deliver(change: Change): void;
}

/**
 * Changes within one process: enough when only one process can open the database
 * (embedded PGlite holds its data folder), and the part every other bus builds on.
 */
export function createLocalChangeBus(crossInstance = true): LocalChangeBus {
  const listeners = new Set<(change: Change) => void>();
  const deliver = (change: Change) => {
    for (const listener of listeners) listener(change);
  };
  return {
    crossInstance,
    deliver,
    async publish(change) {
      deliver(change);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
