import { queryOptions, useQuery } from '@tanstack/react-query';

/** What the site's remotes.json says is live: each remote's release, and a canary's (written by `npm run deploy`). */
export interface LiveRemotes {
  versions?: Record<string, string>;
  canary?: Record<string, { version: string; share: number }>;
}

/**
 * GET /remotes.json of the site this page runs in (the shell's origin): a
 * plain fetch, since it is not the booking service's. Null where there is
 * none (the remote's standalone page).
 */
async function fetchLiveRemotes(): Promise<LiveRemotes | null> {
  const response = await fetch('/remotes.json', { cache: 'no-cache' });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`Could not load /remotes.json (${response.status})`);
  return (await response.json()) as LiveRemotes;
}

export const liveRemotesQueryOptions = () => queryOptions({ queryKey: ['site', 'remotes'], queryFn: fetchLiveRemotes, retry: false });

export function useLiveRemotes() {
  return useQuery(liveRemotesQueryOptions());
}
