import type { Booking, BookingWithDetails } from '../bookings/booking.ts';
import type { PaymentContext } from './payment-context.ts';
import { isPaidSession, type ProviderSession } from './provider.ts';
import { cancelPaidBooking } from './cancel-paid.ts';
import { lateRefundReason, performRefund } from './refunds.ts';
import { reportIfSalesStopped } from './sales-stop.ts';

/** Where a payment session led the booking. */
export type Settlement =
  | { outcome: 'unknown-booking'; booking: null }
  /** This call confirmed the booking (and sent the e-ticket). */
  | { outcome: 'paid'; booking: Booking }
  | { outcome: 'already-paid'; booking: Booking }
  /** Paid after its hold; the seats were still free and are the customer's again. */
  | { outcome: 'paid-late'; booking: Booking }
  /** Paid after its hold, the seats were taken: the payment is on record and refunded (or being refunded). */
  | { outcome: 'refund'; booking: Booking }
  | { outcome: 'open'; booking: Booking }
  /** Completed, but the money has not arrived yet (delayed payment methods). */
  | { outcome: 'processing'; booking: Booking }
  /** The session ended unpaid: the booking is cancelled and its seats released. */
  | { outcome: 'expired'; booking: Booking }
  | { outcome: 'payment-failed'; booking: Booking }
  /** The provider reports another amount or currency than the booking's: left unpaid for support. */
  | { outcome: 'mismatch'; booking: Booking };

export interface SettleOptions {
  /** A delayed payment method reported failure (Stripe's async_payment_failed). */
  asyncPaymentFailed?: boolean;
  /**
   * The booking the caller has just read (the checkout page's): used, not read again, when the session is
   * the one recorded on it; its guarded transition still decides against the stored booking.
   */
  booking?: BookingWithDetails;
}

/**
 * Brings the booking in line with what the provider reports about its session: paid, paid late,
 * expired, failed or still open. Safe to call any number of times, from any path (the checkout page,
 * webhook, verification, reconciliation, support), concurrently: every change is a guarded transition,
 * so whichever call sees a payment first settles it and the others change nothing.
 */
export async function settleSession(ctx: PaymentContext, session: ProviderSession, options: SettleOptions = {}): Promise<Settlement> {
  const known = options.booking?.paymentSessionId === session.id ? options.booking : null;
  const booking = known ?? (await bookingOfSession(ctx, session));
  if (!booking || 'outcome' in booking) return booking ?? { outcome: 'unknown-booking', booking: null };
  if (options.asyncPaymentFailed) return cancelUnpaid(ctx, booking, 'payment-failed', 'delayed payment failed: booking cancelled and seats released');
  if (isPaidSession(session)) return settlePaid(ctx, booking, session);
  if (session.status === 'expired') return cancelUnpaid(ctx, booking, 'expired', 'payment session expired: booking cancelled and seats released');
  if (booking.isPaid) return { outcome: 'already-paid', booking };
  return { outcome: session.status === 'complete' ? 'processing' : 'open', booking };
}

/** The booking a session pays for: by the session recorded on it, else by the session's metadata if it has none recorded. */
async function bookingOfSession(ctx: PaymentContext, session: ProviderSession): Promise<Booking | Settlement | null> {
  const recorded = await ctx.bookings.findByPaymentSession(session.id);
  if (recorded) return recorded;
  const byMetadata = session.bookingId ? await ctx.bookings.get(session.bookingId) : null;
  // A session of this booking that was never recorded on it (its creation timed out, say).
  if (byMetadata && (byMetadata.paymentSessionId === null || byMetadata.paymentSessionId === session.id)) return byMetadata;
  if (byMetadata) {
    ctx.log.error(
      { bookingId: byMetadata.id, sessionId: session.id, recorded: byMetadata.paymentSessionId, paid: isPaidSession(session) },
      "a payment session that is not the booking's own: not applied" + (isPaidSession(session) ? '; refund it by hand' : ''),
    );
    return { outcome: byMetadata.isPaid ? 'already-paid' : 'open', booking: byMetadata };
  }
  ctx.log.warn({ sessionId: session.id, bookingId: session.bookingId }, 'payment session of no known booking');
  return null;
}

