import type { BookingRepository } from '../bookings/booking-repository.ts';
import type { Booking } from '../bookings/booking.ts';
import type { PaymentService } from '../payments/payment-service.ts';
import type { ShowRepository } from '../shows/show-repository.ts';

/** How many bookings a show's cancellation reads at a time (a show has at most its screen's seats' worth). */
const BATCH = 100;

export interface ShowCancellationDeps {
  shows: Pick<ShowRepository, 'get' | 'cancel'>;
  bookings: Pick<BookingRepository, 'list'>;
  payments: Pick<PaymentService, 'cancelPaidBooking' | 'releaseHold'>;
  now: () => Date;
  /** The movie's shows changed: every instance drops its cached show lists (the show is no longer listed). */
  onScheduleChanged: (movieId: string) => void;
  log: { error(object: object, message: string): void };
}

export type ShowCancellation =
  | { outcome: 'unknown-show' }
  | { outcome: 'started' }
  | { outcome: 'cancelled' | 'already-cancelled'; refunded: number; refundsPending: number; refundsFailed: number; released: number; admitted: number };

type Counts = Record<'refunded' | 'refundsPending' | 'refundsFailed' | 'released' | 'admitted', number>;

/**
 * Staff cancel a show: it is marked cancelled (a state: it stays in the staff lists, leaves the moviegoers' lists
 * and takes no new hold), then every booking still live is dealt with through the payment service: a paid one is
 * cancelled and refunded in full with an email to the moviegoer (payments/cancel-booking.ts, the same path as a
 * moviegoer's own cancellation), a held one released, an admitted one (the door opens before the show) left paid
 * and counted (`admitted`). Each is a guarded transition, so calling this again (after a
 * crash midway, or to catch a hold made from a cached show on another instance) finishes the job without
 * refunding anyone twice.
 */
export async function cancelShow(deps: ShowCancellationDeps, showId: string): Promise<ShowCancellation> {
  const show = await deps.shows.get(showId);
  if (!show) return { outcome: 'unknown-show' };
  if (!show.cancelledAt && show.startsAt.getTime() <= deps.now().getTime()) return { outcome: 'started' };
  const marked = await deps.shows.cancel(showId, deps.now());
  if (!marked) return { outcome: 'unknown-show' };
  deps.onScheduleChanged(show.movieId);
  const counts: Counts = { refunded: 0, refundsPending: 0, refundsFailed: 0, released: 0, admitted: 0 };
  // Each booking ended leaves the list, so the first page is read again until only bookings that could not be
  // ended (logged; the next call retries them) or that stay (admitted at the door) are left.
  const passed = new Set<string>();
  for (;;) {
    const { items } = await deps.bookings.list({ showId, statuses: ['held', 'paid'] }, { offset: 0, limit: BATCH + passed.size });
    const live = items.filter((booking) => !passed.has(booking.id));
    if (live.length === 0) break;
    for (const booking of live) {
      const done = await endBooking(deps, booking, counts).catch((error: unknown) => {
        deps.log.error({ err: error, bookingId: booking.id, showId }, 'show cancellation: could not end a booking; cancelling the show again retries it');
        return false;
      });
      if (done !== true) passed.add(booking.id);
    }
  }
  return { outcome: marked.changed ? 'cancelled' : 'already-cancelled', ...counts };
}

/**
 * Ends one live booking of a cancelled show: false when it is still live (left for the next call); 'admitted' when
 * its ticket was used at the door (before, or by a scan that got to it first), so it stands.
 *
 * An admitted booking keeps its one fate: it is not refunded by the system (the guest is inside, or was), and is
 * counted in the answer (`admitted`) for staff to settle with those guests in person, as a cinema does with the
 * audience of a show it stops; a scan and this cancellation serialise on the booking (bookings/booking-state-machine.ts).
 */
async function endBooking(deps: ShowCancellationDeps, booking: Booking, counts: Counts): Promise<boolean | 'admitted'> {
  let current = booking;
  if (current.status === 'held') {
    const released = await deps.payments.releaseHold(current);
    if (released.outcome === 'released') {
      counts.released++;
      return true;
    }
    // Paid a moment before: refunded like any paid booking of the show.
    current = released.booking;
    if (current.status !== 'paid') return current.status === 'cancelled';
  }
  const cancelled = current.admittedAt ? { changed: false, booking: current } : await deps.payments.cancelPaidBooking(current, 'show');
  if (cancelled?.booking.admittedAt) {
    counts.admitted++;
    return 'admitted';
  }
  if (!cancelled?.changed) return cancelled?.booking.status === 'cancelled';
  counts.refunded++;
  if (cancelled.booking.refundStatus === 'pending') counts.refundsPending++;
  if (cancelled.booking.refundStatus === 'failed') counts.refundsFailed++;
  return true;
}
