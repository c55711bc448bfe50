import type { AdminBooking, AdminShowRow, Movie, Show } from 'booking-service/contract';

export const movie = (id: string, title: string): Movie => ({
  _id: id,
  title,
  tagline: '',
  overview: 'An overview.',
  poster_path: `/poster-${id}.svg`,
  backdrop_path: null,
  release_date: '2026-11-01',
  runtime: 120,
  genres: [{ id: 18, name: 'Drama' }],
  vote_average: 7.4,
  vote_count: 2345,
  original_language: 'en',
  casts: [],
});

export const SHOWS: Show[] = [
  { _id: 's1', movie: movie('1001', 'Dear Odette'), showDateTime: '2026-12-01T19:30:00.000Z', showPrice: 12.5, occupiedSeats: { A1: 'paid', A2: 'held' } },
  { _id: 's2', movie: movie('1002', 'Sungrazer'), showDateTime: '2026-12-02T21:00:00.000Z', showPrice: 10, occupiedSeats: {} },
];

export const booking = (id: string, isPaid: boolean): AdminBooking => ({
  _id: id,
  amount: 25,
  bookedSeats: ['A1', 'A2'],
  isPaid,
  status: isPaid ? 'paid' : 'held',
  paymentLink: isPaid ? null : 'http://pay.test',
  holdExpiresAt: '2026-12-01T10:10:00.000Z',
  createdAt: '2026-12-01T10:00:00.000Z',
  show: { _id: 's1', showDateTime: SHOWS[0]!.showDateTime, showPrice: 12.5, movie: SHOWS[0]!.movie },
  user: { name: `Customer ${id}` },
});

/** List Shows' rows of SHOWS: one seat paid and one held of the first, none of the second. */
export const SHOW_ROWS: AdminShowRow[] = [
  { _id: 's1', movie: { _id: '1001', title: 'Dear Odette' }, showDateTime: SHOWS[0]!.showDateTime, showPrice: 12.5, soldSeats: 1, heldSeats: 1, totalSeats: 90, revenue: 12.5 },
  { _id: 's2', movie: { _id: '1002', title: 'Sungrazer' }, showDateTime: SHOWS[1]!.showDateTime, showPrice: 10, soldSeats: 0, heldSeats: 0, totalSeats: 90, revenue: 0 },
];
