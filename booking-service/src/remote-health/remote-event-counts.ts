import type { REMOTE_EVENTS } from '../contract/schemas.ts';

export type RemoteEvent = (typeof REMOTE_EVENTS)[number];

export interface RemoteVersionCounts {
  remote: string;
  version: string;
  /** Loads attempted: loaded plus load-failed. */
  loads: number;
  /** load-failed plus render-failed. */
  failures: number;
}

export interface RemoteEventCounts {
  record(remote: string, version: string, event: RemoteEvent): void;
  all(): RemoteVersionCounts[];
}

/**
 * Counts, in this instance's memory, the shell's reports of each remote
 * version's loads and failures: what the deploy command's `watch` reads to
 * roll a failing canary back. At most `maxVersions` versions are kept (the
 * oldest reported is dropped first), so no client can grow it without bound.
 */
export function createRemoteEventCounts({ maxVersions = 200 } = {}): RemoteEventCounts {
  const counts = new Map<string, RemoteVersionCounts>();
  return {
    record(remote, version, event) {
      const key = `${remote} ${version}`;
      let entry = counts.get(key);
      if (!entry) {
        if (counts.size >= maxVersions) counts.delete(counts.keys().next().value!);
        entry = { remote, version, loads: 0, failures: 0 };
        counts.set(key, entry);
      }
      if (event !== 'render-failed') entry.loads += 1;
      if (event !== 'loaded') entry.failures += 1;
    },
    all: () => [...counts.values()].map((entry) => ({ ...entry })),
  };
}
