import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useStaffApi } from 'shared-ui/staff';

/** How often support's view of an event's numbers is read again. */
const NUMBERS_MS = 5000;

const key = ['debug', 'waiting-room'] as const;

/** GET /api/debug/waiting-room: the on-sale events. */
export function useSupportOnSaleEvents() {
  const api = useStaffApi();
  return useQuery({ queryKey: key, queryFn: () => api.supportOnSaleEvents() });
}

/** GET /api/debug/waiting-room/:eventId: the event's numbers, kept fresh. */
export function useSupportOnSaleFigures(eventId: string | null) {
  const api = useStaffApi();
  return useQuery({ queryKey: [...key, eventId, 'figures'], queryFn: () => api.supportOnSaleFigures(eventId!), enabled: eventId !== null, refetchInterval: NUMBERS_MS });
}

/** A moviegoer's place, looked up by email or account id (only once asked: `account` non-empty). */
export function useQueueEntry(eventId: string | null, account: string) {
  const api = useStaffApi();
  return useQuery({
    queryKey: [...key, eventId, 'entry', account],
    queryFn: () => api.queueEntry(eventId!, account),
    enabled: eventId !== null && account !== '',
    retry: false,
  });
}

/** GET .../actions: who did what to the event. */
export function useWaitingRoomActions(eventId: string | null) {
  const api = useStaffApi();
  return useQuery({ queryKey: [...key, eventId, 'actions'], queryFn: () => api.waitingRoomActions(eventId!), enabled: eventId !== null });
}

/** Admit a moviegoer now, out of turn, or remove them from the queue. */
export function useChangeQueueEntry(eventId: string) {
  const api = useStaffApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, accountId }: { action: 'admit' | 'remove'; accountId: string }) => api.changeQueueEntry(eventId, action, accountId),
    // Not awaited: the action is done when the service says so (the dialog closes then); the figures follow.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [...key, eventId] }),
  });
}
