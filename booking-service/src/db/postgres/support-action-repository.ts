import { asc, eq } from 'drizzle-orm';
import type { Db } from '../database.ts';
import { supportActions } from '../schema.ts';
import type { SupportActionRepository } from '../../support/support-actions.ts';

export function createSupportActionRepository(db: Db): SupportActionRepository {
  return {
    async record(action) {
      const [row] = await db.insert(supportActions).values(action).returning();
      return row!;
    },

    async listForBooking(bookingId) {
      return db
        .select()
        .from(supportActions)
        .where(eq(supportActions.bookingId, bookingId))
        .orderBy(asc(supportActions.createdAt), asc(supportActions.id));
    },
  };
}
