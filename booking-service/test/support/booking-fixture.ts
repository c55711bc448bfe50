import type { BookingWithDetails } from '../../src/bookings/booking.ts';

/** A moment of the fixtures: Dec 1, 2026, 6:30 PM in Kolkata (the built-in chain's clock). */
export const T0 = new Date('2026-12-01T13:00:00.000Z');
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

/** A booking with its show, movie and customer, held since T0 for ten minutes unless `overrides` say otherwise (unit tests). */
export function bookingWithDetails(overrides: Partial<BookingWithDetails> = {}): BookingWithDetails {
  return {
    id: 'b1', userId: 'u1', showId: 's1', seats: ['E5', 'E6'], amountCents: 2500, status: 'held', isPaid: false, paymentLink: null,
    paymentSessionId: null, paymentIntentId: null, holdExpiresAt: minutes(10), paidAt: null, createdAt: T0, ticketCode: 'K7M2P9QX4D',
    refundStatus: null, refundReason: null, refundId: null, confirmation: null, admittedAt: null, cancelledAt: null,
    returnedSeats: [], returnedCents: 0,
    user: { id: 'u1', name: 'Ana Lima', email: 'ana@example.com' },
    show: {
      id: 's1', movieId: 'm1', startsAt: minutes(24 * 60), priceCents: 1250, screenId: 'screen-1', seatPriceCents: {}, cancelledAt: null,
      movie: { id: 'm1', title: 'Film', tagline: '', overview: '', posterPath: null, backdropPath: null, releaseDate: '2026-01-01', runtime: 100, genres: [], voteAverage: 0, voteCount: 0, originalLanguage: 'en', casts: [] },
    },
    ...overrides,
  };
}
