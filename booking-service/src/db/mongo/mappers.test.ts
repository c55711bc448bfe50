import { describe, expect, it } from 'vitest';
import { BOOKING_ID, offlineModels, sampleMovie, sampleNewBooking, SHOW_ID, TICKET_CODE } from '../../../test/support/mongo-fixtures.ts';
import type { Booking } from '../../bookings/booking.ts';
import {
  bookingDocument,
  checkoutSessionDocument,
  movieDocument,
  outboxDocument,
  showDocument,
  toBooking,
  toCheckoutSession,
  toMovie,
  toOutboxMessage,
  toShow,
  toUser,
} from './mappers.ts';
import type { BookingDocument, CheckoutSessionDocument, MovieDocument, OutboxDocument, ShowDocument, UserDocument } from './schemas.ts';

/** Documents <-> the service's types, directly and through mongoose's casting (what a read returns). */

const models = offlineModels();
const at = new Date('2031-05-01T12:00:00.000Z');
const showStartsAt = new Date('2031-05-02T19:30:00.000Z');

describe('MongoDB mappers', () => {
  it('stores a movie under its catalogue id and reads it back unchanged, without storage fields', () => {
    const movie = sampleMovie();
    const doc = movieDocument(movie, at);
    expect(doc).toMatchObject({ _id: '1001', title: movie.title, createdAt: at });
    expect(doc).not.toHaveProperty('id');
    expect(toMovie(doc)).toEqual(movie);
    // As mongoose casts it on the way in and out.
    expect(toMovie(new models.Movie(doc).toObject<MovieDocument>())).toEqual(movie);
  });

  it('reads an older movie document that lacks optional fields with their defaults', () => {
    const sparse = { _id: '7', title: 'Bare', runtime: 90, voteAverage: 5, voteCount: 3, createdAt: at } as unknown as MovieDocument;
    expect(toMovie(sparse)).toEqual({
      id: '7',
      title: 'Bare',
      tagline: '',
      overview: '',
      posterPath: null,
      backdropPath: null,
      releaseDate: '',
      runtime: 90,
      genres: [],
      voteAverage: 5,
      voteCount: 3,
      originalLanguage: 'en',
      casts: [],
    });
  });

  it('maps shows both ways', () => {
    const doc = showDocument('1001', { startsAt: showStartsAt, priceCents: 1250, screenId: 'marquee-saket-central-1', seatPriceCents: { premium: 1800 } }, SHOW_ID, at);
    expect(doc).toEqual({ _id: SHOW_ID, movieId: '1001', startsAt: showStartsAt, priceCents: 1250, screenId: 'marquee-saket-central-1', seatPriceCents: { premium: 1800 }, cancelledAt: null, createdAt: at });
    const show = { id: SHOW_ID, movieId: '1001', startsAt: showStartsAt, priceCents: 1250, screenId: 'marquee-saket-central-1', seatPriceCents: { premium: 1800 }, cancelledAt: null };
    expect(toShow(doc)).toEqual(show);
    expect(toShow(new models.Show(doc).toObject<ShowDocument>())).toEqual(show);
    // Without a screen (the calls of before cinemas): the default cinema's first screen, no other prices.
    expect(showDocument('1001', { startsAt: showStartsAt, priceCents: 1250 }, SHOW_ID, at)).toMatchObject({ screenId: 'marquee-marine-drive-1', seatPriceCents: {} });
  });

  it('stores a new booking held, unpaid and live, with its show\'s movie and instant alongside', () => {
    const request = sampleNewBooking();
    const doc = bookingDocument(request, { movieId: '1001', startsAt: showStartsAt });
    expect(doc).toEqual({
      _id: BOOKING_ID,
      userId: 'auth0|abc',
      showId: SHOW_ID,
      movieId: '1001',
      showStartsAt,
      seats: ['A1', 'A2'],
      live: true,
      amountCents: 2550,
      status: 'held',
      isPaid: false,
      paymentLink: request.paymentLink,
      paymentSessionId: null,
      paymentIntentId: null,
      holdExpiresAt: request.holdExpiresAt,
      paidAt: null,
      createdAt: request.createdAt,
      ticketCode: TICKET_CODE,
      refundStatus: null,
      refundReason: null,
      refundId: null,
      confirmation: null,
      admittedAt: null,
      cancelledAt: null,
    });
    expect(doc.seats).not.toBe(request.seats);
  });

  it('reads a booking back as the service\'s Booking, without the storage-only fields', () => {
    const request = sampleNewBooking();
    const doc = bookingDocument(request, { movieId: '1001', startsAt: showStartsAt });
    const expected: Booking = {
      id: BOOKING_ID,
      userId: 'auth0|abc',
      showId: SHOW_ID,
      seats: ['A1', 'A2'],
      amountCents: 2550,
      status: 'held',
      isPaid: false,
      paymentLink: request.paymentLink,
      paymentSessionId: null,
      paymentIntentId: null,
      holdExpiresAt: request.holdExpiresAt,
      paidAt: null,
      createdAt: request.createdAt,
      ticketCode: TICKET_CODE,
      refundStatus: null,
      refundReason: null,
      refundId: null,
      confirmation: null,
      admittedAt: null,
      cancelledAt: null,
      returnedSeats: [],
      returnedCents: 0,
    };
    expect(toBooking(doc)).toEqual(expected);
    expect(toBooking(new models.Booking(doc).toObject<BookingDocument>())).toEqual(expected);
    const paid = { ...doc, status: 'paid' as const, isPaid: true, paidAt: at, paymentSessionId: 'cs_1' };
    expect(toBooking(paid)).toEqual({ ...expected, status: 'paid', isPaid: true, paidAt: at, paymentSessionId: 'cs_1' });
    const refunded = { ...doc, status: 'cancelled' as const, live: false, paymentIntentId: 'pi_1', refundStatus: 'refunded' as const, refundReason: 'seats taken', refundId: 're_1' };
    expect(toBooking(refunded)).toMatchObject({ status: 'cancelled', paymentIntentId: 'pi_1', refundStatus: 'refunded', refundReason: 'seats taken', refundId: 're_1' });
    // A document written before the payment fields existed: they read as null.
    const { paidAt: _p, paymentSessionId: _s, paymentIntentId: _i, refundStatus: _r, refundReason: _rr, refundId: _ri, ...older } = doc;
    expect(toBooking(older as BookingDocument)).toEqual(expected);
  });

  it('maps users, with an empty email when none is stored', () => {
    expect(toUser({ _id: 'auth0|abc', name: 'Ada', email: 'ada@example.com', createdAt: at })).toEqual({ id: 'auth0|abc', name: 'Ada', email: 'ada@example.com' });
    expect(toUser({ _id: 'auth0|abc', name: 'Ada', createdAt: at } as unknown as UserDocument)).toEqual({ id: 'auth0|abc', name: 'Ada', email: '' });
  });

  it('maps outbox messages, unsent unless a sending time is given', () => {
    const message = { bookingId: BOOKING_ID, kind: 'booking-confirmation', toAddress: 'a@example.com', subject: 'S', text: 'T', html: '<p>T</p>' };
    const doc = outboxDocument(message, SHOW_ID, at);
    const delivery = { attempts: 0, lastError: null, nextAttemptAt: null };
    expect(doc).toEqual({ ...message, _id: SHOW_ID, createdAt: at, sentAt: null, ...delivery });
    expect(toOutboxMessage(doc)).toEqual({ ...message, id: SHOW_ID, createdAt: at, sentAt: null, ...delivery });
    expect(outboxDocument({ ...message, sentAt: at }, SHOW_ID, at).sentAt).toBe(at);
    expect(outboxDocument({ ...message, nextAttemptAt: at }, SHOW_ID, at).nextAttemptAt).toBe(at);
    expect(toOutboxMessage(new models.Outbox(doc).toObject<OutboxDocument>())).toEqual(toOutboxMessage(doc));
    // A message stored before delivery attempts were counted.
    const { attempts: _a, lastError: _l, nextAttemptAt: _n, ...older } = doc;
    expect(toOutboxMessage(older as OutboxDocument)).toEqual(toOutboxMessage(doc));
  });

  it('stores a local checkout session open and unpaid, and reads it back', () => {
    const request = {
      id: 'cs_local_abc',
      bookingId: BOOKING_ID,
      amountCents: 2550,
      currency: 'USD',
      description: 'The Long Night, seats A1, A2',
      successUrl: 'http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://localhost:3000/my-bookings',
      expiresAt: new Date('2031-05-01T12:10:00.000Z'),
      createdAt: at,
    };
    const doc = checkoutSessionDocument(request);
    const { id: _id, ...rest } = request;
    expect(doc).toEqual({
      _id: 'cs_local_abc',
      ...rest,
      status: 'open',
      paymentStatus: 'unpaid',
      paymentIntentId: null,
      completedAt: null,
      refundId: null,
      refundedCents: 0,
      refundKeys: [],
    });
    const session = toCheckoutSession(doc);
    expect(session).toEqual({ ...request, status: 'open', paymentStatus: 'unpaid', paymentIntentId: null, completedAt: null, refundId: null, refundedCents: 0, refundKeys: [] });
    expect(toCheckoutSession(new models.CheckoutSession(doc).toObject<CheckoutSessionDocument>())).toEqual(session);
  });
});
