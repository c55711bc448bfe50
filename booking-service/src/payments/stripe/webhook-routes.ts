import { Type } from 'typebox';
import { StripeWebhookResponse } from '../../contract/responses.ts';
import { failures } from '../../contract/failures.ts';
import type { AppInstance } from '../../http/app-instance.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { WebhookRefused, type ReceiveWebhook } from './webhook-receiver.ts';

/** Stripe's checkout events are a few kilobytes; 256 KiB leaves room for any of them. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

export interface StripeWebhookRoutesDeps {
  receiveWebhook: ReceiveWebhook;
  /** Deliveries per address and minute (WEBHOOK_RATE_LIMIT_PER_MINUTE). */
  perMinute: number;
}

/** `POST /api/stripe/webhook`: the endpoint Stripe delivers payment events to (the receiver checks and applies them). */
export async function stripeWebhookRoutes(app: AppInstance, { receiveWebhook, perMinute }: StripeWebhookRoutesDeps) {
  // The raw bytes, for this route only (this plugin is its own encapsulation context).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.post(
    '/api/stripe/webhook',
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      // Per address, high enough for Stripe's retry bursts after an outage, low enough that a flood of forgeries is cut off.
      config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
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
        summary: 'Payment events from Stripe, verified by their Stripe-Signature',
        description:
          'Handles checkout.session.completed, checkout.session.async_payment_succeeded, checkout.session.async_payment_failed and checkout.session.expired. ' +
          'No Stripe-Signature or not an event: 400; badly signed or signed more than 300 s away: 401; nothing changes either way. Bodies past 256 KiB: 413. Limited per address (WEBHOOK_RATE_LIMIT_PER_MINUTE). A repeated event id: 200 with duplicate: true, nothing changes.',
        headers: Type.Object({ 'stripe-signature': Type.String({ minLength: 1, pattern: '\\S', description: "Stripe's signature of the body (t=<time>,v1=<HMAC>)" }) }),
        response: { 200: StripeWebhookResponse, ...failures(400, 401, 413) },
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      try {
        const { duplicate } = await receiveWebhook(raw, typeof signature === 'string' ? signature : '', request.log);
        return duplicate ? { success: true as const, received: true as const, duplicate: true } : { success: true as const, received: true as const };
      } catch (error) {
        if (error instanceof WebhookRefused) throw error.unsigned ? new HttpError(401, error.message) : badRequest(error.message);
        throw error;
      }
    },
  );
}