/** The session is paid: confirm the booking with its e-ticket, or, if its hold ended meanwhile, settle a late payment. */
async function settlePaid(ctx: PaymentContext, booking: Booking, session: ProviderSession): Promise<Settlement> {
  if (session.amountTotal !== booking.amountCents || session.currency !== ctx.currency) {
    ctx.log.error(
      { bookingId: booking.id, sessionId: session.id, paid: `${session.amountTotal} ${session.currency}`, due: `${booking.amountCents} ${ctx.currency}` },
      'paid amount differs from the booking: left unpaid for support',
    );
    return { outcome: 'mismatch', booking };
  }
  if (booking.isPaid) return { outcome: 'already-paid', booking };
  if (booking.status === 'cancelled') return settleLatePayment(ctx, booking, session);
  // The e-ticket from the booking as read (with its show and user, when the caller read those).
  const eTicket = await ctx.eTickets.prepare(booking);
  const confirmed = await ctx.lifecycle.confirmPayment(booking.id, { now: ctx.now(), paymentIntentId: session.paymentIntentId, eTicket });
  if (!confirmed) return { outcome: 'unknown-booking', booking: null };
  if (confirmed.changed) {
    ctx.onSeatsChanged(booking.showId);
    ctx.log.info({ bookingId: booking.id, sessionId: session.id }, 'booking paid');
    reportIfSalesStopped(ctx, confirmed.booking);
    await ctx.eTickets.deliver(confirmed, eTicket);
    return (await refundIfShowCancelled(ctx, confirmed.booking)) ?? { outcome: 'paid', booking: confirmed.booking };
  }
  // Someone else settled it first, or it was cancelled a moment ago: look again.
  if (confirmed.booking.isPaid) return { outcome: 'already-paid', booking: confirmed.booking };
  return settleLatePayment(ctx, confirmed.booking, session);
}

/**
 * A payment confirmed for a show staff cancelled meanwhile: cancelled and refunded as the show's cancellation does
 * (its moviegoer told why). The show's cancellation marks the show first and then refunds the paid bookings it
 * finds; a payment confirms first and then reads the show here: whichever order the two run in, one of them sees
 * the other, so no paid booking is left standing for a cancelled show (a late payment could otherwise retake seats
 * the cancellation had released).
 */
async function refundIfShowCancelled(ctx: PaymentContext, booking: Booking): Promise<Settlement | null> {
  if (!(await ctx.showCancelled(booking.showId))) return null;
  ctx.log.warn({ bookingId: booking.id, showId: booking.showId }, 'payment confirmed for a show cancelled meanwhile: cancelled and refunded');
  const cancelled = await cancelPaidBooking(ctx, booking, 'show');
  return { outcome: 'refund', booking: cancelled?.booking ?? booking };
}

/** A payment for a cancelled booking: re-take its seats if they are free, else keep the payment on record and refund it. */
async function settleLatePayment(ctx: PaymentContext, booking: Booking, session: ProviderSession): Promise<Settlement> {
  const eTicket = await ctx.eTickets.prepare(booking);
  const retake = await ctx.lifecycle.retakeSeats(booking.id, { now: ctx.now(), paymentIntentId: session.paymentIntentId, eTicket });
  if (!retake) return { outcome: 'unknown-booking', booking: null };
  if (retake.outcome === 'confirmed') {
    ctx.onSeatsChanged(booking.showId);
    ctx.log.info({ bookingId: booking.id }, 'late payment: the seats were still free; booking confirmed');
    reportIfSalesStopped(ctx, retake.booking);
    await ctx.eTickets.deliver({ changed: true, booking: retake.booking }, eTicket);
    return (await refundIfShowCancelled(ctx, retake.booking)) ?? { outcome: 'paid-late', booking: retake.booking };
  }
  if (retake.outcome === 'not-cancelled') {
    if (retake.booking.isPaid) return { outcome: 'already-paid', booking: retake.booking };
    return { outcome: 'refund', booking: retake.booking };
  }
  const flagged = await ctx.lifecycle.flagRefund(booking.id, {
    paymentIntentId: session.paymentIntentId,
    reason: lateRefundReason(booking, retake.takenSeats, ctx.now()),
  });
  if (!flagged) return { outcome: 'unknown-booking', booking: null };
  ctx.log.warn({ bookingId: booking.id, takenSeats: retake.takenSeats }, 'late payment for seats taken meanwhile: flagged for refund');
  // Only the caller that flagged it refunds it (the provider call is idempotent by booking as well).
  const refunded = flagged.changed ? await performRefund(ctx, flagged.booking) : flagged.booking;
  return { outcome: 'refund', booking: refunded };
}

/** The session ended unpaid (expired, or a delayed payment failed): a held booking is cancelled and its seats released. */
async function cancelUnpaid(ctx: PaymentContext, booking: Booking, outcome: 'expired' | 'payment-failed', message: string): Promise<Settlement> {
  if (booking.status !== 'held') return { outcome, booking };
  const cancelled = await ctx.lifecycle.cancelHold(booking.id, { now: ctx.now() });
  if (cancelled?.changed) {
    ctx.onSeatsChanged(booking.showId);
    ctx.log.info({ bookingId: booking.id }, message);
  }
  if (outcome === 'expired' && cancelled?.booking.isPaid) return { outcome: 'already-paid', booking: cancelled.booking };
  return { outcome, booking: cancelled?.booking ?? booking };
}
