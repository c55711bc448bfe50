import { Type, type Static } from 'typebox';
import { PRINTABLE_TEXT_PATTERN, PrintableText, RFC_3339_INSTANT_PATTERN, UuidPattern } from './schemas.ts';
import { LONGEST_POLL_SECONDS, QUEUE_POLL_SECONDS } from './seats/sales.ts';

/** The waiting room's requests and answers; the customer, admin and debug remotes import the types. */

const ok = Type.Literal(true);
const instant = Type.String({ format: 'date-time' });

export const EventIdParams = Type.Object({ eventId: Type.String({ pattern: UuidPattern }) }, { additionalProperties: false });

/** A signed token of the waiting room (place or admission) as a query parameter: a compact JWS. */
const tokenInQuery = (description: string) => Type.String({ maxLength: 1024, pattern: '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$', description });

/** The queue stream's query: whose stream it is (the place token), so that its place and turn are sent at once. */
export const QueueStreamQuery = Type.Object(
  {
    token: Type.Optional(
      tokenInQuery("Your place token (from the status): the stream then sends your place (from the pre-queue, with the draw) and your turn as soon as it comes"),
    ),
    place: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,8}$', description: 'Your place (from the status), for pages without the token: your turn is sent as soon as it comes' })),
  },
  { additionalProperties: false },
);

/** A live seat map's query: a show sold through a waiting room streams its seats to the admitted only (an EventSource sends no headers). */
export const SeatStreamQuery = Type.Object(
  { admission: Type.Optional(tokenInQuery('Your admission token (from the waiting room, while shopping), for a show sold through a waiting room')) },
  { additionalProperties: false },
);

export const OnSaleEventSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  onSaleAt: instant,
  waitingRoom: Type.Boolean(),
  shoppingCapacity: Type.Integer(),
  windowMinutes: Type.Integer(),
  paused: Type.Boolean(),
  salesClosed: Type.Boolean({ description: 'Staff stopped seat holds for a moment (the day\'s controls): places and shopping windows are kept' }),
  streamsOff: Type.Boolean({ description: 'Live streams are off (the day\'s controls): the queue and seat streams answer 503, and pages poll' }),
  pollEverySeconds: Type.Integer({ minimum: QUEUE_POLL_SECONDS, maximum: LONGEST_POLL_SECONDS, description: 'How often a waiting page polls its status' }),
  showIds: Type.Array(Type.String()),
  soldOut: Type.Boolean({ description: 'Every seat of the event is sold or held (holds may lapse and return seats)' }),
});

/** Where an account stands: not joined, in the pre-queue (before the draw), waiting, shopping (admitted, window open), done (window over), left, removed (by support). */
const QueueStateSchema = Type.Union([
  Type.Literal('not-joined'),
  Type.Literal('pre-queue'),
  Type.Literal('waiting'),
  Type.Literal('shopping'),
  Type.Literal('done'),
  Type.Literal('left'),
  Type.Literal('removed'),
]);

export const QueueStatusResponse = Type.Object({
  success: ok,
  event: OnSaleEventSchema,
  state: QueueStateSchema,
  place: Type.Union([Type.Integer(), Type.Null()], { description: 'Null in the pre-queue: places are drawn at random at the on-sale time' }),
  position: Type.Union([Type.Integer(), Type.Null()], { description: 'How many are ahead, at most (places given up ahead still count)' }),
  estimatedWaitSeconds: Type.Union([Type.Integer(), Type.Null()]),
  windowEndsAt: Type.Union([instant, Type.Null()], { description: 'While shopping: when the shopping window ends' }),
  admission: Type.Union([Type.String(), Type.Null()], { description: 'While shopping: the token to send as X-Admission on the seat map and booking calls' }),
  placeToken: Type.Union([Type.String(), Type.Null()], {
    description: `While in the pre-queue or waiting: the signed place, to send as ${'`X-Queue-Place`'} on later polls, which are then answered without the database`,
  }),
});

/** The header a poll carries its place token in (QueueStatusResponse.placeToken). */
export const PLACE_HEADER = 'x-queue-place';

/** The name of the queue stream's events (GET /api/waiting-room/:eventId/events). */
export const QUEUE_EVENT = 'queue';

/**
 * What the queue stream sends, once on connect and on every change (at most once a second): the same for
 * everyone waiting. A waiting moviegoer's position is its place minus `serving`; when `serving` reaches the
 * place, the turn has come (ask GET .../me for the admission); `drawn` turns true at the on-sale time, when
 * the pre-queue gets its places.
 */
export const QueueEventSchema = Type.Object({
  serving: Type.Integer({ description: 'The highest place admitted so far' }),
  drawn: Type.Boolean({ description: 'The pre-queue has been put in random order (places given)' }),
  soldOut: Type.Boolean(),
  paused: Type.Boolean(),
  secondsPerPlace: Type.Number({ description: 'The estimated wait of one place: position x this' }),
  place: Type.Optional(Type.Integer({ description: 'Your place, on a stream opened with your place token, once you have one' })),
});

