import { AdminShowsResponse, AllBookingsResponse, AllShowsResponse, DashboardResponse, IsAdminResponse, type AdminShowRow } from '../contract/responses.ts';
import { failures } from '../contract/failures.ts';
import type { BookingRepository } from '../bookings/booking-repository.ts';
import type { Config } from '../config/config.ts';
import type { Auth } from '../identity/auth.ts';
import type { ShowRepository } from '../shows/show-repository.ts';
import type { UserRepository } from '../users/user-repository.ts';
import { AdminShowsQuery, AllBookingsQuery, CinemaFilterQuery, type AdminBooking } from '../contract/schemas.ts';
import { moviesOf, pageOfShows, showsAtCinema, type ShowSales } from './show-list.ts';
import { cinemaTotals } from './cinema-totals.ts';
import { bookingFilterOf, queryDayRange } from './booking-filter.ts';
import type { ReportRepository } from './report-repository.ts';
import { cinemaRefJson, screenRefJson } from '../cinemas/cinema-json.ts';
import type { Places } from '../shows/show-json.ts';
import { bookingJson, bookingTotalsJson } from '../bookings/booking-json.ts';
import { showJson } from '../shows/show-json.ts';
import { toUnits } from '../contract/money.ts';
import type { AppInstance } from '../http/app-instance.ts';
import { badRequest } from '../http/errors.ts';
import { pageOf } from '../http/pagination.ts';
import type { BookingWithDetails } from '../bookings/booking.ts';
import type { CinemaDirectory } from '../cinemas/cinema-directory.ts';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];
const DEFAULT_PAGE_SIZE = 50;

export interface AdminRoutesDeps {
  bookings: Pick<BookingRepository, 'list' | 'salesSummary' | 'totals'>;
  shows: Pick<ShowRepository, 'listWithSeats'>;
  users: Pick<UserRepository, 'count'>;
  /** The dashboard's sales per screen (its totals per cinema). */
  reports: Pick<ReportRepository, 'salesByScreen'>;
  auth: Auth;
  config: Pick<Config, 'theatreTimeZone' | 'salesCloseMinutes'>;
  now: () => Date;
  /** The chain: each show's screen and cinema (capacity, prices by seat type, the cinema filter). */
  cinemas: CinemaDirectory;
}

