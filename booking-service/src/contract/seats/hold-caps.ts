/** What the caps read of an account's booking (the service's Booking has these fields and more). */
interface HoldingBooking {
  showId: string;
  seats: readonly string[];
  status: string;
  isPaid: boolean;
  holdExpiresAt: Date;
  refundStatus: string | null;
}

/**
 * How many seats one account may hold unpaid, and how soon it may hold a seat
 * again after letting its hold on it lapse. Without these, one free account can
 * hold a whole show by booking and never paying, renewing the holds forever.
 * A family or a group still books freely: the caps are on seats held and not
 * paid at the same time, and paying frees the allowance at once.
 */
export interface HoldPolicy {
  /** Unpaid held seats per account for one show. */
  maxHeldSeatsPerShow: number;
  /** Unpaid held seats per account across all shows. */
  maxHeldSeats: number;
  /** After an account's hold on a seat lapses unpaid, the seat stays open to others this long before that account may hold it again. */
  reholdCooldownMs: number;
}

export interface HoldRequest {
  showId: string;
  seats: string[];
  now: Date;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function isLiveHold(booking: HoldingBooking, now: Date): boolean {
  return booking.status === 'held' && !booking.isPaid && booking.holdExpiresAt.getTime() > now.getTime();
}

/** A hold the account let go unpaid (expired, or its payment abandoned): when it ended. */
function lapsedAt(booking: HoldingBooking, now: Date): number | null {
  if (booking.isPaid || booking.refundStatus !== null) return null;
  if (booking.status === 'cancelled') return Math.min(booking.holdExpiresAt.getTime(), now.getTime());
  if (booking.status === 'held' && booking.holdExpiresAt.getTime() <= now.getTime()) return booking.holdExpiresAt.getTime();
  return null;
}

/**
 * Why this account may not hold these seats now, as a sentence for the customer,
 * or null when it may. `ownBookings` are the account's bookings.
 */
export function holdPolicyProblem(
  request: HoldRequest,
  ownBookings: readonly HoldingBooking[],
  policy: HoldPolicy,
  formatTime: (at: Date) => string,
): string | null {
  const live = ownBookings.filter((b) => isLiveHold(b, request.now));
  const heldForShow = live.filter((b) => b.showId === request.showId).reduce((n, b) => n + b.seats.length, 0);
  const heldOverall = live.reduce((n, b) => n + b.seats.length, 0);
  if (heldForShow + request.seats.length > policy.maxHeldSeatsPerShow) {
    return (
      `You already hold ${plural(heldForShow, 'unpaid seat')} for this show; at most ${policy.maxHeldSeatsPerShow} can be held unpaid per show. ` +
      'Pay for the seats you hold, or wait for their hold to end, before holding more'
    );
  }
  if (heldOverall + request.seats.length > policy.maxHeldSeats) {
    return (
      `You already hold ${plural(heldOverall, 'unpaid seat')}; at most ${policy.maxHeldSeats} can be held unpaid at once. ` +
      'Pay for the seats you hold, or wait for their hold to end, before holding more'
    );
  }

  const wanted = new Set(request.seats);
  let cooling: { seats: Set<string>; until: number } | null = null;
  for (const booking of ownBookings) {
    if (booking.showId !== request.showId) continue;
    const ended = lapsedAt(booking, request.now);
    if (ended === null) continue;
    const until = ended + policy.reholdCooldownMs;
    if (until <= request.now.getTime()) continue;
    const again = booking.seats.filter((seat) => wanted.has(seat));
    if (again.length === 0) continue;
    cooling ??= { seats: new Set(), until };
    for (const seat of again) cooling.seats.add(seat);
    cooling.until = Math.max(cooling.until, until);
  }
  if (cooling) {
    const seats = [...cooling.seats].sort();
    return (
      `Your hold on ${seats.length === 1 ? 'seat' : 'seats'} ${seats.join(', ')} ended unpaid; ` +
      `${seats.length === 1 ? 'it stays' : 'they stay'} open to other moviegoers until ${formatTime(new Date(cooling.until))}. Choose other seats, or try again then`
    );
  }
  return null;
}
