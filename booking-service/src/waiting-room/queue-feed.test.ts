import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueueEvent } from '../contract/waiting-room.ts';
import { createQueueFeed, QUEUE_FEED_INTERVAL_MS, QUEUE_PROGRESS_INTERVAL_MS, SEND_BURST, SEND_BURST_PAUSE_MS, SEND_SPREAD_MS } from './queue-feed.ts';

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

  it.each([
    { crowd: 4_000, burst: SEND_BURST },
    // A larger crowd: larger bursts, the same spread.
    { crowd: 10_000, burst: 250 },
  ])('tells a crowd of $crowd sold out $burst streams at a time, everyone within the spread', async ({ crowd, burst }) => {
    let current = start;
    const feed = createQueueFeed({ read: async () => current, drawnPlaces: async () => new Map() }, () => {});
    const told: number[] = [];
    for (let i = 0; i < crowd; i++) feed.subscribe('e', start, (e) => e.soldOut && told.push(Date.now()));
    current = { ...start, soldOut: true };
    const soldOutAt = Date.now();
    await vi.advanceTimersByTimeAsync(QUEUE_FEED_INTERVAL_MS);
    // The first burst at the read, not the whole crowd.
    expect(told).toHaveLength(burst);
    await vi.advanceTimersByTimeAsync(SEND_BURST_PAUSE_MS);
    expect(told).toHaveLength(2 * burst);
    await vi.advanceTimersByTimeAsync(SEND_SPREAD_MS);
    expect(told).toHaveLength(crowd);
    // Everyone within the read's second and the spread (the goal: 5 s).
    expect(Math.max(...told) - soldOutAt).toBeLessThan(QUEUE_FEED_INTERVAL_MS + SEND_SPREAD_MS);
    feed.close();
  });

  it("keeps each stream's progress on its own beat after news everyone got at once", async () => {
    let current: QueueEvent = { ...start, drawn: false };
    const feed = createQueueFeed({ read: async () => current, drawnPlaces: async () => new Map() }, () => {});
    // 30 moviegoers arrive a second apart before the draw.
    const progressAt: number[] = [];
    for (let i = 0; i < 30; i++) {
      feed.subscribe('e', current, (e) => e.drawn && e.serving > 0 && progressAt.push(Date.now()));
      await vi.advanceTimersByTimeAsync(1_000);
    }
    // The draw reaches everyone at once; then the queue moves every second.
    current = { ...current, drawn: true };
    await vi.advanceTimersByTimeAsync(QUEUE_FEED_INTERVAL_MS);
    for (let second = 1; second <= 15; second++) {
      current = { ...current, serving: second };
      await vi.advanceTimersByTimeAsync(QUEUE_FEED_INTERVAL_MS);
    }
    // Everyone hears of the progress within 15 s, and no second carries more than a few of them.
    expect(progressAt).toHaveLength(30);
    const perSecond = new Map<number, number>();
    for (const at of progressAt) perSecond.set(Math.floor(at / 1000), (perSecond.get(Math.floor(at / 1000)) ?? 0) + 1);
    expect(Math.max(...perSecond.values())).toBeLessThanOrEqual(3);
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
