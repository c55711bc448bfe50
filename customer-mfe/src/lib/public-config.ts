import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCustomerApi, type CustomerApi } from 'shared-ui/customer';

/** GET /api/config: public settings of the service (the theatre's time zone for show times). */
export const publicConfigQueryOptions = (api: CustomerApi) =>
  queryOptions({
    queryKey: ['public-config'],
    queryFn: () => api.publicConfig(),
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * The theatre's time zone: show dates and times are the theatre's local ones,
 * wherever the visitor is. `ready` is false until it is known (undefined = the
 * visitor's own zone, when the setting cannot be read).
 */
export function useTheatreTimeZone(): { timeZone: string | undefined; ready: boolean } {
  const config = useQuery(publicConfigQueryOptions(useCustomerApi()));
  return { timeZone: config.data?.theatreTimeZone, ready: !config.isPending };
}

/**
 * What prices, sales hours and cancellations read by: the service's CURRENCY, SALES_CLOSE_MINUTES and
 * CANCELLATION_CUTOFF_MINUTES. Until the settings arrive (or if they cannot be read) the service's own defaults apply.
 */
export function useSalesSettings(): { currency: string; salesCloseMinutes: number; reholdCooldownMinutes: number; cancellationCutoffMinutes: number } {
  const config = useQuery(publicConfigQueryOptions(useCustomerApi()));
  return {
    currency: config.data?.currency ?? 'USD',
    salesCloseMinutes: config.data?.salesCloseMinutes ?? 15,
    reholdCooldownMinutes: config.data?.reholdCooldownMinutes ?? config.data?.holdMinutes ?? 10,
    cancellationCutoffMinutes: config.data?.cancellationCutoffMinutes ?? 120,
  };
}
