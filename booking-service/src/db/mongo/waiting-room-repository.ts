import type { WaitingRoomRepository } from '../../waiting-room/waiting-room-repository.ts';

const UNSUPPORTED = 'On-sale events and their waiting room need the PostgreSQL or PGlite store; this service runs on MongoDB, which does not keep a waiting room';

/**
 * MongoDB refuses on-sale events (issue 30 allows it): there are none, so every show sells as usual, and
 * creating one is refused with a message saying why. The rest answer as for an unknown event.
 */
export function createUnsupportedWaitingRoomRepository(): WaitingRoomRepository {
  const none = async () => null;
  const unsupported = async (): Promise<never> => {
    throw new Error(UNSUPPORTED);
  };
  return {
    createEvent: async () => ({ refused: 'unsupported', message: UNSUPPORTED }),
    events: async () => [],
    pulse: unsupported,
    entry: none,
    drawnPlaces: async () => new Map(),
    findEntry: none,
    join: unsupported,
    draw: async () => false,
    admitNext: async () => 0,
    entryClaiming: none,
    leave: none,
    figures: unsupported,
    setPaused: unsupported,
    admitEntry: none,
    removeEntry: none,
    cancelEvent: async () => 'not-found',
    actions: async () => [],
  };
}
