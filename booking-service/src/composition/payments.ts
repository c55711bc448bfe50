import type { FastifyBaseLogger } from 'fastify';
import type { BookingRepository } from '../bookings/booking-repository.ts';
import type { Config } from '../config/config.ts';
import type { Mailer } from '../email/mailer.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { createLocalCheckoutProvider, isLocalCheckout } from '../payments/local/local-provider.ts';
import { createPaymentJobs } from '../payments/payment-jobs.ts';
import { createPaymentService } from '../payments/payment-service.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import type { SalesStop } from '../payments/sales-stop.ts';
import { createStripeProvider } from '../payments/stripe/stripe-provider.ts';
import { createWebhookReceiver, WebhookRefused, type ReceiveWebhook } from '../payments/stripe/webhook-receiver.ts';
import type { Store } from '../store/types.ts';
import type { ScreenPlace } from '../cinemas/cinema-directory.ts';

/** Counts a webhook delivery's outcome, passing the receiver's answer (or failure) on unchanged. */
function countingDeliveries(receive: ReceiveWebhook, metrics: Pick<Metrics, 'webhookDelivered'>): ReceiveWebhook {
  return async (raw, signature, log) => {
    try {
      const answer = await receive(raw, signature, log);
      metrics.webhookDelivered(answer.duplicate ? 'duplicate' : 'processed');
      return answer;
    } catch (error) {
      metrics.webhookDelivered(error instanceof WebhookRefused ? 'refused' : 'failed');
      throw error;
    }
  };
}

export interface PaymentsDeps {
  config: Config;
  store: Pick<Store, 'checkoutSessions' | 'outbox' | 'webhookEvents' | 'checkIns' | 'shows'>;
  /** The bookings as payments change them (counted: bookings/transition-counts.ts). */
  bookings: BookingRepository;
  mailer: Mailer;
  metrics: Pick<Metrics, 'webhookDelivered'>;
  webhookSecret: string;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Tells every instance's seat maps (the change bus). */
  onSeatsChanged: (showId: string) => void;
  /** The chain: where a booking's show is, for its emails. */
  places?: (screenId: string) => ScreenPlace | undefined;
  /** The integrity monitor's stopped shows: no payment taken for them. */
  salesStop: SalesStop;
}

/**
 * The payment providers by the name configuration gives (config.payments.provider: Stripe when STRIPE_SECRET_KEY is set, else the local checkout):
 * each an adapter folder under payments/ behind the payment port (payments/provider.ts). A new provider is a
 * new folder and a line here.
 */
const PROVIDERS: Record<Config['payments']['provider'], (deps: PaymentsDeps) => PaymentProvider> = {
  local: ({ config, store, now }) =>
    createLocalCheckoutProvider({ sessions: store.checkoutSessions, publicUrl: config.publicUrl, currency: config.currency, now }),
  stripe: ({ config, now }) =>
    createStripeProvider({
      secretKey: config.payments.stripe.secretKey!,
      currency: config.currency,
      theatreTimeZone: config.theatreTimeZone,
      apiBase: config.payments.stripe.apiBase,
      timeoutMs: config.payments.stripe.timeoutMs,
      now,
    }),
};

/**
 * Payments as configured: the provider, the payment service, Stripe's webhook receiver (counted; its
 * endpoint takes Stripe's signed events whichever provider takes new payments, for the sessions Stripe
 * still holds) and the background jobs (hold sweeper, reconciliation).
 */
export function composePayments(deps: PaymentsDeps) {
  const { config, store, bookings, mailer, metrics, webhookSecret, now, log, onSeatsChanged, salesStop, places } = deps;
  const provider = PROVIDERS[config.payments.provider](deps);
  // The provider's own request timeout (STRIPE_TIMEOUT_MS) bounds a customer's wait for any provider.
  const providerDeadlineMs = config.payments.stripe.timeoutMs;
  const cancellation = { cutoffMinutes: config.cancellationCutoffMinutes };
  // Read from the database at each payment, never a cache: the show's cancellation may have committed a moment ago.
  const showCancelled = async (showId: string) => Boolean((await store.shows.get(showId))?.cancelledAt);
  const service = createPaymentService({ bookings, outbox: store.outbox, provider, mailer, config, providerDeadlineMs, now, log, onSeatsChanged, salesStop, cancellation, places, showCancelled });
  const receiveWebhook: ReceiveWebhook = countingDeliveries(
    createWebhookReceiver({
      secret: webhookSecret,
      toleranceSeconds: config.payments.webhookToleranceSeconds,
      events: store.webhookEvents,
      settle: service.settle,
      now,
    }),
    metrics,
  );
  const jobs = createPaymentJobs({
    service,
    log,
    sweepIntervalMs: config.payments.sweepIntervalSeconds * 1000,
    reconcileIntervalMs: config.payments.reconcileIntervalSeconds * 1000,
  });
  /** The local checkout when it is the provider: its pages are served only then. */
  const localCheckout = isLocalCheckout(provider) ? provider : null;
  return { provider, localCheckout, service, receiveWebhook, jobs };
}
