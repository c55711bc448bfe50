import { CONFIRMATION_KIND } from '../bookings/booking-emails.ts';
import type { CheckInOutcome } from '../check-in/check-in.ts';
import { formatMoney } from '../contract/money.ts';
import { formatTheatreTime } from '../contract/theatre-time.ts';
import { cancelledBy } from '../payments/cancel-paid.ts';
import type { SeatReturn } from '../bookings/booking.ts';
import type { TimelineEntry, TimelineFacts, TimelineSource } from './booking-timeline.ts';

/**
 * The sources of a booking's history (booking-timeline.ts), one function each, in the order entries of the same
 * moment are listed. A new record about bookings is one more function here, added
 * to TIMELINE_SOURCES, and its read in support/routes.ts's `timelineFacts`.
 */

const time = (facts: TimelineFacts, at: Date) => formatTheatreTime(at, facts.timeZone);
const money = (facts: TimelineFacts, cents: number) => formatMoney(cents, facts.currency);
const customer = ({ booking }: TimelineFacts) => (booking.user.email ? `${booking.user.name} (${booking.user.email})` : booking.user.name);
const seatsOf = (seats: string[]) => `${seats.length === 1 ? 'Seat' : 'Seats'} ${seats.join(', ')}`;

/** What the booking was for when made and paid: the seats it has now and those given back since, and their price. */
const madeFor = ({ booking }: TimelineFacts) => ({ seats: [...booking.seats, ...booking.returnedSeats], amountCents: booking.amountCents + booking.returnedCents });

/** The booking made by its owner: seats and amount. */
export const created: TimelineSource = (facts) => [
  {
    kind: 'created',
    at: facts.booking.createdAt,
    title: 'Booking created',
    detail: `${seatsOf(madeFor(facts).seats)} · ${money(facts, madeFor(facts).amountCents)}`,
    by: customer(facts),
  },
];

/** Its seats held for payment, and until when. */
export const held: TimelineSource = (facts) => [
  { kind: 'held', at: facts.booking.createdAt, title: 'Seats held', detail: `Held until ${time(facts, facts.booking.holdExpiresAt)} for payment`, by: null },
];

/** Who took the money: the provider by the booking's checkout session, or support marking it paid. */
function paidThrough(facts: TimelineFacts): { detail: string; by: string | null } {
  const marked = facts.actions.find((action) => action.kind === 'mark-paid' && action.outcome === 'paid');
  if (marked) return { detail: 'marked as paid by support (money received another way)', by: marked.actorEmail || marked.actorId };
  if (facts.booking.confirmation === 'sample') return { detail: 'a demo sale of the seed (no customer was charged)', by: null };
  const session = facts.booking.paymentSessionId;
  if (!session) return { detail: 'no payment session on record', by: null };
  return { detail: session.startsWith('cs_local_') ? 'through the local test checkout' : 'through Stripe', by: customer(facts) };
}

/** The payment that paid the booking (kept on record when a paid booking is later cancelled). */
export const paid: TimelineSource = (facts) => {
  const { booking } = facts;
  if (!booking.paidAt) return [];
  const through = paidThrough(facts);
  return [{ kind: 'paid', at: booking.paidAt, title: 'Paid', detail: `${money(facts, madeFor(facts).amountCents)} ${through.detail}`, by: through.by }];
};

/** A payment that arrived after the hold ended, for seats taken meanwhile: kept on record to be refunded. */
export const latePayment: TimelineSource = (facts) => {
  const { booking } = facts;
  if (booking.paidAt || !booking.refundStatus) return [];
  const detail = `${money(facts, booking.amountCents)} arrived after the hold ended; ${booking.refundReason ?? 'the seats had been booked by someone else'}`;
  return [{ kind: 'late-payment', at: null, after: booking.cancelledAt ?? booking.holdExpiresAt, title: 'Payment arrived late', detail, by: customer(facts) }];
};

