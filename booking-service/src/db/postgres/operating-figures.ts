import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../database.ts';
import { bookings, outbox } from '../schema.ts';
import type { OperatingFigures } from '../../store/types.ts';

/** The metrics' figures on PostgreSQL: each query a range of a partial index (unpaid holds, unsent emails). */
export function createOperatingFigures(db: Db, pool: pg.Pool): OperatingFigures {
  return {
    async liveHeldSeats(now) {
      // bookings_unpaid_idx (hold_expires_at where not paid): only the holds that have not ended yet.
      const [row] = await db
        .select({ seats: sql<string>`coalesce(sum(cardinality(${bookings.seats})), 0)` })
        .from(bookings)
        .where(and(eq(bookings.isPaid, false), gt(bookings.holdExpiresAt, now), eq(bookings.status, 'held')));
      return Number(row?.seats ?? 0);
    },
    async outboxBacklog() {
      // outbox_due_idx (next_attempt_at where not sent); a message given up on has no next attempt.
      const [row] = await db
        .select({ count: sql<string>`count(*)` })
        .from(outbox)
        .where(and(isNull(outbox.sentAt), isNotNull(outbox.nextAttemptAt)));
      return Number(row?.count ?? 0);
    },
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async serverWaits() {
      const { rows } = await db.execute<{ lock_waits: number; queue_usage: number }>(sql`
        select (select count(*)::int from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock') as lock_waits,
               pg_notification_queue_usage()::float8 as queue_usage`);
      const [row] = rows;
      return row ? { lockWaits: Number(row.lock_waits), notificationQueueUsage: Number(row.queue_usage) } : null;
    },
  };
}
