import { Type } from 'typebox';
import type { CinemaDirectory } from '../cinemas/cinema-directory.ts';
import { cinemaWithLayoutsJson } from '../cinemas/cinema-json.ts';
import { CinemaDetailResponse, type CinemaShowTime } from '../contract/cinema-responses.ts';
import { failures } from '../contract/failures.ts';
import { CinemaSlug } from '../contract/schemas.ts';
import type { ShowOnSale } from '../contract/responses.ts';
import { showTimePrice } from '../contract/seats/layout.ts';
import type { AppInstance } from '../http/app-instance.ts';
import { notFound } from '../http/errors.ts';
import type { ReadCache } from '../http/read-cache.ts';
import { sendSerialized, serializeJson } from '../http/send-serialized.ts';
import type { ShowWithMovie } from './show.ts';
import { seatPricesOf } from './seat-prices.ts';
import { movieJson } from './show-json.ts';
import type { ShowRepository } from './show-repository.ts';

const CINEMA_TTL_MS = 5_000;
const CinemaIdParams = Type.Object(
  { cinemaId: CinemaSlug('Cinema id (a slug)') },
  { additionalProperties: false },
);

export interface CinemaShowRoutesDeps {
  cinemas: CinemaDirectory;
  shows: Pick<ShowRepository, 'upcomingOnScreens'>;
  /** The answers shared by every caller; `shows:` keys are dropped when a schedule changes. */
  cache: ReadCache;
  now: () => Date;
  onSaleShows: () => Promise<ReadonlyMap<string, ShowOnSale>>;
}

/** A cinema's upcoming shows by movie, the movies in the order of their next show, each movie's times soonest first,
 *  each with what its chip says a seat costs. */
function showsByMovie(upcoming: ShowWithMovie[], cinemas: CinemaDirectory, onSale: ReadonlyMap<string, ShowOnSale>) {
  const byMovie = new Map<string, { movie: ShowWithMovie['movie']; times: CinemaShowTime[] }>();
  for (const show of upcoming) {
    const place = cinemas.place(show.screenId);
    if (!place) continue;
    const entry = byMovie.get(show.movieId) ?? { movie: show.movie, times: [] };
    const sale = onSale.get(show.id);
    entry.times.push({
      showId: show.id,
      showDateTime: show.startsAt.toISOString(),
      screenId: place.screen.id,
      screenName: place.screen.name,
      format: place.screen.format,
      ...showTimePrice(place.screen.layout, seatPricesOf(show)),
      ...(sale && { onSale: sale }),
    });
    byMovie.set(show.movieId, entry);
  }
  return [...byMovie.values()].map(({ movie, times }) => ({ movie: movieJson(movie), times }));
}

/** GET /api/cinemas/:cinemaId: the cinema with its screens' layouts and its upcoming shows (the /theaters card's page). */
export async function cinemaShowRoutes(app: AppInstance, { cinemas, shows, cache, now, onSaleShows }: CinemaShowRoutesDeps) {
  app.get(
    '/api/cinemas/:cinemaId',
    {
      schema: {
        tags: ['cinemas'],
        summary: 'A cinema, its screens with their seat layouts, and its upcoming shows by movie',
        params: CinemaIdParams,
        response: { 200: CinemaDetailResponse, ...failures(400, 404) },
      },
    },
    async (request, reply) => {
      const cinema = cinemas.cinema(request.params.cinemaId);
      if (!cinema) throw notFound('Cinema not found');
      const body = await cache.get(`shows:cinema:${cinema.id}`, CINEMA_TTL_MS, async () => {
        const upcoming = await shows.upcomingOnScreens(cinema.screens.map((screen) => screen.id), now());
        return serializeJson({
          success: true,
          cinema: cinemaWithLayoutsJson(cinema),
          shows: showsByMovie(upcoming, cinemas, await onSaleShows()),
        } satisfies CinemaDetailResponse);
      });
      return sendSerialized(request, reply, body!);
    },
  );
}
