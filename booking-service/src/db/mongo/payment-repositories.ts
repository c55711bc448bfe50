import type { CheckoutSessionRepository, LocalCheckoutSession } from '../../payments/local/checkout-session.ts';
import type { WebhookEventRepository } from '../../payments/webhook-events.ts';
import { checkoutSessionDocument, toCheckoutSession } from './mappers.ts';
import type { Models } from './models.ts';
import {
  completeSessionUpdate,
  expireSessionUpdate,
  isDuplicateKeyError,
  refundSessionUpdate,
  type ConditionalUpdate,
} from './queries.ts';
import type { CheckoutSessionDocument } from './schemas.ts';

export function createWebhookEventRepository({ WebhookEvent }: Models): WebhookEventRepository {
  return {
    async recordOnce(event) {
      // Insert first: the _id (the event id) lets exactly one delivery through.
      try {
        await new WebhookEvent({ _id: event.id, type: event.type, receivedAt: event.receivedAt }).save();
        return true;
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
        // Delivered before: processed once already, unless that processing failed (then this delivery is the retry).
        const retried = await WebhookEvent.updateOne({ _id: { $eq: event.id }, failedAt: { $ne: null } }, { $set: { failedAt: null, receivedAt: event.receivedAt } });
        return retried.modifiedCount === 1;
      }
    },

    async forget(id) {
      await WebhookEvent.updateOne({ _id: { $eq: id } }, { $set: { failedAt: new Date() } });
    },
  };
}

export function createCheckoutSessionRepository({ CheckoutSession }: Models): CheckoutSessionRepository {
  async function get(id: string): Promise<LocalCheckoutSession | null> {
    const doc = await CheckoutSession.findOne({ _id: { $eq: id } }).lean<CheckoutSessionDocument>();
    return doc ? toCheckoutSession(doc) : null;
  }

  async function apply(id: string, { filter, update }: ConditionalUpdate) {
    const updated = await CheckoutSession.findOneAndUpdate(filter, update, { returnDocument: 'after' }).lean<CheckoutSessionDocument>();
    if (updated) return { session: toCheckoutSession(updated), changed: true };
    const current = await get(id);
    return current ? { session: current, changed: false } : null;
  }

  return {
    async create(session) {
      const saved = await new CheckoutSession(checkoutSessionDocument(session)).save();
      return toCheckoutSession(saved.toObject<CheckoutSessionDocument>());
    },

    get,

    complete: (id, { now, paymentIntentId }) => apply(id, completeSessionUpdate(id, now, paymentIntentId)),

    expire: (id) => apply(id, expireSessionUpdate(id)),

    async refund(id, { refundId, amountCents, key }) {
      // Conditional on the refunds recorded as read (no $expr on FerretDB): a refund recorded meanwhile makes it read again.
      for (let attempt = 0; attempt < 5; attempt++) {
        const current = await get(id);
        if (!current) return null;
        if (current.refundKeys.includes(key) || current.refundedCents + amountCents > current.amountCents) return { session: current, changed: false };
        const result = await apply(id, refundSessionUpdate(id, { refundId, amountCents, key, refundedBefore: current.refundedCents}));
        if (result?.changed) return result;
      }
      return { session: (await get(id))!, changed: false };
    },
  };
}
