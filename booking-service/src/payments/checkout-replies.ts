import type { FastifyReply } from 'fastify';
import type { BookingWithDetails } from '../bookings/booking.ts';
import type { CinemaDirectory } from '../cinemas/cinema-directory.ts';
import type { Config } from '../config/config.ts';
import { failureMeaning } from '../contract/failures.ts';
import { htmlPage, htmlPageOrError } from '../contract/media.ts';
import { formatMoney } from '../contract/money.ts';
import { formatTheatreTime } from '../contract/theatre-time.ts';
import { cancellationPolicyIfPaidNow } from '../contract/cancellation.ts';
import { withPageSecurityHeaders } from '../http/security-headers.ts';
import { checkoutCsp, newNonce, noticePage, type PageBooking } from './checkout-markup.ts';

/** The HTML answers the checkout's routes share: the payment link's and the local checkout's pages. */

export const CHECKOUT_TAGS = ['payments'];
export const notFoundPage = htmlPage(`${failureMeaning(404)}: the payment link is not valid (a page)`);
export const gonePage = htmlPage(`${failureMeaning(410)}: the payment session expired (a page)`);
export const salesStoppedPage = htmlPageOrError(503, "the show's sales are stopped: seats sold twice (a page naming them); nothing is released");

/** Pages for the customer's browser: no caching, no indexing, the checkout's Content Security Policy. */
export function checkoutPages(
  config: Pick<Config, 'shellUrl' | 'theatreTimeZone' | 'currency'> & Partial<Pick<Config, 'cancellationCutoffMinutes'>>,
  cinemas: Pick<CinemaDirectory, 'timeZoneOf'>,
  now: () => Date = () => new Date(),
) {
  const shellOrigin = new URL(config.shellUrl).origin;
  const myBookings = { href: `${config.shellUrl}/my-bookings`, text: 'Back to My Bookings' };
  /** An instant of a booking, on its show's cinema's clock. */
  const time = (d: Date, booking: Pick<BookingWithDetails, 'show'>) => formatTheatreTime(d, cinemas.timeZoneOf(booking.show.screenId, config.theatreTimeZone));

  /** A booking on a page; `withPolicy`: the cancellation policy as it will apply if paid now (the card form). */
  function pageBooking(booking: BookingWithDetails, withPolicy = false): PageBooking {
    const cutoffMinutes = config.cancellationCutoffMinutes;
    const policy =
      withPolicy && cutoffMinutes !== undefined
        ? cancellationPolicyIfPaidNow({ startsAt: booking.show.startsAt, now: now(), cutoffMinutes, formatTime: (instant) => time(instant, booking) }, 'full')
        : undefined;
    return {
      movieTitle: booking.show.movie.title,
      showTime: time(booking.show.startsAt, booking),
      seats: booking.seats,
      amount: formatMoney(booking.amountCents, config.currency),
      ...(policy && { policy }),
    };
  }

  function html(reply: FastifyReply, status: number, nonce: string, body: string) {
    return withPageSecurityHeaders(reply)
      .status(status)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('Content-Security-Policy', checkoutCsp(nonce, shellOrigin))
      .header('X-Robots-Tag', 'noindex')
      .send(body);
  }

  function notice(reply: FastifyReply, status: number, title: string, message: string, booking: BookingWithDetails | null) {
    const nonce = newNonce();
    return html(reply, status, nonce, noticePage({ title, message, booking: booking && pageBooking(booking), links: [myBookings], nonce }));
  }

  return { myBookings, time, pageBooking, html, notice };
}

/** Why a booking takes no payment, or null when it does. */
export function closedReason(booking: BookingWithDetails | null): { status: number; title: string; message: string } | null {
  if (!booking) return { status: 404, title: 'Payment link not found', message: 'This payment link is not valid.' };
  if (booking.isPaid) return { status: 200, title: 'Already paid', message: 'This booking is already paid. Enjoy the show!' };
  if (booking.status === 'cancelled') {
    return {
      status: 410,
      title: 'Payment session expired',
      message: 'This booking was cancelled and its seats were released because it was not paid in time. Please book again.',
    };
  }
  return null;
}
