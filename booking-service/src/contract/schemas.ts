import { Type, type Static } from 'typebox';
import { MAX_SEATS_PER_BOOKING } from './seats/hall.ts';
import { ANY_SEAT_ID_PATTERN, MAX_SEAT_ID_LENGTH } from './seats/layout.ts';
import { CinemaRefSchema, ScreenRefSchema, SeatPricesSchema, SeatTypeSchema } from './cinemas.ts';
import { MAX_PRICE } from './money.ts';

/**
 * The REST contract of spec §7: request schemas validate input (unknown
 * fields refused), response schemas document and type the answers. The
 * frontends import these types through `booking-service/contract`.
 */

const Strict = { additionalProperties: false } as const;

/** Ids are issued in lowercase; an uppercase spelling would compare unequal in the seat ledger, so it is refused. */
export const UuidPattern = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
export const MovieIdPattern = '^[1-9][0-9]{0,9}$';
/** A cinema's or screen's id: a slug ("marquee-marine-drive", "marquee-marine-drive-1"). */
export const CINEMA_SLUG_PATTERN = '^[a-z0-9]+(-[a-z0-9]+)*$';
/** The longest cinema or screen id (as long as a path parameter may be, Fastify's maxParamLength): longer is a bad id, not an unknown one. */
export const MAX_CINEMA_SLUG_LENGTH = 100;
/** A cinema's or screen's id as a request names it; one the chain does not have is a 404. */
export const CinemaSlug = (description: string) => Type.String({ pattern: CINEMA_SLUG_PATTERN, maxLength: MAX_CINEMA_SLUG_LENGTH, description });

/**
 * A date a request names: YYYY-MM-DD, a real calendar day (`format: date`: no 02-30), from 1970 through 2999, the
 * years a show can have (admin/booking-filter.ts). The document states all of it, so a client knows what is refused.
 */
export const CALENDAR_DATE_PATTERN = '^(19[7-9][0-9]|2[0-9]{3})-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$';
export const CalendarDate = (description: string) => Type.String({ format: 'date', pattern: CALENDAR_DATE_PATTERN, maxLength: 10, description });

/**
 * Text a person reads back (a door's name, an event's name, a scan): no control character (C0, DEL, C1) and not blank
 * (something besides the spaces String.prototype.trim removes). Plain escapes, so any regular expression engine reads it.
 */
const CONTROL = '\\x00-\\x1f\\x7f-\\x9f';
const SPACE = '\\x20\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';
export const PRINTABLE_TEXT_PATTERN = `^[^${CONTROL}]*[^${CONTROL}${SPACE}][^${CONTROL}]*$`;
export const PrintableText = (maxLength: number, description: string) => Type.String({ minLength: 1, maxLength, pattern: PRINTABLE_TEXT_PATTERN, description });

/** What on-sale-input.ts takes (zod's ISO date-time with an offset): seconds, an upper-case T and Z, an offset of ±HH:MM. */
export const RFC_3339_INSTANT_PATTERN =
  '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\\.[0-9]+)?(Z|[+-]([01][0-9]|2[0-3]):[0-5][0-9])$';

/** A price in currency units that is whole cents (money.ts toCents: the server's ajv compares within 1e-6, multipleOfPrecision). */
export const Price = (description: string) => Type.Number({ minimum: 0, maximum: MAX_PRICE, multipleOf: 0.01, description });

// ---- shared pieces of answers ----

export const CastMemberSchema = Type.Object({
  name: Type.String(),
  character: Type.String(),
  profile_path: Type.Union([Type.String(), Type.Null()]),
});

export const MovieSchema = Type.Object({
  _id: Type.String({ description: 'The catalogue movie id' }),
  title: Type.String(),
  tagline: Type.String(),
  overview: Type.String(),
  poster_path: Type.Union([Type.String(), Type.Null()]),
  backdrop_path: Type.Union([Type.String(), Type.Null()]),
  release_date: Type.String(),
  runtime: Type.Integer({ description: 'Minutes' }),
  genres: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  vote_average: Type.Number(),
  vote_count: Type.Integer(),
  original_language: Type.String(),
  casts: Type.Array(CastMemberSchema),
});

