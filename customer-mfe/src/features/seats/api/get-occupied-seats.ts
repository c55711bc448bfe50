import { queryOptions } from '@tanstack/react-query';
import type { CustomerApi } from 'shared-ui/customer';
import { occupiedSeatsQueryKey } from '../../../lib/query-keys';

/** GET /api/booking/seats/{showId}: seats held or sold. Kept live by use-live-seats. */
export const occupiedSeatsQueryOptions = (api: CustomerApi, showId: string) =>
  queryOptions({
    queryKey: occupiedSeatsQueryKey(showId),
    queryFn: () => api.occupiedSeats(showId),
    staleTime: 0,
  });
