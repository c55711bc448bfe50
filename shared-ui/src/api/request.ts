import type { ErrorBody } from 'booking-service/contract';
import { ApiError, type GetToken } from './api-error';
import { takeEarlyResponse } from './early-responses';
import { queryString, serviceUrl } from './url';

export { ApiError, type GetToken } from './api-error';

export interface ApiRequestOptions {
  method?: 'GET' | 'POST';
  /** Query fields; those left undefined are not sent. */
  query?: Record<string, string | undefined>;
  body?: unknown;
  /** Attach the signed-in user's access token. */
  auth?: boolean;
  signal?: AbortSignal;
}

/** One call of the service: its JSON answer, or an ApiError. */
export type Call = <T>(path: string, options?: ApiRequestOptions) => Promise<T>;

/**
 * `bytes` random bytes in hex, for a W3C traceparent: the call starts a trace (sampled) that the service's
 * spans and log lines continue. No tracing SDK in the browser: the shell's first visit has no room for one.
 */
const randomHex = (bytes: number) => Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => (b | 256).toString(16).slice(1)).join('');

/**
 * Sends one request to the booking service and returns its JSON, or throws an ApiError with a sentence for
 * people (the service's own words stay in `body`). A public read takes the page's early response for its URL.
 */
async function apiRequest<T>(baseUrl: string, path: string, options: ApiRequestOptions, getToken?: GetToken): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.auth) {
    if (!getToken) throw new ApiError(401, 'Please login to proceed');
    headers.authorization = `Bearer ${await getToken()}`;
  }
  // Only where a CORS preflight is made anyway (a token or a JSON body): on a simple public read the header would add one.
  if (headers['content-type'] || headers.authorization) headers.traceparent = `00-${randomHex(16)}-${randomHex(8)}-01`;
  const url = serviceUrl(baseUrl, path) + (options.query ? queryString(options.query) : '');
  const send = () =>
    fetch(url, { method: options.method ?? 'GET', headers, body: options.body === undefined ? undefined : JSON.stringify(options.body), signal: options.signal });
  const publicRead = (options.method ?? 'GET') === 'GET' && !options.auth;
  const early = publicRead ? takeEarlyResponse(url) : undefined;
  let response: Response;
  try {
    // An early request that failed on the way is asked again, as if it had never been made.
    response = await (early ? early.catch(send) : send());
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'Cannot reach the booking service. Check your connection and try again.');
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const failure = body as ErrorBody | null;
    // Its rules load with the first failure: no first visit carries them.
    const { friendlyMessage } = await import('./friendly-message');
    throw new ApiError(response.status, friendlyMessage(response.status, failure?.message), failure);
  }
  return body as T;
}

/**
 * The one primitive every app's calls are made with: `call(path, options)` against the service at `baseUrl`,
 * as the holder of `getToken`'s token. The shell shares it (a stable signature: the contract's
 * OPTIONAL_SHARED_UI_EXPORTS); a remote under a shell without it brings its own (use-caller.ts).
 */
export function createCaller(baseUrl: string, getToken?: GetToken): Call {
  return (path, options = {}) => apiRequest(baseUrl, path, options, getToken);
}
