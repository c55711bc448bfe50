import { and, asc, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../database.ts';
import { outbox } from '../schema.ts';
import type { OutboxMessage, OutboxRepository } from '../../email/outbox.ts';

export function createOutboxRepository(db: Db): OutboxRepository {
  return {
    async add(message) {
      const [row] = await db.insert(outbox).values(message).returning();
      return row!;
    },

    async existsFor(bookingId, kind) {
      const [row] = await db.select({ id: outbox.id }).from(outbox).where(and(eq(outbox.bookingId, bookingId), eq(outbox.kind, kind))).limit(1);
      return row !== undefined;
    },

    // A guarded update writes its email to the outbox in its own transaction: nothing is ever left queued elsewhere.
    collectQueued: async () => 0,

    async list(limit) {
      return db.select().from(outbox).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(limit);
    },

    async listForBooking(bookingId) {
      return db.select().from(outbox).where(eq(outbox.bookingId, bookingId)).orderBy(asc(outbox.createdAt), asc(outbox.id));
    },

    async get(id) {
      const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
      return row ?? null;
    },

    async markSent(id, sentAt) {
      const [row] = await db
        .update(outbox)
        .set({ sentAt, nextAttemptAt: null, lastError: null })
        .where(eq(outbox.id, id))
        .returning();
      return row ?? null;
    },

    async markFailed(id, { error, nextAttemptAt }) {
      const [row] = await db
        .update(outbox)
        .set({ attempts: sql`${outbox.attempts} + 1`, lastError: error, nextAttemptAt })
        .where(and(eq(outbox.id, id), isNull(outbox.sentAt)))
        .returning();
      return row ?? null;
    },

    async claimDue(now, leaseUntil, limit) {
      const due = await db
        .select({ id: outbox.id })
        .from(outbox)
        .where(and(isNull(outbox.sentAt), lte(outbox.nextAttemptAt, now)))
        .orderBy(asc(outbox.nextAttemptAt))
        .limit(limit);
      const claimed: OutboxMessage[] = [];
      for (const { id } of due) {
        // Conditional: another instance that claimed it first moved its next attempt past `now`.
        const [row] = await db
          .update(outbox)
          .set({ nextAttemptAt: leaseUntil })
          .where(and(eq(outbox.id, id), isNull(outbox.sentAt), lte(outbox.nextAttemptAt, now)))
          .returning();
        if (row) claimed.push(row);
      }
      return claimed;
    },
  };
}
