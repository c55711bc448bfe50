import { desc } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { outbox } from '../../db/schema.ts';
import type { OutboxRepository } from '../types.ts';

export function createOutboxRepository(db: Db): OutboxRepository {
  return {
    async add(message) {
      const [row] = await db.insert(outbox).values(message).returning();
      return row!;
    },

    async list(limit) {
      return db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(limit);
    },
  };
}
