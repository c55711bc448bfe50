import type { BookingRepository } from '../bookings/booking-repository.ts';
import { testEmail } from '../bookings/booking-emails.ts';
import type { Config } from '../config/config.ts';
import { failures } from '../contract/failures.ts';
import { MessageResponse, OutboxResponse } from '../contract/responses.ts';
import { BookingIdBody } from '../contract/schemas.ts';
import type { Mailer } from '../email/mailer.ts';
import type { OutboxRepository } from '../email/outbox.ts';
import type { AppInstance } from '../http/app-instance.ts';
import { bookingOr404, security, tags } from './views.ts';

const OUTBOX_LIMIT = 100;

export interface EmailToolRoutesDeps {
  bookings: Pick<BookingRepository, 'getWithDetails'>;
  outbox: Pick<OutboxRepository, 'list'>;
  config: Pick<Config, 'theatreTimeZone' | 'currency'>;
  mailer: Pick<Mailer, 'send'>;
}

/** Support's email tools: a test email to a booking's customer, and the outbox of what was sent. */
export function emailToolRoutes(app: AppInstance, { bookings, outbox, config, mailer }: EmailToolRoutesDeps) {
  const emailContext = { timeZone: config.theatreTimeZone, currency: config.currency };

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
      const booking = await bookingOr404(bookings, request.body.bookingId);
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
