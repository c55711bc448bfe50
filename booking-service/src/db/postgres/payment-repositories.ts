import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../database.ts';
import { checkoutSessions, webhookEvents } from '../schema.ts';
import type { CheckoutSessionRepository, LocalCheckoutSession } from '../../payments/local/checkout-session.ts';
import type { WebhookEventRepository } from '../../payments/webhook-events.ts';

export function createWebhookEventRepository(db: Db): WebhookEventRepository {
  return {
    async recordOnce(event) {
      // Insert first: the primary key lets exactly one delivery of an event id through (or one retry of a failed one).
      const recorded = await db
        .insert(webhookEvents)
        .values(event)
        .onConflictDoUpdate({
          target: webhookEvents.id,
          set: { failedAt: null, receivedAt: event.receivedAt },
          setWhere: isNotNull(webhookEvents.failedAt),
        })
        .returning({ id: webhookEvents.id });
      return recorded.length === 1;
    },

    async forget(id) {
      await db.update(webhookEvents).set({ failedAt: new Date() }).where(eq(webhookEvents.id, id));
    },
  };
}

export function createCheckoutSessionRepository(db: Db): CheckoutSessionRepository {
  type Row = typeof checkoutSessions.$inferSelect;
  const toSession = (row: Row): LocalCheckoutSession => ({ ...row });

  async function outcome(id: string, updated: Row | undefined) {
    if (updated) return { session: toSession(updated), changed: true };
    const [current] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
    return current ? { session: toSession(current), changed: false } : null;
  }

  return {
    async create(session) {
      const [row] = await db.insert(checkoutSessions).values(session).returning();
      return toSession(row!);
    },

    async get(id) {
      const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
      return row ? toSession(row) : null;
    },

    async complete(id, { now, paymentIntentId }) {
      const [updated] = await db
        .update(checkoutSessions)
        .set({ status: 'complete', paymentStatus: 'paid', paymentIntentId, completedAt: now })
        .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open'), gt(checkoutSessions.expiresAt, now)))
        .returning();
      return outcome(id, updated);
    },

    async expire(id) {
      const [updated] = await db
        .update(checkoutSessions)
        .set({ status: 'expired' })
        .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')))
        .returning();
      return outcome(id, updated);
    },

    async refund(id, { refundId, amountCents, key }) {
      const [updated] = await db
        .update(checkoutSessions)
        .set({
          refundId,
          refundedCents: sql`${checkoutSessions.refundedCents} + ${amountCents}`,
          refundKeys: sql`array_append(${checkoutSessions.refundKeys}, ${key})`,
        })
        .where(
          and(
            eq(checkoutSessions.id, id),
            eq(checkoutSessions.paymentStatus, 'paid'),
            sql`not (${key} = any(${checkoutSessions.refundKeys}))`,
            sql`${checkoutSessions.refundedCents} + ${amountCents} <= ${checkoutSessions.amountCents}`,
          ),
        )
        .returning();
      return outcome(id, updated);
    },
  };
}
