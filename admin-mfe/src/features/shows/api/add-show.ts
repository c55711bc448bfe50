import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddShowRequest } from 'booking-service/contract';
import { useStaffApi } from 'shared-ui/staff';

/** POST /api/show/add; refreshes every list that shows schedules. */
export function useAddShow() {
  const api = useStaffApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AddShowRequest) => api.addShow(request),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
      void queryClient.invalidateQueries({ queryKey: ['shows'] });
    },
  });
}
