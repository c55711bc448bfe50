import { bookingConfirmationEmail, cancellationEmail, lateRefundEmail, seatReturnEmail, type EmailContext } from '../bookings/booking-emails.ts';
import type { BookingRepository } from '../bookings/booking-repository.ts';
import type { Booking, BookingWithDetails, SeatReturn } from '../bookings/booking.ts';
import type { Mailer } from '../email/mailer.ts';
import type { QueuedMessage } from '../email/outbox.ts';

export type ETickets = ReturnType<typeof createETickets>;

/** Who cancelled a paid booking: its owner, or the cinema (the show was cancelled). */
export type CancellationNotice = 'customer' | 'show';

/**
 * The e-ticket a payment sends: prepared before the write that pays the booking (so that write
 * queues it, exactly once), delivered after it. The refund notice of a late payment goes the same way.
 */
export interface ETicketsDeps {
  bookings: Pick<BookingRepository, 'getWithDetails'>;
  mailer: Pick<Mailer, 'queue' | 'deliverQueued' | 'send'>;
  context: EmailContext;
  log: { error(object: object, message: string): void };
}

export function createETickets({ bookings, mailer, context, log }: ETicketsDeps) {
  return {
    /**
     * The booking's e-ticket, ready to be queued in the write that pays it. Undefined when it cannot
     * be prepared: the payment is recorded anyway, and the confirmation sweep sends the e-ticket later.
     */
    async prepare(booking: Booking | BookingWithDetails): Promise<QueuedMessage | undefined> {
      try {
        const full = 'user' in booking ? booking : await bookings.getWithDetails(booking.id);
        return full ? mailer.queue(await bookingConfirmationEmail(full, context)) : undefined;
      } catch (error) {
        log.error({ err: error, bookingId: booking.id }, 'could not prepare the e-ticket; the confirmation sweep sends it');
        return undefined;
      }
    },

    /** Once the write that queued the e-ticket is done: delivers it (a failure leaves it to the retries). */
    async deliver(paid: { changed: boolean; booking: Booking }, eTicket: QueuedMessage | undefined): Promise<void> {
      if (!paid.changed || !eTicket || paid.booking.confirmation !== 'queued') return;
      await mailer.deliverQueued(eTicket.id).catch((error: unknown) => {
        log.error({ err: error, bookingId: paid.booking.id }, 'could not deliver the e-ticket now; it stays queued and is retried');
      });
    },

    /** Tells the customer their late payment is refunded (recorded in the outbox; a failure is only logged). */
    async sendRefundNotice(booking: Booking): Promise<void> {
      const full = await bookings.getWithDetails(booking.id);
      if (full) await mailer.send(lateRefundEmail(full, context)).catch((error: unknown) => log.error({ err: error }, 'could not record the refund email'));
    },

    /** Tells the moviegoer their paid booking is cancelled and refunded (recorded in the outbox; a failure is only logged). */
    async sendCancellationNotice(booking: Booking, why: CancellationNotice): Promise<void> {
      const full = await bookings.getWithDetails(booking.id);
      if (full) await mailer.send(cancellationEmail(full, context, why)).catch((error: unknown) => log.error({ err: error }, 'could not record the cancellation email'));
    },

    /** Tells the moviegoer which seats they gave back, their refund, and that the ticket admits the rest (outbox; a failure is only logged). */
    async sendSeatReturnNotice(booking: Booking, seatReturn: SeatReturn): Promise<void> {
      const full = await bookings.getWithDetails(booking.id);
      if (!full) return;
      await seatReturnEmail(full, seatReturn, context)
        .then((email) => mailer.send(email))
        .catch((error: unknown) => log.error({ err: error }, 'could not record the seat return email'));
    },
  };
}
