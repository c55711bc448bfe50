import { clientAddressKey, DEFAULT_IPV6_PREFIX } from './client-address.ts';

/**
 * Past this many addresses counted at once, the ones whose window has ended are dropped at once, not at the next
 * sweep, and if none has, the oldest: memory stays bounded under a crowd of addresses (the library keeps 5,000).
 */
const MAX_ADDRESSES = 100_000;

interface Window {
  count: number;
  endsAt: number;
}

export interface AddressWindowCounter {
  /** Counts one request of the address; the seconds until its window ends when it is past the limit, else 0. */
  count(address: string): number;
  /** Stops the sweep (the server closed). */
  stop(): void;
}

/**
 * Requests per client address in windows of `windowMs` from each address's first request, as @fastify/rate-limit's
 * in-memory store counts them (an IPv6 address by its network, client-address.ts, as the library does), but synchronously, with one Map
 * entry an address: no promise, callback, options object or LRU reordering a request. Ended windows are swept by a
 * timer once a window. Used for the cacheable public reads (public-reads.ts), where the count is the only work
 * a request does besides its answer.
 */
export function addressWindowCounter(max: number, windowMs: number, now: () => number = Date.now, ipv6Prefix = DEFAULT_IPV6_PREFIX): AddressWindowCounter {
  const windows = new Map<string, Window>();
  const sweep = () => {
    const time = now();
    for (const [address, window] of windows) if (window.endsAt <= time) windows.delete(address);
  };
  const timer = setInterval(sweep, windowMs);
  timer.unref();
  return {
    count(address) {
      const key = clientAddressKey(address, ipv6Prefix);
      const time = now();
      let window = windows.get(key);
      if (window === undefined || window.endsAt <= time) {
        if (window === undefined && windows.size >= MAX_ADDRESSES) {
          sweep();
          if (windows.size >= MAX_ADDRESSES) windows.delete(windows.keys().next().value!);
        }
        window = { count: 0, endsAt: time + windowMs };
        windows.set(key, window);
      }
      return ++window.count > max ? Math.ceil((window.endsAt - time) / 1000) : 0;
    },
    stop() {
      clearInterval(timer);
    },
  };
}
