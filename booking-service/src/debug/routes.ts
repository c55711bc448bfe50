import { DebugBookingsResponse, FixPaymentResponse, MarkPaidResponse, MessageResponse, OutboxResponse, SupportHistoryResponse, UnpaidBookingsResponse } from '../contract/responses.ts';
import { failures } from '../contract/failures.ts';
import type { BookingRepository } from '../bookings/booking-repository.ts';
import type { Config } from '../config/config.ts';
import type { Mailer } from '../email/mailer.ts';
import type { OutboxRepository } from '../email/outbox.ts';
import type { Auth } from '../identity/auth.ts';
import type { PaymentService } from '../payments/payment-service.ts';
import { BookingIdBody, BookingIdParams, SupportBookingsQuery, UnpaidBookingsQuery, type DebugBooking } from '../contract/schemas.ts';
import { testEmail } from '../bookings/booking-emails.ts';
import type { AppInstance } from '../http/app-instance.ts';
import { badGateway, badRequest, conflict, notFound } from '../http/errors.ts';
import { PaymentProviderError } from '../payments/provider.ts';
import type { Booking, BookingWithDetails } from '../bookings/booking.ts';
import { toUnits } from '../contract/money.ts';
import type { FastifyRequest } from 'fastify';
import { SEARCH_HELP, searchFilter, viewFilter } from './support-search.ts';
import type { NewSupportAction, SupportAction, SupportActionRepository } from './support-actions.ts';

const tags = ['debug'];
const security = [{ bearerAuth: [] }];
const LIST_LIMIT = 500;
const DEFAULT_PAGE_SIZE = 25;
const MAX_PAGE_SIZE = 200;
const OUTBOX_LIMIT = 100;

/** Support staff tools (beyond the spec: they require the support role). */
export interface DebugRoutesDeps {
  bookings: Pick<BookingRepository, 'getWithDetails' | 'list'>;
  outbox: Pick<OutboxRepository, 'list'>;
  auth: Auth;
  config: Pick<Config, 'theatreTimeZone' | 'currency'>;
  payments: Pick<PaymentService, 'markPaidBySupport' | 'reconcileBooking' | 'describeAmount'>;
  mailer: Pick<Mailer, 'send'>;
  supportActions: SupportActionRepository;
}

