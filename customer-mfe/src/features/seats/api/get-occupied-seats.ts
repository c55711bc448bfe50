import { queryOptions } from '@tanstack/react-query';
import type { Api } from 'shared-ui';
import { occupiedSeatsQueryKey } from '../../../lib/query-keys';

/** GET /api/booking/seats/{showId}: seats held or sold. Kept live by use-live-seats. */
export const occupiedSeatsQueryOptions = (api: Api, showId: string) =>
  queryOptions({
    queryKey: occupiedSeatsQueryKey(showId),
    queryFn: () => api.occupiedSeats(showId),
    staleTime: 0,
  });