export const SeatLedgerSchema = Type.Record(Type.String(), Type.Union([Type.Literal('held'), Type.Literal('paid')]), {
  description: 'Seat id -> held (unpaid booking) or paid',
});

/** Where a show is and what its seats cost: grown beside the spec's fields, absent from an older service's answers. */
/** A show as every answer that carries one whole gives it: its id, movie, start, standard seat price and place. */
const showFields = {
  _id: Type.String(),
  movie: MovieSchema,
  showDateTime: Type.String({ format: 'date-time' }),
  showPrice: Type.Number({ description: 'Price of one standard seat in currency units' }),
  cinema: Type.Optional(CinemaRefSchema),
  screen: Type.Optional(ScreenRefSchema),
  seatPrices: Type.Optional(SeatPricesSchema),
};

/** A show with its seat ledger (the shows lists). */
export const ShowSchema = Type.Object({ ...showFields, occupiedSeats: SeatLedgerSchema });

/** The show of a booking. */
const BookingShowSchema = Type.Object(showFields);

export const RefundStatusSchema = Type.Union([Type.Literal('pending'), Type.Literal('refunded'), Type.Literal('failed'), Type.Null()], {
  description: 'A payment that came after the hold for seats taken meanwhile: pending, refunded or failed (support acts); null otherwise',
});

/** One return of seats of a paid booking by its owner, as My Bookings and the e-ticket show it. */
export const SeatReturnSchema = Type.Object({
  seats: Type.Array(Type.String()),
  amount: Type.Number({ description: 'Their refund, currency units: their price by seat type, of what was paid' }),
  returnedAt: Type.String({ format: 'date-time' }),
  refundStatus: Type.Union([Type.Literal('pending'), Type.Literal('refunded'), Type.Literal('failed')], {
    description: 'pending (the provider has not taken it yet; the reconciliation retries), refunded, or failed (support acts)',
  }),
});

export const BookingSchema = Type.Object({
  _id: Type.String(),
  amount: Type.Number({ description: 'Currency units' }),
  bookedSeats: Type.Array(Type.String()),
  isPaid: Type.Boolean(),
  status: Type.Union([Type.Literal('held'), Type.Literal('paid'), Type.Literal('cancelled')]),
  paymentLink: Type.Union([Type.String(), Type.Null()]),
  holdExpiresAt: Type.String({ format: 'date-time', description: 'An unpaid booking is released after this' }),
  createdAt: Type.String({ format: 'date-time' }),
  show: BookingShowSchema,
  ticketCode: Type.Optional(
    Type.Union([Type.String(), Type.Null()], {
      description: 'The e-ticket code once paid (its QR image: GET /api/booking/{id}/ticket.svg), else null',
    }),
  ),
  refundStatus: Type.Optional(RefundStatusSchema),
  cancelledAt: Type.Optional(
    Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'When a paid booking was cancelled (by its owner or the cinema) and its refund started, else null' }),
  ),
  seatTypes: Type.Optional(Type.Record(Type.String(), SeatTypeSchema, { description: "Each booked seat's type on the show's screen" })),
  admittedAt: Type.Optional(
    Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: "When the ticket was checked in at the door (the moviegoer's own bookings), else null" }),
  ),
  returnedSeats: Type.Optional(
    Type.Array(Type.String(), { description: 'Seats its owner gave back: no longer on the ticket nor in bookedSeats; `amount` is net of their refunds' }),
  ),
  returnedAmount: Type.Optional(Type.Number({ description: 'What the seats given back were refunded in all, currency units (0: none given back)' })),
  seatAmounts: Type.Optional(
    Type.Record(Type.String(), Type.Number(), {
      description: "What each booked seat would refund if given back now, currency units (its price by seat type, of what was paid): a paid booking's",
    }),
  ),
  seatReturns: Type.Optional(Type.Array(SeatReturnSchema, { description: "Each return of seats, oldest first (the owner's own bookings)" })),
});

