import { Error as MongooseError } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { ALL_SEATS, MAX_SEATS_PER_BOOKING } from '../../contract/seats/hall.ts';
import { BOOKING_ID, offlineModels, sampleMovie, sampleNewBooking, SHOW_ID } from '../../../test/support/mongo-fixtures.ts';
import { bookingDocument, checkoutSessionDocument, movieDocument, outboxDocument, showDocument } from './mappers.ts';
import {
  bookingSchema,
  checkoutSessionSchema,
  storeIdentitySchema,
  COLLECTIONS,
  webhookEventSchema,
  favoriteSchema,
  movieSchema,
  outboxSchema,
  showSchema,
  userSchema,
  type BookingDocument,
} from './schemas.ts';

/** Schema validation and index definitions of the MongoDB store, checked without a server. */

const models = offlineModels();
const at = new Date('2031-05-01T12:00:00.000Z');

/** The paths validate() refuses, or [] when the document is valid. */
async function invalidPaths(doc: { validate(): Promise<void> }): Promise<string[]> {
  try {
    await doc.validate();
    return [];
  } catch (error) {
    if (error instanceof MongooseError.ValidationError) return Object.keys(error.errors).sort();
    throw error;
  }
}

function validBooking(overrides: Partial<BookingDocument> = {}) {
  return { ...bookingDocument(sampleNewBooking(), { movieId: '1001', startsAt: new Date('2031-05-02T19:30:00.000Z') }), ...overrides };
}

