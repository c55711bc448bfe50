import { CONFIRMATION_KIND } from '../bookings/booking-emails.ts';
import type { Booking } from '../bookings/booking.ts';
import type { Mailer } from '../email/mailer.ts';
import type { OutboxRepository } from '../email/outbox.ts';
import type { PaymentContext } from './payment-context.ts';
import { performRefund } from './refunds.ts';
import { retryPendingSeatReturns } from './seat-return-refunds.ts';
import { settleSession, type Settlement } from './settle-session.ts';

export type ReconcileOutcome = Settlement | { outcome: 'no-session'; booking: Booking } | { outcome: 'unknown-session'; booking: Booking };

/** Asks the provider about one booking's session and settles it (verify-payment, recheck, support's fix-payment, reconciliation). */
export async function reconcileBooking(ctx: PaymentContext, booking: Booking): Promise<ReconcileOutcome> {
  if (booking.refundStatus === 'pending') return { outcome: 'refund', booking: await performRefund(ctx, booking) };
  if (!booking.paymentSessionId) return { outcome: 'no-session', booking };
  const session = await ctx.provider.retrieveSession(booking.paymentSessionId);
  if (!session) return { outcome: 'unknown-session', booking };
  return settleSession(ctx, session);
}

/**
 * Gives every paid booking without an e-ticket exactly one: paid by a version that queued the
 * e-ticket in a separate write (a crash between the two lost it), or whose e-ticket could not be
 * prepared. One already in the outbox is recorded, not sent again; the seed's sample sales have
 * none by design and are not listed. Several instances may sweep at once: the guarded update
 * lets one queue it.
 */
export async function sweepMissingConfirmations(ctx: PaymentContext, outbox: Pick<OutboxRepository, 'existsFor'>, limit = 100): Promise<{ queued: number; recorded: number }> {
  let queued = 0;
  let recorded = 0;
  // The outbox lost an e-ticket (damage: the integrity check reports it): none is queued any more, so the
  // loop below queues it again, once (only the call that forgot it logs it).
  for (const booking of await ctx.lifecycle.listWithLostConfirmation(CONFIRMATION_KIND, limit)) {
    if ((await ctx.lifecycle.forgetLostConfirmation(booking.id))?.changed) {
      ctx.log.error({ bookingId: booking.id }, 'the outbox lost a paid booking\'s e-ticket: it is queued again');
    }
  }
  for (const booking of await ctx.lifecycle.listUnconfirmedPaid(limit)) {
    try {
      if (await outbox.existsFor(booking.id, CONFIRMATION_KIND)) {
        if ((await ctx.lifecycle.recordConfirmation(booking.id))?.changed) recorded++;
        continue;
      }
      const eTicket = await ctx.eTickets.prepare(booking);
      if (!eTicket) continue;
      const result = await ctx.lifecycle.queueConfirmation(booking.id, eTicket);
      if (result?.changed) {
        queued++;
        ctx.log.warn({ bookingId: booking.id }, 'a paid booking had no e-ticket: queued it now');
        await ctx.eTickets.deliver(result, eTicket);
      }
    } catch (error) {
      ctx.log.error({ err: error, bookingId: booking.id }, 'confirmation sweep: could not queue the e-ticket; next run tries again');
    }
  }
  return { queued, recorded };
}

/**
 * Checks every unpaid held booking that has a payment session with the provider, so a lost webhook
 * still ends paid; gives paid bookings without an e-ticket theirs; retries pending refunds (whole, and of seats given back) and due emails.
 */
export async function reconcile(
  ctx: PaymentContext,
  { outbox, mailer }: { outbox: Pick<OutboxRepository, 'existsFor'>; mailer: Pick<Mailer, 'retryDue'> },
  limit = 100,
): Promise<{ checked: number; settled: Record<string, number>; refunds: number; seatReturns: number; emails: number; confirmations: number }> {
  const settled: Record<string, number> = {};
  const awaiting = await ctx.lifecycle.listAwaitingPayment(limit);
  for (const booking of awaiting) {
    try {
      const result = await reconcileBooking(ctx, booking);
      settled[result.outcome] = (settled[result.outcome] ?? 0) + 1;
    } catch (error) {
      ctx.log.warn({ err: error, bookingId: booking.id }, 'reconciliation: could not check the payment; next run tries again');
    }
  }
  const confirmations = await sweepMissingConfirmations(ctx, outbox, limit).catch((error: unknown) => {
    ctx.log.error({ err: error }, 'reconciliation: confirmation sweep failed');
    return { queued: 0, recorded: 0 };
  });
  const refunds = await ctx.lifecycle.listPendingRefunds(limit);
  for (const booking of refunds) {
    await performRefund(ctx, booking).catch((error: unknown) => ctx.log.error({ err: error, bookingId: booking.id }, 'reconciliation: refund attempt failed'));
  }
  const seatReturns = await retryPendingSeatReturns(ctx, limit).catch((error: unknown) => {
    ctx.log.error({ err: error }, 'reconciliation: seat return refunds failed');
    return 0;
  });
  const emails = await mailer.retryDue().catch((error: unknown) => {
    ctx.log.error({ err: error }, 'reconciliation: email retry failed');
    return { sent: 0, failed: 0 };
  });
  return { checked: awaiting.length, settled, refunds: refunds.length, seatReturns, emails: emails.sent, confirmations: confirmations.queued };
}
