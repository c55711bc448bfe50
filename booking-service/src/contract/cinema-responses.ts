import { Type, type Static } from 'typebox';
import { CinemaSchema, CinemaWithLayoutsSchema } from './cinemas.ts';
import { ShowOnSaleSchema } from './responses.ts';
import { MovieSchema } from './schemas.ts';

/** The answers of the cinema calls (the pieces: cinemas.ts). */

const ok = Type.Literal(true);

/** GET /api/cinemas (?city=): the chain's cities and cinemas (screens without layouts). */
export const CinemasResponse = Type.Object({ success: ok, cities: Type.Array(Type.String()), cinemas: Type.Array(CinemaSchema) });

/** GET /api/cinemas/{cinemaId}: the cinema (screens with layouts) and its upcoming shows by movie. */
export const CinemaShowTimeSchema = Type.Object({
  showId: Type.String(),
  showDateTime: Type.String({ format: 'date-time' }),
  screenId: Type.String(),
  screenName: Type.String(),
  format: Type.String(),
  onSale: Type.Optional(ShowOnSaleSchema),
  // What the time's chip says, as on the movie page (contract/seats/layout.ts's showTimePrice); absent from
  // an older service's answers.
  fromPrice: Type.Optional(Type.Number({ description: "The lowest price of the screen's standard and premium seats (of any seat when it has neither)" })),
  priceVaries: Type.Optional(Type.Boolean({ description: 'Some of those seats cost more than fromPrice: the chip says "from"' })),
});
export const CinemaDetailResponse = Type.Object({
  success: ok,
  cinema: CinemaWithLayoutsSchema,
  shows: Type.Array(Type.Object({ movie: MovieSchema, times: Type.Array(CinemaShowTimeSchema) })),
});

/** GET /api/admin/cinemas: every cinema with its screens and layouts (Add Shows' picker). */
export const AdminCinemasResponse = Type.Object({ success: ok, cinemas: Type.Array(CinemaWithLayoutsSchema) });

export type CinemasResponse = Static<typeof CinemasResponse>;
export type CinemaShowTime = Static<typeof CinemaShowTimeSchema>;
export type CinemaDetailResponse = Static<typeof CinemaDetailResponse>;
export type AdminCinemasResponse = Static<typeof AdminCinemasResponse>;
