import type { BookingWithDetails, NewOutboxMessage } from '../repositories/types.ts';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function formatShowTime(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short', timeZone }).format(instant);
}

function formatMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
}

interface EmailContext { timeZone: string; currency: string }

function bookingLines(booking: BookingWithDetails, context: EmailContext): string[] {
  return [
    `Movie: ${booking.show.movie.title}`,
    `Show time: ${formatShowTime(booking.show.startsAt, context.timeZone)}`,
    `Seats: ${booking.seats.join(', ')}`,
    `Amount: ${formatMoney(booking.amountCents, context.currency)}`,
    `Booking reference: ${booking.id}`,
  ];
}

function message(kind: string, subject: string, intro: string, booking: BookingWithDetails, context: EmailContext): NewOutboxMessage {
  const lines = bookingLines(booking, context);
  const greeting = `Hi ${booking.user.name},`;
  return {
    bookingId: booking.id,
    kind,
    toAddress: booking.user.email,
    subject,
    text: [greeting, '', intro, '', ...lines].join('\n'),
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`,
  };
}

export function bookingConfirmationEmail(booking: BookingWithDetails, context: EmailContext): NewOutboxMessage {
  return message(
    'booking-confirmation',
    `Your tickets for ${booking.show.movie.title}`,
    'Your payment is confirmed and your seats are booked. Show this email at the entrance.',
    booking,
    context,
  );
}

export function testEmail(booking: BookingWithDetails, context: EmailContext): NewOutboxMessage {
  return message('test', `Test email for booking ${booking.id}`, 'This is a test email sent by the support team.', booking, context);
}