/** Each email about the booking (the e-ticket, cancellation and refund notices, support's test email), as the outbox keeps it. */
export const emails: TimelineSource = (facts) => {
  const entries: TimelineEntry[] = facts.messages.map((message) => {
    const what = message.kind === CONFIRMATION_KIND ? 'E-ticket' : 'Email';
    const delivery = message.sentAt
      ? { title: `${what} sent`, at: message.sentAt }
      : { title: `${what} not delivered yet`, at: message.createdAt };
    const trouble = !message.sentAt && message.lastError ? ` · ${message.attempts} failed attempt${message.attempts === 1 ? '' : 's'}: ${message.lastError}` : '';
    // The e-ticket is stamped as it is queued, just before the write that pays: listed after the payment.
    const after = message.kind === CONFIRMATION_KIND ? (facts.booking.paidAt ?? undefined) : undefined;
    return { kind: 'email', at: delivery.at, after, title: delivery.title, detail: `"${message.subject}" to ${message.toAddress}${trouble}`, by: null };
  });
  // MongoDB keeps a just-queued e-ticket on the booking until the mailer moves it to the outbox.
  const eTicketListed = facts.messages.some((message) => message.kind === CONFIRMATION_KIND);
  if (facts.booking.confirmation === 'queued' && !eTicketListed && facts.booking.paidAt) {
    entries.push({ kind: 'email', at: facts.booking.paidAt, title: 'E-ticket queued', detail: `To ${facts.booking.user.email}`, by: null });
  }
  return entries;
};

const SCAN_WORDS: Record<CheckInOutcome, string> = {
  admitted: 'Admitted',
  'already-admitted': 'Scanned again: already admitted',
  'not-paid': 'Refused: not paid',
  cancelled: 'Refused: the booking is cancelled',
  refunded: 'Refused: the booking was refunded',
  'another-cinema': 'Refused: a ticket for another cinema',
  'another-day': 'Refused: a ticket for another day',
  'too-early': 'Refused: too early, the doors were not open for this show yet',
  'too-late': 'Refused: too late, admission for this show had closed',
  'unknown-ticket': 'Refused: no ticket has this code',
};

/** Each scan of the ticket at a door: door, staff member, outcome. */
export const doorScans: TimelineSource = (facts) =>
  facts.scans.map((scan) => ({ kind: 'door-scan', at: scan.at, title: SCAN_WORDS[scan.outcome], detail: `At ${scan.door}`, by: scan.staffName }));

/** Who ended a hold that was never paid, from when it ended: its lapse, the show's cancellation, or before its end. */
function holdEnding(facts: TimelineFacts, at: Date): Pick<TimelineEntry, 'title' | 'detail' | 'by'> {
  const { booking } = facts;
  if (at.getTime() >= booking.holdExpiresAt.getTime()) return { title: 'Cancelled: the hold lapsed', detail: 'Not paid in time: the seats were released', by: null };
  const show = booking.show.cancelledAt;
  if (show && at.getTime() >= show.getTime()) return { title: 'Cancelled: the cinema cancelled the show', detail: 'The hold was released', by: 'Staff (show cancelled)' };
  return { title: 'Cancelled: released before the hold ended', detail: 'By the moviegoer, or the payment was refused: the seats were released', by: null };
}

/** The cancellation, and by whom: the moviegoer, staff cancelling the show, or the hold ending unpaid. */
export const cancellation: TimelineSource = (facts) => {
  const { booking } = facts;
  if (booking.status !== 'cancelled') return [];
  const at = booking.cancelledAt;
  const by = booking.paidAt ? cancelledBy(booking) : null;
  if (by === 'customer') return [{ kind: 'cancelled', at, after: booking.paidAt ?? undefined, title: 'Cancelled by the moviegoer', detail: 'Within the cancellation policy: the seats were released', by: customer(facts) }];
  if (by === 'show') return [{ kind: 'cancelled', at, after: booking.paidAt ?? undefined, title: 'Cancelled: the cinema cancelled the show', detail: 'The seats were released', by: 'Staff (show cancelled)' }];
  if (!at) {
    const detail = `Not paid: the seats were released (when is not recorded; the hold ran until ${time(facts, booking.holdExpiresAt)})`;
    return [{ kind: 'cancelled', at: null, after: booking.holdExpiresAt, title: 'Cancelled: the hold ended unpaid', detail, by: null }];
  }
  return [{ kind: 'cancelled', at, ...holdEnding(facts, at) }];
};

