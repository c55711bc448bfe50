import type { Booking, Movie } from 'booking-service/contract';

/** When the tests run, as the pages see it (src/testing/setup.ts): the fixtures' shows (2026-12-01 and 02) are ahead. */
export const FIXTURE_NOW = new Date('2026-11-28T12:00:00.000Z');

export const API = 'http://api.test';

export function movie(id: number, overrides: Partial<Movie> = {}): Movie {
  return {
    _id: String(id),
    title: `Movie ${id}`,
    tagline: `Tagline ${id}`,
    overview: `Overview of movie ${id}.`,
    poster_path: `/poster-${id}.svg`,
    backdrop_path: `/backdrop-${id}.svg`,
    release_date: '2026-11-01',
    runtime: 148,
    genres: [
      { id: 28, name: 'Action' },
      { id: 18, name: 'Drama' },
    ],
    vote_average: 7.4,
    vote_count: 1234,
    original_language: 'en',
    casts: Array.from({ length: 14 }, (_, i) => ({ name: `Actor ${i + 1}`, character: `Role ${i + 1}`, profile_path: null })),
    ...overrides,
  };
}

export const MOVIES = [1001, 1002, 1003, 1004, 1005, 1006, 1007].map((id) => movie(id));

export const SHOW_ID = '11111111-1111-4111-8111-111111111111';
export const SHOW_ID_2 = '22222222-2222-4222-8222-222222222222';

export const SHOW_DETAIL = {
  success: true as const,
  movie: MOVIES[0]!,
  dateTime: {
    '2026-12-01': [
      { time: '2026-12-01T10:00:00.000Z', showId: SHOW_ID, price: 13 },
      { time: '2026-12-01T18:30:00.000Z', showId: SHOW_ID_2, price: 13 },
    ],
    '2026-12-02': [{ time: '2026-12-02T10:00:00.000Z', showId: '33333333-3333-4333-8333-333333333333', price: 13 }],
  },
};

export function catalogSummary(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    title: `Catalog ${id}`,
    original_title: `Catalog ${id}`,
    overview: 'Catalog overview',
    poster_path: `/poster-${id}.svg`,
    backdrop_path: `/backdrop-${id}.svg`,
    release_date: '2026-10-01',
    vote_average: 8.1,
    vote_count: 4321,
    genre_ids: [28],
    adult: false,
    original_language: 'en',
    popularity: 10,
    video: false,
    ...overrides,
  };
}

export function catalogPage(ids: number[]) {
  return { success: true, page: 1, results: ids.map((id) => catalogSummary(id)), total_pages: 1, total_results: ids.length };
}

export function catalogMovie(id: number, overrides: Record<string, unknown> = {}) {
  return {
    ...catalogSummary(id),
    tagline: 'A tagline from the database',
    runtime: 125,
    genres: [
      { id: 28, name: 'Action' },
      { id: 53, name: 'Thriller' },
    ],
    status: 'Released',
    budget: 150000000,
    revenue: 0,
    production_companies: Array.from({ length: 5 }, (_, i) => ({ id: 7000 + i, name: `Company ${i + 1}`, logo_path: null, origin_country: 'US' })),
    homepage: '',
    imdb_id: null,
    spoken_languages: [{ english_name: 'English', iso_639_1: 'en', name: 'English' }],
    success: true,
    ...overrides,
  };
}

export function localVideos(id: number | string) {
  return {
    success: true,
    id: Number(id),
    results: [{ id: `v-${id}`, key: `trailer-${id}-1`, name: 'Official Trailer', site: 'Local', type: 'Trailer', size: 1080, official: true }],
  };
}

export function booking(overrides: Partial<Booking> & { ticketCode?: string } = {}): Booking & { ticketCode?: string } {
  return {
    _id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    amount: 25.5,
    bookedSeats: ['C3', 'C4'],
    isPaid: false,
    status: 'held',
    paymentLink: 'http://api.test/api/checkout/aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    holdExpiresAt: new Date(Date.now() + 9 * 60_000 + 41_000).toISOString(),
    createdAt: new Date().toISOString(),
    show: { _id: SHOW_ID, showDateTime: '2026-12-01T18:30:00.000Z', showPrice: 12.75, movie: MOVIES[0]! },
    ...overrides,
  };
}
