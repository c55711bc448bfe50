import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { notify } from 'shared-ui';
import { MESSAGES } from '../../../lib/constants';

/** Back to My Bookings, saying why, when the payment provider's return names no checkout session. */
export function useSessionRequired(sessionId: string | null) {
  const navigate = useNavigate();
  useEffect(() => {
    if (sessionId) return;
    notify.error(MESSAGES.invalidSession, { id: 'invalid-session' });
    navigate('/my-bookings', { replace: true });
  }, [sessionId, navigate]);
}