export const AdminBookingSchema = Type.Intersect([BookingSchema, Type.Object({ user: Type.Object({ name: Type.String() }) })]);

export const DebugBookingSchema = Type.Object({
  id: Type.String(),
  movieTitle: Type.String(),
  amount: Type.Number(),
  seats: Type.Array(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
  hasPaymentLink: Type.Boolean(),
  isPaid: Type.Boolean(),
  status: Type.String(),
  userName: Type.String(),
  userEmail: Type.String({ description: "The customer's email (empty when the account has none)" }),
  ticketCode: Type.String({ description: 'The 10-character code the customer quotes (on the e-ticket once paid)' }),
  showDateTime: Type.String({ format: 'date-time' }),
  showTimeZone: Type.Optional(Type.String({ description: "The IANA zone of the show's cinema: its times are told on that clock (absent from an older service's answers)" })),
  holdExpiresAt: Type.Optional(Type.String({ format: 'date-time' })),
  paymentSessionId: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  refundStatus: Type.Optional(RefundStatusSchema),
  refundReason: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: 'Why the payment is refunded, for support' })),
  cancelledAt: Type.Optional(
    Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'When a paid booking was cancelled and its refund started, else null' }),
  ),
});

export const NowPlayingMovieSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  poster_path: Type.Union([Type.String(), Type.Null()]),
  backdrop_path: Type.Union([Type.String(), Type.Null()]),
  vote_average: Type.Number(),
  vote_count: Type.Integer(),
  release_date: Type.String(),
  overview: Type.String(),
});

// ---- requests ----

export const ShowIdParams = Type.Object({ showId: Type.String({ pattern: UuidPattern, description: 'Show id' }) }, Strict);
/** GET /api/booking/seats/{showId}/best: how many seats, and only seats of a type (contract/seats/best-available.ts). */
export const BestSeatsQuery = Type.Object(
  {
    count: Type.String({ pattern: `^[1-${MAX_SEATS_PER_BOOKING}]$`, description: `How many seats together, 1 to ${MAX_SEATS_PER_BOOKING}` }),
    type: Type.Optional(
      Type.Union([Type.Literal('standard'), Type.Literal('premium'), Type.Literal('wheelchair')], {
        description: 'Only seats of this type; wheelchair: a wheelchair space with its companion seat (never proposed otherwise)',
      }),
    ),
  },
  Strict,
);
export const MovieIdParams = Type.Object({ movieId: Type.String({ pattern: MovieIdPattern, description: 'Movie id' }) }, Strict);

export const CreateBookingBody = Type.Object(
  {
    showId: Type.String({ pattern: UuidPattern, maxLength: 36 }),
    selectedSeats: Type.Array(Type.String({ pattern: ANY_SEAT_ID_PATTERN, maxLength: MAX_SEAT_ID_LENGTH }), {
      minItems: 1,
      maxItems: MAX_SEATS_PER_BOOKING,
    }),
  },
  Strict,
);

export const UpdateFavoriteBody = Type.Object({ movieId: Type.String({ pattern: MovieIdPattern, maxLength: 10 }) }, Strict);

export const AddShowBody = Type.Object(
  {
    movieId: Type.Union([Type.String({ pattern: MovieIdPattern, maxLength: 10 }), Type.Integer({ minimum: 1 })]),
    showsInput: Type.Array(
      Type.Object(
        {
          date: CalendarDate("YYYY-MM-DD on the screen's cinema's clock: today to two years ahead (SHOW_MAX_DAYS_AHEAD)"),
          time: Type.Array(Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', maxLength: 5, description: 'HH:MM' }), {
            minItems: 1,
            maxItems: 24,
          }),
        },
        Strict,
      ),
      { minItems: 1, maxItems: 62 },
    ),
    showPrice: Price('The standard seat price'),
    screenId: Type.Optional(CinemaSlug("The screen (GET /api/admin/cinemas; one it does not list: 404); default: the default cinema's first screen. Times are on its cinema's clock")),
    seatPrices: Type.Optional(
      Type.Object(
        {
          premium: Type.Optional(Price('A premium seat')),
          wheelchair: Type.Optional(Price('A wheelchair space')),
          companion: Type.Optional(Price('A companion seat')),
        },
        { ...Strict, description: 'The other seat types\' prices; a type left out costs showPrice' },
      ),
    ),
  },
  Strict,
);

