import type { Config } from '../config/config.ts';
import { bookingConfirmationEmail, CONFIRMATION_KIND, lateRefundEmail, type EmailContext } from '../bookings/booking-emails.ts';
import { formatMoney } from '../contract/money.ts';
import type { Mailer } from '../email/mailer.ts';
import type { QueuedMessage } from '../email/outbox.ts';
import type { Booking, BookingWithDetails } from '../bookings/booking.ts';
import type { Store } from '../store/types.ts';
import { bookingTransitions } from '../bookings/transitions.ts';
import {
  cancelUrlFor,
  isPaidSession,
  PaymentProviderError,
  successUrlFor,
  type PaymentProvider,
  type ProviderSession,
} from './provider.ts';
import { fromStripeSession, isCheckoutSessionObject, type StripeEventObject } from './stripe-format.ts';

export interface Log {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface PaymentServiceDeps {
  store: Store;
  provider: PaymentProvider;
  mailer: Mailer;
  config: Pick<Config, 'shellUrl' | 'currency' | 'theatreTimeZone'>;
  now: () => Date;
  log: Log;
  /** A show's seats changed (cache invalidation). */
  onSeatsChanged: (showId: string) => void;
}

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

/** The seats a session was for, after the hold, had been taken: why the payment goes back. */
function lateRefundReason(booking: Booking, takenSeats: string[], now: Date): string {
  return (
    `Payment arrived at ${now.toISOString()}, after the hold ended at ${booking.holdExpiresAt.toISOString()}; ` +
    `seat${takenSeats.length === 1 ? '' : 's'} ${takenSeats.join(', ')} had been booked by someone else, so the payment is refunded`
  );
}

export type PaymentService = ReturnType<typeof createPaymentService>;

/**
 * The booking's side of payments: opening sessions, settling what the provider
 * reports (from a webhook, a verification, the reconciliation or support), the
 * hold sweeper, late payments and refunds. Every state change is a conditional
 * update in the store, so whichever path sees a payment first settles it and
 * the others change nothing (one confirmation email, one refund).
 */
export function createPaymentService(deps: PaymentServiceDeps) {
  const { store, provider, mailer, now, log } = deps;
  const lifecycle = bookingTransitions(store.bookings);
  const emailContext: EmailContext = { timeZone: deps.config.theatreTimeZone, currency: deps.config.currency };
  const urls = { successUrl: successUrlFor(deps.config.shellUrl), cancelUrl: cancelUrlFor(deps.config.shellUrl) };

  async function details(booking: Booking): Promise<BookingWithDetails | null> {
    return store.bookings.getWithDetails(booking.id);
  }

  /**
   * The booking's e-ticket, ready to be queued in the write that pays it. Undefined when it cannot
   * be prepared: the payment is recorded anyway, and the confirmation sweep sends the e-ticket later.
   */
  async function prepareETicket(booking: Booking): Promise<QueuedMessage | undefined> {
    try {
      const full = await details(booking);
      return full ? mailer.queue(await bookingConfirmationEmail(full, emailContext)) : undefined;
    } catch (error) {
      log.error({ err: error, bookingId: booking.id }, 'could not prepare the e-ticket; the confirmation sweep sends it');
      return undefined;
    }
  }

  /** Once the write that queued the e-ticket is done: delivers it (a failure leaves it to the retries). */
  async function deliverETicket(paid: { changed: boolean; booking: Booking }, eTicket: QueuedMessage | undefined) {
    if (!paid.changed || !eTicket || paid.booking.confirmation !== 'queued') return;
    await mailer.deliverQueued(eTicket.id).catch((error: unknown) => {
      log.error({ err: error, bookingId: paid.booking.id }, 'could not deliver the e-ticket now; it stays queued and is retried');
    });
  }

  /** Opens a payment session for a held booking and records it; null when the booking is no longer held. */
  async function startCheckout(booking: BookingWithDetails): Promise<Booking | null> {
    const created = await provider.createCheckoutSession(
      {
        id: booking.id,
        amountCents: booking.amountCents,
        seats: booking.seats,
        movieTitle: booking.show.movie.title,
        showStartsAt: booking.show.startsAt,
        customerEmail: booking.user.email,
      },
      urls,
      booking.holdExpiresAt,
    );
    const attached = await lifecycle.attachPaymentSession(booking.id, { sessionId: created.sessionId, paymentLink: created.url });
    if (attached) return attached;
    // Cancelled, paid, or another session was attached first: this one must never be paid.
    await provider.expireSession(created.sessionId).catch((error: unknown) => {
      log.warn({ err: error, sessionId: created.sessionId }, 'could not expire an unused payment session');
    });
    return store.bookings.get(booking.id);
  }

  /** Refunds a payment flagged for refund and records the outcome; a provider outage leaves it pending (retried). */
  async function performRefund(booking: Booking): Promise<Booking> {
    const reason = booking.refundReason ?? 'Late payment refunded';
    const base = reason.replace(/ \(refund (will be retried|failed): .*\)$/, '');
    try {
      const refund = await provider.refund(
        { paymentIntentId: booking.paymentIntentId, sessionId: booking.paymentSessionId },
        booking.amountCents,
        base,
        `refund-${booking.id}`,
      );
      const ok = refund.status === 'succeeded' || refund.status === 'pending';
      const result = await lifecycle.setRefundOutcome(booking.id, {
        status: ok ? 'refunded' : 'failed',
        refundId: refund.refundId,
        reason: ok ? base : `${base} (refund failed: the provider reports ${refund.status})`,
      });
      if (ok && result?.changed) {
        log.info({ bookingId: booking.id, refundId: refund.refundId }, 'late payment refunded');
        const full = await details(result.booking);
        if (full) await mailer.send(lateRefundEmail(full, emailContext)).catch((e: unknown) => log.error({ err: e }, 'could not record the refund email'));
      }
      return result?.booking ?? booking;
    } catch (error) {
      const retry = error instanceof PaymentProviderError && error.kind === 'unavailable';
      const message = error instanceof Error ? error.message : String(error);
      log.error({ err: error, bookingId: booking.id }, retry ? 'refund failed; it will be retried' : 'refund refused by the provider; support must act');
      const result = await lifecycle.setRefundOutcome(booking.id, {
        status: retry ? 'pending' : 'failed',
        reason: `${base} (refund ${retry ? 'will be retried' : 'failed'}: ${message.slice(0, 300)})`,
      });
      return result?.booking ?? booking;
    }
  }

  /** A payment for a cancelled booking: re-take its seats if they are free, else keep the payment on record and refund it. */
  async function settleLatePayment(booking: Booking, session: ProviderSession): Promise<Settlement> {
    const eTicket = await prepareETicket(booking);
    const retake = await lifecycle.retakeSeats(booking.id, { now: now(), paymentIntentId: session.paymentIntentId, eTicket });
    if (!retake) return { outcome: 'unknown-booking', booking: null };
    if (retake.outcome === 'confirmed') {
      deps.onSeatsChanged(booking.showId);
      log.info({ bookingId: booking.id }, 'late payment: the seats were still free; booking confirmed');
      await deliverETicket({ changed: true, booking: retake.booking }, eTicket);
      return { outcome: 'paid-late', booking: retake.booking };
    }
    if (retake.outcome === 'not-cancelled') {
      if (retake.booking.isPaid) return { outcome: 'already-paid', booking: retake.booking };
      return { outcome: 'refund', booking: retake.booking };
    }
    const flagged = await lifecycle.flagRefund(booking.id, {
      paymentIntentId: session.paymentIntentId,
      reason: lateRefundReason(booking, retake.takenSeats, now()),
    });
    if (!flagged) return { outcome: 'unknown-booking', booking: null };
    log.warn({ bookingId: booking.id, takenSeats: retake.takenSeats }, 'late payment for seats taken meanwhile: flagged for refund');
    // Only the caller that flagged it refunds it (the provider call is idempotent by booking as well).
    const refunded = flagged.changed ? await performRefund(flagged.booking) : flagged.booking;
    return { outcome: 'refund', booking: refunded };
  }

  /**
   * Brings the booking in line with what the provider reports about its session.
   * Safe to call any number of times, from any path, concurrently.
   */
  async function settleSession(session: ProviderSession, options: { asyncPaymentFailed?: boolean } = {}): Promise<Settlement> {
    let booking = await store.bookings.findByPaymentSession(session.id);
    if (!booking && session.bookingId) {
      const byMetadata = await store.bookings.get(session.bookingId);
      // A session of this booking that was never recorded on it (its creation timed out, say).
      if (byMetadata && (byMetadata.paymentSessionId === null || byMetadata.paymentSessionId === session.id)) booking = byMetadata;
      else if (byMetadata) {
        log.error(
          { bookingId: byMetadata.id, sessionId: session.id, recorded: byMetadata.paymentSessionId, paid: isPaidSession(session) },
          'a payment session that is not the booking\'s own: not applied' + (isPaidSession(session) ? '; refund it by hand' : ''),
        );
        return { outcome: byMetadata.isPaid ? 'already-paid' : 'open', booking: byMetadata };
      }
    }
    if (!booking) {
      log.warn({ sessionId: session.id, bookingId: session.bookingId }, 'payment session of no known booking');
      return { outcome: 'unknown-booking', booking: null };
    }

    if (options.asyncPaymentFailed) {
      if (booking.status !== 'held') return { outcome: 'payment-failed', booking };
      const cancelled = await lifecycle.cancelHold(booking.id);
      if (cancelled?.changed) deps.onSeatsChanged(booking.showId);
      log.info({ bookingId: booking.id }, 'delayed payment failed: booking cancelled and seats released');
      return { outcome: 'payment-failed', booking: cancelled?.booking ?? booking };
    }

    if (isPaidSession(session)) {
      if (session.amountTotal !== booking.amountCents || session.currency !== deps.config.currency) {
        log.error(
          { bookingId: booking.id, sessionId: session.id, paid: `${session.amountTotal} ${session.currency}`, due: `${booking.amountCents} ${deps.config.currency}` },
          'paid amount differs from the booking: left unpaid for support',
        );
        return { outcome: 'mismatch', booking };
      }
      if (booking.isPaid) return { outcome: 'already-paid', booking };
      if (booking.status === 'cancelled') return settleLatePayment(booking, session);
      const eTicket = await prepareETicket(booking);
      const confirmed = await lifecycle.confirmPayment(booking.id, { now: now(), paymentIntentId: session.paymentIntentId, eTicket });
      if (!confirmed) return { outcome: 'unknown-booking', booking: null };
      if (confirmed.changed) {
        deps.onSeatsChanged(booking.showId);
        log.info({ bookingId: booking.id, sessionId: session.id }, 'booking paid');
        await deliverETicket(confirmed, eTicket);
        return { outcome: 'paid', booking: confirmed.booking };
      }
      // Someone else settled it first, or it was cancelled a moment ago: look again.
      if (confirmed.booking.isPaid) return { outcome: 'already-paid', booking: confirmed.booking };
      return settleLatePayment(confirmed.booking, session);
    }

    if (session.status === 'expired') {
      if (booking.status !== 'held') return { outcome: 'expired', booking };
      const cancelled = await lifecycle.cancelHold(booking.id);
      if (cancelled?.changed) {
        deps.onSeatsChanged(booking.showId);
        log.info({ bookingId: booking.id }, 'payment session expired: booking cancelled and seats released');
      }
      return { outcome: cancelled?.booking.isPaid ? 'already-paid' : 'expired', booking: cancelled?.booking ?? booking };
    }
    if (booking.isPaid) return { outcome: 'already-paid', booking };
    return { outcome: session.status === 'complete' ? 'processing' : 'open', booking };
  }

  /** Applies a verified webhook event. Unknown event types are acknowledged and ignored. */
  async function handleEvent(event: StripeEventObject): Promise<Settlement | null> {
    const object = event.data?.object;
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
      case 'checkout.session.expired':
        return isCheckoutSessionObject(object) ? settleSession(fromStripeSession(object)) : null;
      case 'checkout.session.async_payment_failed':
        return isCheckoutSessionObject(object) ? settleSession(fromStripeSession(object), { asyncPaymentFailed: true }) : null;
      default:
        return null;
    }
  }

