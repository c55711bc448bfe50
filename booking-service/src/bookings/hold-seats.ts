import { randomUUID } from 'node:crypto';
import type { Config } from '../config/config.ts';
import { sortSeats } from '../contract/seats/hall.ts';
import { seatSelectionProblemIn, unknownSeatsProblemIn, type ScreenLayout } from '../contract/seats/layout.ts';
import { seatsAmountCents } from '../shows/seat-prices.ts';
import { salesCloseAt } from '../contract/seats/sales.ts';
import type { ShowWithMovie } from '../shows/show.ts';
import { formatTheatreTime } from '../contract/theatre-time.ts';
import type { BookingRepository } from './booking-repository.ts';
import type { Booking, BookingWithDetails } from './booking.ts';
import { holdPolicyProblem } from '../contract/seats/hold-caps.ts';
import { oneAtATimePerKey } from './one-at-a-time.ts';
import { newTicketCode } from './ticket-code.ts';
import { paymentLinkUrl } from './payment-link.ts';

/** Should the caps be reached between the check and the write (holds at once on other instances) and no longer when asked again. */
const HOLD_CAP_REACHED = 'You already hold as many unpaid seats as one account may. Pay for the seats you hold, or wait for their hold to end, before holding more';

/** Where the service tells of a provider that did not answer (the request's logger). */
interface Log {
  warn(details: object, message: string): void;
}

export interface HoldRequest {
  user: { id: string; name: string; email: string };
  showId: string;
  selectedSeats: string[];
  log: Log;
}

/** Why seats were not held: bad input, no such show, or a conflict (the hold policy, or seats taken first). */
export type HoldRefusal =
  | { refused: 'invalid'; message: string }
  | { refused: 'unknown-show'; message: string }
  | { refused: 'conflict'; message: string; takenSeats?: string[] };

export interface HeldBooking {
  refused?: undefined;
  booking: Booking;
  /** The payment session's page, or this service's link that opens one when the provider did not answer. */
  url: string;
  /** Set when the provider did not answer: what the customer is told. */
  message?: string;
}

/**
 * Opens the payment of a booking just held (payments/ provides it): the booking with its payment
 * session, or null when the provider did not answer in time. It throws only on a fault.
 */
export type OpenPayment = (booking: BookingWithDetails, log: Log) => Promise<Booking | null>;

export interface SeatHoldDeps {
  bookings: Pick<BookingRepository, 'create' | 'listOwn'>;
  openPayment: OpenPayment;
  config: Pick<Config, 'theatreTimeZone' | 'holds' | 'holdMinutes' | 'salesCloseMinutes' | 'publicUrl'>;
  now: () => Date;
  /** The show of an id, or null when there is none (the routes read it through their caches). */
  findShow: (showId: string) => Promise<ShowWithMovie | null>;
  /** A show's seats changed: every instance drops its cached seat map and tells its watchers. */
  onSeatsChanged: (showId: string) => void;
  /** The seat layout of a screen (cinemas/cinema-directory.ts): a show's seats are its screen's. */
  layoutOf: (screenId: string) => ScreenLayout;
  /** The clock of a screen's cinema (cinemas/cinema-directory.ts): a show's times are told on it. */
  timeZoneOf: (screenId: string, fallback: string) => string;
}

/**
 * A moviegoer holds seats: the selection and the hold policy checked, the seats claimed with the
 * booking in one write, then its payment opened. The route validates, calls this, and answers.
 */
