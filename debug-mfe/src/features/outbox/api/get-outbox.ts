import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from 'shared-ui';

/** GET /api/debug/outbox: the emails the service sent (or stored, without SMTP). */
export const outboxQueryOptions = (api: Api) => queryOptions({ queryKey: ['debug', 'outbox'], queryFn: () => api.outbox(), retry: false });

export function useOutbox() {
  return useQuery(outboxQueryOptions(useApi()));
}
