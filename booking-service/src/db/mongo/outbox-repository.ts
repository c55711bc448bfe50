import { randomUUID } from 'node:crypto';
import type { OutboxMessage } from '../../email/outbox.ts';
import type { OutboxRepository } from '../../store/types.ts';
import { outboxDocument, toOutboxMessage } from './mappers.ts';
import type { Models } from './models.ts';
import { claimMessageUpdate, dueMessagesFilter, markFailedUpdate, markSentUpdate, NEWEST_FIRST, type ConditionalUpdate } from './queries.ts';
import type { OutboxDocument } from './schemas.ts';

export function createOutboxRepository({ Outbox, Booking: Bookings }: Models): OutboxRepository {
  async function apply({ filter, update }: ConditionalUpdate): Promise<OutboxMessage | null> {
    const updated = await Outbox.findOneAndUpdate(filter, update, { returnDocument: 'after' }).lean<OutboxDocument>();
    return updated ? toOutboxMessage(updated) : null;
  }

  return {
    async add(message) {
      // As the PostgreSQL foreign key does: a message is about a stored booking, or none.
      if (message.bookingId !== null && !(await Bookings.exists({ _id: { $eq: message.bookingId } }))) {
        throw new Error(`Cannot record message: booking ${message.bookingId} does not exist`);
      }
      const saved = await new Outbox(outboxDocument(message, randomUUID(), new Date())).save();
      return toOutboxMessage(saved.toObject<OutboxDocument>());
    },

    async list(limit) {
      if (limit <= 0) return [];
      const docs = await Outbox.find({}).sort(NEWEST_FIRST).limit(limit).lean<OutboxDocument[]>();
      return docs.map(toOutboxMessage);
    },

    async get(id) {
      const doc = await Outbox.findOne({ _id: { $eq: id } }).lean<OutboxDocument>();
      return doc ? toOutboxMessage(doc) : null;
    },

    markSent: (id, sentAt) => apply(markSentUpdate(id, sentAt)),

    markFailed: (id, { error, nextAttemptAt }) => apply(markFailedUpdate(id, error, nextAttemptAt)),

    async claimDue(now, leaseUntil, limit) {
      if (limit <= 0) return [];
      const due = await Outbox.find(dueMessagesFilter(now), { _id: 1 }).sort({ nextAttemptAt: 1 }).limit(limit).lean<{ _id: string }[]>();
      const claimed: OutboxMessage[] = [];
      // Each claim is a conditional update: a message another instance claimed first is no longer due.
      for (const { _id } of due) {
        const message = await apply(claimMessageUpdate(_id, now, leaseUntil));
        if (message) claimed.push(message);
      }
      return claimed;
    },
  };
}