  /** Asks the provider about one booking's session and settles it (verify-payment, fix-payment, reconciliation). */
  async function reconcileBooking(booking: Booking): Promise<Settlement | { outcome: 'no-session'; booking: Booking } | { outcome: 'unknown-session'; booking: Booking }> {
    if (booking.refundStatus === 'pending') return { outcome: 'refund', booking: await performRefund(booking) };
    if (!booking.paymentSessionId) return { outcome: 'no-session', booking };
    const session = await provider.retrieveSession(booking.paymentSessionId);
    if (!session) return { outcome: 'unknown-session', booking };
    return settleSession(session);
  }

  /**
   * Releases one held booking: expires its payment session first (so it can no
   * longer be paid; a payment that got in just before is honoured and the seats
   * stay the booking's), then cancels it with a conditional update that releases
   * its seats. With `expiredBy`, only a hold that ended by then is cancelled.
   */
  async function releaseHold(booking: Booking, options: { expiredBy?: Date } = {}): Promise<{ outcome: 'released' | 'paid' | 'unchanged'; booking: Booking }> {
    if (booking.paymentSessionId) {
      try {
        const session = await provider.expireSession(booking.paymentSessionId);
        if (session && isPaidSession(session)) {
          const settled = await settleSession(session);
          if (settled.outcome === 'paid' || settled.outcome === 'already-paid') return { outcome: 'paid', booking: settled.booking };
        }
      } catch (error) {
        // The seats must not stay blocked by a provider outage. If the session is paid later
        // anyway, the late-payment path takes the seats back or refunds.
        log.warn({ err: error, bookingId: booking.id }, 'could not expire the payment session; releasing the seats anyway');
      }
    }
    const cancelled = await lifecycle.cancelHold(booking.id, options);
    if (cancelled?.changed) {
      deps.onSeatsChanged(booking.showId);
      log.info({ bookingId: booking.id }, options.expiredBy ? 'hold expired: booking cancelled and seats released' : 'hold released by its owner');
      return { outcome: 'released', booking: cancelled.booking };
    }
    // Released just now through the session's expiry event, or not held (any more).
    const current = cancelled?.booking ?? booking;
    return { outcome: current.status === 'cancelled' ? 'released' : 'unchanged', booking: current };
  }

