import { afterEach, describe, expect, it, vi } from 'vitest';
import { releaseFor } from './canary';

const config = {
  customer: '/releases/customer/stable/mf-manifest.json',
  versions: { customer: '0.1.0-aaaaaaaa' },
  canary: { customer: { manifest: '/releases/customer/canary/mf-manifest.json', version: '0.2.0-bbbbbbbb', share: 0.25 } },
};
const STABLE = { manifest: '/releases/customer/stable/mf-manifest.json', version: '0.1.0-aaaaaaaa' };
const CANARY = { manifest: '/releases/customer/canary/mf-manifest.json', version: '0.2.0-bbbbbbbb' };

afterEach(() => localStorage.clear());

describe('a canary in remotes.json', () => {
  it('serves the canary to browsers whose kept place is within its share, the stable release to the others', () => {
    localStorage.setItem('remote-canary-bucket', '0.1');
    expect(releaseFor(config, 'customer')).toEqual(CANARY);
    localStorage.setItem('remote-canary-bucket', '0.25');
    expect(releaseFor(config, 'customer')).toEqual(STABLE);
    expect(releaseFor(config, 'admin')).toEqual({ manifest: undefined, version: 'unknown' });
  });

  it('draws a browser its place once and keeps it, so it stays on the release it got', () => {
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.2);
    expect(releaseFor(config, 'customer')).toEqual(CANARY);
    random.mockReturnValue(0.9);
    expect(releaseFor(config, 'customer')).toEqual(CANARY);
    expect(localStorage.getItem('remote-canary-bucket')).toBe('0.2');
    expect(random).toHaveBeenCalledTimes(1);
  });

  it('gives a browser without storage the stable release', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('storage is disabled');
    });
    expect(releaseFor(config, 'customer')).toEqual(STABLE);
  });
});
