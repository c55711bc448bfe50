import type { Catalog } from '../catalog/types.ts';
import type { CinemaDirectory } from '../cinemas/cinema-directory.ts';
import { DEFAULT_SCREEN_ID } from '../cinemas/built-in-chain.ts';
import { failures } from '../contract/failures.ts';
import { ScheduleCheckBody, ScheduleCheckResponse, ScheduleConflictsResponse } from '../contract/schedule.ts';
import { formatTheatreTime } from '../contract/theatre-time.ts';
import type { AppInstance } from '../http/app-instance.ts';
import { notFound } from '../http/errors.ts';
import type { Auth } from '../identity/auth.ts';
import { movieFromCatalog } from './import-movie.ts';
import { clashJson, instantsOf, planOnScreen } from './schedule-plan.ts';
import { clockRange } from './screen-schedule.ts';
import type { ShowRepository } from './show-repository.ts';

const tags = ['admin'];

export interface ScheduleRoutesDeps {
  shows: Pick<ShowRepository, 'scheduleOn' | 'overlaps'>;
  catalog: Catalog;
  auth: Auth;
  cinemas: CinemaDirectory;
  now: () => Date;
}

/** Staff's view of the screens' time: check a proposed schedule before adding it; the overlaps stored before the rule. */
export async function scheduleRoutes(app: AppInstance, { shows, catalog, auth, cinemas, now }: ScheduleRoutesDeps) {
  app.addHook('onRequest', auth.requireRole('admin'));

  app.post(
    '/api/admin/shows/check',
    {
      schema: {
        tags,
        summary: 'Check shows of a movie on a screen before adding them: each clash with the show it overlaps and the next free start (nothing is written)',
        security: [{ bearerAuth: [] }],
        body: ScheduleCheckBody,
        response: { 200: ScheduleCheckResponse, ...failures(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => {
      const { movieId, showsInput, screenId = DEFAULT_SCREEN_ID } = request.body;
      const place = cinemas.place(screenId);
      if (!place) throw notFound(`Unknown screen ${screenId}: the screens are listed by GET /api/admin/cinemas`);
      const { timeZone } = place.cinema;
      const instants = instantsOf(showsInput, timeZone, now());
      const movie = await movieFromCatalog(catalog, Number(movieId));
      if (!movie) throw notFound(`Movie ${movieId} is not in the catalogue`);
      const plan = await planOnScreen(shows, place, movie, instants);
      const clashes = plan.clashes.map((clash) => clashJson(clash, place.screen.name, timeZone));
      const time = (t: { startsAt: Date; endsAt: Date; readyAt: Date }) => ({ startsAt: t.startsAt.toISOString(), endsAt: t.endsAt.toISOString(), readyAt: t.readyAt.toISOString() });
      return {
        success: true as const,
        free: clashes.length === 0,
        message: clashes.length === 0 ? `${place.screen.name} is free for every show` : clashes.map((clash) => clash.message).join('. '),
        runtime: movie.runtime,
        turnoverMinutes: place.cinema.turnoverMinutes,
        proposed: plan.proposed.map(time),
        clashes,
        ...(clashes[0] && { nextFreeStart: clashes[0].nextFreeStart }),
      };
    },
  );

  app.get(
    '/api/admin/shows/conflicts',
    {
      schema: {
        tags,
        summary: 'Live shows of one screen that overlap, stored before one screen, one show at a time (grandfathered): for staff to cancel or move one',
        security: [{ bearerAuth: [] }],
        response: { 200: ScheduleConflictsResponse, ...failures(401, 403) },
      },
    },
    async () => {
      const overlaps = await shows.overlaps();
      const conflicts = overlaps.map(({ screenId, shows: pair }) => {
        const place = cinemas.place(screenId);
        const timeZone = place?.cinema.timeZone ?? 'UTC';
        const screenName = place?.screen.name ?? screenId;
        const [a, b] = pair;
        const words = (o: typeof a) => `${o.title} ${clockRange(o.startsAt, o.endsAt, timeZone)} (${o.seatsSold} seats sold)`;
        return {
          screenId,
          screenName,
          cinemaId: place?.cinema.id ?? '',
          cinemaName: place?.cinema.name ?? '',
          shows: pair.map((o) => ({
            showId: o.showId,
            movieId: o.movieId,
            title: o.title,
            screenId: o.screenId,
            grandfathered: o.grandfathered,
            startsAt: o.startsAt.toISOString(),
            endsAt: o.endsAt.toISOString(),
            readyAt: o.readyAt.toISOString(),
            seatsSold: o.seatsSold,
          })),
          message: `${formatTheatreTime(a.startsAt, timeZone)}: ${screenName} shows ${words(a)} and ${words(b)} at once`,
        };
      });
      return { success: true as const, conflicts };
    },
  );
}
