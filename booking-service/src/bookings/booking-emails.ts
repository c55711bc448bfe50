/**
 * The emails a booking sends its moviegoer: what each says (the e-ticket, the late payment's refund, the cancellation
 * and seat-return notices, support's test email), and how the payment steps send them (`createETickets`).
 */
import escapeHtml from 'escape-html';
import type { BookingRepository } from './booking-repository.ts';
import type { Booking, BookingWithDetails, SeatReturn } from './booking.ts';
import type { Mailer } from '../email/mailer.ts';
import type { NewOutboxMessage, QueuedMessage } from '../email/outbox.ts';
import { ticketQrDataUrl } from './ticket-qr.ts';
import { formatTheatreTime } from '../contract/theatre-time.ts';
import { formatMoney, toUnits } from '../contract/money.ts';
import { cancellationPolicyText } from '../contract/cancellation.ts';
import { bookingStatusText } from '../contract/booking-status.ts';
import { seatList, ticketStillValidText } from '../contract/seat-returns.ts';
import { mapUrl } from '../cinemas/cinema.ts';
import type { ScreenPlace } from '../cinemas/cinema-directory.ts';

export interface EmailContext {
  timeZone: string;
  currency: string;
  /** The chain (cinemas/): where a show is, named with its address, map link and screen. */
  places?: (screenId: string) => ScreenPlace | undefined;
  /** The cancellation policy (CANCELLATION_CUTOFF_MINUTES), stated on the e-ticket; absent: not stated. */
  cancellationCutoffMinutes?: number;
}

/** The show's cinema and screen, or nothing for a screen the chain does not know. */
function placeOf(booking: BookingWithDetails, context: EmailContext): ScreenPlace | undefined {
  return context.places?.(booking.show.screenId);
}

/** Where to go: the cinema, its address and map link, and the screen. */
function placeLines(place: ScreenPlace | undefined): string[] {
  if (!place) return [];
  const { cinema, screen } = place;
  return [`Cinema: ${cinema.name}`, `Address: ${cinema.address}, ${cinema.city}`, `Map: ${mapUrl(cinema)}`, `Screen: ${screen.name} (${screen.format})`];
}

function bookingLines(booking: BookingWithDetails, context: EmailContext): string[] {
  const place = placeOf(booking, context);
  return [
    `Movie: ${booking.show.movie.title}`,
    // On the cinema's clock: the time a moviegoer reads on the building's wall.
    `Show time: ${formatTheatreTime(booking.show.startsAt, place?.cinema.timeZone ?? context.timeZone, 'full')}`,
    ...placeLines(place),
    `Seats: ${booking.seats.join(', ')}`,
    // Seats given back are no longer on the ticket; the amount is what the seats left cost.
    ...(booking.returnedSeats.length
      ? [`Given back: ${booking.returnedSeats.join(', ')} (${formatMoney(booking.returnedCents, context.currency)} refunded to your card)`]
      : []),
    `Amount: ${formatMoney(booking.amountCents, context.currency)}`,
    `Booking reference: ${booking.id}`,
  ];
}

/**
 * The booking's state in the one status text every page uses (contract/booking-status.ts): its label, and the sentence
 * with the amount and the cancellation's date on the show's cinema's clock. `as` is the state the email announces (the
 * e-ticket is prepared just before the write that pays the booking).
 */
function statusLines(booking: BookingWithDetails, context: EmailContext, as: Pick<BookingWithDetails, 'isPaid' | 'status'> = booking): string[] {
  const timeZone = placeOf(booking, context)?.cinema.timeZone ?? context.timeZone;
  const format = { money: (units: number) => formatMoney(Math.round(units * 100), context.currency), time: (iso: string) => formatTheatreTime(new Date(iso), timeZone) };
  const facts = {
    ...as,
    refundStatus: booking.refundStatus,
    amount: toUnits(booking.amountCents),
    cancelledAt: booking.paidAt ? (booking.cancelledAt?.toISOString() ?? null) : null,
  };
  const text = bookingStatusText(facts, format);
  return [`Status: ${text.label}`, ...(text.detail ? [text.detail] : [])];
}

/** A line as HTML: the map line's address is a link. */
function lineHtml(line: string): string {
  const map = /^Map: (https:\/\/\S+)$/.exec(line);
  return map ? `Map: <a href="${escapeHtml(map[1]!)}">${escapeHtml(map[1]!)}</a>` : escapeHtml(line);
}

