import type { FastifyBaseLogger } from 'fastify';
import type { BookingRepository } from '../bookings/booking-repository.ts';
import type { Config } from '../config/config.ts';
import type { Mailer } from '../email/mailer.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { createLocalCheckoutProvider } from '../payments/local/local-provider.ts';
import { createPaymentJobs } from '../payments/payment-jobs.ts';
import { createPaymentService } from '../payments/payment-service.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import type { SalesStop } from '../payments/sales-stop.ts';
import { createStripeProvider } from '../payments/stripe-provider.ts';
import { createWebhookReceiver, WebhookRefused, type ReceiveWebhook } from '../payments/webhook-receiver.ts';
import type { Store } from '../store/types.ts';

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
  store: Pick<Store, 'checkoutSessions' | 'outbox' | 'webhookEvents'>;
  /** The bookings as payments change them (counted: bookings/counted-transitions.ts). */
  bookings: BookingRepository;
  mailer: Mailer;
  metrics: Pick<Metrics, 'webhookDelivered'>;
  webhookSecret: string;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Tells every instance's seat maps (the change bus). */
  onSeatsChanged: (showId: string) => void;
  /** The integrity monitor's stopped shows: no payment taken for them. */
  salesStop: SalesStop;
}

/**
 * Payments as configured: the provider (the local checkout, or Stripe), the payment service, the webhook
 * receiver (counted) and the background jobs (hold sweeper, reconciliation).
 */
export function composePayments({ config, store, bookings, mailer, metrics, webhookSecret, now, log, onSeatsChanged, salesStop }: PaymentsDeps) {
  const localCheckout =
    config.payments.provider === 'local'
      ? createLocalCheckoutProvider({
          sessions: store.checkoutSessions,
          publicUrl: config.publicUrl,
          currency: config.currency,
          now,
        })
      : null;
  const provider: PaymentProvider =
    localCheckout ??
    createStripeProvider({
      secretKey: config.payments.stripe.secretKey!,
      currency: config.currency,
      theatreTimeZone: config.theatreTimeZone,
      apiBase: config.payments.stripe.apiBase,
      timeoutMs: config.payments.stripe.timeoutMs,
      now,
    });
  const service = createPaymentService({ bookings, outbox: store.outbox, provider, mailer, config, now, log, onSeatsChanged, salesStop });
  const receiveWebhook: ReceiveWebhook = countingDeliveries(
    createWebhookReceiver({
      secret: webhookSecret,
      toleranceSeconds: config.payments.webhookToleranceSeconds,
      events: store.webhookEvents,
      handleEvent: service.handleEvent,
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
  return { provider, localCheckout, service, receiveWebhook, jobs };
}
