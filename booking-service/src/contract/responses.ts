import { Type, type Static } from 'typebox';
import { BookingTotalsSchema } from './booking-totals.ts';
import { TimelineEntrySchema, TimelineStatusSchema } from './booking-timeline.ts';
import { CheckInEntrySchema } from './check-in.ts';
import { CinemaRefSchema, CinemaTotalsSchema, ScreenLayoutSchema, ScreenRefSchema, SeatPricesSchema, ShowTimePlaceSchema } from './cinemas.ts';
import {
  AdminBookingSchema,
  BookingSchema,
  DebugBookingSchema,
  MovieSchema,
  NowPlayingMovieSchema,
  ShowSchema,
} from './schemas.ts';

/**
 * The answer of every call, as schemas (routes declare them, the OpenAPI
 * document shows them) and as types (the frontends' typed client uses them).
 */

const ok = Type.Literal(true);

export const ShowAllResponse = Type.Object({ success: ok, shows: Type.Array(MovieSchema) });
/** Set on a show of an on-sale event: before `at` it is listed as "On sale <at>" and cannot be booked; with `waitingRoom`, it is booked through the event's waiting room. */
export const ShowOnSaleSchema = Type.Object({ eventId: Type.String(), at: Type.String({ format: 'date-time' }), waitingRoom: Type.Boolean() });
export const ShowTimesSchema = Type.Record(
  Type.String(),
  Type.Array(
    Type.Object({
      time: Type.String(),
      showId: Type.String(),
      price: Type.Number({ description: 'The price of one standard seat, in the currency of GET /api/config' }),
      onSale: Type.Optional(ShowOnSaleSchema),
      // Where the show is and its prices by seat type (absent from an older service's answers).
      ...Type.Partial(ShowTimePlaceSchema).properties,
    }),
  ),
);
/** A show's on-sale event, as every answer carrying a show gives it. */
export type ShowOnSale = Static<typeof ShowOnSaleSchema>;
/** Per local date, its shows: start, id, the price of a seat (currency units), its place and, in an on-sale event, its sale. */
export type ShowDateTimes = Static<typeof ShowTimesSchema>;
export const ShowDetailResponse = Type.Object({
  success: ok,
  movie: MovieSchema,
  dateTime: ShowTimesSchema,
  cinemas: Type.Optional(Type.Record(Type.String(), CinemaRefSchema, { description: 'The cinemas of the show times, by id' })),
});
export const NowPlayingResponse = Type.Object({ success: ok, movies: Type.Array(NowPlayingMovieSchema) });
export const AddShowResponse = Type.Object({ success: ok, message: Type.String(), created: Type.Integer(), skipped: Type.Integer() });

export const CreateBookingResponse = Type.Object({
  success: ok,
  url: Type.String({ description: 'Where the customer pays (the payment session, or a link that opens one)' }),
  bookingId: Type.String(),
  holdExpiresAt: Type.String(),
  message: Type.Optional(Type.String({ description: 'Set when the payment provider did not answer: the seats stay held and the link retries' })),
});
export const OccupiedSeatsResponse = Type.Object({
  success: ok,
  occupiedSeats: Type.Array(Type.String()),
  // The show's screen drawn from its own layout, its prices by seat type, and where it is.
  layout: Type.Optional(ScreenLayoutSchema),
  seatPrices: Type.Optional(SeatPricesSchema),
  cinema: Type.Optional(CinemaRefSchema),
  screen: Type.Optional(ScreenRefSchema),
});
/** GET /api/booking/seats/{showId}/best: the best free seats together, [] with a message when none are. */
export const BestSeatsResponse = Type.Object({
  success: ok,
  seats: Type.Array(Type.String(), { description: 'Seat ids in row and seat order; empty when that many are not free together' }),
  message: Type.Optional(Type.String({ description: 'Why no seats are proposed' })),
});
/** GET /api/booking/seats/{showId}/events: the data of each `seats` event, on connect and on every change (the full list each time). */
export const SEAT_EVENT = 'seats';
/**
 * Sent before a stream ends because its instance shuts down (with a short `retry:`): the browser's
 * EventSource reconnects by itself, through the balancer, to an instance that stays.
 */
