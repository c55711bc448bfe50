/**
 * `shared-ui/customer/browse`: the calls of the customer remote's first render alone (browse-calls.ts), so
 * the first visit does not carry every page's calls. Other pages use `shared-ui/customer`.
 */
import { useMemo } from 'react';
import { browseCalls, type BrowseApi } from '../api/browse-calls';
import { useCaller } from '../api/use-caller';

export type { BrowseApi } from '../api/browse-calls';

/** The first render's typed calls, as the signed-in user when there is one. */
export function useBrowseApi(): BrowseApi {
  const { call } = useCaller();
  return useMemo(() => browseCalls(call), [call]);
}
