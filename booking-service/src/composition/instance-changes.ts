import { createKnownIds, type KnownIds } from '../http/known-ids.ts';
import { createReadCache, type ReadCache } from '../http/read-cache.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { createSeatFeed, type SeatFeed } from '../seats/seat-feed.ts';
import type { ShowWithMovie } from '../shows/show.ts';
import type { Change, Store } from '../store/types.ts';

/** How often watched shows are read where the store cannot announce other instances' changes. */
const SEAT_POLL_MS = 500;

/**
 * How long the sets of known show and movie ids are trusted without hearing of a change: short
 * where other instances' changes are not heard (as the show lists' TTL), else a safety net.
 */
const KNOWN_IDS_MAX_AGE_MS = { heard: 60_000, unheard: 5_000 };

interface InstanceState {
  cache: ReadCache;
  /** Shows as the booking path reads them (price, cancellation): dropped when the schedule changes (a price, a cancellation). */
  shows: ReadCache<ShowWithMovie>;
  knownIds: { shows: KnownIds; movies: KnownIds };
  seatFeed: SeatFeed;
}

/** What a change means for this instance: cached answers to drop, ids that may now exist, seat maps to push. */
function applyChange(change: Change, { cache, shows, knownIds, seatFeed }: InstanceState) {
  switch (change.kind) {
    case 'seats':
      cache.invalidate(`seats:${change.showId}`);
      seatFeed.changed(change.showId);
      break;
    case 'schedule':
      cache.invalidatePrefix('shows:');
      shows.invalidatePrefix('');
      cache.invalidate(`show:${change.movieId}`);
      knownIds.shows.forget();
      knownIds.movies.forget();
      break;
    case 'resync':
      cache.invalidatePrefix('');
      shows.invalidatePrefix('');
      knownIds.shows.forget();
      knownIds.movies.forget();
      seatFeed.resync();
      break;
  }
}

/**
 * What this instance keeps of the store (the read cache, the known ids, the live seat maps), kept true by
 * the store's change bus: changes made on any instance, this one included, arrive through it. `stop`
 * unsubscribes (at close).
 */
export function followChanges(store: Pick<Store, 'changes' | 'shows' | 'movies'>, metrics: Pick<Metrics, 'changeHeard'>) {
  const seatFeed = createSeatFeed(async (showId) => Object.keys(await store.shows.occupiedSeats(showId)), {
    pollMs: store.changes.crossInstance ? null : SEAT_POLL_MS,
  });
  const maxAgeMs = store.changes.crossInstance ? KNOWN_IDS_MAX_AGE_MS.heard : KNOWN_IDS_MAX_AGE_MS.unheard;
  const state: InstanceState = {
    cache: createReadCache(),
    shows: createReadCache<ShowWithMovie>(),
    knownIds: {
      shows: createKnownIds(() => store.shows.ids(), { maxAgeMs }),
      movies: createKnownIds(() => store.movies.ids(), { maxAgeMs }),
    },
    seatFeed,
  };
  const stop = store.changes.subscribe((change) => {
    if (change.kind !== 'resync' && change.sentAt !== undefined) metrics.changeHeard(change.sentAt, Date.now());
    applyChange(change, state);
  });
  return { ...state, stop };
}