export async function debugRoutes(app: AppInstance, { bookings, outbox, auth, config, payments, mailer, supportActions }: DebugRoutesDeps) {
  app.addHook('onRequest', auth.requireRole('support'));
  const emailContext = { timeZone: config.theatreTimeZone, currency: config.currency };

  async function bookingOr404(bookingId: string) {
    const booking = await bookings.getWithDetails(bookingId);
    if (!booking) throw notFound('Booking not found');
    return booking;
  }

  /** Writes down who took a money-affecting action on a booking, and what came of it (the booking's history). */
  function recordAction(request: FastifyRequest, action: Omit<NewSupportAction, 'actorId' | 'actorEmail'>) {
    const { sub, email } = request.identity!;
    return supportActions.record({ ...action, actorId: sub, actorEmail: email });
  }

  app.get(
    '/api/debug/bookings',
    {
      schema: {
        tags,
        security,
        summary: "Bookings, newest first: searched by a customer's email, a ticket code or a booking id, within a view, paged",
        querystring: SupportBookingsQuery,
        response: { 200: DebugBookingsResponse, ...failures(400, 401, 403) },
      },
    },
    async (request) => {
      const query = request.query;
      const page = Number(query.page ?? 1);
      const pageSize = Number(query.pageSize ?? DEFAULT_PAGE_SIZE);
      if (pageSize > MAX_PAGE_SIZE) throw badRequest(`pageSize must be at most ${MAX_PAGE_SIZE}`);
      const search = query.q?.trim() ? searchFilter(query.q) : {};
      if (!search) throw badRequest(SEARCH_HELP);
      const filter = { ...viewFilter(query.view ?? 'all'), ...search };
      const { items, total } = await bookings.list(filter, { offset: (page - 1) * pageSize, limit: pageSize });
      return { success: true as const, bookings: items.map(debugBookingJson), page, pageSize, total };
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
      return { success: true as const, unpaidBookings: items.map(debugBookingJson) };
    },
  );

  app.post(
    '/api/debug/mark-paid',
    {
      schema: {
        tags,
        security,
        summary: 'Mark a booking paid and send its confirmation email',
        description: 'Recorded in the booking\'s history with the support user who did it and the outcome.',
        body: BookingIdBody,
        response: { 200: MarkPaidResponse, ...failures(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request) => {
      const { bookingId } = request.body;
      const before = await bookingOr404(bookingId);
      // Conditional: of two concurrent calls (or a call and a webhook), one pays it and sends the e-ticket.
      const after = before.isPaid ? { booking: before, changed: false } : await payments.markPaidBySupport(before);
      const outcome = !after.booking.isPaid ? 'refused' : after.changed ? 'paid' : 'already-paid';
      const message = {
        refused: 'This booking was cancelled and its seats released; it cannot be marked paid',
        paid: 'Booking marked as paid and email sent',
        'already-paid': 'Booking was already paid',
      }[outcome];
      await recordAction(request, { bookingId, kind: 'mark-paid', outcome, message });
      if (outcome === 'refused') throw conflict(message);
      return { success: true as const, outcome, message };
    },
  );

  app.post(
    '/api/debug/fix-payment',
    {
      schema: {
        tags,
        security,
        summary: "Reconcile one booking with the payment provider now, and say what was found",
        description:
          'Asks the provider about the booking\'s payment session and applies it as the webhook would: marks it paid, ' +
          're-takes the seats of a late payment or refunds it, or cancels an expired session. Retries a pending refund.',
        body: BookingIdBody,
        response: { 200: FixPaymentResponse, ...failures(400, 401, 403, 404, 413, 415, 502) },
      },
    },
    async (request) => {
      const booking = await bookingOr404(request.body.bookingId);
      let result: Awaited<ReturnType<typeof payments.reconcileBooking>>;
      try {
        result = await payments.reconcileBooking(booking);
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        request.log.warn({ err: error, bookingId: booking.id }, 'fix-payment: provider unavailable');
        throw badGateway(`Could not reach the payment provider: ${error.message}`);
      }
      const after = (await bookings.getWithDetails(booking.id))!;
      const message = fixMessage(result.outcome, after, payments.describeAmount(after.amountCents));
      await recordAction(request, { bookingId: booking.id, kind: 'fix-payment', outcome: result.outcome, message });
      return { success: true as const, outcome: result.outcome, message, booking: debugBookingJson(after) };
    },
  );

  app.get(
    '/api/debug/bookings/:bookingId/history',
    {
      schema: {
        tags,
        security,
        summary: "The booking's support actions (mark as paid, fix payment), oldest first, with who took them",
        params: BookingIdParams,
        response: { 200: SupportHistoryResponse, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { bookingId } = request.params;
      await bookingOr404(bookingId);
      return { success: true as const, actions: (await supportActions.listForBooking(bookingId)).map(supportActionJson) };
    },
  );

  app.post(
    '/api/debug/test-email',
    {
      schema: {
        tags,
        security,
        summary: "Send a test email to a booking's customer",
        body: BookingIdBody,
        response: { 200: MessageResponse, ...failures(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => {
      const booking = await bookingOr404(request.body.bookingId);
      await mailer.send(testEmail(booking, emailContext));
      return { success: true as const, message: `Test email sent to ${booking.user.email || booking.user.name}` };
    },
  );

  app.get(
    '/api/debug/outbox',
    {
      schema: {
        tags,
        security,
        summary: 'The latest emails the service sent',
        response: { 200: OutboxResponse, ...failures(401, 403) },
      },
    },
    async () => {
      const messages = await outbox.list(OUTBOX_LIMIT);
      return {
        success: true as const,
        messages: messages.map((m) => ({
          ...m,
          createdAt: m.createdAt.toISOString(),
          sentAt: m.sentAt?.toISOString() ?? null,
          nextAttemptAt: m.nextAttemptAt?.toISOString() ?? null,
        })),
      };
    },
  );
}

/** What support reads after fix-payment: what the provider said, and what the service did. */
function fixMessage(outcome: string, booking: Booking, amount: string): string {
  switch (outcome) {
    case 'paid':
      return `The provider has the payment (${amount}): booking marked as paid and the e-ticket email sent`;
    case 'already-paid':
      return 'The booking is paid; nothing to fix';
    case 'paid-late':
      return `The payment (${amount}) came after the hold ended, and the seats were still free: they are the customer's again and the booking is paid`;
    case 'refund':
      return `Late payment for seats taken meanwhile; refund ${booking.refundStatus ?? 'pending'}: ${booking.refundReason ?? ''}`.trim();
    case 'open':
      return 'The customer has not paid yet: the payment session is still open';
    case 'processing':
      return 'The payment is still processing with the provider; it settles by itself when the money arrives';
    case 'expired':
      return booking.status === 'cancelled'
        ? 'The payment session expired unpaid: the booking is cancelled and its seats are released'
        : 'The payment session expired unpaid';
    case 'payment-failed':
      return 'The delayed payment failed: the booking is cancelled and its seats are released';
    case 'mismatch':
      return 'The provider reports a different amount or currency than the booking: left unpaid, check it in the provider dashboard';
    case 'no-session':
      return booking.isPaid
        ? 'The booking is paid; nothing to fix'
        : 'This booking has no payment session with the provider: nothing to check (the customer has not opened the payment page)';
    case 'unknown-session':
      return "The payment provider does not know this booking's payment session";
    default:
      return 'Nothing to fix';
  }
}

/** A booking as support reads it: the payment's details beside the customer's view. */
function debugBookingJson(booking: BookingWithDetails): DebugBooking {
  return {
    id: booking.id,
    movieTitle: booking.show.movie.title,
    amount: toUnits(booking.amountCents),
    seats: booking.seats,
    createdAt: booking.createdAt.toISOString(),
    hasPaymentLink: Boolean(booking.paymentLink),
    isPaid: booking.isPaid,
    status: booking.status,
    userName: booking.user.name,
    userEmail: booking.user.email,
    ticketCode: booking.ticketCode,
    showDateTime: booking.show.startsAt.toISOString(),
    holdExpiresAt: booking.holdExpiresAt.toISOString(),
    paymentSessionId: booking.paymentSessionId,
    refundStatus: booking.refundStatus,
    refundReason: booking.refundReason,
  };
}

function supportActionJson(action: SupportAction) {
  return {
    id: action.id,
    kind: action.kind,
    actorEmail: action.actorEmail || action.actorId,
    outcome: action.outcome,
    message: action.message,
    createdAt: action.createdAt.toISOString(),
  };
}