/** What came of a refund: settled, failed (support acts) or still pending (the service retries). */
function refundOutcome(facts: TimelineFacts, amount: string): Pick<TimelineEntry, 'kind' | 'title' | 'detail'> {
  switch (facts.booking.refundStatus) {
    case 'refunded':
      return { kind: 'refund-settled', title: 'Refund settled', detail: `${amount} refunded to the card` };
    case 'failed':
      return { kind: 'refund-failed', title: 'Refund failed', detail: `${amount}: ${facts.booking.refundReason ?? 'the provider refused it'}. Support must act` };
    default:
      return { kind: 'refund-pending', title: 'Refund pending', detail: `${amount}: retried by the service until the provider answers` };
  }
}

/**
 * The refund: requested when a paid booking was cancelled (or a late payment kept), then its outcome. The stores keep
 * no moment for the outcome, so it is placed after the request without a time rather than given one it did not have.
 */
export const refund: TimelineSource = (facts) => {
  const { booking } = facts;
  if (!booking.refundStatus) return [];
  const amount = money(facts, booking.amountCents);
  const requestedAt = booking.paidAt ? booking.cancelledAt : null;
  const after = booking.cancelledAt ?? booking.holdExpiresAt;
  return [
    { kind: 'refund-requested', at: requestedAt, after, title: 'Refund requested', detail: `${amount} to the card paid with`, by: null },
    { ...refundOutcome(facts, amount), at: null, after: requestedAt ?? after, by: null },
  ];
};

/** What came of one seat return's refund (the stores keep no moment for it: placed after the return). */
function returnRefundOutcome(seatReturn: SeatReturn, amount: string): Pick<TimelineEntry, 'kind' | 'title' | 'detail'> {
  const seats = seatsOf(seatReturn.seats);
  switch (seatReturn.refundStatus) {
    case 'refunded':
      return { kind: 'refund-settled', title: 'Refund settled', detail: `${amount} for ${seats} refunded to the card` };
    case 'failed':
      return { kind: 'refund-failed', title: 'Refund failed', detail: `${amount} for ${seats}: ${seatReturn.refundReason || 'the provider refused it'}. Support must act` };
    default:
      return { kind: 'refund-pending', title: 'Refund pending', detail: `${amount} for ${seats}: retried by the service until the provider answers` };
  }
}

/** Each time the moviegoer gave back some seats of the paid booking (a partial cancellation), then its refund's outcome. */
export const seatReturns: TimelineSource = (facts) =>
  facts.returns.flatMap((seatReturn) => {
    const amount = money(facts, seatReturn.amountCents);
    const kept = facts.booking.status === 'cancelled' ? '' : ` · the ticket stays valid for ${seatsOf(facts.booking.seats)}`;
    return [
      { kind: 'seats-returned', at: seatReturn.returnedAt, title: 'Seats given back by the moviegoer', detail: `${seatsOf(seatReturn.seats)} · ${amount} to be refunded${kept}`, by: customer(facts) },
      { ...returnRefundOutcome(seatReturn, amount), at: null, after: seatReturn.returnedAt, by: null },
    ];
  });

const ACTION_TITLES = { 'mark-paid': 'Support: Mark as Paid', 'fix-payment': 'Support: Fix Payment' } as const;

/** Each support action: who, what, and what support was told. */
export const supportActions: TimelineSource = (facts) =>
  facts.actions.map((action) => ({ kind: 'support-action', at: action.createdAt, title: ACTION_TITLES[action.kind], detail: action.message, by: action.actorEmail || action.actorId }));

/** Every source, in the order entries of the same moment are listed. */
export const TIMELINE_SOURCES: readonly TimelineSource[] = [created, held, paid, emails, doorScans, seatReturns, cancellation, latePayment, refund, supportActions];
