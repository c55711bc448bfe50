import { DebugBookingsResponse, MessageResponse, OutboxResponse, UnpaidBookingsResponse } from '../contract/responses.ts';
import type { AppDeps } from '../app-deps.ts';
import { BookingIdBody } from '../contract/schemas.ts';
import { debugBookingJson } from '../contract/presenters.ts';
import { bookingConfirmationEmail, testEmail } from '../email/booking-emails.ts';
import type { AppInstance } from '../http/app-instance.ts';
import { conflict, notFound } from '../http/errors.ts';

const tags = ['debug'];
const security = [{ bearerAuth: [] }];
const LIST_LIMIT = 500;
const OUTBOX_LIMIT = 100;

/** Support staff tools (beyond the spec: they require the support role). */
export async function debugRoutes(app: AppInstance, { store, auth, cache, config, now }: AppDeps) {
  app.addHook('onRequest', auth.requireRole('support'));
  const emailContext = { timeZone: config.theatreTimeZone, currency: config.currency };

  async function bookingOr404(bookingId: string) {
    const booking = await store.bookings.getWithDetails(bookingId);
    if (!booking) throw notFound('Booking not found');
    return booking;
  }

  app.get(
    '/api/debug/bookings',
    {
      schema: {
        tags,
        security,
        summary: 'The latest bookings',
        response: { 200: DebugBookingsResponse },
      },
    },
    async () => {
      const { items } = await store.bookings.list({}, { offset: 0, limit: LIST_LIMIT });
      return { success: true as const, bookings: items.map(debugBookingJson) };
    },
  );

  app.get(
    '/api/debug/unpaid-bookings',
    {
      schema: {
        tags,
        security,
        summary: 'The latest unpaid bookings',
        response: { 200: UnpaidBookingsResponse },
      },
    },
    async () => {
      const { items } = await store.bookings.list({ isPaid: false }, { offset: 0, limit: LIST_LIMIT });
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
        body: BookingIdBody,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      const { bookingId } = request.body;
      const before = await bookingOr404(bookingId);
      if (before.isPaid) return { success: true as const, message: 'Booking was already paid' };
      const after = await store.bookings.markPaid(bookingId, now());
      if (!after?.isPaid) throw conflict('This booking was cancelled and its seats released; it cannot be marked paid');
      cache.invalidate(`seats:${before.showId}`);
      await store.outbox.add(bookingConfirmationEmail({ ...before, ...after }, emailContext));
      return { success: true as const, message: 'Booking marked as paid and email sent' };
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
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      const booking = await bookingOr404(request.body.bookingId);
      await store.outbox.add(testEmail(booking, emailContext));
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
        response: { 200: OutboxResponse },
      },
    },
    async () => {
      const messages = await store.outbox.list(OUTBOX_LIMIT);
      return {
        success: true as const,
        messages: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString(), sentAt: m.sentAt?.toISOString() ?? null })),
      };
    },
  );
}
