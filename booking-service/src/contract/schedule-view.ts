import { Type, type Static } from 'typebox';
import { CalendarDate, CinemaSlug } from './schemas.ts';

/**
 * GET /api/admin/schedule: one cinema's screens over a few days, each show as the block it
 * occupies on its screen (start to ready again), with what staff plan by: its movie, seats sold of the screen's,
 * and whether it is on sale. The admin remote's Schedule page draws it as a timeline per screen.
 */

/** The longest range one request may ask: a week view, with a day of slack either side. */
export const SCHEDULE_VIEW_MAX_DAYS = 9;

export const ScheduleViewQuery = Type.Object(
  {
    cinemaId: CinemaSlug('The cinema (GET /api/admin/cinemas; one it does not list: 404)'),
    from: CalendarDate("First day, on the cinema's clock"),
    to: Type.Optional(CalendarDate(`Last day (included; default: from): not before from, at most ${SCHEDULE_VIEW_MAX_DAYS} days (400 otherwise)`)),
  },
  { additionalProperties: false },
);

const instant = (description: string) => Type.String({ format: 'date-time', description });

export const ScheduleViewShowSchema = Type.Object({
  showId: Type.String(),
  movieId: Type.String(),
  title: Type.String(),
  startsAt: instant('When it starts'),
  endsAt: instant('Start + the movie’s runtime'),
  readyAt: instant('End + the cinema’s turnover: the screen is free from then'),
  cancelled: Type.Boolean(),
  soldSeats: Type.Integer({ description: 'Seats paid for' }),
  heldSeats: Type.Integer({ description: 'Seats held, not paid yet' }),
  totalSeats: Type.Integer({ description: "The screen's seats" }),
  onSale: Type.Optional(
    Type.Object({ eventId: Type.String(), at: instant('When the on-sale event opens'), waitingRoom: Type.Boolean() }, { description: 'The show is in an on-sale event' }),
  ),
});

export const ScheduleViewResponse = Type.Object({
  success: Type.Literal(true),
  cinema: Type.Object({ _id: Type.String(), name: Type.String(), timeZone: Type.String(), turnoverMinutes: Type.Integer() }),
  from: Type.String({ format: 'date' }),
  to: Type.String({ format: 'date' }),
  salesCloseMinutes: Type.Integer({ description: 'Online sales of a show close this many minutes before it starts' }),
  screens: Type.Array(
    Type.Object({
      _id: Type.String(),
      name: Type.String(),
      format: Type.String(),
      seatCount: Type.Integer(),
      shows: Type.Array(ScheduleViewShowSchema, { description: 'Soonest first; those running into the range from the day before included' }),
    }),
  ),
});

export type ScheduleViewRequest = Static<typeof ScheduleViewQuery>;
export type ScheduleViewResponse = Static<typeof ScheduleViewResponse>;
export type ScheduleViewShow = Static<typeof ScheduleViewShowSchema>;
