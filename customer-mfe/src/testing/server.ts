import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { API, catalogMovie, catalogPage, localVideos, MOVIES, SHOW_DETAIL } from './fixtures';

/** The booking service as the screens see it, with seeded answers; tests override single calls with server.use(). */
export const handlers = [
  http.get(`${API}/api/config`, () =>
    HttpResponse.json({ success: true, imageBaseUrl: `${API}/api/images`, currency: 'USD', theatreTimeZone: 'UTC', holdMinutes: 10, salesCloseMinutes: 15, reholdCooldownMinutes: 10, catalog: 'builtin' }),
  ),
  http.get(`${API}/api/show/all`, () => HttpResponse.json({ success: true, shows: MOVIES })),
  http.get(`${API}/api/show/:id`, ({ params }) =>
    params.id === SHOW_DETAIL.movie._id ? HttpResponse.json(SHOW_DETAIL) : HttpResponse.json({ success: false, message: 'Movie not found' }, { status: 404 }),
  ),
  http.get(`${API}/api/booking/seats/:showId`, () => HttpResponse.json({ success: true, occupiedSeats: ['A1', 'B2'] })),
  http.get(`${API}/api/user/favorites`, () => HttpResponse.json({ success: true, movies: [] })),
  http.get(`${API}/api/user/bookings`, () => HttpResponse.json({ success: true, bookings: [] })),
  http.get(`${API}/api/catalog/movie/:kind`, ({ params }) => {
    const kind = String(params.kind);
    if (kind === 'top_rated') return HttpResponse.json(catalogPage([2001, 2002, 2003, 2004, 2005, 2006, 2007]));
    if (kind === 'popular') return HttpResponse.json(catalogPage([3001, 3002, 3003, 3004, 3005, 3006]));
    if (kind === 'now_playing') return HttpResponse.json(catalogPage(Array.from({ length: 15 }, (_, i) => 4001 + i)));
    if (kind === 'upcoming') return HttpResponse.json(catalogPage(Array.from({ length: 14 }, (_, i) => 5001 + i)));
    return HttpResponse.json(catalogMovie(Number(kind)));
  }),
  http.get(`${API}/api/catalog/movie/:id/videos`, ({ params }) => HttpResponse.json(localVideos(String(params.id)))),
  http.get(`${API}/api/catalog/movie/:id/credits`, ({ params }) =>
    HttpResponse.json({
      success: true,
      id: Number(params.id),
      cast: Array.from({ length: 15 }, (_, i) => ({ id: i, name: `Cast ${i + 1}`, character: `Character ${i + 1}`, profile_path: null })),
    }),
  ),
  http.get(`${API}/api/catalog/movie/:id/similar`, () => HttpResponse.json(catalogPage([6001, 6002, 6003, 6004, 6005, 6006, 6007, 6008]))),
];

export const server = setupServer(...handlers);
