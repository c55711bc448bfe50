import { failures } from '../contract/failures.ts';
import type { Config } from '../config/config.ts';
import type { Auth } from '../identity/auth.ts';
import type { ShowRepository } from '../shows/show-repository.ts';
import type { ReportRepository } from './report-repository.ts';
import { SalesReportQuery, SalesReportResponse } from '../contract/reports.ts';
import { toUnits } from '../contract/money.ts';
import { layoutSeats } from '../contract/seats/layout.ts';
import type { CinemaDirectory } from '../cinemas/cinema-directory.ts';
import { localDate } from '../contract/theatre-time.ts';
import type { AppInstance } from '../http/app-instance.ts';

const DEFAULT_DAYS = 30;
const DAY_MS = 86_400_000;

/** Every theatre-local date from `first` to `last`, so days without sales show as zero. */
export function datesBetween(first: string, last: string): string[] {
  const dates: string[] = [];
  for (let t = Date.parse(`${first}T00:00:00Z`); t <= Date.parse(`${last}T00:00:00Z`); t += DAY_MS) {
    dates.push(new Date(t).toISOString().slice(0, 10));
  }
  return dates;
}

export interface AdminReportRoutesDeps {
  reports: ReportRepository;
  shows: Pick<ShowRepository, 'listWithSeats'>;
  auth: Auth;
  config: Pick<Config, 'theatreTimeZone'>;
  now: () => Date;
  /** A show's capacity is its screen's seats. */
  cinemas: Pick<CinemaDirectory, 'layoutOf'>;
}

export async function adminReportRoutes(app: AppInstance, { reports, shows, auth, config, now, cinemas }: AdminReportRoutesDeps) {
  app.get(
    '/api/admin/dashboard/sales',
    {
      onRequest: auth.requireRole('admin'),
      schema: {
        tags: ['admin'],
        security: [{ bearerAuth: [] }],
        summary: 'Revenue and tickets per day (aggregated in the database) and occupancy per upcoming show',
        querystring: SalesReportQuery,
        response: { 200: SalesReportResponse, ...failures(400, 401, 403) },
      },
    },
    async (request) => {
      // 1 to 90 by the query's pattern.
      const days = Number(request.query.days ?? DEFAULT_DAYS);
      const at = now();
      const firstDate = localDate(new Date(at.getTime() - (days - 1) * DAY_MS), config.theatreTimeZone);
      const [sales, upcoming] = await Promise.all([
        // A day's margin either side of the time zone; days outside the window are dropped below.
        reports.dailySales(new Date(at.getTime() - (days + 1) * DAY_MS), config.theatreTimeZone),
        shows.listWithSeats({ from: at }),
      ]);
      const byDate = new Map(sales.map((s) => [s.date, s]));
      return {
        success: true as const,
        days: datesBetween(firstDate, localDate(at, config.theatreTimeZone)).map((date) => ({
          date,
          revenue: toUnits(byDate.get(date)?.revenueCents ?? 0),
          tickets: byDate.get(date)?.tickets ?? 0,
        })),
        occupancy: upcoming.map((show) => ({
          showId: show.id,
          title: show.movie.title,
          showDateTime: show.startsAt.toISOString(),
          occupied: Object.keys(show.occupiedSeats).length,
          capacity: layoutSeats(cinemas.layoutOf(show.screenId)).length,
        })),
      };
    },
  );
}
