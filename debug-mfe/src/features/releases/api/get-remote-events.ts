import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RemoteEventCountsResponse } from 'booking-service/contract';
import { useAppConfig } from 'shared-ui';

/**
 * GET /api/remote-events: loads and failures per remote version, as the shells
 * reported them. Fetched here rather than through shared-ui's client, so this
 * panel works under a shell whose shared-ui predates the call.
 */
async function fetchRemoteEvents(apiBaseUrl: string): Promise<RemoteEventCountsResponse> {
  const response = await fetch(`${apiBaseUrl.replace(/\/$/, '')}/api/remote-events`);
  if (!response.ok) throw new Error(`Could not load the remotes' failure counts (${response.status})`);
  return (await response.json()) as RemoteEventCountsResponse;
}

export const remoteEventsQueryOptions = (apiBaseUrl: string) =>
  queryOptions({ queryKey: ['remote-events', apiBaseUrl], queryFn: () => fetchRemoteEvents(apiBaseUrl), retry: false });

export function useRemoteEvents() {
  return useQuery(remoteEventsQueryOptions(useAppConfig().apiBaseUrl));
}
