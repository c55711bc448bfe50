import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ScheduleViewRequest } from 'booking-service/contract';
import { useStaffApi } from 'shared-ui/staff';

/** GET /api/admin/schedule: one cinema's screens over a day or a week, each show start to ready again. */
export function useSchedule(query: ScheduleViewRequest | null) {
  const api = useStaffApi();
  return useQuery({
    queryKey: ['admin', 'schedule', query],
    queryFn: () => api.scheduleView(query!),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}