describe('MongoDB schemas: validation', () => {
  it('accepts the documents the mappers build', async () => {
    expect(await invalidPaths(new models.Movie(movieDocument(sampleMovie(), at)))).toEqual([]);
    expect(await invalidPaths(new models.Show(showDocument('1001', { startsAt: at, priceCents: 1250 }, SHOW_ID, at)))).toEqual([]);
    expect(await invalidPaths(new models.Booking(validBooking()))).toEqual([]);
    expect(await invalidPaths(new models.User({ _id: 'auth0|abc', name: 'Ada', email: '', createdAt: at }))).toEqual([]);
    expect(await invalidPaths(new models.Favorite({ _id: BOOKING_ID, userId: 'auth0|abc', movieId: '1001', createdAt: at }))).toEqual([]);
    const message = { bookingId: null, kind: 'test', toAddress: '', subject: 'S', text: '', html: '' };
    expect(await invalidPaths(new models.Outbox(outboxDocument(message, BOOKING_ID, at)))).toEqual([]);
  });

  it('refuses money that is not whole, non-negative cents', async () => {
    expect(await invalidPaths(new models.Booking(validBooking({ amountCents: 25.5 })))).toEqual(['amountCents']);
    expect(await invalidPaths(new models.Booking(validBooking({ amountCents: -1 })))).toEqual(['amountCents']);
    const show = (priceCents: number) => new models.Show(showDocument('1001', { startsAt: at, priceCents }, SHOW_ID, at));
    expect(await invalidPaths(show(12.99))).toEqual(['priceCents']);
    expect(await invalidPaths(show(Number.NaN))).toEqual(['priceCents']);
  });

  it('refuses seat lists that are empty, too long, malformed or repeated (contract/seats/layout.ts: any layout\'s seat ids)', async () => {
    for (const seats of [[], ALL_SEATS.slice(0, MAX_SEATS_PER_BOOKING + 1), ['A0'], [''], ['A1', 'A1'], ['a1'], ['ABC1'], ['A100'], ['K01']]) {
      expect(await invalidPaths(new models.Booking(validBooking({ seats })))).toEqual(['seats']);
    }
    expect(await invalidPaths(new models.Booking(validBooking({ seats: ['J9', 'A1', 'E5', 'C3', 'B2'] })))).toEqual([]);
    // Seats of other screens' layouts (which seats a show has is the service's check: hold-seats.ts).
    expect(await invalidPaths(new models.Booking(validBooking({ seats: ['K1', 'B10', 'AB12'] })))).toEqual([]);
  });

  it('refuses unknown statuses, bad ids and a live flag that contradicts the status', async () => {
    expect(await invalidPaths(new models.Booking(validBooking({ status: 'refunded' as never })))).toEqual(['status']);
    expect(await invalidPaths(new models.Booking(validBooking({ _id: 'not-a-uuid', showId: '42' })))).toEqual(['_id', 'showId']);
    expect(await invalidPaths(new models.Booking(validBooking({ status: 'cancelled', live: true })))).toEqual(['live']);
    expect(await invalidPaths(new models.Booking(validBooking({ status: 'cancelled', live: false })))).toEqual([]);
    expect(await invalidPaths(new models.Booking(validBooking({ status: 'paid', isPaid: true, live: false })))).toEqual(['live']);
  });

  it('refuses missing required fields and explicit nulls where a value is needed', async () => {
    const { userId: _u, holdExpiresAt: _h, ...withoutRequired } = validBooking();
    expect(await invalidPaths(new models.Booking(withoutRequired))).toEqual(['holdExpiresAt', 'userId']);
    expect(await invalidPaths(new models.Movie({ ...movieDocument(sampleMovie(), at), title: '', overview: null }))).toEqual(['overview', 'title']);
    expect(await invalidPaths(new models.User({ _id: 'auth0|abc', name: '', email: null, createdAt: at }))).toEqual(['email', 'name']);
  });

  it('refuses ratings and counts out of range', async () => {
    const movie = (overrides: object) => new models.Movie({ ...movieDocument(sampleMovie(), at), ...overrides });
    expect(await invalidPaths(movie({ voteAverage: 11 }))).toEqual(['voteAverage']);
    expect(await invalidPaths(movie({ voteCount: 1.5, runtime: -3 }))).toEqual(['runtime', 'voteCount']);
    expect(await invalidPaths(movie({ genres: [{ id: 1.5, name: 'Odd' }] }))).toEqual(['genres.0.id']);
  });

  it('checks the payment fields of a booking: ticket code, refund status', async () => {
    expect(await invalidPaths(new models.Booking(validBooking({ ticketCode: 'lowercase!!' })))).toEqual(['ticketCode']);
    expect(await invalidPaths(new models.Booking(validBooking({ ticketCode: 'ILOU000000' })))).toEqual(['ticketCode']);
    expect(await invalidPaths(new models.Booking(validBooking({ refundStatus: 'maybe' as never })))).toEqual(['refundStatus']);
    const refunded = validBooking({ status: 'cancelled', live: false, paymentIntentId: 'pi_1', refundStatus: 'refunded', refundReason: 'seats taken', refundId: 're_1' });
    expect(await invalidPaths(new models.Booking(refunded))).toEqual([]);
  });

  it('validates webhook event records and local checkout sessions', async () => {
    expect(await invalidPaths(new models.WebhookEvent({ _id: 'evt_1', type: 'checkout.session.completed', receivedAt: at }))).toEqual([]);
    expect(await invalidPaths(new models.WebhookEvent({ _id: '', type: '', receivedAt: null }))).toEqual(['_id', 'receivedAt', 'type']);
    const session = checkoutSessionDocument({
      id: 'cs_local_1',
      bookingId: BOOKING_ID,
      amountCents: 2550,
      currency: 'USD',
      description: 'x',
      successUrl: 'http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://localhost:3000/my-bookings',
      expiresAt: at,
      createdAt: at,
    });
    expect(await invalidPaths(new models.CheckoutSession(session))).toEqual([]);
    expect(
      await invalidPaths(new models.CheckoutSession({ ...session, amountCents: 1.5, currency: 'usd', status: 'paid', bookingId: 'x' })),
    ).toEqual(['amountCents', 'bookingId', 'currency', 'status']);
  });

  it('refuses fields the schema does not have, at the top level and in nested records', async () => {
    expect(() => new models.Booking({ ...validBooking(), isAdmin: true })).toThrow(/isAdmin/);
    const nested = new models.Movie({ ...movieDocument(sampleMovie(), at), casts: [{ name: 'A', character: 'B', profile_path: null, secret: 1 }] });
    expect(await invalidPaths(nested)).toEqual(['casts']);
  });

  it('refuses queries on fields the schema does not have', () => {
    expect(() => models.Booking.find({ paid: true }).cast()).toThrow(/paid/);
    expect(models.Booking.find({ isPaid: { $eq: true } }).cast()).toEqual({ isPaid: { $eq: true } });
  });
});