function message(
  kind: string,
  subject: string,
  intro: string,
  booking: BookingWithDetails,
  context: EmailContext,
  extra: { lines?: string[]; html?: string } = {},
): NewOutboxMessage {
  const lines = [...bookingLines(booking, context), ...(extra.lines ?? [])];
  const greeting = `Hi ${booking.user.name},`;
  return {
    bookingId: booking.id,
    kind,
    toAddress: booking.user.email,
    subject,
    text: [greeting, '', intro, '', ...lines].join('\n'),
    html:
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><ul>${lines.map((l) => `<li>${lineHtml(l)}</li>`).join('')}</ul>` +
      (extra.html ?? ''),
  };
}

/** The kind of the e-ticket message in the outbox. */
export const CONFIRMATION_KIND = 'booking-confirmation';

/** The e-ticket: seats, show time, ticket code and its QR code (an inline PNG). */
export async function bookingConfirmationEmail(booking: BookingWithDetails, context: EmailContext): Promise<NewOutboxMessage> {
  const qr = await ticketQrDataUrl(booking.ticketCode);
  return message(
    CONFIRMATION_KIND,
    `Your tickets for ${booking.show.movie.title}`,
    'Your payment is confirmed and your seats are booked. Show this email (or the QR code) at the entrance.',
    booking,
    context,
    {
      lines: [
        ...statusLines(booking, context, { isPaid: true, status: 'paid' }),
        `Ticket code: ${booking.ticketCode}`,
        ...(context.cancellationCutoffMinutes === undefined ? [] : [`Cancellation: ${cancellationPolicyText(context.cancellationCutoffMinutes)} (My Bookings)`]),
      ],
      html:
        `<p><img src="${qr}" width="240" height="240" alt="Ticket QR code ${escapeHtml(booking.ticketCode)}"></p>` +
        `<p>Ticket code: <strong>${escapeHtml(booking.ticketCode)}</strong></p>`,
    },
  );
}

/** A payment that came after the hold, for seats someone else had taken meanwhile: it is being refunded. */
export function lateRefundEmail(booking: BookingWithDetails, context: EmailContext): NewOutboxMessage {
  return message(
    'refund-notice',
    `Your payment for ${booking.show.movie.title} is being refunded`,
    'Your payment arrived after your seats were released, and they had been booked by someone else in the meantime. ' +
      'We have refunded the full amount to your card; it usually shows within 5 to 10 business days.',
    booking,
    context,
    { lines: statusLines(booking, context) },
  );
}

/** Who cancelled a paid booking: its owner, or the cinema (the show was cancelled). */
export type CancellationNotice = 'customer' | 'show';

/** The kind of the message telling a moviegoer their paid booking is cancelled and refunded. */
export const CANCELLATION_KIND = 'cancellation-notice';

/** A paid booking cancelled (by its owner within the policy, or because the cinema cancelled the show): refunded in full. */
export function cancellationEmail(booking: BookingWithDetails, context: EmailContext, why: CancellationNotice): NewOutboxMessage {
  // After seats were given back (and refunded), what is left to refund is what the remaining seats cost.
  const what = booking.returnedSeats.length ? 'the rest of what you paid' : 'the full amount';
  const refund =
    `We are refunding ${what}, ${formatMoney(booking.amountCents, context.currency)}, to the card you paid with; ` +
    'it usually shows within 5 to 10 business days. The e-ticket is no longer valid.';
  return message(
    CANCELLATION_KIND,
    why === 'show' ? `Cancelled by the cinema: ${booking.show.movie.title}` : `Your booking for ${booking.show.movie.title} is cancelled`,
    why === 'show'
      ? `We are sorry: the cinema has cancelled this show, so your booking is cancelled. ${refund}`
      : `Your booking is cancelled as you asked and its seats are released. ${refund}`,
    booking,
    context,
    { lines: statusLines(booking, context) },
  );
}

/** The kind of the message telling a moviegoer the seats they gave back are released and refunded. */
export const SEAT_RETURN_KIND = 'seats-returned-notice';

/**
 * Some seats of a paid booking given back by its owner: which, their refund, and that the ticket admits the rest. It
 * carries the ticket's QR code and code again, with the seats kept: the e-ticket as it now stands.
 */
export async function seatReturnEmail(
  booking: BookingWithDetails,
  seatReturn: Pick<SeatReturn, 'seats' | 'amountCents'>,
  context: EmailContext,
): Promise<NewOutboxMessage> {
  const given = seatList(seatReturn.seats);
  const qr = await ticketQrDataUrl(booking.ticketCode);
  return message(
    SEAT_RETURN_KIND,
    `${given} given back: ${booking.show.movie.title}`,
    `${given} ${seatReturn.seats.length === 1 ? 'is' : 'are'} given back as you asked and released for others. ` +
      `We are refunding ${formatMoney(seatReturn.amountCents, context.currency)} for ${seatReturn.seats.length === 1 ? 'it' : 'them'} to the card you paid with; ` +
      `it usually shows within 5 to 10 business days. ${ticketStillValidText(booking.seats)} Show the same e-ticket (or this QR code) at the entrance.`,
    booking,
    context,
    {
      lines: [`Ticket code: ${booking.ticketCode}`],
      html:
        `<p><img src="${qr}" width="240" height="240" alt="Ticket QR code ${escapeHtml(booking.ticketCode)}"></p>` +
        `<p>Ticket code: <strong>${escapeHtml(booking.ticketCode)}</strong></p>`,
    },
  );
}

export function testEmail(booking: BookingWithDetails, context: EmailContext): NewOutboxMessage {
  // Named by what it is about (support finds it in the outbox by movie and seats), not by the booking's id.
  return message('test', `Test email for ${booking.show.movie.title}, seats ${booking.seats.join(', ')}`, 'This is a test email sent by the support team.', booking, context);
}

export type ETickets = ReturnType<typeof createETickets>;

export interface ETicketsDeps {
  bookings: Pick<BookingRepository, 'getWithDetails'>;
  mailer: Pick<Mailer, 'queue' | 'deliverQueued' | 'send'>;
  context: EmailContext;
  log: { error(object: object, message: string): void };
}

/**
 * The e-ticket a payment sends: prepared before the write that pays the booking (so that write queues it, exactly
 * once), delivered after it. The notices of a refund, a cancellation or seats given back are recorded in the outbox.
 */
export function createETickets({ bookings, mailer, context, log }: ETicketsDeps) {
  return {
    /**
     * The booking's e-ticket, ready to be queued in the write that pays it. Undefined when it cannot
     * be prepared: the payment is recorded anyway, and the confirmation sweep sends the e-ticket later.
     */
    async prepare(booking: Booking | BookingWithDetails): Promise<QueuedMessage | undefined> {
      try {
        const full = 'user' in booking ? booking : await bookings.getWithDetails(booking.id);
        return full ? mailer.queue(await bookingConfirmationEmail(full, context)) : undefined;
      } catch (error) {
        log.error({ err: error, bookingId: booking.id }, 'could not prepare the e-ticket; the confirmation sweep sends it');
        return undefined;
      }
    },

    /** Once the write that queued the e-ticket is done: delivers it (a failure leaves it to the retries). */
    async deliver(paid: { changed: boolean; booking: Booking }, eTicket: QueuedMessage | undefined): Promise<void> {
      if (!paid.changed || !eTicket || paid.booking.confirmation !== 'queued') return;
      await mailer.deliverQueued(eTicket.id).catch((error: unknown) => {
        log.error({ err: error, bookingId: paid.booking.id }, 'could not deliver the e-ticket now; it stays queued and is retried');
      });
    },

    /** Tells the customer their late payment is refunded (recorded in the outbox; a failure is only logged). */
    async sendRefundNotice(booking: Booking): Promise<void> {
      const full = await bookings.getWithDetails(booking.id);
      if (full) await mailer.send(lateRefundEmail(full, context)).catch((error: unknown) => log.error({ err: error }, 'could not record the refund email'));
    },

    /** Tells the moviegoer their paid booking is cancelled and refunded (recorded in the outbox; a failure is only logged). */
    async sendCancellationNotice(booking: Booking, why: CancellationNotice): Promise<void> {
      const full = await bookings.getWithDetails(booking.id);
      if (full) await mailer.send(cancellationEmail(full, context, why)).catch((error: unknown) => log.error({ err: error }, 'could not record the cancellation email'));
    },

    /** Tells the moviegoer which seats they gave back, their refund, and that the ticket admits the rest (outbox; a failure is only logged). */
    async sendSeatReturnNotice(booking: Booking, seatReturn: SeatReturn): Promise<void> {
      const full = await bookings.getWithDetails(booking.id);
      if (!full) return;
      await seatReturnEmail(full, seatReturn, context)
        .then((email) => mailer.send(email))
        .catch((error: unknown) => log.error({ err: error }, 'could not record the seat return email'));
    },
  };
}
