import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CreateBookingResponse } from 'booking-service/contract';
import { sortSeats } from 'booking-service/hall';
import { notify } from 'shared-ui';
import { isApiError } from 'shared-ui/customer';
import { MESSAGES } from '../../../lib/constants';
import { redirectTo } from '../../../lib/redirect';
import { takenSeatsOf, useCreateBooking, type BookingInput } from '../api/create-booking';

type Options = {
  signedIn: boolean;
  /** Opens sign-in, coming back to this page. */
  signIn: () => void;
  showId: string | null;
  seats: readonly string[];
  salesClosed: boolean;
  /** The booking with a waiting room's admission, when the moviegoer has one. */
  book?: (input: BookingInput) => Promise<CreateBookingResponse>;
  removeSeats: (seats: string[]) => void;
  refetchSeats: () => void;
};

/**
 * The seat page's checkout: holds the chosen seats and
 * goes to the payment page. `checkingOut` is set from the click until the page is left or the hold fails, so
 * the seats being held are not taken for seats lost to someone else; it is cleared, and the visitor's holds
 * and the taken seats read again, when the page comes back from the back/forward cache.
 */
export function useCheckout({ signedIn, signIn, showId, seats, salesClosed, book, removeSeats, refetchSeats }: Options) {
  const booking = useCreateBooking(book);
  const checkingOut = useRef(false);
  const queryClient = useQueryClient();

  // Back from the payment page (restored from the back/forward cache): what was held may have changed.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      checkingOut.current = false;
      void queryClient.invalidateQueries({ queryKey: ['my-bookings'] });
      void queryClient.invalidateQueries({ queryKey: ['seats'] });
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [queryClient]);

  const checkout = () => {
    // Signed out: straight to sign-in, back to this page with the chosen time and seats (they are in its URL).
    if (!signedIn) return void signIn();
    if (!showId || seats.length === 0) return void notify.error(MESSAGES.selectTimeAndSeats);
    if (salesClosed) return void notify.error(MESSAGES.salesClosed);
    if (booking.isPending) return;
    checkingOut.current = true;
    booking.mutate(
      { showId, seats: sortSeats(seats) },
      {
        onSuccess: (answer) => {
          redirectTo(answer.url);
        },
        onError: (error) => {
          checkingOut.current = false;
          notify.error(error.message || 'An error occurred. Please try again.');
          const taken = takenSeatsOf(error);
          if (taken.length > 0) removeSeats(taken);
          if (isApiError(error) && error.status === 409) refetchSeats();
        },
      },
    );
  };

  return { checkout, pending: booking.isPending, checkingOut };
}
