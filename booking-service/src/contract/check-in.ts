import { Type, type Static } from 'typebox';
import { CINEMA_SLUG_PATTERN, MAX_CINEMA_SLUG_LENGTH, PrintableText } from './schemas.ts';

/** Checking a ticket in at a door (POST /api/admin/check-in): docs/service/check-in.md. */

/** The longest scan and door name accepted; longer is a bad scan (400), not a ticket. */
export const MAX_SCAN_LENGTH = 200;
export const MAX_DOOR_LENGTH = 60;

export const CheckInBody = Type.Object(
  {
    code: PrintableText(MAX_SCAN_LENGTH, 'The ticket code as typed (any case), or the QR\'s text (`TICKET:<code>`)'),
    door: PrintableText(MAX_DOOR_LENGTH, 'The door scanning, as staff named it ("Door 2")'),
    cinemaId: Type.Optional(
      Type.String({
        description: "The cinema the door is at (GET /api/admin/cinemas; one it does not list: 404): a ticket for another cinema's show is refused (`another-cinema`). Door screens older than cinemas send none and are not checked",
        pattern: CINEMA_SLUG_PATTERN,
        maxLength: MAX_CINEMA_SLUG_LENGTH,
      }),
    ),
  },
  { additionalProperties: false },
);

const Seats = Type.Array(Type.String(), { description: 'The seats, in hall order' });

export const CheckInResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String({ description: '"Admitted: <n> tickets"' }),
  admission: Type.Object({
    bookingId: Type.String(),
    showId: Type.String({ description: 'The show admitted to (its live count: GET /api/admin/check-in/shows/:showId)' }),
    movieTitle: Type.String(),
    showDateTime: Type.String({ format: 'date-time' }),
    showTime: Type.String({ description: "The show's start on the theatre's clocks (\"7:30 PM\")" }),
    hall: Type.String(),
    seats: Seats,
    tickets: Type.Integer({ description: 'People to let in' }),
    door: Type.String(),
    admittedAt: Type.String({ format: 'date-time' }),
  }),
});

export const CHECK_IN_REFUSALS = ['already-admitted', 'not-paid', 'cancelled', 'refunded', 'another-cinema', 'another-day', 'too-early', 'too-late'] as const;

/** 409: the ticket does not admit now; the message is the reason in the door attendant's words. */
export const CheckInRefusedSchema = Type.Object(
  {
    success: Type.Literal(false),
    message: Type.String(),
    outcome: Type.Union(CHECK_IN_REFUSALS.map((outcome) => Type.Literal(outcome))),
    booking: Type.Optional(
      Type.Object({ bookingId: Type.String(), movieTitle: Type.String(), showDateTime: Type.String({ format: 'date-time' }), seats: Seats }),
    ),
    admittedAt: Type.Optional(Type.String({ format: 'date-time', description: 'already-admitted: when' })),
    admittedDoor: Type.Optional(Type.String({ description: 'already-admitted: at which door' })),
    admittedBy: Type.Optional(Type.String({ description: 'already-admitted: by whom' })),
  },
  { description: 'The ticket does not admit now: already admitted, unpaid, cancelled, refunded, for another cinema, another day, or outside the admission window' },
);

export const ShowCountParams = Type.Object({ showId: Type.String({ format: 'uuid' }) }, { additionalProperties: false });

/** GET /api/admin/check-in/shows/:showId: the show's door count, live. */
export const ShowCountResponse = Type.Object({
  success: Type.Literal(true),
  showId: Type.String(),
  admitted: Type.Integer({ description: 'Tickets (seats) of the show admitted at the doors so far' }),
  sold: Type.Integer({ description: "Tickets (seats) of the show's paid bookings" }),
});

/** GET /api/admin/check-in/shows: the shows admitting now (admission window open), soonest first, with their counts. */
export const AdmittingNowResponse = Type.Object({
  success: Type.Literal(true),
  shows: Type.Array(
    Type.Object({
      showId: Type.String(),
      movieTitle: Type.String(),
      showDateTime: Type.String({ format: 'date-time' }),
      showTime: Type.String({ description: "The start on the theatre's clocks (\"7:30 PM\")" }),
      admitted: Type.Integer(),
      sold: Type.Integer(),
    }),
  ),
});

/** A scan of one of a booking's tickets, as support reads it in the booking's history. */
export const CheckInEntrySchema = Type.Object({
  id: Type.String(),
  outcome: Type.String({ description: 'admitted, or why not (already-admitted, not-paid, cancelled, refunded, another-cinema, another-day, too-early, too-late)' }),
  door: Type.String(),
  staffName: Type.String(),
  at: Type.String({ format: 'date-time' }),
});

export type CheckInRequest = Static<typeof CheckInBody>;
export type CheckInResponse = Static<typeof CheckInResponse>;
export type CheckInRefused = Static<typeof CheckInRefusedSchema>;
export type CheckInEntry = Static<typeof CheckInEntrySchema>;
export type ShowCountResponse = Static<typeof ShowCountResponse>;
export type AdmittingNowResponse = Static<typeof AdmittingNowResponse>;