export const SEAT_RECONNECT_EVENT = 'reconnect';
export const SeatsEventSchema = Type.Object({ occupiedSeats: Type.Array(Type.String({ description: 'Seats held or sold' })) });
export const VerifyPaymentResponse = Type.Object({
  success: Type.Boolean(),
  message: Type.Optional(Type.String()),
  booking: Type.Object({
    movieTitle: Type.String(),
    amount: Type.Number(),
    seats: Type.Array(Type.String()),
    bookingId: Type.Optional(Type.String()),
    showDateTime: Type.Optional(Type.String({ format: 'date-time' })),
    ticketCode: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: 'Once paid' })),
  }),
});

export const UserBookingsResponse = Type.Object({ success: ok, bookings: Type.Array(BookingSchema) });
export const FavoritesResponse = Type.Object({ success: ok, movies: Type.Array(MovieSchema) });
export const UpdateFavoriteResponse = Type.Object({ success: ok, message: Type.String(), isFavorite: Type.Boolean() });

export const IsAdminResponse = Type.Object({
  success: ok,
  isAdmin: Type.Boolean(),
  isSupport: Type.Optional(Type.Boolean({ description: 'Whether the caller is support staff (the support desk)' })),
  isDoor: Type.Optional(Type.Boolean({ description: 'Whether the caller is door staff (checks tickets in at the door, nothing else)' })),
});
export const AllShowsResponse = Type.Object({ success: ok, shows: Type.Array(ShowSchema) });
/** One row of the admin's List Shows: the show, its seats sold (paid) against the hall's, and the revenue. */
export const AdminShowRowSchema = Type.Object({
  _id: Type.String(),
  movie: Type.Object({ _id: Type.String(), title: Type.String() }),
  showDateTime: Type.String({ format: 'date-time' }),
  showPrice: Type.Number({ description: 'Price of one seat in currency units' }),
  soldSeats: Type.Integer({ description: 'Seats paid for' }),
  heldSeats: Type.Integer({ description: 'Seats held, not paid yet' }),
  cancelled: Type.Optional(Type.Boolean({ description: 'Staff cancelled the show: no longer listed to moviegoers nor bookable; its bookings refunded or released' })),
  totalSeats: Type.Integer({ description: "The seats of the show's screen" }),
  revenue: Type.Number({ description: "Sold seats at their type's price, in currency units" }),
  cinema: Type.Optional(CinemaRefSchema),
  screen: Type.Optional(ScreenRefSchema),
});
export const AdminShowsResponse = Type.Object({
  success: ok,
  shows: Type.Array(AdminShowRowSchema),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  total: Type.Integer({ description: 'Shows matching the filters, over every page' }),
  movies: Type.Array(Type.Object({ id: Type.String(), title: Type.String() }), { description: 'Movies with shows in the date range (the filter choices)' }),
});
/** The owner's own booking after a payment re-check or a release, with what it means for them. */
export const OwnBookingActionResponse = Type.Object({
  success: Type.Boolean(),
  message: Type.String({ description: 'What the customer reads' }),
  outcome: Type.String({
    description: 'recheck: paid, already-paid, paid-late, refund, open, processing, expired, payment-failed, mismatch, no-session, unknown-session; release: released; cancel: cancelled (a paid booking, refunded), released (an unpaid hold), already-cancelled; cancel-seats: seats-returned, already-returned (a retry), cancelled (every seat: cancelled whole), already-cancelled',
  }),
  booking: BookingSchema,
});
export const AllBookingsResponse = Type.Object({
  success: ok,
  bookings: Type.Array(AdminBookingSchema),
  totals: Type.Optional(BookingTotalsSchema),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  total: Type.Integer(),
});
export const DashboardResponse = Type.Object({
  success: ok,
  dashboardData: Type.Object({
    totalBookings: Type.Integer({ description: 'Paid bookings (List Bookings\' totals count the same as paid)' }),
    totalRevenue: Type.Number(),
    activeShows: Type.Array(ShowSchema),
    totalUser: Type.Integer(),
    byCinema: Type.Optional(Type.Array(CinemaTotalsSchema, { description: 'The same totals per cinema' })),
  }),
});

