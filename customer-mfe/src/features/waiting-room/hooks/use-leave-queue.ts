import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { keepPlaceToken } from '../api/place-tokens';
import { queueStatusQueryKey } from '../api/use-queue-status';
import { useWaitingRoomApi } from '../api/waiting-room-api';

/** Giving up the place in line: the answer is the new status (and place token), shown at once. */
export function useLeaveQueue(eventId: string) {
  const api = useWaitingRoomApi();
  const queryClient = useQueryClient();
  const [leaving, setLeaving] = useState(false);
  const leave = async () => {
    setLeaving(true);
    try {
      const left = await api.leave(eventId);
      keepPlaceToken(eventId, left.placeToken);
      queryClient.setQueryData(queueStatusQueryKey(eventId), left);
    } finally {
      setLeaving(false);
    }
  };
  return { leave, leaving };
}
