/**
 * `shared-ui/customer`: the customer remote's calls, bundled into that remote rather than shared from the
 * shell, so it depends on no member of the shell's objects (docs/platform/compatibility.md).
 * Tell its failures with isApiError (not instanceof: see use-caller.ts).
 */
import { useMemo } from 'react';
import { customerApi, type CustomerApi } from '../api/customer-client';
import { useCaller } from '../api/use-caller';

export { useCaller } from '../api/use-caller';

export { ApiError, isApiError } from '../api/api-error';
export type { CustomerApi } from '../api/customer-client';

/** The moviegoer's typed calls, as the signed-in user when there is one. */
export function useCustomerApi(): CustomerApi {
  const { baseUrl, call } = useCaller();
  return useMemo(() => customerApi(baseUrl, call), [baseUrl, call]);
}
