import { describe, expect, it } from 'vitest';
import { cinemaDays } from './cinema-days';

const movie = (id: string) => ({ _id: id, title: `Movie ${id}` }) as never;
const time = (showId: string, showDateTime: string) => ({ showId, showDateTime, screenId: 's-1', screenName: 'Screen 1', format: 'Standard' });

describe("a cinema's shows by day", () => {
  const shows = [
    { movie: movie('1'), times: [time('a', '2026-12-01T10:00:00.000Z'), time('b', '2026-12-01T20:00:00.000Z'), time('c', '2026-12-02T10:00:00.000Z')] },
    { movie: movie('2'), times: [time('d', '2026-12-02T12:00:00.000Z')] },
  ];

  it("groups each day's movies and times on the cinema's clock, days in order", () => {
    const days = cinemaDays(shows, 'UTC', () => true);
    expect([...days.keys()]).toEqual(['2026-12-01', '2026-12-02']);
    expect(days.get('2026-12-01')!.map((entry) => [entry.movie._id, entry.times.map((t) => t.showId)])).toEqual([['1', ['a', 'b']]]);
    expect(days.get('2026-12-02')!.map((entry) => [entry.movie._id, entry.times.map((t) => t.showId)])).toEqual([['1', ['c']], ['2', ['d']]]);
    // 8:00 PM UTC on Dec 1 is 1:30 AM on Dec 2 in Mumbai.
    expect(cinemaDays(shows, 'Asia/Kolkata', () => true).get('2026-12-02')!.map((entry) => entry.times.map((t) => t.showId))).toEqual([['b', 'c'], ['d']]);
  });

  it('leaves out times no longer offered, and a day left with none', () => {
    const days = cinemaDays(shows, 'UTC', (startsAt) => startsAt > '2026-12-01T12:00:00.000Z');
    expect(days.get('2026-12-01')!.flatMap((entry) => entry.times.map((t) => t.showId))).toEqual(['b']);
    expect([...cinemaDays(shows, 'UTC', (startsAt) => startsAt >= '2026-12-02').keys()]).toEqual(['2026-12-02']);
  });
});