  /**
   * Releases the unpaid bookings whose hold has ended (see releaseHold). Several
   * instances may sweep at once: one cancels, the others change nothing.
   */
  async function sweepExpiredHolds(limit = 100): Promise<{ released: number; paid: number }> {
    const at = now();
    const expired = await lifecycle.listExpiredHolds(at, limit);
    let released = 0;
    let paid = 0;
    for (const booking of expired) {
      try {
        const result = await releaseHold(booking, { expiredBy: at });
        if (result.outcome === 'released') released++;
        else if (result.outcome === 'paid') paid++;
      } catch (error) {
        log.error({ err: error, bookingId: booking.id }, 'could not release an expired hold; next sweep tries again');
      }
    }
    return { released, paid };
  }

  /**
   * Gives every paid booking without an e-ticket exactly one: paid by a version that queued the
   * e-ticket in a separate write (a crash between the two lost it), or whose e-ticket could not be
   * prepared. One already in the outbox is recorded, not sent again; the seed's sample sales have
   * none by design and are not listed. Several instances may sweep at once: the guarded update
   * lets one queue it.
   */
  async function sweepMissingConfirmations(limit = 100): Promise<{ queued: number; recorded: number }> {
    let queued = 0;
    let recorded = 0;
    for (const booking of await lifecycle.listUnconfirmedPaid(limit)) {
      try {
        if (await store.outbox.existsFor(booking.id, CONFIRMATION_KIND)) {
          if ((await lifecycle.recordConfirmation(booking.id))?.changed) recorded++;
          continue;
        }
        const eTicket = await prepareETicket(booking);
        if (!eTicket) continue;
        const result = await lifecycle.queueConfirmation(booking.id, eTicket);
        if (result?.changed) {
          queued++;
          log.warn({ bookingId: booking.id }, 'a paid booking had no e-ticket: queued it now');
          await deliverETicket(result, eTicket);
        }
      } catch (error) {
        log.error({ err: error, bookingId: booking.id }, 'confirmation sweep: could not queue the e-ticket; next run tries again');
      }
    }
    return { queued, recorded };
  }

