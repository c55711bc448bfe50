/**
 * Caps on open live seat-map streams, so that no client can hold enough of them
 * to exhaust the service's sockets and file handles. A stream counts against its
 * client address, its signed-in user (when a token came with it), its show and
 * the whole instance; the first cap reached refuses the stream, and the seat map
 * falls back to polling the cached seat list.
 */
export interface StreamLimits {
  perAddress: number;
  perUser: number;
  perShow: number;
  total: number;
}

export interface StreamOwner {
  address: string;
  /** The verified user, when the stream was opened with a bearer token. */
  userId: string | null;
  showId: string;
}

export type StreamAdmission =
  | { admitted: true; release: () => void }
  /** 429: this client holds too many; 503: the show or the instance is full. */
  | { admitted: false; statusCode: 429 | 503; message: string };

export interface StreamLimiter {
  admit(owner: StreamOwner): StreamAdmission;
  openStreams(): number;
}

const POLLING_HINT = 'the seat map updates every few seconds instead';

function counter() {
  const counts = new Map<string, number>();
  return {
    get: (key: string) => counts.get(key) ?? 0,
    add(key: string, delta: number) {
      const next = (counts.get(key) ?? 0) + delta;
      if (next <= 0) counts.delete(key);
      else counts.set(key, next);
    },
  };
}

export function createStreamLimiter(limits: StreamLimits): StreamLimiter {
  const byAddress = counter();
  const byUser = counter();
  const byShow = counter();
  let total = 0;

  function refusal(owner: StreamOwner): Extract<StreamAdmission, { admitted: false }> | null {
    if (byAddress.get(owner.address) >= limits.perAddress) {
      return { admitted: false, statusCode: 429, message: `Too many live seat maps open from your address (at most ${limits.perAddress}); ${POLLING_HINT}` };
    }
    if (owner.userId !== null && byUser.get(owner.userId) >= limits.perUser) {
      return { admitted: false, statusCode: 429, message: `Too many live seat maps open for your account (at most ${limits.perUser}); ${POLLING_HINT}` };
    }
    if (byShow.get(owner.showId) >= limits.perShow) {
      return { admitted: false, statusCode: 503, message: `This show's live seat map is full right now; ${POLLING_HINT}` };
    }
    if (total >= limits.total) {
      return { admitted: false, statusCode: 503, message: `Live seat maps are at capacity right now; ${POLLING_HINT}` };
    }
    return null;
  }

  return {
    admit(owner) {
      const refused = refusal(owner);
      if (refused) return refused;
      const change = (delta: number) => {
        byAddress.add(owner.address, delta);
        if (owner.userId !== null) byUser.add(owner.userId, delta);
        byShow.add(owner.showId, delta);
        total += delta;
      };
      change(1);
      let released = false;
      return {
        admitted: true,
        release() {
          if (released) return;
          released = true;
          change(-1);
        },
      };
    },
    openStreams: () => total,
  };
}
