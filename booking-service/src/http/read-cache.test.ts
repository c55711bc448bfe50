import { describe, expect, it } from 'vitest';
import { createReadCache } from './read-cache.ts';
import { serializeJson } from './send-serialized.ts';

describe('read cache', () => {
  it('serves a hit until the entry expires', async () => {
    let clock = 0;
    let loads = 0;
    const cache = createReadCache(() => clock);
    const load = async () => serializeJson({ n: ++loads });
    expect((await cache.get('k', 1000, load))!.plain.toString()).toBe('{"n":1}');
    clock = 999;
    expect((await cache.get('k', 1000, load))!.plain.toString()).toBe('{"n":1}');
    clock = 1000;
    expect((await cache.get('k', 1000, load))!.plain.toString()).toBe('{"n":2}');
  });

  it('shares one load between concurrent misses', async () => {
    let loads = 0;
    const cache = createReadCache();
    const load = async () => {
      loads++;
      await new Promise((r) => setTimeout(r, 10));
      return serializeJson(loads);
    };
    await Promise.all([cache.get('k', 1000, load), cache.get('k', 1000, load), cache.get('k', 1000, load)]);
    expect(loads).toBe(1);
  });

  it('drops an entry on invalidation, and never keeps a value loaded across a write', async () => {
    let value = 'old';
    const cache = createReadCache();
    let release!: () => void;
    const slow = async () => {
      const seen = value;
      await new Promise<void>((r) => (release = r));
      return serializeJson(seen);
    };
    const pending = cache.get('k', 60_000, slow);
    value = 'new';
    cache.invalidate('k'); // a write lands while the old value is being read
    release();
    expect((await pending)!.plain.toString()).toBe('"old"');
    expect((await cache.get('k', 60_000, async () => serializeJson(value)))!.plain.toString()).toBe('"new"');
    cache.invalidatePrefix('k');
    expect((await cache.get('k', 60_000, async () => serializeJson('fresh')))!.plain.toString()).toBe('"fresh"');
  });

  it('does not cache failures', async () => {
    const cache = createReadCache();
    await expect(cache.get('k', 1000, async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect((await cache.get('k', 1000, async () => serializeJson(1)))!.plain.toString()).toBe('1');
  });

  it('compresses only answers big enough to gain from it', () => {
    expect(serializeJson({ a: 1 }).gzip).toBeNull();
    expect(serializeJson({ a: 'x'.repeat(5000) }).gzip!.length).toBeLessThan(200);
  });
});
