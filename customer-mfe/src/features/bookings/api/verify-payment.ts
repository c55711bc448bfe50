import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VerifyPaymentResponse } from 'booking-service/contract';
import { useCustomerApi, type CustomerApi } from 'shared-ui/customer';

const RECHECK_MS = 3000;
const RECHECKS = 10;

/**
 * POST /api/booking/verify-payment (auth): is the payment of this checkout
 * session confirmed? A query (not a mutation): asking twice changes nothing,
 * and while the answer is "processing" it asks again every 3 s, 10 times.
 */
export const verifyPaymentQueryOptions = (api: CustomerApi, sessionId: string) =>
  queryOptions({
    queryKey: ['verify-payment', sessionId],
    queryFn: () => api.verifyPayment(sessionId),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useVerifyPayment(sessionId: string, enabled: boolean) {
  return useQuery({
    ...verifyPaymentQueryOptions(useCustomerApi(), sessionId),
    enabled,
    refetchInterval: (query) => {
      const data = query.state.data as VerifyPaymentResponse | undefined;
      return data && !data.success && query.state.dataUpdateCount <= RECHECKS ? RECHECK_MS : false;
    },
  });
}
