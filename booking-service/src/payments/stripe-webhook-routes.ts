import Stripe from 'stripe';
import type { AppDeps } from '../app-deps.ts';
import { StripeWebhookResponse } from '../contract/responses.ts';
import { failures } from '../contract/failures.ts';
import type { AppInstance } from '../http/app-instance.ts';
import { badRequest, HttpError } from '../http/errors.ts';
import type { StripeEventObject } from './stripe-format.ts';

/** Stripe's checkout events are a few kilobytes; 256 KiB leaves room for any of them. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

const webhooks = Stripe.webhooks;

/**
 * `POST /api/stripe/webhook`: the endpoint Stripe (and the local checkout, in
 * process through this same route) delivers payment events to. The signature is
 * checked over the raw body with the endpoint's secret; an event older than the
 * tolerance is refused (a replay). Each event id is recorded before it is
 * processed, so a duplicate delivery is acknowledged and changes nothing; if
 * processing fails the record is removed and the provider's retry processes it.
 */
export async function stripeWebhookRoutes(app: AppInstance, { store, payments, now, webhookSecret, config }: AppDeps) {
  const tolerance = config.payments.webhookToleranceSeconds;

  // The raw bytes, for this route only (this plugin is its own encapsulation context).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.post(
    '/api/stripe/webhook',
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      // Per address, high enough for Stripe's retry bursts after an outage, low enough that a flood of forgeries is cut off.
      config: { rateLimit: { max: config.rateLimit.webhookPerMinute, timeWindow: '1 minute' } },
      // After the rate limit, before a byte of the body is read: no signature or a declared size past the limit is refused at once.
      async preParsing(request, _reply, payload) {
        const signature = request.headers['stripe-signature'];
        if (typeof signature !== 'string' || signature.trim() === '') throw badRequest('Missing Stripe-Signature header');
        const declared = Number(request.headers['content-length']);
        if (declared > WEBHOOK_BODY_LIMIT) throw new HttpError(413, 'Request body is too large');
        return payload;
      },
      schema: {
        tags: ['payments'],
        summary: 'Payment events from Stripe (or the local checkout), verified by their Stripe-Signature',
        description:
          'Handles checkout.session.completed, checkout.session.async_payment_succeeded, checkout.session.async_payment_failed and checkout.session.expired. ' +
          'Unsigned, badly signed or older than 300 s: 400, nothing changes. Bodies past 256 KiB: 413. Limited per address (WEBHOOK_RATE_LIMIT_PER_MINUTE). A repeated event id: 200 with duplicate: true, nothing changes.',
        response: { 200: StripeWebhookResponse, ...failures(400, 413) },
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : null;
      const signature = request.headers['stripe-signature'];
      if (!raw || raw.length === 0) throw badRequest('The webhook body is empty');
      if (typeof signature !== 'string' || signature.trim() === '') throw badRequest('Missing Stripe-Signature header');

      const receivedAt = now().getTime();
      let event: StripeEventObject;
      try {
        event = webhooks.constructEvent(raw, signature, webhookSecret, tolerance, undefined, receivedAt) as unknown as StripeEventObject;
      } catch (error) {
        request.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'webhook refused: bad signature');
        throw badRequest(`Webhook signature verification failed: ${error instanceof Error ? error.message.split('\n')[0] : 'invalid signature'}`);
      }
      // stripe-node checks only the age; a timestamp from the future is as suspect as an old one.
      const signedAt = Number(/(?:^|,)\s*t=(\d+)/.exec(signature)?.[1]);
      if (!Number.isFinite(signedAt) || signedAt * 1000 > receivedAt + tolerance * 1000) {
        throw badRequest('Webhook signature verification failed: timestamp outside the tolerance zone');
      }
      if (typeof event?.id !== 'string' || typeof event.type !== 'string' || !event.data) throw badRequest('The webhook body is not a Stripe event');

      const first = await store.webhookEvents.recordOnce({ id: event.id, type: event.type, receivedAt: new Date(receivedAt) });
      if (!first) {
        request.log.info({ eventId: event.id, type: event.type }, 'webhook: duplicate event ignored');
        return { success: true as const, received: true as const, duplicate: true };
      }
      try {
        const settled = await payments.handleEvent(event);
        request.log.info({ eventId: event.id, type: event.type, outcome: settled?.outcome ?? 'ignored' }, 'webhook processed');
      } catch (error) {
        // Not processed: forget it so the provider's next delivery of this event is.
        await store.webhookEvents.forget(event.id).catch((e: unknown) => request.log.error({ err: e }, 'webhook: could not forget a failed event'));
        throw error;
      }
      return { success: true as const, received: true as const };
    },
  );
}
