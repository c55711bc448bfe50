import type {
  CatalogCreditsResponse,
  CatalogListKind,
  CatalogMoviePageResponse,
  CatalogMovieResponse,
  CatalogVideosResponse,
  ErrorBody,
  PublicConfigResponse,
  CreateBookingResponse,
  FavoritesResponse,
  OccupiedSeatsResponse,
  OwnBookingActionResponse,
  ShowAllResponse,
  ShowDetailResponse,
  UpdateFavoriteResponse,
  UserBookingsResponse,
  VerifyPaymentResponse,
} from 'booking-service/contract';
import { friendlyMessage } from './friendly-message';

/** A failure answer of the service (or the network), carrying the service's message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The service's own answer (`{ success: false, message, ... }`), or null when none could be read. */
    readonly body: ErrorBody | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type GetToken = () => Promise<string>;

let takeEarlyResponse: ((url: string) => Promise<Response> | undefined) | undefined;

/**
 * The host hands over the responses it asked for before the app's code ran
 * (the shell's first-page reads): a public GET of the same URL takes its
 * response, once, instead of asking the service again.
 */
export function setEarlyResponses(take: (url: string) => Promise<Response> | undefined): void {
  takeEarlyResponse = take;
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST';
  /** Query fields; those left undefined are not sent. */
  query?: Record<string, string | undefined>;
  body?: unknown;
  /** Attach the signed-in user's access token. */
  auth?: boolean;
  signal?: AbortSignal;
}

/**
 * `bytes` random bytes in hex, for a W3C traceparent: the call starts a trace (sampled) that the service's
 * spans and log lines continue. No tracing SDK in the browser: the shell's first visit has no room for one.
 */
const randomHex = (bytes: number) => Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => (b | 256).toString(16).slice(1)).join('');

/**
 * Sends one request to the booking service and returns its JSON, or throws an
 * ApiError with the service's `message` (what the spec's toasts show). The
 * client's methods name the answer's type; callers use them.
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
  const url = `${baseUrl.replace(/\/$/, '')}${path}${options.query ? queryString(options.query) : ''}`;
  const send = () =>
    fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  const publicRead = (options.method ?? 'GET') === 'GET' && !options.auth;
  const early = publicRead ? takeEarlyResponse?.(url) : undefined;
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
    // The screen gets a sentence for people; the service's own words stay in `body` (and the console) for whoever debugs.
    throw new ApiError(response.status, friendlyMessage(response.status, failure?.message), failure);
  }
  return body as T;
}

/** `?a=1&b=2` from the fields that are set, or nothing. */
function queryString(fields: Record<string, string | undefined>): string {
  const set = Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return set.length ? `?${new URLSearchParams(set).toString()}` : '';
}

const id = encodeURIComponent;

/**
 * Every call of the contract, one method each, typed by the service's own
 * schemas (`booking-service/contract`): the answer's type is the client's, never the caller's.
 */
export function createApi(baseUrl: string, getToken?: GetToken) {
  const call = <T>(path: string, options: ApiRequestOptions = {}) => apiRequest<T>(baseUrl, path, options, getToken);
  const get = <T>(path: string, auth = false) => call<T>(path, { auth });
  const post = <T>(path: string, body: unknown) => call<T>(path, { method: 'POST', body, auth: true });
  return {
    /** Any call of the contract: the staff remotes' calls are made with it (staffApi), so the moviegoers' pages never load them. */
    call,
    publicConfig: () => get<PublicConfigResponse>('/api/config'),
    showAll: () => get<ShowAllResponse>('/api/show/all'),
    showDetail: (movieId: string) => get<ShowDetailResponse>(`/api/show/${id(movieId)}`),
    occupiedSeats: (showId: string) => get<OccupiedSeatsResponse>(`/api/booking/seats/${id(showId)}`),
    /** The address of the show's live seat stream (server-sent events, each a `SeatsEvent`), for an EventSource. */
    seatEventsUrl: (showId: string) => `${baseUrl.replace(/\/$/, '')}/api/booking/seats/${id(showId)}/events`,
    createBooking: (showId: string, selectedSeats: string[]) => post<CreateBookingResponse>('/api/booking/create', { showId, selectedSeats }),
    verifyPayment: (sessionId: string) => post<VerifyPaymentResponse>('/api/booking/verify-payment', { sessionId }),
    myBookings: () => get<UserBookingsResponse>('/api/user/bookings', true),
    recheckPayment: (bookingId: string) => post<OwnBookingActionResponse>(`/api/booking/${id(bookingId)}/recheck-payment`, {}),
    releaseBooking: (bookingId: string) => post<OwnBookingActionResponse>(`/api/booking/${id(bookingId)}/release`, {}),
    favorites: () => get<FavoritesResponse>('/api/user/favorites', true),
    toggleFavorite: (movieId: string) => post<UpdateFavoriteResponse>('/api/user/update-favorite', { movieId }),
    // The movie catalogue, in TMDB v3 shapes, proxied by the service.
    catalogList: (kind: CatalogListKind, page?: number) =>
      get<CatalogMoviePageResponse>(`/api/catalog/movie/${kind}${queryString({ page: page === undefined ? undefined : String(page) })}`),
    catalogMovie: (movieId: string) => get<CatalogMovieResponse>(`/api/catalog/movie/${id(movieId)}`),
    catalogCredits: (movieId: string) => get<CatalogCreditsResponse>(`/api/catalog/movie/${id(movieId)}/credits`),
    catalogSimilar: (movieId: string) => get<CatalogMoviePageResponse>(`/api/catalog/movie/${id(movieId)}/similar`),
    catalogVideos: (movieId: string) => get<CatalogVideosResponse>(`/api/catalog/movie/${id(movieId)}/videos`),
  };
}

export type Api = ReturnType<typeof createApi>;
