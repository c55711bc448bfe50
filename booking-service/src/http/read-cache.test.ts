import { describe, expect, it } from 'vitest';
import { createReadCache } from './read-cache.ts';
import { serializeJson } from './send-serialized.ts';

describe('read cache', () => {
  it('serves a hit until the entry expires, then the aged entry once while one load refreshes it', async () => {
    let clock = 0;
    let loads = 0;
    const cache = createReadCache(() => clock);
    let release!: () => void;
    let gate = Promise.resolve();
    const load = async () => {
      const n = ++loads;
      await gate;
      return serializeJson({ n });
    };
    expect((await cache.get('k', 1000, load))!.plain.toString()).toBe('{"n":1}');
    clock = 999;
    expect((await cache.get('k', 1000, load))!.plain.toString()).toBe('{"n":1}');
    clock = 1000;
    // Aged: the readers get the old answer at once, not after the database; one refresh runs.
    gate = new Promise<void>((r) => (release = r));
    expect((await cache.get('k', 1000, load))!.plain.toString()).toBe('{"n":1}');
    expect((await cache.get('k', 1000, load))!.plain.toString()).toBe('{"n":1}');
    expect(loads).toBe(2);
    release();
    await gate;
    await new Promise((r) => setImmediate(r));
    expect((await cache.get('k', 1000, load))!.plain.toString()).toBe('{"n":2}');
  });

  it('never serves an invalidated entry, aged or not', async () => {
    let clock = 0;
    let value = 'old';
    const cache = createReadCache(() => clock);
    const load = async () => serializeJson(value);
    await cache.get('k', 1000, load);
    clock = 5000;
    value = 'new';
    cache.invalidate('k');
    expect((await cache.get('k', 1000, load))!.plain.toString()).toBe('"new"');
  });

  it("keeps another key's load when one key is invalidated (a rush on one show spares the rest)", async () => {
    let loads = 0;
    const cache = createReadCache();
    let release!: () => void;
    const slow = async () => {
      loads++;
      await new Promise<void>((r) => (release = r));
      return serializeJson('list');
    };
    const pending = cache.get('shows:all', 60_000, slow);
    cache.invalidate('seats:1');
    release();
    await pending;
    await cache.get('shows:all', 60_000, slow);
    expect(loads).toBe(1);
  });

  it('forgets an aged entry whose refresh failed, so the next reader hears of the failure', async () => {
    let clock = 0;
    const cache = createReadCache(() => clock);
    await cache.get('k', 1000, async () => serializeJson(1));
    clock = 2000;
    const failing = async () => Promise.reject(new Error('down'));
    expect((await cache.get('k', 1000, failing))!.plain.toString()).toBe('1');
    await new Promise((r) => setImmediate(r));
    await expect(cache.get('k', 1000, failing)).rejects.toThrow('down');
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
