import { randomUUID } from 'node:crypto';
import type { Config } from '../config/config.ts';
import { withDeadline } from '../payments/deadline.ts';
import type { PaymentService } from '../payments/payment-service.ts';
import { PaymentProviderError } from '../payments/provider.ts';
import { seatSelectionProblem, sortSeats } from '../contract/hall.ts';
import type { ShowWithMovie } from '../shows/show.ts';
import { formatTheatreTime } from '../shows/time-zone.ts';
import type { Store } from '../store/types.ts';
import type { Booking, BookingWithDetails } from './booking.ts';
import { holdPolicyProblem } from './hold-policy.ts';
import { oneAtATimePerKey } from './one-at-a-time.ts';
import { newTicketCode } from './ticket-code.ts';

/** Where the service tells of a provider that did not answer (the request's logger). */
interface Log {
  warn(details: object, message: string): void;
}

export interface HoldRequest {
  user: { id: string; name: string; email: string };
  showId: string;
  selectedSeats: string[];
  log: Log;
}

/** Why seats were not held: bad input, no such show, or a conflict (the hold policy, or seats taken first). */
export type HoldRefusal =
  | { refused: 'invalid'; message: string }
  | { refused: 'unknown-show'; message: string }
  | { refused: 'conflict'; message: string; takenSeats?: string[] };

export interface HeldBooking {
  refused?: undefined;
  booking: Booking;
  /** The payment session's page, or this service's link that opens one when the provider did not answer. */
  url: string;
  /** Set when the provider did not answer: what the customer is told. */
  message?: string;
}

export interface PaymentCheck {
  booking: BookingWithDetails;
  paid: boolean;
  /** What the customer is told. */
  message: string;
}

export interface BookingServiceDeps {
  store: Store;
  payments: PaymentService;
  config: Config;
  now: () => Date;
  /** The show of an id, or null when there is none (the routes read it through their caches). */
  findShow: (showId: string) => Promise<ShowWithMovie | null>;
}

/**
 * What a moviegoer does with a booking through the API: hold seats and start paying, and check a
 * payment by its session. The routes validate, call these, and answer.
 */
export function createBookingService({ store, payments, config, now, findShow }: BookingServiceDeps) {
  const time = (d: Date) => formatTheatreTime(d, config.theatreTimeZone);
  // A customer waits this long at most for the provider (its own retries may go on in the background).
  const providerDeadlineMs = config.payments.stripe.timeoutMs;
  const holdPolicy = {
    maxHeldSeatsPerShow: config.holds.maxHeldSeatsPerShow,
    maxHeldSeats: config.holds.maxHeldSeats,
    reholdCooldownMs: config.holds.reholdCooldownMinutes * 60_000,
  };
  // The hold policy is checked and the seats held as one step per account (on this instance).
  const perAccount = oneAtATimePerKey();

  /** Holds 1 to 5 seats of a future show for HOLD_MINUTES and opens its payment session. */
  async function hold({ user, showId, selectedSeats, log }: HoldRequest): Promise<HeldBooking | HoldRefusal> {
    const problem = seatSelectionProblem(selectedSeats);
    if (problem) return { refused: 'invalid', message: problem };

    const show = await findShow(showId);
    if (!show) return { refused: 'unknown-show', message: 'Show not found' };
    const at = now();
    if (show.startsAt.getTime() <= at.getTime()) return { refused: 'invalid', message: 'This show has already started; pick a later show' };

    const id = randomUUID();
    const holdEnds = Math.min(at.getTime() + config.holdMinutes * 60_000, show.startsAt.getTime());
    const seats = sortSeats(selectedSeats);
    // Until the provider's session is attached, the payment link is this service's own link that opens one.
    const retryLink = `${config.publicUrl}/api/checkout/bookings/${id}`;
    const result = await perAccount(user.id, async () => {
      const policyProblem = holdPolicyProblem({ showId, seats, now: at }, await store.bookings.listOwn(user.id), holdPolicy, time);
      if (policyProblem) return { refused: 'conflict' as const, message: policyProblem };
      return store.bookings.create({
        id,
        userId: user.id,
        showId,
        seats,
        amountCents: show.priceCents * seats.length,
        holdExpiresAt: new Date(holdEnds),
        paymentLink: retryLink,
        createdAt: at,
        ticketCode: newTicketCode(),
      });
    });
    if ('refused' in result) return result;
    if (!result.ok) {
      const taken = result.takenSeats;
      const message = `${taken.length === 1 ? 'Seat' : 'Seats'} ${taken.join(', ')} ${taken.length === 1 ? 'is' : 'are'} already booked`;
      return { refused: 'conflict', message, takenSeats: taken };
    }
    // Every instance drops its cached seat map and tells its watchers (this one at once).
    void store.changes.publish({ kind: 'seats', showId });
    const booking = result.booking;
    try {
      const started = await withDeadline(payments.startCheckout({ ...booking, show, user }), providerDeadlineMs, (error) =>
        log.warn({ err: error, bookingId: booking.id }, 'payment session creation failed after the answer was sent'),
      );
      if (started?.paymentSessionId && started.paymentLink) return { booking, url: started.paymentLink };
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      // Policy: the booking stays held and payable; its link retries the provider, and the hold
      // sweeper releases the seats when the hold ends if it is never paid.
      log.warn({ err: error, bookingId: booking.id }, 'payment provider did not open a session; booking kept payable');
    }
    return {
      booking,
      url: retryLink,
      message: `Your seats are held until ${time(booking.holdExpiresAt)}, but the payment page could not be opened just now. Follow the payment link to try again.`,
    };
  }

  /**
   * The caller's booking of a payment session, after asking the provider now rather than waiting for
   * the webhook (settling twice changes nothing); null when the session is unknown or someone else's.
   */
  async function checkPayment(userId: string, sessionId: string, log: Log): Promise<PaymentCheck | null> {
    const found = await store.bookings.findByPaymentSession(sessionId);
    // Another person's session answers exactly like an unknown one: nothing to learn by guessing.
    if (!found || found.userId !== userId) return null;
    if (!found.isPaid && found.refundStatus === null) {
      try {
        const session = await withDeadline(payments.provider.retrieveSession(sessionId), providerDeadlineMs, () => {});
        if (session) await payments.settleSession(session);
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        log.warn({ err: error, bookingId: found.id }, 'verify-payment: provider unavailable; answering from the stored state');
      }
    }
    const booking = (await store.bookings.getWithDetails(found.id))!;
    if (booking.isPaid) return { booking, paid: true, message: 'Payment confirmed' };
    if (booking.refundStatus) {
      return { booking, paid: false, message: 'Your payment arrived after the hold ended and the seats had been taken; it is refunded in full' };
    }
    if (booking.status === 'cancelled') return { booking, paid: false, message: 'This booking was cancelled: it was not paid in time' };
    return { booking, paid: false, message: 'Payment is still processing' };
  }

  return { hold, checkPayment };
}
