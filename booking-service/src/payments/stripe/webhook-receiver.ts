import Stripe from 'stripe';
import type { Log } from '../payment-context.ts';
import type { SessionOutcome } from '../provider.ts';
import type { Settlement } from '../settle-session.ts';
import type { WebhookEventRepository } from '../webhook-events.ts';
import { sessionOutcomeOf, type StripeEventObject } from './stripe-format.ts';

/**
 * A delivery refused before anything changed: `unsigned` when its signature does not prove it came from Stripe (badly
 * signed, replayed, out of the tolerance: 401), else not an event (400).
 */
export class WebhookRefused extends Error {
  constructor(message: string, readonly unsigned = false) {
    super(message);
  }
}

export interface WebhookReceiverDeps {
  /** The secret signatures are verified with. */
  secret: string;
  /** How old (or how far ahead) a signature's timestamp may be, in seconds. */
  toleranceSeconds: number;
  events: WebhookEventRepository;
  /** Settles what a verified event reports of a session (payment-service.ts's settle). */
  settle(outcome: SessionOutcome): Promise<Settlement>;
  now: () => Date;
}

export type ReceiveWebhook = (raw: Buffer, signature: string, log: Log) => Promise<{ duplicate: boolean }>;

/**
 * Receives a payment event from Stripe: the signature is checked over the raw body with the endpoint's
 * secret, and an event older than the tolerance is refused (a replay). Each event id is recorded before
 * it is processed, so a duplicate delivery is acknowledged and changes nothing; if processing fails the
 * record is removed and Stripe's retry processes it. What the event reports is handed on in the payment
 * port's terms (a session and its outcome): nothing past this file reads Stripe's format.
 */
export function createWebhookReceiver({ secret, toleranceSeconds, events, settle, now }: WebhookReceiverDeps): ReceiveWebhook {
  return async function receiveWebhook(raw, signature, log) {
    if (signature.trim() === '') throw new WebhookRefused('Missing Stripe-Signature header');

    const receivedAt = now().getTime();
    let event: StripeEventObject;
    try {
      event = Stripe.webhooks.constructEvent(raw, signature, secret, toleranceSeconds, undefined, receivedAt) as unknown as StripeEventObject;
    } catch (error) {
      log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'webhook refused: bad signature or body');
      // A body that is not JSON is found after the signature held (a SyntaxError): not an event, 400.
      if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) throw new WebhookRefused('The webhook body is not a Stripe event');
      throw new WebhookRefused(`Webhook signature verification failed: ${error.message.split('\n')[0]}`, true);
    }
    // stripe-node checks only the age; a timestamp from the future is as suspect as an old one.
    const signedAt = Number(/(?:^|,)\s*t=(\d+)/.exec(signature)?.[1]);
    if (!Number.isFinite(signedAt) || signedAt * 1000 > receivedAt + toleranceSeconds * 1000) {
      throw new WebhookRefused('Webhook signature verification failed: timestamp outside the tolerance zone', true);
    }
    // Checked after the signature: an empty body signed by Stripe is not an event; one unsigned is a forgery (401).
    if (raw.length === 0) throw new WebhookRefused('The webhook body is empty');
    if (typeof event?.id !== 'string' || typeof event.type !== 'string' || !event.data) throw new WebhookRefused('The webhook body is not a Stripe event');

    const first = await events.recordOnce({ id: event.id, type: event.type, receivedAt: new Date(receivedAt) });
    if (!first) {
      log.info({ eventId: event.id, type: event.type }, 'webhook: duplicate event ignored');
      return { duplicate: true };
    }
    try {
      // Event types the service does not act on are acknowledged and ignored.
      const outcome = sessionOutcomeOf(event);
      const settled = outcome ? await settle(outcome) : null;
      log.info({ eventId: event.id, type: event.type, outcome: settled?.outcome ?? 'ignored' }, 'webhook processed');
    } catch (error) {
      // Not processed: forget it so the provider's next delivery of this event is.
      await events.forget(event.id).catch((e: unknown) => log.error({ err: e }, 'webhook: could not forget a failed event'));
      throw error;
    }
    return { duplicate: false };
  };
}