export const OnSaleEventResponse = Type.Object({ success: ok, event: OnSaleEventSchema });
/** A stored event no page can show (its on-sale time cannot be read): its shows stay closed until staff cancel it. */
export const UnreadableOnSaleEventSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  showIds: Type.Array(Type.String()),
  problem: Type.String({ description: 'What cannot be read, for staff' }),
});

export const OnSaleEventsResponse = Type.Object({
  success: ok,
  events: Type.Array(OnSaleEventSchema),
  unreadable: Type.Array(UnreadableOnSaleEventSchema, { description: 'Stored events that cannot be shown (staff cancel them)' }),
});

export const CreateOnSaleEventBody = Type.Object(
  {
    name: PrintableText(120, 'What staff and moviegoers call the sale'),
    showIds: Type.Array(Type.String({ pattern: UuidPattern }), { minItems: 1, maxItems: 50, uniqueItems: true }),
    onSaleAt: Type.String({
      format: 'date-time',
      pattern: RFC_3339_INSTANT_PATTERN,
      maxLength: 40,
      description: "An RFC 3339 instant with seconds and its offset (2026-12-01T10:00:00Z), from the theatre's today to ON_SALE_MAX_DAYS_AHEAD days (default 366) ahead",
    }),
    waitingRoom: Type.Boolean(),
    shoppingCapacity: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, description: 'Default: a quarter of the seats' })),
    windowMinutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 60, description: 'Default: 10' })),
  },
  { additionalProperties: false },
);

/** The day's controls staff change (each one given; the others stay as they are): issue 56. */
export const OnSaleControlsBody = Type.Object(
  {
    waitingRoom: Type.Optional(
      Type.Boolean({ description: 'True: queue everyone (an on-sale sold without the waiting room goes through it from now on); false: sell to whoever comes' }),
    ),
    salesClosed: Type.Optional(Type.Boolean({ description: 'True: seat holds are refused for a moment (places and shopping windows are kept); false: sales reopen' })),
    streamsOff: Type.Optional(Type.Boolean({ description: 'True: the queue and seat streams are refused and the open ones closed, pages poll instead' })),
    pollEverySeconds: Type.Optional(
      Type.Integer({ minimum: QUEUE_POLL_SECONDS, maximum: LONGEST_POLL_SECONDS, description: `How often waiting pages poll (default ${QUEUE_POLL_SECONDS})` }),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const OnSaleFiguresResponse = Type.Object({
  success: ok,
  event: OnSaleEventSchema,
  figures: Type.Object({
    preQueue: Type.Integer(),
    waiting: Type.Integer(),
    shopping: Type.Integer(),
    admittedLastMinute: Type.Integer(),
    seats: Type.Integer(),
    seatsLeft: Type.Integer(),
  }),
});

export const QueueEntrySchema = Type.Object({
  accountId: Type.String(),
  state: QueueStateSchema,
  joinedAt: instant,
  place: Type.Union([Type.Integer(), Type.Null()]),
  position: Type.Union([Type.Integer(), Type.Null()]),
  windowEndsAt: Type.Union([instant, Type.Null()]),
});

/** An account id as support pastes it: printable text (no NUL nor line break, not blank), as the store keeps it. */
export const AccountLookupQuery = Type.Object({ account: Type.String({ minLength: 1, maxLength: 320, pattern: PRINTABLE_TEXT_PATTERN }) }, { additionalProperties: false });
export const AccountBody = Type.Object({ accountId: Type.String({ minLength: 1, maxLength: 320, pattern: PRINTABLE_TEXT_PATTERN }) }, { additionalProperties: false });
export const QueueEntryResponse = Type.Object({ success: ok, entry: QueueEntrySchema });
export const WaitingRoomActionsResponse = Type.Object({
  success: ok,
  actions: Type.Array(
    Type.Object({
      actor: Type.String({ description: 'The account id of the staff or support member who acted' }),
      actorName: Type.Optional(Type.String({ description: "Their name as their account gives it (else their email, else the account id)" })),
      action: Type.String(),
      accountId: Type.Union([Type.String(), Type.Null()]),
      accountName: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: "The moviegoer's name, as for actorName; null when the action is on no account" })),
      at: instant,
    }),
  ),
});

export type OnSaleEvent = Static<typeof OnSaleEventSchema>;
export type OnSaleEventsResponse = Static<typeof OnSaleEventsResponse>;
export type UnreadableOnSaleEvent = Static<typeof UnreadableOnSaleEventSchema>;
export type QueueState = Static<typeof QueueStateSchema>;
export type QueueStatusResponse = Static<typeof QueueStatusResponse>;
export type QueueEvent = Static<typeof QueueEventSchema>;
export type CreateOnSaleEventBody = Static<typeof CreateOnSaleEventBody>;
export type OnSaleFiguresResponse = Static<typeof OnSaleFiguresResponse>;
export type OnSaleControlsBody = Static<typeof OnSaleControlsBody>;
export type QueueEntryResponse = Static<typeof QueueEntryResponse>;
export type WaitingRoomActionsResponse = Static<typeof WaitingRoomActionsResponse>;
