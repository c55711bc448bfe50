import { describe, expect, it } from 'vitest';
import { seatPagePath, waitingRoomPath } from './seat-page-path';

const show = '0b6f3a52-9f1e-4d8e-9a51-0c2f1d7e4b10';
const event = '5d1c0e8e-3c0f-4b3a-8f6e-2b9d4c7a1e22';

describe('the waiting room on the seat page', () => {
  it('is the seat page of the show with the event in `queue`, and leads back to it without', () => {
    const path = waitingRoomPath(event, { movieId: '1027', date: '2026-12-01', showId: show });
    expect(path).toBe(`/movies/1027/2026-12-01?show=${show}&queue=${event}`);
    const url = new URL(path, 'http://x');
    expect(seatPagePath(url.pathname, url.searchParams)).toBe(`/movies/1027/2026-12-01?show=${show}`);
    expect(seatPagePath('/movies/1027/2026-12-01', new URLSearchParams({ queue: event }))).toBe('/movies/1027/2026-12-01');
  });
});
