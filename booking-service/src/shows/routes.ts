import { AddShowResponse, NowPlayingResponse, ShowAllResponse, ShowDetailResponse, type ShowOnSale } from '../contract/responses.ts';
import { failures } from '../contract/failures.ts';
import type { Catalog } from '../catalog/types.ts';
import type { Config } from '../config/config.ts';
import type { KnownIds } from '../http/known-ids.ts';
import type { ReadCache } from '../http/read-cache.ts';
import type { Auth } from '../identity/auth.ts';
import type { MovieRepository, ShowRepository } from './show-repository.ts';
import { AddShowBody, MovieIdParams } from '../contract/schemas.ts';
import { movieJson } from './show-json.ts';
import { toCents } from '../contract/money.ts';
import type { AppInstance } from '../http/app-instance.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { ScheduleClashErrorSchema } from '../contract/schedule.ts';
import { ScheduleClashError } from './screen-schedule.ts';
import { clashConflict, instantsOf, planOnScreen, screenWordsOf } from './schedule-plan.ts';
import { sendSerialized, serializeJson } from '../http/send-serialized.ts';
import { groupByLocalDate } from './schedule.ts';
import { movieFromCatalog } from './import-movie.ts';
import type { CinemaDirectory } from '../cinemas/cinema-directory.ts';
import { DEFAULT_SCREEN_ID } from '../cinemas/built-in-chain.ts';
import { cinemaRefJson } from '../cinemas/cinema-json.ts';
import type { CinemaRef } from '../contract/cinemas.ts';
import { seatPricesOf } from './seat-prices.ts';
import { showTimePrice, type ScreenLayout, type SeatPrices } from '../contract/seats/layout.ts';
import type { SeatPriceCents, Show } from './show.ts';

const SHOW_LIST_TTL_MS = 5_000;
const tags = ['shows'];

export interface ShowRoutesDeps {
  movies: Pick<MovieRepository, 'withUpcomingShows' | 'upsert' | 'get'>;
  shows: Pick<ShowRepository, 'addMany' | 'upcomingForMovie' | 'scheduleOn'>;
  catalog: Catalog;
  auth: Auth;
  /** The answers shared by every caller (the show lists). */
  cache: ReadCache;
  /** The movie ids that exist: an unknown one is answered 404 from memory. */
  knownMovies: KnownIds;
  config: Pick<Config, 'theatreTimeZone'>;
  now: () => Date;
  /** The shows of on-sale events (the waiting room's), marked in the show times. */
  onSaleShows: () => Promise<ReadonlyMap<string, ShowOnSale>>;
  /** A movie's shows changed: every instance drops its cached show lists and known ids. */
  onScheduleChanged: (movieId: string) => void;
  /** The chain: a show's screen and cinema (its clock, its place in the show times). */
  cinemas: CinemaDirectory;
}

/** Add Shows' other seat prices (units) in cents; the name of the first that is not an amount of whole cents. */
function seatPriceCentsOf(prices: Partial<Record<keyof SeatPriceCents, number>> = {}): SeatPriceCents | string {
  const cents: SeatPriceCents = {};
  for (const [type, units] of Object.entries(prices) as [keyof SeatPriceCents, number | undefined][]) {
    if (units === undefined) continue;
    const value = toCents(units);
    if (value === null) return `seatPrices.${type} must be an amount with at most 2 decimals`;
    cents[type] = value;
  }
  return cents;
}

/** A time entry's prices by seat type and what its chip says ("from $14.50"). */
function priced(layout: ScreenLayout, seatPrices: SeatPrices) {
  return { seatPrices, ...showTimePrice(layout, seatPrices) };
}

