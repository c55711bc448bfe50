import { clientAddressKey } from './client-address.ts';

/**
 * Caps on open event streams of one kind (live seat maps, waiting-room queues), so
 * that no client can hold enough of them to exhaust the service's sockets and file
 * handles. A stream counts against its client address, its signed-in user (when a
 * token came with it), its topic (a show, an on-sale event) and the whole instance;
 * the first cap reached refuses the stream, and the page falls back to polling.
 */
export interface StreamLimits {
  perAddress: number;
  perUser: number;
  /** Per show, or per on-sale event. */
  perTopic: number;
  total: number;
  /** An IPv6 client counted by its network of this many bits (client-address.ts); default 64. */
  ipv6Prefix?: number;
}

/** How refusals name the streams and what the page does instead. */
export interface StreamWording {
  /** e.g. "live seat maps" */
  streams: string;
  /** e.g. "This show's live seat map" */
  topic: string;
  /** e.g. "the seat map updates every few seconds instead" */
  fallback: string;
}

export interface StreamOwner {
  address: string;
  /** The verified user, when the stream was opened with a bearer token. */
  userId: string | null;
  topic: string;
}

export type StreamAdmission =
  | { admitted: true; release: () => void }
  /** 429: this client holds too many; 503: the show or the instance is full. */
  | { admitted: false; statusCode: 429 | 503; message: string };

export interface StreamLimiter {
  admit(owner: StreamOwner): StreamAdmission;
  openStreams(): number;
}

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

export function createStreamLimiter(limits: StreamLimits, { streams, topic, fallback }: StreamWording): StreamLimiter {
  const addressOf = (owner: StreamOwner) => clientAddressKey(owner.address, limits.ipv6Prefix);
  const byAddress = counter();
  const byUser = counter();
  const byTopic = counter();
  let total = 0;

  function refusal(owner: StreamOwner): Extract<StreamAdmission, { admitted: false }> | null {
    if (byAddress.get(addressOf(owner)) >= limits.perAddress) {
      return { admitted: false, statusCode: 429, message: `Too many ${streams} open from your address (at most ${limits.perAddress}); ${fallback}` };
    }
    if (owner.userId !== null && byUser.get(owner.userId) >= limits.perUser) {
      return { admitted: false, statusCode: 429, message: `Too many ${streams} open for your account (at most ${limits.perUser}); ${fallback}` };
    }
    if (byTopic.get(owner.topic) >= limits.perTopic) {
      return { admitted: false, statusCode: 503, message: `${topic} is full right now; ${fallback}` };
    }
    if (total >= limits.total) {
      return { admitted: false, statusCode: 503, message: `${streams[0]!.toUpperCase()}${streams.slice(1)} are at capacity right now; ${fallback}` };
    }
    return null;
  }

  return {
    admit(owner) {
      const refused = refusal(owner);
      if (refused) return refused;
      const address = addressOf(owner);
      const change = (delta: number) => {
        byAddress.add(address, delta);
        if (owner.userId !== null) byUser.add(owner.userId, delta);
        byTopic.add(owner.topic, delta);
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