describe('MongoDB schemas: collections and indexes', () => {
  const indexes = (schema: { indexes(): unknown[] }) => schema.indexes() as [Record<string, 1 | -1>, Record<string, unknown>][];
  const named = (schema: { indexes(): unknown[] }, name: string) => indexes(schema).find(([, options]) => options.name === name);

  it('names every collection explicitly', () => {
    expect(COLLECTIONS).toEqual({
      movies: 'movies',
      shows: 'shows',
      users: 'users',
      favorites: 'favorites',
      bookings: 'bookings',
      outbox: 'outbox',
      webhookEvents: 'webhook_events',
      checkoutSessions: 'checkout_sessions',
      storeIdentity: 'store_identity',
      supportActions: 'support_actions',
      checkIns: 'check_ins',
      cinemas: 'cinemas',
      screenSchedules: 'screen_schedules',
    });
    for (const [schema, collection] of [
      [movieSchema, 'movies'],
      [showSchema, 'shows'],
      [userSchema, 'users'],
      [favoriteSchema, 'favorites'],
      [bookingSchema, 'bookings'],
      [outboxSchema, 'outbox'],
      [webhookEventSchema, 'webhook_events'],
      [checkoutSessionSchema, 'checkout_sessions'],
      [storeIdentitySchema, 'store_identity'],
    ] as const) {
      expect(schema.get('collection')).toBe(collection);
      // Indexes are created by the store at start, not in the background by mongoose.
      expect(schema.get('autoIndex')).toBe(false);
    }
  });

  it('makes a seat of a show unique across live bookings: the seat ledger', () => {
    expect(named(bookingSchema, 'bookings_live_show_seat_key')).toEqual([
      { showId: 1, seats: 1 },
      expect.objectContaining({ unique: true, partialFilterExpression: { live: true } }),
    ]);
    // Besides _id, only the ticket code is unique (over documents that have one).
    expect(indexes(bookingSchema).filter(([, o]) => o.unique).map(([, o]) => o.name)).toEqual([
      'bookings_live_show_seat_key',
      'bookings_ticket_code_key',
    ]);
    expect(named(bookingSchema, 'bookings_ticket_code_key')).toEqual([
      { ticketCode: 1 },
      expect.objectContaining({ unique: true, partialFilterExpression: { ticketCode: { $type: 'string' } } }),
    ]);
  });

  it('has one show per movie, instant and screen, and at most one favourite per user and movie', () => {
    expect(named(showSchema, 'shows_movie_starts_at_screen_key')).toEqual([{ movieId: 1, startsAt: 1, screenId: 1 }, expect.objectContaining({ unique: true })]);
    expect(named(favoriteSchema, 'favorites_user_movie_key')).toEqual([{ userId: 1, movieId: 1 }, expect.objectContaining({ unique: true })]);
  });

  it('indexes what the queries filter and sort on', () => {
    const keys = (schema: { indexes(): unknown[] }) => indexes(schema).map(([key]) => key);
    expect(keys(showSchema)).toContainEqual({ startsAt: 1 });
    expect(keys(bookingSchema)).toEqual(
      expect.arrayContaining([
        { createdAt: -1, _id: -1 },
        { userId: 1, createdAt: -1, _id: -1 },
        { isPaid: 1, createdAt: -1, _id: -1 },
        { movieId: 1, createdAt: -1, _id: -1 },
        { showStartsAt: 1 },
        { paymentSessionId: 1 },
        { holdExpiresAt: 1 },
      ]),
    );
    expect(named(bookingSchema, 'bookings_unpaid_idx')?.[1]).toMatchObject({ partialFilterExpression: { isPaid: false } });
    expect(keys(favoriteSchema)).toContainEqual({ userId: 1, createdAt: -1, _id: -1 });
    expect(keys(outboxSchema)).toContainEqual({ createdAt: -1, _id: -1 });
    // The reconciliation's queries: pending refunds, due emails.
    expect(named(bookingSchema, 'bookings_refund_pending_idx')).toEqual([{ createdAt: 1 }, expect.objectContaining({ partialFilterExpression: { refundStatus: 'pending' } })]);
    expect(named(outboxSchema, 'outbox_due_idx')?.[0]).toEqual({ sentAt: 1, nextAttemptAt: 1 });
  });

  it('gives every index a name, so a changed definition fails loudly at start instead of being duplicated', () => {
    for (const schema of [movieSchema, showSchema, userSchema, favoriteSchema, bookingSchema, outboxSchema, webhookEventSchema, checkoutSessionSchema]) {
      for (const [, options] of indexes(schema)) expect(options.name).toEqual(expect.any(String));
    }
  });
});
