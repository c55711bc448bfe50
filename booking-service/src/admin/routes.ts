import { AdminShowsResponse, AllBookingsResponse, AllShowsResponse, DashboardResponse, IsAdminResponse, type AdminShowRow } from '../contract/responses.ts';
import { failures } from '../contract/failures.ts';
import type { BookingRepository } from '../bookings/booking-repository.ts';
import type { Config } from '../config/config.ts';
import type { Auth } from '../identity/auth.ts';
import type { ShowRepository } from '../shows/show-repository.ts';
import type { UserRepository } from '../users/user-repository.ts';
import { AdminShowsQuery, AllBookingsQuery, type AdminBooking } from '../contract/schemas.ts';
import { moviesOf, pageOfShows, type ShowSales } from './show-list.ts';
import { bookingJson } from '../bookings/booking-json.ts';
import { showJson } from '../shows/show-json.ts';
import { toUnits } from '../contract/money.ts';
import { isCalendarDate, localDayRange } from '../contract/theatre-time.ts';
import type { AppInstance } from '../http/app-instance.ts';
import { badRequest } from '../http/errors.ts';
import { pageOf } from '../http/pagination.ts';
import type { BookingFilter, BookingWithDetails } from '../bookings/booking.ts';
import type { CinemaDirectory } from '../cinemas/cinema-directory.ts';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];
const DEFAULT_PAGE_SIZE = 50;


const FIRST_DATE = '1970-01-01';
const LAST_DATE = '2999-12-31';
export interface AdminRoutesDeps {
  bookings: Pick<BookingRepository, 'list' | 'salesSummary'>;
  shows: Pick<ShowRepository, 'listWithSeats'>;
  users: Pick<UserRepository, 'count'>;
  auth: Auth;
  config: Pick<Config, 'theatreTimeZone'>;
  now: () => Date;
  /** The chain: each show's screen and cinema (capacity, prices by seat type, the cinema filter). */
  cinemas: CinemaDirectory;
}

export async function adminRoutes(app: AppInstance, { bookings, shows, users, auth, config, now, cinemas }: AdminRoutesDeps) {
  /** A show date of a query as the instants of that day in the theatre; a date that is not one is refused. */
  function dayRange(date: string) {
    if (!isCalendarDate(date)) throw badRequest(`date ${date} is not a calendar date`);
    // Far dates cannot hold shows, and the day after 9999-12-31 has no YYYY-MM-DD form.
    if (date < FIRST_DATE || date > LAST_DATE) throw badRequest(`date must be from ${FIRST_DATE} to ${LAST_DATE}`);
    return localDayRange(date, config.theatreTimeZone);
  }

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
          summary: 'Upcoming shows with their movie, price and seat ledger',
          response: { 200: AllShowsResponse, ...failures(401, 403) },
        },
      },
      async () => {
        const upcoming = await shows.listWithSeats({ from: now() });
        return { success: true as const, shows: upcoming.map(showJson) };
      },
    );

    adminOnly.get(
      '/api/admin/shows',
      {
        schema: {
          tags,
          security,
          summary: 'List Shows: shows with seats sold and revenue, filtered by movie and date range, sorted and paged on the server',
          description: 'Without dates: upcoming shows. Dates are calendar days in the theatre time zone, both included.',
          querystring: AdminShowsQuery,
          response: { 200: AdminShowsResponse, ...failures(400, 401, 403) },
        },
      },
      async (request) => {
        const query = request.query;
        const { page, pageSize, offset, limit } = pageOf(query, DEFAULT_PAGE_SIZE);
        const from = query.from ? dayRange(query.from).from : query.to ? undefined : now();
        const to = query.to ? dayRange(query.to).to : undefined;
        if (from && to && from >= to) throw badRequest(`from (${query.from}) must not be after to (${query.to})`);
        // The store reads the date range; sold seats and revenue come from each show's seat ledger, so the
        // sort and the page are cut here (a range holds hundreds of shows, not millions).
        const inRange = await shows.listWithSeats({ from, to });
        const { items, total } = pageOfShows(
          inRange,
          { movieId: query.movieId, sort: query.sort ?? 'time', order: query.order ?? 'asc', offset, limit },
          cinemas,
        );
        return { success: true as const, shows: items.map(adminShowJson), page, pageSize, total, movies: moviesOf(inRange) };
      },
    );

    adminOnly.get(
      '/api/admin/all-bookings',
      {
        schema: {
          tags,
          security,
          summary: 'Bookings, newest first, filtered and paged on the server',
          querystring: AllBookingsQuery,
          response: { 200: AllBookingsResponse, ...failures(400, 401, 403) },
        },
      },
      async (request) => {
        const query = request.query;
        const { page, pageSize, offset, limit } = pageOf(query, DEFAULT_PAGE_SIZE);
        const filter: BookingFilter = {};
        if (query.movieId) filter.movieId = query.movieId;
        if (query.paid) filter.isPaid = query.paid === 'true';
        if (query.date) filter.showsBetween = dayRange(query.date);
        const result = await bookings.list(filter, { offset, limit });
        return { success: true as const, bookings: result.items.map(adminBookingJson), page, pageSize, total: result.total };
      },
    );

    adminOnly.get(
      '/api/admin/dashboard',
      {
        schema: {
          tags,
          security,
          summary: 'Paid bookings, revenue, upcoming shows and users',
          response: { 200: DashboardResponse, ...failures(401, 403) },
        },
      },
      async () => {
        const [sales, activeShows, totalUser] = await Promise.all([
          bookings.salesSummary(),
          shows.listWithSeats({ from: now() }),
          users.count(),
        ]);
        return {
          success: true as const,
          dashboardData: {
            totalBookings: sales.paidBookings,
            totalRevenue: toUnits(sales.revenueCents),
            activeShows: activeShows.map(showJson),
            totalUser,
          },
        };
      },
    );
  });
}

function adminShowJson({ show, soldSeats, heldSeats, totalSeats, revenueCents }: ShowSales): AdminShowRow {
  return {
    _id: show.id,
    movie: { _id: show.movieId, title: show.movie.title },
    showDateTime: show.startsAt.toISOString(),
    showPrice: toUnits(show.priceCents),
    soldSeats,
    heldSeats,
    totalSeats,
    revenue: toUnits(revenueCents),
  };
}

function adminBookingJson(booking: BookingWithDetails): AdminBooking {
  return { ...bookingJson(booking), user: { name: booking.user.name } };
}
