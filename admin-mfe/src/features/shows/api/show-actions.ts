import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useStaffApi } from 'shared-ui/staff';

/** After a show changed: List Shows, List Bookings and the dashboard read again. */
function useRefreshStaffLists() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: ['admin'] });
}

/** POST /api/admin/shows/{id}/cancel: the show cancelled, its paid bookings refunded and emailed, its holds released. */
export function useCancelShow() {
  const api = useStaffApi();
  const refresh = useRefreshStaffLists();
  return useMutation({ mutationFn: (showId: string) => api.cancelShow(showId), onSettled: refresh });
}

/** POST /api/admin/shows/{id}/price: the standard seat price for bookings made from now on. */
export function useSetShowPrice() {
  const api = useStaffApi();
  const refresh = useRefreshStaffLists();
  return useMutation({ mutationFn: ({ showId, showPrice }: { showId: string; showPrice: number }) => api.setShowPrice(showId, showPrice), onSettled: refresh });
}
