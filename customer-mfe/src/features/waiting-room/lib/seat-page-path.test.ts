import { describe, expect, it } from 'vitest';
import { seatPagePath, waitingRoomPath } from './seat-page-path';

const show = '0b6f3a52-9f1e-4d8e-9a51-0c2f1d7e4b10';
const event = '5d1c0e8e-3c0f-4b3a-8f6e-2b9d4c7a1e22';

describe('waiting room and seat page links', () => {
  it('goes back to the seat page the waiting page was reached from', () => {
    const path = waitingRoomPath(event, { movieId: '1027', date: '2026-12-01', showId: show });
    expect(path).toBe(`/waiting-room/${event}?movie=1027&date=2026-12-01&show=${show}`);
    expect(seatPagePath(new URL(path, 'http://x').searchParams)).toBe(`/movies/1027/2026-12-01?show=${show}`);
  });
  it('trusts no malformed link', () => {
    expect(seatPagePath(new URLSearchParams({ movie: '//evil', date: '2026-12-01', show }))).toBeNull();
    expect(seatPagePath(new URLSearchParams({ movie: '1027', date: '2026-02-30', show }))).toBeNull();
    expect(seatPagePath(new URLSearchParams({ movie: '1027', date: '2026-12-01', show: 'x' }))).toBeNull();
  });
});
