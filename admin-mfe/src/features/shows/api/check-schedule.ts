import { useQuery } from '@tanstack/react-query';
import type { ScheduleCheckRequest } from 'booking-service/contract';
import { useStaffApi } from 'shared-ui/staff';

/**
 * POST /api/admin/shows/check: the chosen times on the chosen screen checked before adding, each clash
 * named with the screen's next free start. Nothing is written. A service without the check (404) or a time it
 * refuses (400: in the past) shows nothing: the add itself still answers.
 */
export function useScheduleCheck(request: ScheduleCheckRequest | null) {
  const api = useStaffApi();
  return useQuery({
    queryKey: ['admin', 'schedule-check', request],
    queryFn: () => api.checkSchedule(request!),
    enabled: request !== null,
    retry: false,
    staleTime: 10_000,
  });
}
