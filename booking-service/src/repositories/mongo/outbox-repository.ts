import { randomUUID } from 'node:crypto';
import type { OutboxRepository } from '../types.ts';
import { outboxDocument, toOutboxMessage } from './mappers.ts';
import type { Models } from './models.ts';
import { NEWEST_FIRST } from './queries.ts';
import type { OutboxDocument } from './schemas.ts';

export function createOutboxRepository({ Outbox, Booking: Bookings }: Models): OutboxRepository {
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
  };
}