export function createSeatHolds({ bookings, openPayment, config, now, findShow, onSeatsChanged, layoutOf, timeZoneOf }: SeatHoldDeps) {
  const holdPolicy = {
    maxHeldSeatsPerShow: config.holds.maxHeldSeatsPerShow,
    maxHeldSeats: config.holds.maxHeldSeats,
    reholdCooldownMs: config.holds.reholdCooldownMinutes * 60_000,
  };
  // The hold policy is checked and the seats held as one step per account (on this instance).
  const perAccount = oneAtATimePerKey();

  /** Holds 1 to MAX_SEATS_PER_BOOKING seats of a future show for HOLD_MINUTES and opens its payment session. */
  async function hold({ user, showId, selectedSeats, log }: HoldRequest): Promise<HeldBooking | HoldRefusal> {
    const show = await findShow(showId);
    if (!show) return { refused: 'unknown-show', message: 'Show not found' };
    if (show.cancelledAt) return { refused: 'conflict', message: 'This show has been cancelled by the cinema; pick another show' };
    const timeZone = timeZoneOf(show.screenId, config.theatreTimeZone);
    const time = (d: Date) => formatTheatreTime(d, timeZone);
    // The seats of the show's own screen: on the spec's hall the texts are hall.ts's.
    const layout = layoutOf(show.screenId);
    // A seat id the show's screen does not have is a conflict with that show's layout (409), not malformed input:
    // the same id is a seat of another screen. The rest of the selection's rules are across its seats (400).
    const unknown = unknownSeatsProblemIn(layout, selectedSeats);
    if (unknown) return { refused: 'conflict', message: unknown };
    const problem = seatSelectionProblemIn(layout, selectedSeats);
    if (problem) return { refused: 'invalid', message: problem };
    const at = now();
    // 409 like a started show's cancellation and price change (admin/show-action-routes.ts) and closed sales below.
    if (show.startsAt.getTime() <= at.getTime()) return { refused: 'conflict', message: 'This show has already started; pick a later show' };
    const salesClose = salesCloseAt(show.startsAt, config.salesCloseMinutes);
    if (salesClose.getTime() <= at.getTime()) {
      return { refused: 'conflict', message: `Online sales for this show closed at ${time(salesClose)}; pick a later show` };
    }

    const id = randomUUID();
    const holdEnds = Math.min(at.getTime() + config.holdMinutes * 60_000, show.startsAt.getTime());
    const seats = sortSeats(selectedSeats);
    // Until the provider's session is attached, the payment link is this service's own link that opens one.
    const retryLink = paymentLinkUrl(config.publicUrl, id);
    const request = { showId, seats, now: at };
    // Checked here for its message, one at a time per account on this instance; the store counts the caps
    // again in the claiming write, under a lock per account, for holds made at once on other instances.
    const result = await perAccount(user.id, async () => {
      const policyProblem = holdPolicyProblem(request, await bookings.listOwn(user.id), holdPolicy, time);
      if (policyProblem) return { refused: 'conflict' as const, message: policyProblem };
      return bookings.create(
        {
          id,
          userId: user.id,
          showId,
          seats,
          amountCents: seatsAmountCents(show, layout, seats),
          holdExpiresAt: new Date(holdEnds),
          paymentLink: retryLink,
          createdAt: at,
          ticketCode: newTicketCode(),
        },
        holdPolicy,
      );
    });
    if ('refused' in result) return result;
    if (!result.ok && result.holdCapReached) {
      const message = holdPolicyProblem(request, await bookings.listOwn(user.id), holdPolicy, time) ?? HOLD_CAP_REACHED;
      return { refused: 'conflict', message };
    }
    if (!result.ok) {
      const taken = result.takenSeats;
      const message = `${taken.length === 1 ? 'Seat' : 'Seats'} ${taken.join(', ')} ${taken.length === 1 ? 'is' : 'are'} already booked`;
      return { refused: 'conflict', message, takenSeats: taken };
    }
    onSeatsChanged(showId);
    const booking = result.booking;
    const opened = await openPayment({ ...booking, show, user }, log);
    if (opened?.paymentSessionId && opened.paymentLink) return { booking, url: opened.paymentLink };
    // The booking stays held and payable; its link retries the provider.
    return {
      booking,
      url: retryLink,
      message: `Your seats are held until ${time(booking.holdExpiresAt)}, but the payment page could not be opened just now. Follow the payment link to try again.`,
    };
  }

  return { hold };
}
