import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSeatFeed } from './seat-feed.ts';

describe('seat feed', () => {
  afterEach(() => vi.useRealTimers());

  it('sends the current seats, then each change read from the database, once per change', async () => {
    vi.useFakeTimers();
    let seats = ['B2', 'A1'];
    const reads: string[] = [];
    const feed = createSeatFeed(async (id) => {
      reads.push(id);
      return seats;
    }, { pollMs: 1000 });
    const received: string[][] = [];
    const stop = feed.subscribe('show-1', (s) => received.push(s));
    await vi.advanceTimersByTimeAsync(0);
    expect(received).toEqual([['A1', 'B2']]);
    await vi.advanceTimersByTimeAsync(1000); // first poll records the state
    await vi.advanceTimersByTimeAsync(1000); // unchanged: nothing sent
    seats = ['A1', 'B2', 'C3'];
    await vi.advanceTimersByTimeAsync(1000);
    expect(received.at(-1)).toEqual(['A1', 'B2', 'C3']);
    const sent = received.length;
    await vi.advanceTimersByTimeAsync(3000);
    expect(received).toHaveLength(sent);
    stop();
    expect(feed.watchedShows()).toBe(0);
    const readsAfterStop = reads.length;
    await vi.advanceTimersByTimeAsync(5000);
    expect(reads).toHaveLength(readsAfterStop);
  });

  it('reads one show once per tick however many people watch it', async () => {
    vi.useFakeTimers();
    let reads = 0;
    const feed = createSeatFeed(async () => {
      reads++;
      return [];
    }, { pollMs: 1000 });
    for (let i = 0; i < 50; i++) feed.subscribe('show-1', () => {});
    await vi.advanceTimersByTimeAsync(0);
    const initial = reads;
    await vi.advanceTimersByTimeAsync(3000);
    expect(reads - initial).toBe(3);
    feed.close();
  });

  it('pushes a local change at once', async () => {
    let seats: string[] = [];
    const feed = createSeatFeed(async () => seats, { pollMs: null });
    const received: string[][] = [];
    feed.subscribe('s', (s) => received.push(s));
    await new Promise((r) => setTimeout(r, 10));
    seats = ['J9'];
    feed.changed('s');
    await new Promise((r) => setTimeout(r, 10));
    expect(received.at(-1)).toEqual(['J9']);
    feed.close();
  });

  it('keeps watchers connected when a read fails', async () => {
    vi.useFakeTimers();
    let fail = false;
    const feed = createSeatFeed(async () => {
      if (fail) throw new Error('database restarting');
      return ['A1'];
    }, { pollMs: 1000 });
    const received: string[][] = [];
    feed.subscribe('s', (s) => received.push(s));
    await vi.advanceTimersByTimeAsync(1000);
    fail = true;
    await vi.advanceTimersByTimeAsync(3000);
    expect(feed.watchedShows()).toBe(1);
    expect(received.at(-1)).toEqual(['A1']);
    feed.close();
  });

  it('without polling, reads a show only when told it changed, once per change however many watch it', async () => {
    vi.useFakeTimers();
    let reads = 0;
    const feed = createSeatFeed(async () => {
      reads++;
      return [];
    }, { pollMs: null });
    for (let i = 0; i < 50; i++) feed.subscribe('show-1', () => {});
    await vi.advanceTimersByTimeAsync(0);
    const initial = reads; // one per newcomer
    await vi.advanceTimersByTimeAsync(60_000);
    expect(reads).toBe(initial);
    feed.changed('show-1');
    feed.changed('other-show'); // nobody watches it: not read
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toBe(initial + 1);
    feed.close();
  });

  it('reads again after a read in flight when another change arrives meanwhile, and resync reads every watched show', async () => {
    let seats = ['A1'];
    let release: (() => void) | null = null;
    const read: string[] = [];
    const feed = createSeatFeed(async (id) => {
      read.push(id);
      if (release === null && seats.length === 2) await new Promise<void>((r) => (release = r));
      return seats;
    }, { pollMs: null });
    const received: string[][] = [];
    feed.subscribe('s', (s) => received.push(s));
    feed.subscribe('t', () => {});
    await new Promise((r) => setTimeout(r, 10));
    seats = ['A1', 'B1'];
    feed.changed('s'); // this read is held
    await new Promise((r) => setTimeout(r, 10));
    seats = ['A1', 'B1', 'C1'];
    feed.changed('s'); // arrives while the first read runs
    release!();
    await new Promise((r) => setTimeout(r, 10));
    expect(received.at(-1)).toEqual(['A1', 'B1', 'C1']);
    read.length = 0;
    feed.resync();
    await new Promise((r) => setTimeout(r, 10));
    expect(read.sort()).toEqual(['s', 't']);
    feed.close();
  });
});