  /**
   * Checks every unpaid held booking that has a payment session with the provider,
   * so a lost webhook still ends paid; gives paid bookings without an e-ticket theirs;
   * retries pending refunds and due emails.
   */
  async function reconcile(limit = 100): Promise<{ checked: number; settled: Record<string, number>; refunds: number; emails: number; confirmations: number }> {
    const settled: Record<string, number> = {};
    const awaiting = await lifecycle.listAwaitingPayment(limit);
    for (const booking of awaiting) {
      try {
        const result = await reconcileBooking(booking);
        settled[result.outcome] = (settled[result.outcome] ?? 0) + 1;
      } catch (error) {
        log.warn({ err: error, bookingId: booking.id }, 'reconciliation: could not check the payment; next run tries again');
      }
    }
    const confirmations = await sweepMissingConfirmations(limit).catch((error: unknown) => {
      log.error({ err: error }, 'reconciliation: confirmation sweep failed');
      return { queued: 0, recorded: 0 };
    });
    const refunds = await lifecycle.listPendingRefunds(limit);
    for (const booking of refunds) {
      await performRefund(booking).catch((error: unknown) => log.error({ err: error, bookingId: booking.id }, 'reconciliation: refund attempt failed'));
    }
    const emails = await mailer.retryDue().catch((error: unknown) => {
      log.error({ err: error }, 'reconciliation: email retry failed');
      return { sent: 0, failed: 0 };
    });
    return { checked: awaiting.length, settled, refunds: refunds.length, emails: emails.sent, confirmations: confirmations.queued };
  }

  /** Marks paid on support's word (debug mark-paid) and sends the e-ticket once. */
  async function markPaidBySupport(booking: Booking): Promise<{ changed: boolean; booking: Booking }> {
    const eTicket = await prepareETicket(booking);
    const confirmed = await lifecycle.confirmPayment(booking.id, { now: now(), paymentIntentId: booking.paymentIntentId, eTicket });
    if (!confirmed) return { changed: false, booking };
    if (confirmed.changed) {
      deps.onSeatsChanged(booking.showId);
      await deliverETicket(confirmed, eTicket);
      // Paid outside the provider: its session must not take the money a second time.
      if (booking.paymentSessionId) {
        await provider.expireSession(booking.paymentSessionId).catch((error: unknown) => {
          log.warn({ err: error, bookingId: booking.id }, 'could not expire the payment session of a booking marked paid');
        });
      }
    }
    return confirmed;
  }

  return {
    provider,
    urls,
    startCheckout,
    settleSession,
    handleEvent,
    reconcileBooking,
    releaseHold,
    sweepExpiredHolds,
    reconcile,
    sweepMissingConfirmations,
    performRefund,
    markPaidBySupport,
    describeAmount: (cents: number) => formatMoney(cents, deps.config.currency),
  };
}
