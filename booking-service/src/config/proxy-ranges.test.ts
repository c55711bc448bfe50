import { describe, expect, it } from 'vitest';
import { proxyListProblems, proxyRangeProblem } from './proxy-ranges.ts';

describe('TRUST_PROXY ranges', () => {
  it.each(['127.0.0.1', '10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '10.1.2.3/32', '::1', 'fc00::/7', 'fe80::/10', '203.0.113.0/24', '2001:db8::/48', '100.64.0.0/10'])(
    'trusts %s (a proxy or a private network)',
    (entry) => expect(proxyRangeProblem(entry)).toBeNull(),
  );

  it.each([
    ['0.0.0.0/0', 'all of IPv4'],
    ['0.0.0.0/1', 'half of IPv4'],
    ['128.0.0.0/1', 'the other half'],
    ['8.0.0.0/8', 'a public /8'],
    ['::/0', 'all of IPv6'],
    ['2000::/3', 'all global IPv6 unicast'],
    ['::ffff:0:0/96', 'all of IPv4, mapped into IPv6'],
    ['0.0.0.0/7', 'a range reaching past the private /8'],
  ])('refuses %s (%s)', (entry) => expect(proxyRangeProblem(entry)).toMatch(/covers public addresses/));

  it.each(['10.0.0.5/33', '1.2.3', 'fe80::/129', 'loopback', '300.1.1.1'])('refuses %s as no address or range', (entry) =>
    expect(proxyRangeProblem(entry)).toMatch(/is not an IP address or CIDR range/),
  );

  it('lists every problem of a list, and an empty entry', () => {
    expect(proxyListProblems('10.0.0.5, 127.0.0.1')).toEqual([]);
    expect(proxyListProblems('0.0.0.0/1,128.0.0.0/1')).toHaveLength(2);
    expect(proxyListProblems('10.0.0.5,,127.0.0.1')).toEqual(['has an empty entry']);
  });
});
