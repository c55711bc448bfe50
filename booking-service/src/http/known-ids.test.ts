import { describe, expect, it } from 'vitest';
import { createKnownIds } from './known-ids.ts';

describe('known ids', () => {
  it('answers from one load until forgotten, then loads again', async () => {
    let loads = 0;
    let stored = ['a', 'b'];
    const known = createKnownIds(async () => (loads++, stored), { maxAgeMs: 60_000 });
    expect(await Promise.all([known.has('a'), known.has('zzz'), known.has('b')])).toEqual([true, false, true]);
    for (let i = 0; i < 100; i++) expect(await known.has(`made-up-${i}`)).toBe(false);
    expect(loads).toBe(1);
    stored = ['a', 'b', 'c'];
    expect(await known.has('c')).toBe(false);
    known.forget();
    expect(await known.has('c')).toBe(true);
    expect(loads).toBe(2);
  });

  it('loads again once the set is older than its maximum age', async () => {
    let clock = 0;
    let stored = ['a'];
    const known = createKnownIds(async () => stored, { maxAgeMs: 5_000, now: () => clock });
    expect(await known.has('b')).toBe(false);
    stored = ['a', 'b'];
    clock = 4_999;
    expect(await known.has('b')).toBe(false);
    clock = 5_000;
    expect(await known.has('b')).toBe(true);
  });

  it('does not keep a set loaded across a forget (it may miss the new id)', async () => {
    let stored = ['a'];
    let release!: () => void;
    const known = createKnownIds(
      async () => {
        const seen = [...stored];
        await new Promise<void>((r) => (release = r));
        return seen;
      },
      { maxAgeMs: 60_000 },
    );
    const pending = known.has('b');
    stored = ['a', 'b'];
    known.forget(); // the show is added while the old set is being read
    release();
    expect(await pending).toBe(false);
    const next = known.has('b');
    release();
    expect(await next).toBe(true);
  });

  it('does not keep a failed load', async () => {
    let fail = true;
    const known = createKnownIds(async () => (fail ? Promise.reject(new Error('down')) : ['a']), { maxAgeMs: 60_000 });
    await expect(known.has('a')).rejects.toThrow('down');
    fail = false;
    expect(await known.has('a')).toBe(true);
  });
});
