import { isIPv6 } from 'node:net';
import { normalizeIP } from '@fastify/rate-limit';

/**
 * IPv6 clients are counted by this prefix unless RATE_LIMIT_IPV6_PREFIX says otherwise: one subscriber is given a
 * whole /64, so counting single IPv6 addresses let one client rotate through 2^64 of them past every limit.
 */
export const DEFAULT_IPV6_PREFIX = 64;

/**
 * The key a client address is counted under by every per-address limit (the rate limits, the public reads'
 * counter, the stream caps, the waiting room's joins): an IPv4 address as it is (an IPv4-mapped IPv6 one as its
 * IPv4 address), an IPv6 address by its network of `ipv6Prefix` bits. The rate-limit library's own normalisation,
 * so the library's limits and ours count a client alike.
 */
export function clientAddressKey(address: string, ipv6Prefix: number = DEFAULT_IPV6_PREFIX): string {
  return address.includes(':') && isIPv6(address) ? normalizeIP(address, ipv6Prefix) : address;
}
