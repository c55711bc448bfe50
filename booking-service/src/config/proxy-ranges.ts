import ipaddr from 'ipaddr.js';

/**
 * Ranges a proxy may sit in even when they are wide: private, loopback and link-local space holds no client of the
 * public internet. ipaddr.js names each address's range; a range is inside one of these when its first and its
 * last address are (each of them is one contiguous prefix).
 */
const NON_PUBLIC = new Set(['private', 'loopback', 'linkLocal', 'uniqueLocal']);

/** Wider than this and a range holding public addresses trusts a whole region of the internet (a public /8 at least). */
const WIDEST_PUBLIC_PREFIX = { ipv4: 9, ipv6: 33 } as const;

/** The first and the last address of the range. */
function bounds(address: ipaddr.IPv4 | ipaddr.IPv6, bits: number): [ipaddr.IPv4 | ipaddr.IPv6, ipaddr.IPv4 | ipaddr.IPv6] {
  const cidr = `${address.toString()}/${bits}`;
  const family = address.kind() === 'ipv4' ? ipaddr.IPv4 : ipaddr.IPv6;
  return [family.networkAddressFromCIDR(cidr), family.broadcastAddressFromCIDR(cidr)];
}

/**
 * What is wrong with one entry of TRUST_PROXY (an address or a CIDR), or null. A range wider than a /8 of IPv4 (a /32
 * of IPv6) that holds public addresses is refused: believing X-Forwarded-For from all of them lets any client of that
 * part of the internet write its own address, as TRUST_PROXY=true would (0.0.0.0/1,128.0.0.0/1 is all of IPv4).
 */
export function proxyRangeProblem(entry: string): string | null {
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  let bits: number;
  // ipaddr.js also reads IPv4's old short forms (1.2.3 as 1.2.0.3): only the four-part form is an address here.
  if (!entry.includes(':') && !/^\d{1,3}(\.\d{1,3}){3}(\/\d{1,2})?$/.test(entry)) return `"${entry}" is not an IP address or CIDR range`;
  try {
    if (entry.includes('/')) [address, bits] = ipaddr.parseCIDR(entry);
    else [address, bits] = [ipaddr.parse(entry), entry.includes(':') ? 128 : 32];
  } catch {
    return `"${entry}" is not an IP address or CIDR range`;
  }
  // An IPv4-mapped IPv6 range (::ffff:0:0/96) is the IPv4 range it maps: judged as that.
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) {
    [address, bits] = [(address as ipaddr.IPv6).toIPv4Address(), bits - 96];
  }
  if (bits >= WIDEST_PUBLIC_PREFIX[address.kind()]) return null;
  const kinds = new Set(bounds(address, bits).map((end) => end.range()));
  if (kinds.size === 1 && NON_PUBLIC.has([...kinds][0]!)) return null;
  return `"${entry}" covers public addresses of a /${address.kind() === 'ipv4' ? 8 : 32} or wider: every client there could write its own address into X-Forwarded-For`;
}

/** The problems of a comma-separated TRUST_PROXY list of addresses and ranges (none: it may be trusted). */
export function proxyListProblems(raw: string): string[] {
  const entries = raw.split(',').map((entry) => entry.trim());
  if (entries.some((entry) => entry === '')) return ['has an empty entry'];
  return entries.map(proxyRangeProblem).filter((problem): problem is string => problem !== null);
}
