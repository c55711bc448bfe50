import { RELEASE_0_API_MEMBERS } from 'shared-ui/shared-contract';
import type { Release0Client } from './release-0-client';
import type { GetToken } from './api-error';
import { serviceUrl } from './url';

export { ApiError, type GetToken } from './api-error';

/**
 * Kept for release 0's remotes, which may import it. The page's early responses are now taken by each app's
 * own request code from the page's store (early-responses.ts), so there is nothing to hand over.
 */
export function setEarlyResponses(_take: (url: string) => Promise<Response> | undefined): void {}

/**
 * The client of release 0's remotes: every member of RELEASE_0_API_MEMBERS (the contract's list, which the
 * shell publishes as sharedUiMembers). The first visit carries only their names: their code (all but
 * seatEventsUrl's are asynchronous) is loaded on the first call (release-0-client.ts). Today's apps bring their
 * own calls instead (customer-client.ts, staff-client.ts).
 */
export function createApi(baseUrl: string, getToken?: GetToken): Api {
  let client: Promise<Release0Client> | undefined;
  const load = () => (client ??= import('./release-0-client').then(({ release0Client }) => release0Client(baseUrl, getToken)));
  const api: Record<string, unknown> = { seatEventsUrl: (showId: string) => serviceUrl(baseUrl, `/api/booking/seats/${encodeURIComponent(showId)}/events`) };
  for (const name of RELEASE_0_API_MEMBERS) {
    api[name] ??= async (...args: unknown[]) => ((await load())[name as keyof Release0Client] as (...args: unknown[]) => unknown)(...args);
  }
  return api as Api;
}

export type Api = Release0Client;
