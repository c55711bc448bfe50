/**
 * `shared-ui/customer`: the customer remote's calls and their request code, bundled into that remote rather
 * than shared from the shell, so it depends on no member of the shell's objects (docs/platform/compatibility.md).
 * Catch its errors with this ApiError, the class its request code throws.
 */
import { useMemo } from 'react';
import { customerApi, type CustomerApi } from '../api/customer-client';
import { useCaller } from '../api/use-caller';

export { useCaller } from '../api/use-caller';

export { ApiError } from '../api/request';
export type { CustomerApi } from '../api/customer-client';

/** The moviegoer's typed calls, as the signed-in user when there is one. */
export function useCustomerApi(): CustomerApi {
  const { baseUrl, call } = useCaller();
  return useMemo(() => customerApi(baseUrl, call), [baseUrl, call]);
}
