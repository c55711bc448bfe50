import { Type, type Static } from 'typebox';

/**
 * Cinemas and screens, as the agreed contract fixes them: the schemas the service answers with
 * and the types the frontends read. Every field here is added beside today's answers, never in place of one;
 * an answer of an older service lacks them, so a frontend treats the fields that grow old answers as optional.
 * This file imports no other schema, so schemas.ts and responses.ts can use its pieces (the answers of the new
 * calls, which need the movie, are in cinema-responses.ts).
 */

export const SeatTypeSchema = Type.Union([Type.Literal('standard'), Type.Literal('premium'), Type.Literal('wheelchair'), Type.Literal('companion')]);

/** A screen's seat layout (booking-service/layout's ScreenLayout): rows of s p w c and . for a gap. */
export const ScreenLayoutSchema = Type.Object({
  rows: Type.Array(
    Type.Object({
      label: Type.String({ description: 'The row letter(s): A … Z, AA … ZZ' }),
      seats: Type.String({ description: 's standard, p premium, w wheelchair space, c companion seat, . a gap' }),
      aisleBefore: Type.Optional(Type.Boolean({ description: 'A walkway across the hall in front of this row' })),
    }),
  ),
});

/** Price of one seat of each type in currency units; `standard` is the spec's showPrice, a type left out costs standard. */
export const SeatPricesSchema = Type.Object({
  standard: Type.Number(),
  premium: Type.Optional(Type.Number()),
  wheelchair: Type.Optional(Type.Number()),
  companion: Type.Optional(Type.Number()),
});

/** Where a show is: what a ticket, a receipt and a calendar entry name. */
export const CinemaRefSchema = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  address: Type.String(),
  city: Type.String(),
  timeZone: Type.String({ description: 'IANA time zone of the cinema' }),
  mapUrl: Type.String({ description: 'An OpenStreetMap search link for the address' }),
});
export const ScreenRefSchema = Type.Object({ _id: Type.String(), name: Type.String(), format: Type.String() });

export const ScreenSummarySchema = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  format: Type.String({ description: 'Standard, IMAX, Dolby Atmos, Recliner, …' }),
  seatCount: Type.Integer(),
});
export const ScreenSchema = Type.Intersect([ScreenSummarySchema, Type.Object({ layout: ScreenLayoutSchema })]);

const cinemaFields = {
  _id: Type.String(),
  name: Type.String(),
  address: Type.String(),
  city: Type.String(),
  timeZone: Type.String(),
  phone: Type.String(),
  facilities: Type.Array(Type.String()),
  turnoverMinutes: Type.Optional(
    Type.Integer({ minimum: 0, description: "Minutes a screen needs after a show ends before the next may start (cleaning, doors); a show occupies its screen from its start to its end plus these" }),
  ),
  mapUrl: Type.String(),
};
export const CinemaSchema = Type.Object({ ...cinemaFields, screens: Type.Array(ScreenSummarySchema) });
export const CinemaWithLayoutsSchema = Type.Object({ ...cinemaFields, screens: Type.Array(ScreenSchema) });

/** The dashboard's totals per cinema. */
export const CinemaTotalsSchema = Type.Object({
  cinemaId: Type.String(),
  name: Type.String(),
  bookings: Type.Integer(),
  paidBookings: Type.Integer(),
  revenue: Type.Number(),
  seatsSold: Type.Integer(),
});

/** What GET /api/show/{movieId}'s time entries grow (beside time, showId, price, onSale). */
export const ShowTimePlaceSchema = Type.Object({
  cinemaId: Type.String(),
  cinemaName: Type.String(),
  screenId: Type.String(),
  screenName: Type.String(),
  format: Type.String(),
  seatPrices: SeatPricesSchema,
  // What the chip says (contract/seats/layout.ts's showTimePrice), absent from an older service's answers.
  fromPrice: Type.Optional(Type.Number({ description: "The lowest price of the screen's standard and premium seats (of any seat when it has neither)" })),
  priceVaries: Type.Optional(Type.Boolean({ description: 'Some of those seats cost more than fromPrice: the chip says "from"' })),
});

export type CinemaRef = Static<typeof CinemaRefSchema>;
export type ScreenRef = Static<typeof ScreenRefSchema>;
export type ScreenSummary = Static<typeof ScreenSummarySchema>;
export type Cinema = Static<typeof CinemaSchema>;
export type CinemaWithLayouts = Static<typeof CinemaWithLayoutsSchema>;
export type CinemaTotals = Static<typeof CinemaTotalsSchema>;
export type ShowTimePlace = Static<typeof ShowTimePlaceSchema>;
