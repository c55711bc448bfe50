import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueueEvent } from '../contract/waiting-room.ts';
import { createQueueFeed, QUEUE_FEED_INTERVAL_MS, QUEUE_PROGRESS_INTERVAL_MS } from './queue-feed.ts';

const start: QueueEvent = { serving: 0, drawn: true, soldOut: false, paused: false, secondsPerPlace: 4 };

describe('the queue feed', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends sold out to every stream within its second, a stream its turn at once, and the progress at most every 15 s', async () => {
    let current = start;
    const feed = createQueueFeed({ read: async () => current, drawnPlaces: async () => new Map() }, () => {});
    const got = { early: [] as QueueEvent[], place100: [] as QueueEvent[], place900: [] as QueueEvent[] };
    feed.subscribe('e', start, (e) => got.early.push(e));
    feed.subscribe('e', start, (e) => got.place100.push(e), { accountId: 'a100', place: 100 });
    feed.subscribe('e', start, (e) => got.place900.push(e), { accountId: null, place: 900 });
    // Each gets the state on subscribing.
    expect([got.early, got.place100, got.place900].map((list) => list.length)).toEqual([1, 1, 1]);

    // Progress alone is not sent within the 15 s...
    current = { ...start, serving: 50 };
    await vi.advanceTimersByTimeAsync(QUEUE_FEED_INTERVAL_MS);
    expect(got.early).toHaveLength(1);
    // ...except to the stream whose place it reached.
    current = { ...start, serving: 120 };
    await vi.advanceTimersByTimeAsync(QUEUE_FEED_INTERVAL_MS);
    expect(got.place100.at(-1)).toEqual({ ...current, place: 100 });
    expect([got.early.length, got.place900.length]).toEqual([1, 1]);

    // Sold out: everyone, within the second.
    current = { ...current, soldOut: true };
    await vi.advanceTimersByTimeAsync(QUEUE_FEED_INTERVAL_MS);
    expect([got.early, got.place100, got.place900].map((list) => list.at(-1))).toEqual([current, { ...current, place: 100 }, { ...current, place: 900 }]);

    // Nothing new: nothing sent, however long.
    const counts = [got.early.length, got.place100.length, got.place900.length];
    await vi.advanceTimersByTimeAsync(3 * QUEUE_PROGRESS_INTERVAL_MS);
    expect([got.early.length, got.place100.length, got.place900.length]).toEqual(counts);

    // Progress again: sent once the 15 s since each stream's last send have passed.
    current = { ...current, serving: 130, secondsPerPlace: 3 };
    await vi.advanceTimersByTimeAsync(QUEUE_FEED_INTERVAL_MS);
    expect(got.early.at(-1)).toEqual(current);
    feed.close();
  });

  it('stops reading once the last stream leaves', async () => {
    const read = vi.fn(async () => start);
    const feed = createQueueFeed({ read, drawnPlaces: async () => new Map() }, () => {});
    const leave = feed.subscribe('e', start, () => {});
    await vi.advanceTimersByTimeAsync(2 * QUEUE_FEED_INTERVAL_MS);
    expect(read).toHaveBeenCalledTimes(2);
    leave();
    await vi.advanceTimersByTimeAsync(5 * QUEUE_FEED_INTERVAL_MS);
    expect(read).toHaveBeenCalledTimes(2);
    expect(feed.watchedEvents()).toBe(0);
  });

  it('gives pre-queue streams their places with the draw, from one read of the draw\'s list', async () => {
    let current: QueueEvent = { ...start, drawn: false };
    const drawnPlaces = vi.fn(async () => new Map([['fan-a', 7], ['fan-b', 3]]));
    const feed = createQueueFeed({ read: async () => current, drawnPlaces }, () => {});
    const got = { a: [] as QueueEvent[], b: [] as QueueEvent[], gone: [] as QueueEvent[], anonymous: [] as QueueEvent[] };
    feed.subscribe('e', current, (e) => got.a.push(e), { accountId: 'fan-a', place: null });
    feed.subscribe('e', current, (e) => got.b.push(e), { accountId: 'fan-b', place: null });
    // Left (or removed) before the draw: not in its list.
    feed.subscribe('e', current, (e) => got.gone.push(e), { accountId: 'fan-gone', place: null });
    feed.subscribe('e', current, (e) => got.anonymous.push(e));
    await vi.advanceTimersByTimeAsync(2 * QUEUE_FEED_INTERVAL_MS);
    expect(drawnPlaces).not.toHaveBeenCalled();

    current = { ...current, drawn: true };
    await vi.advanceTimersByTimeAsync(QUEUE_FEED_INTERVAL_MS);
    expect(got.a.at(-1)).toEqual({ ...current, place: 7 });
    expect(got.b.at(-1)).toEqual({ ...current, place: 3 });
    expect(got.gone.at(-1)).toEqual(current);
    expect(got.anonymous.at(-1)).toEqual(current);
    expect(drawnPlaces).toHaveBeenCalledTimes(1);

    // Their turn comes at once, like a stream that named its place.
    current = { ...current, serving: 3 };
    await vi.advanceTimersByTimeAsync(QUEUE_FEED_INTERVAL_MS);
    expect(got.b.at(-1)).toEqual({ ...current, place: 3 });
    expect(got.a.at(-1)!.serving).toBe(0);
    expect(drawnPlaces).toHaveBeenCalledTimes(1);
    feed.close();
  });
});