export const DebugBookingsResponse = Type.Object({
  success: ok,
  bookings: Type.Array(DebugBookingSchema),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  total: Type.Integer({ description: 'Bookings matching the search and view, over every page' }),
  totals: Type.Optional(BookingTotalsSchema),
});
/** A money-affecting support action on a booking, and who took it. */
export const SupportActionSchema = Type.Object({
  id: Type.String(),
  kind: Type.Union([Type.Literal('mark-paid'), Type.Literal('fix-payment')]),
  actorEmail: Type.String({ description: "The support user's email (their account id when it has none)" }),
  outcome: Type.String(),
  message: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});
export const SupportHistoryResponse = Type.Object({
  success: ok,
  actions: Type.Array(SupportActionSchema),
  checkIns: Type.Array(CheckInEntrySchema, { description: "Scans of the booking's ticket at the doors, oldest first" }),
  status: TimelineStatusSchema,
  timeline: Type.Array(TimelineEntrySchema, {
    description: 'Everything that happened to the booking, oldest first: created, held, paid, emails, door scans, cancellation, refund, support actions',
  }),
});
export const UnpaidBookingsResponse = Type.Object({ success: ok, unpaidBookings: Type.Array(DebugBookingSchema) });
export const MessageResponse = Type.Object({ success: ok, message: Type.String() });
export const MarkPaidResponse = Type.Object({
  success: ok,
  message: Type.String(),
  outcome: Type.Union([Type.Literal('paid'), Type.Literal('already-paid')], { description: 'paid: this call paid it; already-paid: nothing changed' }),
});
export const FixPaymentResponse = Type.Object({
  success: ok,
  message: Type.String({ description: 'What the provider said and what was done' }),
  outcome: Type.String({
    description:
      'paid, already-paid, paid-late, refund, open, processing, expired, payment-failed, mismatch, no-session, unknown-session',
  }),
  booking: DebugBookingSchema,
});
export const StripeWebhookResponse = Type.Object({
  success: ok,
  received: ok,
  duplicate: Type.Optional(Type.Boolean({ description: 'The event was received before and changed nothing this time' })),
});
export const OutboxMessageSchema = Type.Object({
  id: Type.String(),
  bookingId: Type.Union([Type.String(), Type.Null()]),
  kind: Type.String(),
  toAddress: Type.String(),
  subject: Type.String(),
  text: Type.String(),
  html: Type.String(),
  createdAt: Type.String(),
  sentAt: Type.Union([Type.String(), Type.Null()]),
  attempts: Type.Optional(Type.Integer({ description: 'Failed delivery attempts' })),
  lastError: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  nextAttemptAt: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: 'When an unsent message is retried' })),
});
export const OutboxResponse = Type.Object({ success: ok, messages: Type.Array(OutboxMessageSchema) });

