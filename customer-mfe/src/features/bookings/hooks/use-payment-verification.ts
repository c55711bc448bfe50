import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { notify } from 'shared-ui';
import { isApiError } from 'shared-ui/customer';
import { MESSAGES } from '../../../lib/constants';
import { useMyBookings } from '../api/get-my-bookings';
import { useVerifyPayment } from '../api/verify-payment';
import { firstTimeInThisTab } from '../lib/first-time-in-tab';

/**
 * The payment of a checkout session, asked until the provider confirms it: a failed check goes back to My Bookings
 * with why, a confirmed one says so once and refreshes the bookings. `own` is the moviegoer's booking it paid for.
 */
export function usePaymentVerification(sessionId: string) {
  const verify = useVerifyPayment(sessionId, true);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const confirmed = verify.data?.success === true;
  // Where the show is: the verify answer names no cinema, the moviegoer's own booking does.
  const bookingId = verify.data?.booking.bookingId;
  const own = useMyBookings(bookingId !== undefined).data?.bookings.find((b) => b._id === bookingId);

  useEffect(() => {
    if (!verify.isError) return;
    // The service answered "no" (unknown session, not yours…) versus no answer at all.
    const answered = isApiError(verify.error) && verify.error.status > 0;
    notify.error(answered ? MESSAGES.verificationFailed : MESSAGES.verificationError, { id: `verify-${sessionId}` });
    navigate('/my-bookings', { replace: true });
  }, [verify.isError, verify.error, sessionId, navigate]);

  useEffect(() => {
    if (!confirmed) return;
    // Once per payment: reloading this page shows the confirmation, not the toast again.
    if (firstTimeInThisTab(`marquee:paid-toast:${sessionId}`)) notify.success(MESSAGES.paymentConfirmed, { id: `paid-${sessionId}` });
    void queryClient.invalidateQueries({ queryKey: ['my-bookings'] });
  }, [confirmed, sessionId, queryClient]);

  return { verify, confirmed, own };
}
