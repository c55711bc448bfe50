import { useQuery } from '@tanstack/react-query';
import { useStaffApi } from './use-staff-api';

/**
 * The theatre's time zone (GET /api/config): staff read show dates and times in it, as moviegoers do,
 * wherever they are. Undefined (the visitor's own zone) until it is known or when it cannot be read.
 */
export function useTheatreTimeZone(): string | undefined {
  const api = useStaffApi();
  return useQuery({ queryKey: ['public-config'], queryFn: () => api.publicConfig(), staleTime: Number.POSITIVE_INFINITY }).data?.theatreTimeZone;
}