export async function showRoutes(app: AppInstance, { movies, shows, catalog, auth, cache, knownMovies, config, now, onSaleShows, onScheduleChanged, cinemas }: ShowRoutesDeps) {
  /** A show's cinema clock and its time entry's place fields. */
  function placing(show: Show) {
    const place = cinemas.place(show.screenId);
    if (!place) return { timeZone: config.theatreTimeZone };
    const { cinema, screen } = place;
    return {
      timeZone: cinema.timeZone,
      place: { cinemaId: cinema.id, cinemaName: cinema.name, screenId: screen.id, screenName: screen.name, format: screen.format, ...priced(screen.layout, seatPricesOf(show)) },
    };
  }
  /** The cinemas of these shows by id, for the movie page's groups. */
  function cinemasOf(upcoming: readonly Show[]): Record<string, CinemaRef> {
    const places = upcoming.flatMap((show) => cinemas.place(show.screenId) ?? []);
    return Object.fromEntries(places.map(({ cinema }) => [cinema.id, cinemaRefJson(cinema)]));
  }

  app.get(
    '/api/show/all',
    {
      schema: {
        tags,
        summary: 'Movies with upcoming shows, once each',
        response: { 200: ShowAllResponse, ...failures() },
      },
    },
    async (request, reply) => {
      const body = await cache.get('shows:all', SHOW_LIST_TTL_MS, async () => {
        const playing = await movies.withUpcomingShows(now());
        return serializeJson({ success: true, shows: playing.map(movieJson) } satisfies ShowAllResponse);
      });
      return sendSerialized(request, reply, body!);
    },
  );

  app.get(
    '/api/show/now-playing',
    {
      onRequest: auth.requireRole('admin'),
      schema: {
        tags,
        summary: 'Movies now in cinemas, from the catalogue (admin)',
        security: [{ bearerAuth: [] }],
        response: { 200: NowPlayingResponse, ...failures(401, 403) },
      },
    },
    async () => {
      const page = await catalog.list('now_playing', 1);
      const nowPlaying = page.results.map((m) => ({
        id: m.id,
        title: m.title,
        poster_path: m.poster_path,
        backdrop_path: m.backdrop_path,
        vote_average: m.vote_average,
        vote_count: m.vote_count,
        release_date: m.release_date,
        overview: m.overview,
      }));
      return { success: true as const, movies: nowPlaying };
    },
  );

  const screenWords = screenWordsOf(cinemas, config.theatreTimeZone);

  app.post(
    '/api/show/add',
    {
      onRequest: auth.requireRole('admin'),
      schema: {
        tags,
        summary: "Add shows of a movie on dates and times (admin): on a screen (default: the default cinema's first), on its cinema's clock, with prices by seat type",
        description: 'One screen, one show at a time (start to end plus the turnover): an overlap is a 409 naming each clash and the next free start, nothing added; POST /api/admin/shows/check answers the same without writing.',
        security: [{ bearerAuth: [] }],
        body: AddShowBody,
        response: { 200: AddShowResponse, ...failures(400, 401, 403, 404, 413, 415), 409: ScheduleClashErrorSchema },
      },
    },
    async (request) => {
      const { movieId, showsInput, showPrice, screenId = DEFAULT_SCREEN_ID } = request.body;
      const priceCents = toCents(showPrice);
      if (priceCents === null) throw badRequest('showPrice must be an amount with at most 2 decimals');
      const seatPriceCents = seatPriceCentsOf(request.body.seatPrices);
      if (typeof seatPriceCents === 'string') throw badRequest(seatPriceCents);
      const place = cinemas.place(screenId);
      if (!place) throw notFound(`Unknown screen ${screenId}: the screens are listed by GET /api/admin/cinemas`);
      // Staff enter the times on the chosen cinema's clock.
      const instants = instantsOf(showsInput, place.cinema.timeZone, now());

      const movie = await movieFromCatalog(catalog, Number(movieId));
      if (!movie) throw notFound(`Movie ${movieId} is not in the catalogue`);
      try {
        await movies.upsert(movie);
      } catch (error) {
        if (!(error instanceof ScheduleClashError)) throw error;
        throw clashConflict(error.clashes, screenWords, `The catalogue now gives ${movie.title} ${movie.runtime} minutes, so its shows would overlap others`);
      }
      // Checked first to name every clash; the store still decides (another instance may add one meanwhile).
      const plan = await planOnScreen(shows, place, movie, instants);
      if (plan.clashes.length > 0) throw clashConflict(plan.clashes, screenWords);
      let created: number;
      try {
        created = await shows.addMany(
          movie.id,
          instants.map((startsAt) => ({ startsAt, priceCents, screenId, seatPriceCents })),
        );
      } catch (error) {
        if (!(error instanceof ScheduleClashError)) throw error;
        throw clashConflict(error.clashes, screenWords);
      }
      onScheduleChanged(movie.id);
      const skipped = instants.length - created;
      const message =
        skipped === 0
          ? `Added ${created} show${created === 1 ? '' : 's'} successfully`
          : `Added ${created} show${created === 1 ? '' : 's'}; ${skipped} already existed`;
      return { success: true as const, message, created, skipped };
    },
  );

  app.get(
    '/api/show/:movieId',
    {
      schema: {
        tags,
        summary: "A movie with its upcoming show times grouped by local date on each cinema's clock, each naming its cinema and screen",
        params: MovieIdParams,
        response: { 200: ShowDetailResponse, ...failures(400, 404) },
      },
    },
    async (request, reply) => {
      const { movieId } = request.params;
      if (!(await knownMovies.has(movieId))) throw notFound('Movie not found');
      const body = await cache.get(`show:${movieId}`, SHOW_LIST_TTL_MS, async () => {
        const movie = await movies.get(movieId);
        if (!movie) return null;
        const upcoming = await shows.upcomingForMovie(movieId, now());
        return serializeJson({
          success: true,
          movie: movieJson(movie),
          dateTime: groupByLocalDate(upcoming, placing, await onSaleShows()),
          cinemas: cinemasOf(upcoming),
        } satisfies ShowDetailResponse);
      });
      if (body === null) throw notFound('Movie not found');
      return sendSerialized(request, reply, body!);
    },
  );
}
