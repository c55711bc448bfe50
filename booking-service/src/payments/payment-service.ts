import { createETickets, type CancellationNotice, type EmailContext } from '../bookings/booking-emails.ts';
import type { Config } from '../config/config.ts';
import type { BookingRepository } from '../bookings/booking-repository.ts';
import type { Booking, BookingWithDetails, BookingWithShow } from '../bookings/booking.ts';
import { bookingTransitions } from '../bookings/guarded-transitions.ts';
import { formatMoney } from '../contract/money.ts';
import type { Mailer } from '../email/mailer.ts';
import type { OutboxRepository } from '../email/outbox.ts';
import { cancelOwnBooking, type CancellationPolicy } from './cancel-booking.ts';
import { cancelPaidBooking } from './cancel-paid.ts';
import { markPaidBySupport } from './mark-paid.ts';
import { openPayment, openPaymentWithin } from './open-payment.ts';
import type { Log, PaymentContext } from './payment-context.ts';
import { cancelUrlFor, successUrlFor, type PaymentProvider, type ProviderSession, type SessionOutcome } from './provider.ts';
import { reconcile, reconcileBooking, sweepMissingConfirmations } from './reconciliation.ts';
import { performRefund } from './refunds.ts';
import { releaseHold, sweepExpiredHolds } from './release-hold.ts';
import { returnOwnSeats } from './return-seats.ts';
import { NO_SALES_STOP, type SalesStop } from './sales-stop.ts';
import { settleSession } from './settle-session.ts';
import { verifyPayment } from './verify-payment.ts';

export interface PaymentServiceDeps {
  bookings: BookingRepository;
  outbox: Pick<OutboxRepository, 'existsFor'>;
  provider: PaymentProvider;
  mailer: Mailer;
  config: Pick<Config, 'shellUrl' | 'currency' | 'theatreTimeZone'>;
  /** A customer waits this long at most for the provider (its own retries may go on in the background). */
  providerDeadlineMs: number;
  now: () => Date;
  log: Log;
  /** A show's seats changed (every instance's caches and live seat maps). */
  onSeatsChanged: (showId: string) => void;
  /** Shows whose sales the integrity checks stopped (none by default). */
  salesStop?: SalesStop;
  /** Whether staff cancelled the show (the database's answer now); none: never (tests of payments alone). */
  showCancelled?: (showId: string) => Promise<boolean>;
  /** The cancellation policy the owners' cancellations are weighed with. */
  cancellation: CancellationPolicy;
  /** The chain: where a booking's show is, for its emails. */
  places?: EmailContext['places'];
}

export type PaymentService = ReturnType<typeof createPaymentService>;

/**
 * Payments, one step a file: open a payment (open-payment.ts), settle what the provider reports
 * (settle-session.ts: paid, paid late, expired), refund (refunds.ts), cancel a paid booking and refund it
 * (cancel-booking.ts), release an unpaid hold
 * (release-hold.ts), check with the provider in the background (reconciliation.ts), support's
 * mark-paid (mark-paid.ts), the customer's verify-payment (verify-payment.ts). Every state change is
 * a guarded transition of the booking, so whichever path sees a payment first settles it and the
 * others change nothing (one confirmation email, one refund). This binds the steps to one context.
 */
export function createPaymentService(deps: PaymentServiceDeps) {
  const { bookings, provider, mailer, log } = deps;
  const ctx: PaymentContext = {
    bookings,
    lifecycle: bookingTransitions(bookings),
    provider,
    eTickets: createETickets({ bookings, mailer, context: {
        timeZone: deps.config.theatreTimeZone,
        currency: deps.config.currency,
        places: deps.places,
        cancellationCutoffMinutes: deps.cancellation.cutoffMinutes,
      }, log }),
    currency: deps.config.currency,
    now: deps.now,
    log,
    onSeatsChanged: deps.onSeatsChanged,
    salesStop: deps.salesStop ?? NO_SALES_STOP,
    showCancelled: deps.showCancelled ?? (async () => false),
    timeZoneOf: (screenId) => deps.places?.(screenId)?.cinema.timeZone ?? deps.config.theatreTimeZone,
    layoutOf: (screenId) => deps.places?.(screenId)?.screen.layout,
  };
  const urls = { successUrl: successUrlFor(deps.config.shellUrl), cancelUrl: cancelUrlFor(deps.config.shellUrl) };
  const deadlineMs = deps.providerDeadlineMs;

  return {
    provider,
    /** Why a booking of this show takes no payment now (its sales are stopped), or null. */
    salesStopped: (showId: string) => ctx.salesStop.refusal(showId),
    /** The payment link's retry: opens a session for a held booking (null when no longer held). */
    openPayment: (booking: BookingWithDetails) => openPayment(ctx, urls, booking),
    /** A new hold's payment, within the customer's deadline (null: the provider did not answer). */
    openPaymentForHold: (booking: BookingWithDetails, requestLog: Pick<Log, 'warn'>) => openPaymentWithin(ctx, urls, booking, deadlineMs, requestLog),
    /** What the provider reported of a session on its own (Stripe's webhook, verified): settles its booking. */
    settle: ({ session, asyncPaymentFailed }: SessionOutcome) => settleSession(ctx, session, { asyncPaymentFailed }),
    /** The local checkout's page just completed this session for this booking (read by the page): settles it now. */
    settleCheckout: (session: ProviderSession, booking: BookingWithDetails) => settleSession(ctx, session, { booking }),
    verifyPayment: (userId: string, sessionId: string, requestLog: Pick<Log, 'warn'>) => verifyPayment(ctx, { userId, sessionId, deadlineMs, log: requestLog }),
    reconcileBooking: (booking: Booking) => reconcileBooking(ctx, booking),
    releaseHold: (booking: Booking, options?: { expiredBy?: Date }) => releaseHold(ctx, booking, options),
    sweepExpiredHolds: (limit?: number) => sweepExpiredHolds(ctx, limit),
    sweepMissingConfirmations: (limit?: number) => sweepMissingConfirmations(ctx, deps.outbox, limit),
    reconcile: (limit?: number) => reconcile(ctx, { outbox: deps.outbox, mailer }, limit),
    performRefund: (booking: Booking) => performRefund(ctx, booking),
    /** The owner's cancellation, within the policy (cancel-booking.ts). */
    cancelOwnBooking: (booking: BookingWithShow) => cancelOwnBooking(ctx, deps.cancellation, booking),
    /** The owner gives back some seats of a paid booking, within the same policy (return-seats.ts). */
    returnOwnSeats: (booking: BookingWithShow, seats: readonly string[]) => returnOwnSeats(ctx, deps.cancellation, booking, seats),
    /** A paid booking cancelled and refunded whatever the policy (its show cancelled by the cinema). */
    cancelPaidBooking: (booking: Booking, why: CancellationNotice) => cancelPaidBooking(ctx, booking, why),
    markPaidBySupport: (booking: Booking) => markPaidBySupport(ctx, booking),
    /** How much the provider must take for the booking, in the customer's words ("$26.00"). */
    describeAmount: (cents: number) => formatMoney(cents, deps.config.currency),
    /** A customer-facing wait for the provider, in milliseconds. */
    deadlineMs,
  };
}