/** The frontends the shell loads at run time, and what the shell reports of each load (remote-health/). */
export const REMOTE_NAMES = ['customer', 'admin', 'debug'] as const;
export const REMOTE_EVENTS = ['loaded', 'load-failed', 'render-failed'] as const;
/** A release id as the deploy command names it (`<version>-<hash>`), or `unknown`: no room for anything personal. */
export const RemoteVersionPattern = '^[A-Za-z0-9._-]{1,64}$';
export const RemoteEventBody = Type.Object(
  {
    remote: Type.Union(REMOTE_NAMES.map((name) => Type.Literal(name))),
    version: Type.String({ pattern: RemoteVersionPattern, maxLength: 64 }),
    event: Type.Union(REMOTE_EVENTS.map((event) => Type.Literal(event)), { description: 'loaded, load-failed (after the retries) or render-failed' }),
  },
  Strict,
);

export const BookingIdBody = Type.Object({ bookingId: Type.String({ pattern: UuidPattern, maxLength: 36 }) }, Strict);
export const BookingIdParams = Type.Object({ bookingId: Type.String({ pattern: UuidPattern, description: 'Booking id' }) }, Strict);
/** Stripe's are about 66 characters; at most 100 (Fastify's maxParamLength: a longer path parameter is a 414). */
export const CheckoutSessionIdPattern = '^cs_[A-Za-z0-9_]{1,97}$';
export const CheckoutSessionParams = Type.Object(
  { sessionId: Type.String({ pattern: CheckoutSessionIdPattern, maxLength: 100, description: 'Payment session id' }) },
  Strict,
);
/** The refusal a local checkout page shows after the redirect that followed a refused card (codes from payments/local/local-provider.ts). */
export const CheckoutRefusalQuery = Type.Object({
  refused: Type.Optional(Type.String({ pattern: '^[A-Za-z]{1,40}$', description: 'Why the last card was refused' })),
  field: Type.Optional(Type.String({ pattern: '^[A-Za-z]{1,20}$', description: 'The card field at fault' })),
});
/** Printable characters only: a NUL or other control character never reaches the database. */
/** Seats of the caller's paid booking to give back (POST /api/booking/{bookingId}/cancel-seats). */
export const CancelSeatsBody = Type.Object(
  {
    seats: Type.Array(Type.String({ pattern: ANY_SEAT_ID_PATTERN, maxLength: MAX_SEAT_ID_LENGTH }), {
      minItems: 1,
      maxItems: MAX_SEATS_PER_BOOKING,
      description: 'Seats on the booking to give back; all of them cancels the booking whole',
    }),
  },
  Strict,
);

