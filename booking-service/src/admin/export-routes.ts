import type { BookingRepository } from '../bookings/booking-repository.ts';
import type { BookingWithDetails } from '../bookings/booking.ts';
import type { CinemaDirectory } from '../cinemas/cinema-directory.ts';
import type { Cinema } from '../cinemas/cinema.ts';
import type { Config } from '../config/config.ts';
import { failures } from '../contract/failures.ts';
import { csvFile } from '../contract/media.ts';
import { toUnits } from '../contract/money.ts';
import { BookingsExportQuery, SalesExportQuery } from '../contract/schemas.ts';
import { localDate } from '../contract/theatre-time.ts';
import type { AppInstance } from '../http/app-instance.ts';
import { badRequest, notFound } from '../http/errors.ts';
import type { Auth } from '../identity/auth.ts';
import { bookingFilterOf, queryDayRange, showDayRange } from './booking-filter.ts';
import { attachment, toCsv, type CsvCell } from './csv.ts';
import { datesBetween } from './report-routes.ts';
import type { ReportRepository } from './report-repository.ts';

/** More bookings than this in one file is a filter to narrow (a spreadsheet slows to a crawl long before a million rows). */
export const MAX_EXPORTED_BOOKINGS = 50_000;
const PAGE = 1_000;
const MAX_REPORT_DAYS = 366;

export interface AdminExportRoutesDeps {
  bookings: Pick<BookingRepository, 'list'>;
  reports: Pick<ReportRepository, 'dailySales'>;
  auth: Auth;
  config: Pick<Config, 'theatreTimeZone' | 'currency'>;
  cinemas: CinemaDirectory;
}

/** "2026-12-07 19:30" on `timeZone`'s clock: a form every spreadsheet reads as a date and time. */
function spreadsheetTime(instant: Date | null, timeZone: string): string {
  if (!instant) return '';
  const time = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant);
  return `${localDate(instant, timeZone)} ${time}`;
}

const BOOKING_HEADER = ['Ticket code', 'Booking id', 'Booked at', 'Customer', 'Email', 'Movie', 'Cinema', 'Screen', 'Show date', 'Show time', 'Time zone', 'Seats', 'Tickets', 'Amount', 'Currency', 'Status', 'Paid at', 'Admitted at', 'Refund'];

/** One booking as a row; every time on its show's cinema's clock. */
function bookingRow(booking: BookingWithDetails, cinemas: CinemaDirectory, fallbackZone: string, currency: string): CsvCell[] {
  const place = cinemas.place(booking.show.screenId);
  const zone = place?.cinema.timeZone ?? fallbackZone;
  const [showDate, showTime] = spreadsheetTime(booking.show.startsAt, zone).split(' ');
  return [
    booking.ticketCode,
    booking.id,
    spreadsheetTime(booking.createdAt, zone),
    booking.user.name,
    booking.user.email ?? '',
    booking.show.movie.title,
    place?.cinema.name ?? '',
    place?.screen.name ?? '',
    showDate!,
    showTime!,
    zone,
    booking.seats.join(' '),
    booking.seats.length,
    toUnits(booking.amountCents),
    currency,
    booking.status,
    spreadsheetTime(booking.paidAt, zone),
    spreadsheetTime(booking.admittedAt, zone),
    booking.refundStatus ?? '',
  ];
}

/** Theatre staff's downloads: List Bookings and the sales report as CSV for a spreadsheet (admin). */
export async function adminExportRoutes(app: AppInstance, { bookings, reports, auth, config, cinemas }: AdminExportRoutesDeps) {
  const tags = ['admin'];
  const security = [{ bearerAuth: [] }];
  app.addHook('onRequest', auth.requireRole('admin'));

  app.get(
    '/api/admin/all-bookings/export',
    {
      schema: {
        tags,
        security,
        summary: "List Bookings as CSV: every booking its filters match (not one page), times on each show's cinema's clock",
        querystring: BookingsExportQuery,
        response: { 200: csvFile('UTF-8 CSV with a byte-order mark; text cells that could start a formula begin with an apostrophe'), ...failures(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const filter = bookingFilterOf(request.query, queryDayRange(request.query, cinemas, config.theatreTimeZone), cinemas);
      const rows: CsvCell[][] = [];
      for (let offset = 0; filter; offset += PAGE) {
        const page = await bookings.list(filter, { offset, limit: PAGE });
        if (page.total > MAX_EXPORTED_BOOKINGS) throw badRequest(`${page.total} bookings match: narrow the filters to at most ${MAX_EXPORTED_BOOKINGS.toLocaleString('en')} for one file`);
        rows.push(...page.items.map((booking) => bookingRow(booking, cinemas, config.theatreTimeZone, config.currency)));
        if (page.items.length < PAGE) break;
      }
      const today = new Date().toISOString().slice(0, 10);
      reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', attachment(`bookings-${today}.csv`));
      return toCsv(BOOKING_HEADER, rows);
    },
  );

  app.get(
    '/api/admin/reports/sales/export',
    {
      schema: {
        tags,
        security,
        summary: "Daily sales (tickets and revenue of paid bookings, by the day they were paid) per cinema between two dates, each cinema's days on its own clock, as CSV",
        querystring: SalesExportQuery,
        response: { 200: csvFile('UTF-8 CSV with a byte-order mark: Cinema, City, Date, Tickets, Revenue, Currency; a row for every day, zero included'), ...failures(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { cinemaId, from, to } = request.query;
      const dayOf = showDayRange(config.theatreTimeZone);
      dayOf(from);
      dayOf(to);
      if (from > to) throw badRequest(`from (${from}) must not be after to (${to})`);
      const dates = datesBetween(from, to);
      if (dates.length > MAX_REPORT_DAYS) throw badRequest(`A sales report covers at most ${MAX_REPORT_DAYS} days`);
      const chosen: readonly Cinema[] = cinemaId ? [cinemas.cinema(cinemaId)].filter((cinema): cinema is Cinema => cinema !== undefined) : cinemas.all();
      if (cinemaId && chosen.length === 0) throw notFound(`Unknown cinema ${cinemaId}: the cinemas are listed by GET /api/admin/cinemas`);
      const rows: CsvCell[][] = [];
      for (const cinema of chosen) {
        const own = showDayRange(cinema.timeZone);
        const sales = await reports.dailySales(own(from).from, cinema.timeZone, { to: own(to).to, screenIds: cinema.screens.map((screen) => screen.id) });
        const byDate = new Map(sales.map((day) => [day.date, day]));
        for (const date of dates) {
          const day = byDate.get(date);
          rows.push([cinema.name, cinema.city, date, day?.tickets ?? 0, toUnits(day?.revenueCents ?? 0), config.currency]);
        }
      }
      reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', attachment(`sales-${cinemaId ?? 'all-cinemas'}-${from}-to-${to}.csv`));
      return toCsv(['Cinema', 'City', 'Date', 'Tickets', 'Revenue', 'Currency'], rows);
    },
  );
}
