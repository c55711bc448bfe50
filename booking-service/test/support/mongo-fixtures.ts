import mongoose from 'mongoose';
import type { NewBooking } from '../../src/bookings/booking.ts';
import type { Movie } from '../../src/shows/show.ts';
import { createModels, type Models } from '../../src/db/mongo/models.ts';

/** Models on a connection that never connects: enough to build, validate and cast documents and queries. */
export function offlineModels(): Models {
  return createModels(mongoose.createConnection());
}

export const SHOW_ID = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
export const BOOKING_ID = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
export const TICKET_CODE = 'K7M2P9QX4D';

export function sampleMovie(overrides: Partial<Movie> = {}): Movie {
  return {
    id: '1001',
    title: 'The Long Night',
    tagline: 'Dawn is a rumour.',
    overview: 'A lighthouse keeper waits.',
    posterPath: '/long-night.svg',
    backdropPath: null,
    releaseDate: '2031-04-20',
    runtime: 121,
    genres: [{ id: 18, name: 'Drama' }],
    voteAverage: 7.4,
    voteCount: 2100,
    originalLanguage: 'en',
    casts: [
      { name: 'Ada Lane', character: 'Keeper', profile_path: '/ada.svg' },
      { name: 'Bo Reed', character: '', profile_path: null },
    ],
    ...overrides,
  };
}

export function sampleNewBooking(overrides: Partial<NewBooking> = {}): NewBooking {
  return {
    id: BOOKING_ID,
    userId: 'auth0|abc',
    showId: SHOW_ID,
    seats: ['A1', 'A2'],
    amountCents: 2550,
    holdExpiresAt: new Date('2031-05-01T12:10:00.000Z'),
    paymentLink: `http://localhost:4000/api/checkout/bookings/${BOOKING_ID}`,
    createdAt: new Date('2031-05-01T12:00:00.000Z'),
    ticketCode: TICKET_CODE,
    ...overrides,
  };
}