export const VerifyPaymentBody = Type.Object({ sessionId: Type.String({ minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' }) }, Strict);

/** The most rows a paged list answers at once (http/pagination.ts refuses more). */
export const MAX_PAGE_SIZE = 200;

/** 1 to MAX_PAGE_SIZE (200) in digits: the document states the limit, not only http/pagination.ts. */
const PAGE_SIZE_PATTERN = '^(?:[1-9][0-9]?|1[0-9]{2}|200)$';

/** A paged list's query: the page (from 1) and its size (1 to MAX_PAGE_SIZE), parsed by http/pagination.ts. */
const PageQuery = {
  page: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,5}$' })),
  pageSize: Type.Optional(Type.String({ pattern: PAGE_SIZE_PATTERN, description: `1 to ${MAX_PAGE_SIZE}` })),
};

/** List Bookings' filters (its page apart: the CSV export takes the same filters, every page). */
const BookingFilters = {
  movieId: Type.Optional(Type.String({ pattern: MovieIdPattern })),
  cinemaId: Type.Optional(CinemaSlug('Only the shows of this cinema (one the chain does not have matches nothing)')),
  date: Type.Optional(CalendarDate("Show date, on the show's cinema's clock")),
  paid: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
  q: Type.Optional(
    Type.String({ maxLength: 100, description: "Search: part of the ticket code, the customer's name or email, or the movie's title, whatever its case" }),
  ),
};

export const AllBookingsQuery = Type.Object({ ...PageQuery, ...BookingFilters }, Strict);

/** GET /api/admin/all-bookings/export: List Bookings' filters, every matching booking as CSV. */
export const BookingsExportQuery = Type.Object(BookingFilters, Strict);

/** GET /api/admin/reports/sales/export: one cinema's or every cinema's daily sales between two dates (on each cinema's clock). */
export const SalesExportQuery = Type.Object(
  {
    cinemaId: Type.Optional(CinemaSlug('Only this cinema (default: every cinema; one the chain does not have: 404)')),
    from: CalendarDate("First date, on each cinema's clock"),
    to: CalendarDate('Last date (included): not before from, at most 366 days after it (400 otherwise)'),
  },
  Strict,
);

/** GET /api/admin/all-shows and /api/admin/dashboard: optionally one cinema's. */
export const CinemaFilterQuery = Type.Object({ cinemaId: Type.Optional(CinemaSlug('Only this cinema')) }, Strict);

/** The admin's List Shows: filtered, sorted and paged on the server. Without dates, upcoming shows. */
export const AdminShowsQuery = Type.Object(
  {
    ...PageQuery,
    movieId: Type.Optional(Type.String({ pattern: MovieIdPattern })),
    cinemaId: Type.Optional(CinemaSlug('Only the shows of this cinema')),
    screenId: Type.Optional(CinemaSlug('Only the shows of this screen')),
    openForSale: Type.Optional(Type.Literal('true', { description: "Only shows whose online sales have not closed (start after now + SALES_CLOSE_MINUTES), not cancelled: On Sale's picker" })),
    from: Type.Optional(CalendarDate('First show date, theatre time zone')),
    to: Type.Optional(CalendarDate('Last show date, theatre time zone: not before from (400 otherwise)')),
    sort: Type.Optional(Type.Union([Type.Literal('time'), Type.Literal('movie'), Type.Literal('sold'), Type.Literal('revenue')], { description: 'time (default), movie, sold, revenue' })),
    order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')], { description: 'asc (default) or desc' })),
    q: Type.Optional(Type.String({ maxLength: 100, description: "Search: part of the movie's title, whatever its case (On Sale's show picker)" })),
    ids: Type.Optional(
      Type.String({
        pattern: '^[0-9a-f-]{36}(,[0-9a-f-]{36}){0,49}$',
        description: 'Only these shows (comma-separated ids, up to 50: an on-sale event\'s), whatever their date unless from/to are given',
      }),
    ),
  },
  Strict,
);


/**
 * What support's search takes (support/support-search.ts reads it with these same pieces): a booking id, a ticket code
 * (any case), an email, or a name (letters, with spaces, hyphens, apostrophes or dots between; no digits: a mistyped
 * code is not a name), spaces around; or nothing. Plain ranges, not \\p{L}: any regular expression engine reads them.
 */
const LETTER = '[A-Za-z\\u00c0-\\u00d6\\u00d8-\\u00f6\\u00f8-\\u02af\\u0370-\\u03ff\\u0400-\\u052f\\u0590-\\u06ff\\u0900-\\u0dff\\u0e00-\\u0eff\\u1e00-\\u1fff\\u3040-\\u30ff\\u3400-\\u9fff\\uac00-\\ud7af]';
export const SUPPORT_SEARCH_KINDS = {
  bookingId: '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}',
  ticketCode: '[0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{10}',
  email: '[^@ ]+@[^@ ]+',
  name: `${LETTER}(${LETTER}|[\\u0300-\\u036f' .-])*${LETTER}\\.?`,
} as const;
export const SUPPORT_SEARCH_PATTERN = `^ *(|${Object.values(SUPPORT_SEARCH_KINDS).join('|')}) *$`;

/** Support's booking search: by email, ticket code or booking id, within a view; paged, newest first. */
export const SupportBookingsQuery = Type.Object(
  {
    ...PageQuery,
    q: Type.Optional(Type.String({ maxLength: 320, pattern: SUPPORT_SEARCH_PATTERN, description: "A customer's email or name, a ticket code (10 characters) or a booking id" })),
    view: Type.Optional(Type.Union([Type.Literal('unpaid'), Type.Literal('cancelled'), Type.Literal('paid'), Type.Literal('all')], { description: 'all (default), unpaid (cancelled left out), cancelled, paid' })),
  },
  Strict,
);

const CALENDAR_DATE_RULE = 'must be a calendar date from 1970-01-01 to 2999-12-31 (YYYY-MM-DD)';
const INSTANT_RULE = 'must be an RFC 3339 instant with seconds and its offset, e.g. 2026-12-01T10:00:00Z or 2026-12-01T19:30:00+01:00';
/**
 * The rules above in words, for the field that breaks one (http/error-handler.ts): staff read "must be a calendar
 * date", not the regular expression. By the pattern, the format or the multipleOf broken.
 */
/** What support's desk says of a search it cannot run: the schema's refusal and the service's are this one sentence. */
export const SUPPORT_SEARCH_HELP = "Search by a customer's email or name, a ticket code (10 characters) or a booking id";

/** Patterns whose refusal is a whole sentence of its own, for the person who typed it (no field name before it). */
export const PATTERN_SENTENCES: Readonly<Record<string, string>> = { [SUPPORT_SEARCH_PATTERN]: SUPPORT_SEARCH_HELP };

export const RULES_IN_WORDS = {
  pattern: { [CALENDAR_DATE_PATTERN]: CALENDAR_DATE_RULE, [RFC_3339_INSTANT_PATTERN]: INSTANT_RULE, [PRINTABLE_TEXT_PATTERN]: 'must not contain control characters (such as NUL or a line break), nor be blank',
    [PAGE_SIZE_PATTERN]: `must be a whole number from 1 to ${MAX_PAGE_SIZE}`,
  },
  format: { date: CALENDAR_DATE_RULE, 'date-time': INSTANT_RULE },
  multipleOf: { '0.01': 'must be an amount with at most 2 decimals' },
} as const satisfies Record<string, Record<string, string>>;

export const UnpaidBookingsQuery = Type.Object(
  { includeCancelled: Type.Optional(Type.Literal('true', { description: 'Cancelled bookings too (left out by default)' })) },
  Strict,
);

export type Movie = Static<typeof MovieSchema>;
export type Show = Static<typeof ShowSchema>;
export type Booking = Static<typeof BookingSchema>;
export type SeatReturnJson = Static<typeof SeatReturnSchema>;
export type CancelSeatsBody = Static<typeof CancelSeatsBody>;
export type AdminBooking = Static<typeof AdminBookingSchema>;
export type DebugBooking = Static<typeof DebugBookingSchema>;
export type NowPlayingMovie = Static<typeof NowPlayingMovieSchema>;
export type AddShowRequest = Static<typeof AddShowBody>;
export type UpdateFavoriteRequest = Static<typeof UpdateFavoriteBody>;
export type AllBookingsRequest = Static<typeof AllBookingsQuery>;
export type AdminShowsRequest = Static<typeof AdminShowsQuery>;
export type SupportBookingsRequest = Static<typeof SupportBookingsQuery>;
export type ShowSort = NonNullable<AdminShowsRequest['sort']>;
export type SupportView = NonNullable<SupportBookingsRequest['view']>;
