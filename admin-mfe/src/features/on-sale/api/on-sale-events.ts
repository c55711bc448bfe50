import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateOnSaleEventBody, OnSaleControlsBody } from 'booking-service/contract';
import { useStaffApi } from 'shared-ui/staff';

/** How often the live panel reads the event's figures. */
const LIVE_PANEL_MS = 3000;

const eventsKey = ['admin', 'on-sale'] as const;

/** GET /api/admin/on-sale: the on-sale events. */
export function useOnSaleEvents() {
  const api = useStaffApi();
  return useQuery({ queryKey: eventsKey, queryFn: () => api.onSaleEvents() });
}

/** GET /api/admin/on-sale/:eventId, read every few seconds while `live`. */
export function useOnSaleFigures(eventId: string | null, live: boolean) {
  const api = useStaffApi();
  return useQuery({
    queryKey: [...eventsKey, eventId],
    queryFn: () => api.onSaleFigures(eventId!),
    enabled: eventId !== null,
    refetchInterval: live ? LIVE_PANEL_MS : false,
  });
}

export function useCreateOnSale() {
  const api = useStaffApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateOnSaleEventBody) => api.createOnSale(request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsKey }),
  });
}

/** Pause or resume an event's admissions. */
export function usePauseOnSale() {
  const api = useStaffApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, paused }: { eventId: string; paused: boolean }) => api.pauseOnSale(eventId, paused),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsKey }),
  });
}

/** The day's controls: stop or reopen seat holds, live streams off or on, the waiting pages' poll interval. */
export function useOnSaleControls() {
  const api = useStaffApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, controls }: { eventId: string; controls: OnSaleControlsBody }) => api.setOnSaleControls(eventId, controls),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsKey }),
  });
}

/** Cancel an event before it opens (or one whose stored time cannot be read): it leaves the list. */
export function useCancelOnSale() {
  const api = useStaffApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (eventId: string) => api.cancelOnSale(eventId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsKey }),
  });
}
