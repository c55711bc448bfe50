import type { Booking, BookingWithDetails } from '../bookings/booking.ts';
import { withDeadline } from './deadline.ts';
import type { Log, PaymentContext } from './payment-context.ts';
import { PaymentProviderError, type CheckoutUrls } from './provider.ts';
import { refuseIfSalesStopped, SalesStoppedError } from './sales-stop.ts';

/**
 * Opens a payment session for a held booking and records it on the booking; null when the booking
 * is no longer held. A session that lost the race (the booking was cancelled, paid, or got another
 * session first) is expired at once, so it can never be paid. Throws SalesStoppedError when the show's
 * sales are stopped: no session is opened for it.
 */
export async function openPayment(ctx: PaymentContext, urls: CheckoutUrls, booking: BookingWithDetails): Promise<Booking | null> {
  refuseIfSalesStopped(ctx, booking.showId);
  const created = await ctx.provider.createCheckoutSession(
    {
      id: booking.id,
      amountCents: booking.amountCents,
      seats: booking.seats,
      movieTitle: booking.show.movie.title,
      showStartsAt: booking.show.startsAt,
      showTimeZone: ctx.timeZoneOf(booking.show.screenId),
      customerEmail: booking.user.email,
    },
    urls,
    booking.holdExpiresAt,
  );
  const attached = await ctx.lifecycle.attachPaymentSession(booking.id, { sessionId: created.sessionId, paymentLink: created.url });
  if (attached) return attached;
  await ctx.provider.expireSession(created.sessionId).catch((error: unknown) => {
    ctx.log.warn({ err: error, sessionId: created.sessionId }, 'could not expire an unused payment session');
  });
  return ctx.bookings.get(booking.id);
}

/**
 * Opens the payment of a booking just held, waiting for the provider at most `deadlineMs` (a session
 * created later is still attached by the call running on). Null when the provider did not answer: the
 * booking stays held and payable through its own link, and the hold sweeper releases it if never paid.
 * Null too when the show's sales were stopped meanwhile: the booking stays held, its link answers 503.
 */
export async function openPaymentWithin(ctx: PaymentContext, urls: CheckoutUrls, booking: BookingWithDetails, deadlineMs: number, log: Pick<Log, 'warn'>): Promise<Booking | null> {
  try {
    return await withDeadline(openPayment(ctx, urls, booking), deadlineMs, (error) =>
      log.warn({ err: error, bookingId: booking.id }, 'payment session creation failed after the answer was sent'),
    );
  } catch (error) {
    if (error instanceof SalesStoppedError) return null;
    if (!(error instanceof PaymentProviderError)) throw error;
    log.warn({ err: error, bookingId: booking.id }, 'payment provider did not open a session; booking kept payable');
    return null;
  }
}
