/**
 * Whether this browser may hold a session, judged without the Auth0 SDK (about
 * 65 KiB gzip), so that visitors who never signed in do not download it.
 */

/** The prefix of every key the SDK writes with cacheLocation="localstorage" (tokens and user). */
const SDK_CACHE_PREFIX = '@@auth0spajs@@::';

/** True when the SDK has cached tokens for this client, or the page is the return from the sign-in page. */
export function sessionMayExist(clientId: string, location: Pick<Location, 'search'> = window.location, storage: Storage | null = safeLocalStorage()): boolean {
  const params = new URLSearchParams(location.search);
  if (params.has('state') && (params.has('code') || params.has('error'))) return true;
  if (!storage) return false;
  for (let index = 0; index < storage.length; index++) {
    if (storage.key(index)?.startsWith(`${SDK_CACHE_PREFIX}${clientId}::`)) return true;
  }
  return false;
}

/** Storage can be switched off (privacy modes): then nothing is cached and no session can be restored. */
function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
