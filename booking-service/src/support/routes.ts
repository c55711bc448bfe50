import { DebugBookingsResponse, SupportHistoryResponse, UnpaidBookingsResponse } from '../contract/responses.ts';
import { failures } from '../contract/failures.ts';
import type { BookingRepository } from '../bookings/booking-repository.ts';
import { bookingTotalsJson } from '../bookings/booking-json.ts';
import type { BookingWithDetails } from '../bookings/booking.ts';
import type { CinemaDirectory } from '../cinemas/cinema-directory.ts';
import type { CheckInRepository } from '../check-in/check-in-repository.ts';
import type { Config } from '../config/config.ts';
import type { Mailer } from '../email/mailer.ts';
import type { OutboxRepository } from '../email/outbox.ts';
import type { Auth } from '../identity/auth.ts';
import type { PaymentService } from '../payments/payment-service.ts';
import { BookingIdParams, SUPPORT_SEARCH_HELP, SupportBookingsQuery, UnpaidBookingsQuery } from '../contract/schemas.ts';
import type { AppInstance } from '../http/app-instance.ts';
import { badRequest } from '../http/errors.ts';
import { pageOf } from '../http/pagination.ts';
import { emailToolRoutes } from './email-routes.ts';
import { searchFilter, viewFilter } from './support-search.ts';
import { supportActionRoutes } from './support-action-routes.ts';
import type { SupportActionRepository } from './support-actions.ts';
import { bookingTimeline, timelineEntryJson } from './booking-timeline.ts';
import { TIMELINE_SOURCES } from './timeline-sources.ts';
import { bookingOr404, checkInJson, debugBookingJson, security, supportActionJson, supportStatusJson, tags } from './views.ts';

const LIST_LIMIT = 500;
const DEFAULT_PAGE_SIZE = 25;

/** Support staff tools (beyond the spec: they require the support role). */
export interface DebugRoutesDeps {
  bookings: Pick<BookingRepository, 'getWithDetails' | 'list' | 'totals' | 'listSeatReturns'>;
  outbox: Pick<OutboxRepository, 'list' | 'listForBooking'>;
  auth: Auth;
  config: Pick<Config, 'theatreTimeZone' | 'currency'>;
  payments: Pick<PaymentService, 'markPaidBySupport' | 'reconcileBooking' | 'describeAmount'>;
  mailer: Pick<Mailer, 'send'>;
  supportActions: SupportActionRepository;
  checkIns: Pick<CheckInRepository, 'listForBooking'>;
  /** The clock of a booking's show's cinema. */
  cinemas: Pick<CinemaDirectory, 'timeZoneOf'>;
}

/**
 * Support's tools under /api/debug (the support role): finding bookings and their history (here), the
 * money-affecting actions (support-action-routes.ts), the email tools (email-routes.ts).
 */
export async function debugRoutes(app: AppInstance, { bookings, outbox, auth, config, payments, mailer, supportActions, checkIns, cinemas }: DebugRoutesDeps) {
  app.addHook('onRequest', auth.requireRole('support'));
  const bookingJson = (booking: BookingWithDetails) => debugBookingJson(booking, cinemas.timeZoneOf(booking.show.screenId, config.theatreTimeZone));
  supportActionRoutes(app, { bookings, payments, supportActions, bookingJson });
  emailToolRoutes(app, { bookings, outbox, config, mailer });

  app.get(
    '/api/debug/bookings',
    {
      schema: {
        tags,
        security,
        summary:
          "Bookings, newest first: searched by a customer's email or name, a ticket code or a booking id, within a view, paged, with their totals by what became of the money (as List Bookings')",
        querystring: SupportBookingsQuery,
        response: { 200: DebugBookingsResponse, ...failures(400, 401, 403) },
      },
    },
    async (request) => {
      const query = request.query;
      const { page, pageSize, offset, limit } = pageOf(query, DEFAULT_PAGE_SIZE);
      const search = query.q?.trim() ? searchFilter(query.q) : {};
      if (!search) throw badRequest(SUPPORT_SEARCH_HELP);
      const filter = { ...viewFilter(query.view ?? 'all'), ...search };
      const [{ items, total }, totals] = await Promise.all([bookings.list(filter, { offset, limit }), bookings.totals(filter)]);
      return { success: true as const, bookings: items.map(bookingJson), page, pageSize, total, totals: bookingTotalsJson(totals) };
    },
  );

  app.get(
    '/api/debug/unpaid-bookings',
    {
      schema: {
        tags,
        security,
        summary: 'The latest unpaid bookings still held (cancelled ones only when asked)',
        querystring: UnpaidBookingsQuery,
        response: { 200: UnpaidBookingsResponse, ...failures(400, 401, 403) },
      },
    },
    async (request) => {
      const filter = request.query.includeCancelled ? { isPaid: false } : viewFilter('unpaid');
      const { items } = await bookings.list(filter, { offset: 0, limit: LIST_LIMIT });
      return { success: true as const, unpaidBookings: items.map(bookingJson) };
    },
  );

  app.get(
    '/api/debug/bookings/:bookingId/history',
    {
      schema: {
        tags,
        security,
        summary:
          "The booking's history: its timeline (created, held, paid, emails, door scans, seats given back and their refunds, cancellation and by whom, refund, support actions) and state in the staff lists' words; its support actions and door scans as before",
        params: BookingIdParams,
        response: { 200: SupportHistoryResponse, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const booking = await bookingOr404(bookings, request.params.bookingId);
      const [actions, scans, messages, returns] = await Promise.all([
        supportActions.listForBooking(booking.id),
        checkIns.listForBooking(booking.id),
        outbox.listForBooking(booking.id),
        bookings.listSeatReturns(booking.id),
      ]);
      const facts = { booking, actions, scans, messages, returns, timeZone: cinemas.timeZoneOf(booking.show.screenId, config.theatreTimeZone), currency: config.currency };
      return {
        success: true as const,
        actions: actions.map(supportActionJson),
        checkIns: scans.map(checkInJson),
        status: supportStatusJson(booking, facts),
        timeline: bookingTimeline(facts, TIMELINE_SOURCES).map(timelineEntryJson),
      };
    },
  );
}
