import { useMemo } from 'react';
import { holdRemainingMs } from '../../../lib/hold';
import { useMyBookings } from '../api/get-my-bookings';

/**
 * The signed-in visitor's own seats on the seat page's show, from their bookings: their unpaid holds (they went
 * to checkout and came back: "held by you", never Taken), the seats they bought ("booked by you"), and the seats they let go unpaid that are still in
 * their re-hold cooldown (the service's hold policy: from when the hold ended, `reholdCooldownMinutes`),
 * marked on the map before a click rather than refused after it.
 */
export function useOwnSeats(
  showId: string | null,
  now: number,
  { signedIn, signInSettled, reholdCooldownMinutes }: { signedIn: boolean; signInSettled: boolean; reholdCooldownMinutes: number },
) {
  const myBookings = useMyBookings(signedIn);
  // Whether `mine` can be trusted yet: sign-in has settled, and a signed-in visitor's bookings were read on this
  // visit (a page opened by Back from checkout gets the taken seats before its own bookings; until these come,
  // its own held seats would look taken by someone else).
  const known = signInSettled && (!signedIn || (myBookings.isFetchedAfterMount && !myBookings.isFetching));

  const holds = useMemo(
    () =>
      (myBookings.data?.bookings ?? []).filter(
        (b) => b.show._id === showId && b.status === 'held' && !b.isPaid && holdRemainingMs(b.holdExpiresAt, now) > 0,
      ),
    [myBookings.data, showId, now],
  );
  const mine = useMemo(() => new Set(holds.flatMap((b) => b.bookedSeats)), [holds]);
  // Seats of this show they paid for (a refunded or cancelled booking's seats are no longer theirs).
  const bought = useMemo(
    () => new Set((myBookings.data?.bookings ?? []).filter((b) => b.show._id === showId && b.status === 'paid' && b.isPaid).flatMap((b) => b.bookedSeats)),
    [myBookings.data, showId],
  );

  const cooldown = useMemo(() => {
    const seats = new Set<string>();
    let until = 0;
    for (const b of myBookings.data?.bookings ?? []) {
      if (b.show._id !== showId || b.isPaid || b.refundStatus) continue;
      const expires = Date.parse(b.holdExpiresAt);
      const lapsed = b.status === 'cancelled' ? Math.min(expires, now) : b.status === 'held' && expires <= now ? expires : null;
      if (lapsed === null) continue;
      const ends = lapsed + reholdCooldownMinutes * 60_000;
      if (ends <= now) continue;
      for (const seat of b.bookedSeats) seats.add(seat);
      until = Math.max(until, ends);
    }
    return { seats, until };
  }, [myBookings.data, showId, now, reholdCooldownMinutes]);

  return { holds, mine, bought, cooldown, known };
}
