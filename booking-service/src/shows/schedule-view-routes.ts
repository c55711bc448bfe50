import type { Cinema } from '../cinemas/cinema.ts';
import type { CinemaDirectory } from '../cinemas/cinema-directory.ts';
import { failures } from '../contract/failures.ts';
import { SCHEDULE_VIEW_MAX_DAYS, ScheduleViewQuery, ScheduleViewResponse, type ScheduleViewShow } from '../contract/schedule-view.ts';
import type { ShowOnSale } from '../contract/responses.ts';
import { layoutSeats } from '../contract/seats/layout.ts';
import { isCalendarDate, localDayRange } from '../contract/theatre-time.ts';
import type { AppInstance } from '../http/app-instance.ts';
import { badRequest, notFound } from '../http/errors.ts';
import type { Auth } from '../identity/auth.ts';
import { screenTime } from './screen-schedule.ts';
import type { ShowWithSeats } from './show.ts';
import type { ShowRepository } from './show-repository.ts';

const DAY_MS = 86_400_000;
/** Shows starting this long before the range are read too: a late show of the day before still runs into it. */
const LOOK_BACK_MS = DAY_MS / 2;

export interface ScheduleViewRoutesDeps {
  shows: Pick<ShowRepository, 'listWithSeats'>;
  cinemas: Pick<CinemaDirectory, 'cinema'>;
  auth: Auth;
  onSaleShows: () => Promise<ReadonlyMap<string, ShowOnSale>>;
  salesCloseMinutes: number;
}

/** The days asked as instants on the cinema's clock; 400 for a range backwards or longer than a week view needs. */
export function scheduleRange(from: string, to: string, timeZone: string): { from: Date; to: Date } {
  if (!isCalendarDate(from) || !isCalendarDate(to)) throw badRequest(`from and to must be calendar dates (${from}, ${to})`);
  if (to < from) throw badRequest(`to (${to}) must not be before from (${from})`);
  const range = { from: localDayRange(from, timeZone).from, to: localDayRange(to, timeZone).to };
  if (range.to.getTime() - range.from.getTime() > SCHEDULE_VIEW_MAX_DAYS * DAY_MS + DAY_MS / 12) {
    throw badRequest(`A schedule covers at most ${SCHEDULE_VIEW_MAX_DAYS} days`);
  }
  return range;
}

/** One show as the timeline draws it: its block on the screen (start to ready again) and its sales. */
export function scheduleShowJson(show: ShowWithSeats, cinema: Cinema, onSale: ShowOnSale | undefined): ScheduleViewShow & { readyAtMs: number } {
  const screen = cinema.screens.find((s) => s.id === show.screenId)!;
  const time = screenTime(show.startsAt, show.movie.runtime, cinema.turnoverMinutes);
  const states = Object.values(show.occupiedSeats);
  const soldSeats = states.filter((state) => state === 'paid').length;
  return {
    showId: show.id,
    movieId: show.movieId,
    title: show.movie.title,
    startsAt: time.startsAt.toISOString(),
    endsAt: time.endsAt.toISOString(),
    readyAt: time.readyAt.toISOString(),
    readyAtMs: time.readyAt.getTime(),
    cancelled: show.cancelledAt !== null,
    soldSeats,
    heldSeats: states.length - soldSeats,
    totalSeats: layoutSeats(screen.layout).length,
    ...(onSale && { onSale }),
  };
}

/** GET /api/admin/schedule: a cinema's screens over one to nine days, each show as its block. */
export async function scheduleViewRoutes(app: AppInstance, { shows, cinemas, auth, onSaleShows, salesCloseMinutes }: ScheduleViewRoutesDeps) {
  app.addHook('onRequest', auth.requireRole('admin'));

  app.get(
    '/api/admin/schedule',
    {
      schema: {
        tags: ['admin'],
        summary: "A cinema's schedule: each screen's shows over the days asked (on the cinema's clock), each from its start to its end and the screen's ready-again time, with seats sold and its on-sale",
        security: [{ bearerAuth: [] }],
        querystring: ScheduleViewQuery,
        response: { 200: ScheduleViewResponse, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { cinemaId, from, to = from } = request.query;
      const cinema = cinemas.cinema(cinemaId);
      if (!cinema) throw notFound(`Unknown cinema ${cinemaId}: the cinemas are listed by GET /api/admin/cinemas`);
      const range = scheduleRange(from, to, cinema.timeZone);
      const [inRange, onSale] = await Promise.all([shows.listWithSeats({ from: new Date(range.from.getTime() - LOOK_BACK_MS), to: range.to }), onSaleShows()]);
      const screens = cinema.screens.map((screen) => ({
        _id: screen.id,
        name: screen.name,
        format: screen.format,
        seatCount: layoutSeats(screen.layout).length,
        shows: inRange
          .filter((show) => show.screenId === screen.id)
          .map((show) => scheduleShowJson(show, cinema, onSale.get(show.id)))
          .filter((show) => show.readyAtMs > range.from.getTime())
          .sort((a, b) => a.startsAt.localeCompare(b.startsAt))
          .map(({ readyAtMs: _readyAtMs, ...show }) => show),
      }));
      return {
        success: true as const,
        cinema: { _id: cinema.id, name: cinema.name, timeZone: cinema.timeZone, turnoverMinutes: cinema.turnoverMinutes },
        from,
        to,
        salesCloseMinutes,
        screens,
      };
    },
  );
}
