import { Type, type Static } from 'typebox';
import { AddShowBody } from './schemas.ts';

/**
 * One screen, one show at a time: a show occupies its screen from its start to its end (start + runtime)
 * plus its cinema's turnover. The answers that name a clash, check a proposed schedule, and list the overlaps
 * stored before the rule (grandfathered).
 */

/**
 * How far ahead a show may be scheduled, on its cinema's clock: two years. One horizon for every date of a show
 *: Add Shows and the schedule check refuse a later one, an on-sale cannot be set past it
 * (ON_SALE_MAX_DAYS_AHEAD is at most this), and the date filters, which reach 2999, find every show there is.
 */
export const SHOW_MAX_DAYS_AHEAD = 731;

const instant = (description: string) => Type.String({ format: 'date-time', description });

/** A show's time on its screen. */
export const ScreenTimeSchema = Type.Object({
  startsAt: instant('When it starts'),
  endsAt: instant('Start + the movie’s runtime'),
  readyAt: instant('End + the cinema’s turnover: the screen can start another show from then'),
});

/** A show already on the screen (or, showId null, another of the shows being placed). */
export const ScheduledShowSchema = Type.Intersect([
  ScreenTimeSchema,
  Type.Object({
    showId: Type.Union([Type.String(), Type.Null()], { description: 'null: another of the shows being placed (this request)' }),
    movieId: Type.String(),
    title: Type.String(),
    screenId: Type.String(),
    grandfathered: Type.Boolean({ description: 'Stored before the rule and overlapping another show (listed by GET /api/admin/shows/conflicts)' }),
  }),
]);

export const ScheduleClashSchema = Type.Object({
  proposed: ScreenTimeSchema,
  clashesWith: ScheduledShowSchema,
  nextFreeStart: instant('The earliest start at or after the proposed one at which the show and its turnover fit'),
  message: Type.String({ description: 'In staff words, on the cinema’s clock: "…: Screen 2 is showing Dear Odette 7:00-8:43 PM, ready again at 9:03 PM; …"' }),
});

/** 409 of adding shows (or of a runtime change) that would overlap another show on the screen. */
export const ScheduleClashErrorSchema = Type.Object(
  {
    success: Type.Literal(false),
    message: Type.String({ description: 'Every clash by name, on the cinema’s clock' }),
    clashes: Type.Array(ScheduleClashSchema),
    nextFreeStart: Type.Optional(instant('The first clash’s next free start, for the page to offer')),
  },
  { description: 'A show would overlap another on its screen (the message names each, with the next free start); nothing was added' },
);

/** POST /api/admin/shows/check: the Add Shows form without its prices; nothing is written. */
export const ScheduleCheckBody = Type.Omit(AddShowBody, ['showPrice', 'seatPrices']);

export const ScheduleCheckResponse = Type.Object({
  success: Type.Literal(true),
  free: Type.Boolean({ description: 'true: every proposed show fits' }),
  message: Type.String(),
  runtime: Type.Integer({ description: 'The movie’s runtime in minutes, as the catalogue gives it' }),
  turnoverMinutes: Type.Integer({ description: 'The cinema’s turnover in minutes' }),
  proposed: Type.Array(ScreenTimeSchema),
  clashes: Type.Array(ScheduleClashSchema),
  nextFreeStart: Type.Optional(instant('The first clash’s next free start')),
});

const OverlappingShowSchema = Type.Intersect([ScheduledShowSchema, Type.Object({ seatsSold: Type.Integer({ description: 'Seats paid for' }) })]);

/** GET /api/admin/shows/conflicts: live shows of one screen that overlap (stored before the rule), for staff to settle. */
export const ScheduleConflictsResponse = Type.Object({
  success: Type.Literal(true),
  conflicts: Type.Array(
    Type.Object({
      screenId: Type.String(),
      screenName: Type.String(),
      cinemaId: Type.String(),
      cinemaName: Type.String(),
      shows: Type.Array(OverlappingShowSchema, { minItems: 2, maxItems: 2 }),
      message: Type.String(),
    }),
  ),
});

export type ScheduleClashJson = Static<typeof ScheduleClashSchema>;
export type ScheduleClashAnswer = Static<typeof ScheduleClashErrorSchema>;
export type ScheduleCheckRequest = Static<typeof ScheduleCheckBody>;
export type ScheduleCheckResponse = Static<typeof ScheduleCheckResponse>;
export type ScheduleConflictsResponse = Static<typeof ScheduleConflictsResponse>;
