import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { TEST_API } from 'shared-ui/testing';
import { booking, SHOW_ROWS, SHOWS } from './fixtures';

const days = Array.from({ length: 30 }, (_, i) => ({ date: `2026-11-${String(i + 1).padStart(2, '0')}`, revenue: i, tickets: i % 3 }));

/** The booking service as the admin screens see it; tests override single calls with server.use(). */
export const server = setupServer(
  http.get(`${TEST_API}/api/admin/is-admin`, () => HttpResponse.json({ success: true, isAdmin: true })),
  http.get(`${TEST_API}/api/admin/dashboard`, () =>
    HttpResponse.json({ success: true, dashboardData: { totalBookings: 7, totalRevenue: 123.5, activeShows: SHOWS, totalUser: 4 } }),
  ),
  http.get(`${TEST_API}/api/admin/dashboard/sales`, () =>
    HttpResponse.json({ success: true, days, occupancy: [{ showId: 's1', title: 'Dear Odette', showDateTime: SHOWS[0]!.showDateTime, occupied: 2, capacity: 90 }] }),
  ),
  http.get(`${TEST_API}/api/admin/check-in/shows`, () =>
    HttpResponse.json({ success: true, shows: [{ showId: 's1', movieTitle: 'Dear Odette', showDateTime: SHOWS[0]!.showDateTime, showTime: '7:30 PM', admitted: 42, sold: 88 }] }),
  ),
  http.get(`${TEST_API}/api/config`, () => HttpResponse.json({ success: true, theatreTimeZone: 'America/New_York' })),
  http.get(`${TEST_API}/api/admin/shows`, ({ request }) => {
    const url = new URL(request.url);
    const movieId = url.searchParams.get('movieId');
    const shows = SHOW_ROWS.filter((row) => !movieId || row.movie._id === movieId);
    const pageSize = Number(url.searchParams.get('pageSize') ?? 50);
    return HttpResponse.json({ success: true, shows, page: Number(url.searchParams.get('page') ?? 1), pageSize, total: 45, movies: [{ id: '1001', title: 'Dear Odette' }, { id: '1002', title: 'Sungrazer' }] });
  }),
  http.get(`${TEST_API}/api/admin/all-bookings`, ({ request }) => {
    const url = new URL(request.url);
    const page = Number(url.searchParams.get('page'));
    const paid = url.searchParams.get('paid');
    const items = paid === 'true' ? [booking(`p${page}`, true)] : [booking(`u${page}`, false), booking(`p${page}`, true)];
    return HttpResponse.json({ success: true, bookings: items, page, pageSize: Number(url.searchParams.get('pageSize')), total: 60 });
  }),
  http.get(`${TEST_API}/api/show/now-playing`, () =>
    HttpResponse.json({
      success: true,
      movies: [1001, 1002].map((id) => ({ id, title: `Movie ${id}`, poster_path: null, backdrop_path: null, vote_average: 7.1, vote_count: 23456, release_date: '2026-11-01', overview: '' })),
    }),
  ),
  // A proposed schedule is free unless a test says otherwise; a cinema's schedule is empty.
  http.post(`${TEST_API}/api/admin/shows/check`, () =>
    HttpResponse.json({ success: true, free: true, message: 'Screen 1 is free for every show', runtime: 120, turnoverMinutes: 20, proposed: [], clashes: [] }),
  ),
  http.post(`${TEST_API}/api/show/add`, () => HttpResponse.json({ success: true, message: 'Added 1 show successfully', created: 1, skipped: 0 })),
);
