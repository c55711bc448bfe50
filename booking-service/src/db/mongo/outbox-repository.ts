import { randomUUID } from 'node:crypto';
import type { OutboxMessage, OutboxRepository } from '../../email/outbox.ts';
import { outboxDocument, toOutboxMessage } from './mappers.ts';
import type { Models } from './models.ts';
import {
  claimMessageUpdate,
  clearQueuedEmailUpdate,
  dueMessagesFilter,
  isDuplicateKeyError,
  markFailedUpdate,
  markSentUpdate,
  NEWEST_FIRST,
  QUEUED_EMAILS,
  type ConditionalUpdate,
} from './queries.ts';
import type { BookingDocument, OutboxDocument } from './schemas.ts';

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

    async existsFor(bookingId, kind) {
      return (await Outbox.exists({ bookingId: { $eq: bookingId }, kind: { $eq: kind } })) !== null;
    },

    async collectQueued(limit) {
      if (limit <= 0) return 0;
      const holders = await Bookings.find(QUEUED_EMAILS, { queuedEmail: 1 }).limit(limit).lean<Pick<BookingDocument, '_id' | 'queuedEmail'>[]>();
      let moved = 0;
      for (const { _id, queuedEmail } of holders) {
        if (!queuedEmail) continue;
        try {
          await new Outbox(queuedEmail).save();
          moved++;
        } catch (error) {
          // Moved already (by another instance, or before a crash that left it on the booking too): once is enough.
          if (!isDuplicateKeyError(error)) throw error;
        }
        const { filter, update } = clearQueuedEmailUpdate(_id, queuedEmail._id);
        await Bookings.updateOne(filter, update);
      }
      return moved;
    },

    async list(limit) {
      if (limit <= 0) return [];
      const docs = await Outbox.find({}).sort(NEWEST_FIRST).limit(limit).lean<OutboxDocument[]>();
      return docs.map(toOutboxMessage);
    },

    async listForBooking(bookingId) {
      // A booking has a handful of messages: sorted here, as the support actions are.
      const docs = await Outbox.find({ bookingId: { $eq: bookingId } }).lean<OutboxDocument[]>();
      return docs.map(toOutboxMessage).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
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