export const AcceptedResponse = Type.Object({ success: ok });
export const RemoteEventCountsResponse = Type.Object({
  success: ok,
  versions: Type.Array(
    Type.Object({
      remote: Type.String(),
      version: Type.String(),
      loads: Type.Integer({ description: 'Loads attempted: loaded plus load-failed' }),
      failures: Type.Integer({ description: 'load-failed plus render-failed' }),
    }),
    { description: 'Every remote version reported since this instance started' },
  ),
});
export const HealthResponse = Type.Object({ success: ok, status: Type.String(), database: Type.String() });
/** /api/health/live: the process answers (it never asks the database). */
export const LiveResponse = Type.Object({ success: ok, status: Type.Literal('alive') });
/** 503 of /api/health: the error envelope, up or down only (support staff read the problems at GET /api/debug/integrity). */
export const UnhealthyResponse = Type.Object(
  {
    success: Type.Literal(false),
    message: Type.String({ description: 'Every problem found, each with what to do' }),
    status: Type.Optional(Type.Literal('unhealthy')),
    database: Type.Optional(Type.String()),
    problems: Type.Optional(Type.Array(Type.String())),
  },
  { description: 'The database is unreachable or damaged (the message says what to do)' },
);
export const PublicConfigResponse = Type.Object({
  success: ok,
  imageBaseUrl: Type.String(),
  currency: Type.String(),
  theatreTimeZone: Type.String(),
  holdMinutes: Type.Integer(),
  salesCloseMinutes: Type.Integer({ description: 'Online sales of a show close this many minutes before it starts' }),
  reholdCooldownMinutes: Type.Integer({ description: "After an account's unpaid hold on a seat ends, how long before it may hold that seat again" }),
  cancellationCutoffMinutes: Type.Optional(
    Type.Integer({ description: 'A paid booking may be cancelled by its owner, refunded in full, until this many minutes before its show; 0: not at all' }),
  ),
  catalog: Type.String(),
  paymentProvider: Type.Optional(
    Type.Union([Type.Literal('stripe'), Type.Literal('local')], { description: 'local: the test-card checkout (show the test card info)' }),
  ),
});

export type ShowAllResponse = Static<typeof ShowAllResponse>;
export type ShowDetailResponse = Static<typeof ShowDetailResponse>;
export type NowPlayingResponse = Static<typeof NowPlayingResponse>;
export type AddShowResponse = Static<typeof AddShowResponse>;
export type CreateBookingResponse = Static<typeof CreateBookingResponse>;
export type OccupiedSeatsResponse = Static<typeof OccupiedSeatsResponse>;
export type BestSeatsResponse = Static<typeof BestSeatsResponse>;
export type SeatsEvent = Static<typeof SeatsEventSchema>;
export type VerifyPaymentResponse = Static<typeof VerifyPaymentResponse>;
export type UserBookingsResponse = Static<typeof UserBookingsResponse>;
export type FavoritesResponse = Static<typeof FavoritesResponse>;
export type UpdateFavoriteResponse = Static<typeof UpdateFavoriteResponse>;
export type IsAdminResponse = Static<typeof IsAdminResponse>;
export type AllShowsResponse = Static<typeof AllShowsResponse>;
export type AllBookingsResponse = Static<typeof AllBookingsResponse>;
export type DashboardResponse = Static<typeof DashboardResponse>;
export type DebugBookingsResponse = Static<typeof DebugBookingsResponse>;
export type SupportHistoryResponse = Static<typeof SupportHistoryResponse>;
export type SupportActionJson = Static<typeof SupportActionSchema>;
export type AdminShowsResponse = Static<typeof AdminShowsResponse>;
export type AdminShowRow = Static<typeof AdminShowRowSchema>;
export type UnpaidBookingsResponse = Static<typeof UnpaidBookingsResponse>;
export type MessageResponse = Static<typeof MessageResponse>;
export type MarkPaidResponse = Static<typeof MarkPaidResponse>;
export type RemoteEventCountsResponse = Static<typeof RemoteEventCountsResponse>;
export type FixPaymentResponse = Static<typeof FixPaymentResponse>;
export type OwnBookingActionResponse = Static<typeof OwnBookingActionResponse>;
export type StripeWebhookResponse = Static<typeof StripeWebhookResponse>;
export type OutboxMessage = Static<typeof OutboxMessageSchema>;
export type OutboxResponse = Static<typeof OutboxResponse>;
export type PublicConfigResponse = Static<typeof PublicConfigResponse>;