export async function adminRoutes(app: AppInstance, { bookings, shows, users, reports, auth, config, now, cinemas }: AdminRoutesDeps) {
  /** A query's dates on its cinema's clock; THEATRE_TIMEZONE's when it names no cinema (or screen). */
  const dayRangeOf = (query: { cinemaId?: string; screenId?: string }) => queryDayRange(query, cinemas, config.theatreTimeZone);

  app.get(
    '/api/admin/is-admin',
    {
      onRequest: auth.requireUser,
      schema: {
        tags,
        security,
        summary: 'Whether the caller is theatre staff (and support staff, door staff)',
        response: { 200: IsAdminResponse, ...failures(401) },
      },
    },
    async (request) => {
      const { roles } = request.identity!;
      return { success: true as const, isAdmin: roles.includes('admin'), isSupport: roles.includes('support'), isDoor: roles.includes('door') };
    },
  );

  app.register(async (adminOnly: AppInstance) => {
    adminOnly.addHook('onRequest', auth.requireRole('admin'));

    adminOnly.get(
      '/api/admin/all-shows',
      {
        schema: {
          tags,
          security,
          summary: 'Upcoming shows with their movie, price, seat ledger, cinema and screen (?cinemaId: one cinema\'s)',
          querystring: CinemaFilterQuery,
          response: { 200: AllShowsResponse, ...failures(400, 401, 403) },
        },
      },
      async (request) => {
        const upcoming = showsAtCinema(await shows.listWithSeats({ from: now() }), request.query.cinemaId, cinemas);
        return { success: true as const, shows: upcoming.map((show) => showJson(show, cinemas)) };
      },
    );

    adminOnly.get(
      '/api/admin/shows',
      {
        schema: {
          tags,
          security,
          summary: 'List Shows: shows with seats sold and revenue, filtered by movie, cinema, screen, date range, title search (q), ids or openForSale, sorted and paged on the server (the On Sale show picker and live panel read it too)',
          description: 'Without dates: upcoming shows. Dates are calendar days in the theatre time zone, both included.',
          querystring: AdminShowsQuery,
          response: { 200: AdminShowsResponse, ...failures(400, 401, 403) },
        },
      },
      async (request) => {
        const query = request.query;
        const { page, pageSize, offset, limit } = pageOf(query, DEFAULT_PAGE_SIZE);
        const dayRange = dayRangeOf(query);
        // Without dates, upcoming shows; an event's shows (ids) whatever their date.
        let from = query.from ? dayRange(query.from).from : query.to || query.ids ? undefined : now();
        const to = query.to ? dayRange(query.to).to : undefined;
        // The dates asked for, backwards: 400. Not the clock's own from below: openForSale with a past `to` is no show.
        if (query.from && from && to && from >= to) throw badRequest(`from (${query.from}) must not be after to (${query.to})`);
        // On Sale's picker: a show whose online sales have closed cannot be put on sale.
        if (query.openForSale) {
          const salesOpenFrom = new Date(now().getTime() + config.salesCloseMinutes * 60_000);
          if (!from || from < salesOpenFrom) from = salesOpenFrom;
        }
        // The store reads the date range; sold seats and revenue come from each show's seat ledger, so the
        // sort and the page are cut here (a range holds hundreds of shows, not millions).
        const inRange = await shows.listWithSeats({ from, to });
        const { items, total } = pageOfShows(
          inRange,
          {
            movieId: query.movieId,
            cinemaId: query.cinemaId,
            screenId: query.screenId,
            liveOnly: query.openForSale === 'true',
            search: query.q?.trim() || undefined,
            ids: query.ids?.split(','),
            sort: query.sort ?? 'time',
            order: query.order ?? 'asc',
            offset,
            limit,
          },
          cinemas,
        );
        return { success: true as const, shows: items.map((sales) => adminShowJson(sales, cinemas)), page, pageSize, total, movies: moviesOf(inRange) };
      },
    );

    adminOnly.get(
      '/api/admin/all-bookings',
      {
        schema: {
          tags,
          security,
          summary: 'Bookings, newest first, filtered, searched (q) and paged on the server, with their totals by what became of the money',
          querystring: AllBookingsQuery,
          response: { 200: AllBookingsResponse, ...failures(400, 401, 403) },
        },
      },
      async (request) => {
        const query = request.query;
        const { page, pageSize, offset, limit } = pageOf(query, DEFAULT_PAGE_SIZE);
        const filter = bookingFilterOf(query, dayRangeOf(query), cinemas);
        if (!filter) return { success: true as const, bookings: [], page, pageSize, total: 0 };
        const [result, totals] = await Promise.all([bookings.list(filter, { offset, limit }), bookings.totals(filter)]);
        return { success: true as const, bookings: result.items.map((booking) => adminBookingJson(booking, cinemas)), page, pageSize, total: result.total, totals: bookingTotalsJson(totals) };
      },
    );

    adminOnly.get(
      '/api/admin/dashboard',
      {
        schema: {
          tags,
          security,
          summary: 'Paid bookings, revenue, upcoming shows and users, and the same per cinema (?cinemaId: that cinema\'s totals and shows)',
          querystring: CinemaFilterQuery,
          response: { 200: DashboardResponse, ...failures(400, 401, 403) },
        },
      },
      async (request) => {
        const { cinemaId } = request.query;
        const [sales, upcoming, totalUser, byScreen] = await Promise.all([
          bookings.salesSummary(),
          shows.listWithSeats({ from: now() }),
          users.count(),
          reports.salesByScreen(),
        ]);
        const byCinema = cinemaTotals(byScreen, cinemas);
        const chosen = cinemaId === undefined ? undefined : byCinema.find((total) => total.cinemaId === cinemaId);
        return {
          success: true as const,
          dashboardData: {
            totalBookings: cinemaId === undefined ? sales.paidBookings : (chosen?.paidBookings ?? 0),
            totalRevenue: cinemaId === undefined ? toUnits(sales.revenueCents) : (chosen?.revenue ?? 0),
            activeShows: showsAtCinema(upcoming, cinemaId, cinemas).map((show) => showJson(show, cinemas)),
            totalUser,
            byCinema,
          },
        };
      },
    );
  });
}

function adminShowJson({ show, soldSeats, heldSeats, totalSeats, revenueCents }: ShowSales, places: Places): AdminShowRow {
  const place = places.place(show.screenId);
  return {
    ...(place && { cinema: cinemaRefJson(place.cinema), screen: screenRefJson(place.screen) }),
    _id: show.id,
    movie: { _id: show.movieId, title: show.movie.title },
    showDateTime: show.startsAt.toISOString(),
    showPrice: toUnits(show.priceCents),
    soldSeats,
    heldSeats,
    totalSeats,
    revenue: toUnits(revenueCents),
    cancelled: show.cancelledAt !== null,
  };
}

/** List Bookings' totals in currency units (contract/booking-totals.ts). */
function adminBookingJson(booking: BookingWithDetails, places: Places): AdminBooking {
  return { ...bookingJson(booking, places), user: { name: booking.user.name } };
}
