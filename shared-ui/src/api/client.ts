import type {
  AddShowRequest,
  AddShowResponse,
  AllBookingsResponse,
  AllShowsResponse,
  CreateBookingResponse,
  DashboardResponse,
  DebugBookingsResponse,
  FavoritesResponse,
  IsAdminResponse,
  MessageResponse,
  NowPlayingResponse,
  OccupiedSeatsResponse,
  OwnBookingActionResponse,
  OutboxResponse,
  SalesReportResponse,
  ShowAllResponse,
  ShowDetailResponse,
  UnpaidBookingsResponse,
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
    readonly body?: unknown,
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
  body?: unknown;
  /** Attach the signed-in user's access token. */
  auth?: boolean;
  signal?: AbortSignal;
}

/**
 * Sends one request to the booking service and returns its JSON, or throws an
 * ApiError with the service's `message` (what the spec's toasts show).
 */
export async function apiRequest<T>(baseUrl: string, path: string, options: ApiRequestOptions, getToken?: GetToken): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.auth) {
    if (!getToken) throw new ApiError(401, 'Please login to proceed');
    headers.authorization = `Bearer ${await getToken()}`;
  }
  const url = `${baseUrl.replace(/\/$/, '')}${path}`;
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
  const body = (await response.json().catch(() => null)) as { success?: boolean; message?: string } | null;
  // The screen gets a sentence for people; the service's own words stay in `body` (and the console) for whoever debugs.
  if (!response.ok) throw new ApiError(response.status, friendlyMessage(response.status, body?.message), body);
  return body as T;
}

/** Every call of the contract, typed by the service's own schemas. */
export function createApi(baseUrl: string, getToken?: GetToken) {
  const get = <T>(path: string, auth = false) => apiRequest<T>(baseUrl, path, { auth }, getToken);
  const post = <T>(path: string, body: unknown) => apiRequest<T>(baseUrl, path, { method: 'POST', body, auth: true }, getToken);
  return {
    showAll: () => get<ShowAllResponse>('/api/show/all'),
    showDetail: (movieId: string) => get<ShowDetailResponse>(`/api/show/${encodeURIComponent(movieId)}`),
    occupiedSeats: (showId: string) => get<OccupiedSeatsResponse>(`/api/booking/seats/${encodeURIComponent(showId)}`),
    createBooking: (showId: string, selectedSeats: string[]) => post<CreateBookingResponse>('/api/booking/create', { showId, selectedSeats }),
    verifyPayment: (sessionId: string) => post<VerifyPaymentResponse>('/api/booking/verify-payment', { sessionId }),
    myBookings: () => get<UserBookingsResponse>('/api/user/bookings', true),
    recheckPayment: (bookingId: string) => post<OwnBookingActionResponse>(`/api/booking/${encodeURIComponent(bookingId)}/recheck-payment`, {}),
    releaseBooking: (bookingId: string) => post<OwnBookingActionResponse>(`/api/booking/${encodeURIComponent(bookingId)}/release`, {}),
    favorites: () => get<FavoritesResponse>('/api/user/favorites', true),
    toggleFavorite: (movieId: string) => post<UpdateFavoriteResponse>('/api/user/update-favorite', { movieId }),
    isAdmin: () => get<IsAdminResponse>('/api/admin/is-admin', true),
    nowPlaying: () => get<NowPlayingResponse>('/api/show/now-playing', true),
    addShow: (request: AddShowRequest) => post<AddShowResponse>('/api/show/add', request),
    allShows: () => get<AllShowsResponse>('/api/admin/all-shows', true),
    allBookings: (query = '') => get<AllBookingsResponse>(`/api/admin/all-bookings${query ? `?${query}` : ''}`, true),
    dashboard: () => get<DashboardResponse>('/api/admin/dashboard', true),
    salesReport: (days = 30) => get<SalesReportResponse>(`/api/admin/dashboard/sales?days=${days}`, true),
    debugBookings: () => get<DebugBookingsResponse>('/api/debug/bookings', true),
    unpaidBookings: () => get<UnpaidBookingsResponse>('/api/debug/unpaid-bookings', true),
    markPaid: (bookingId: string) => post<MessageResponse>('/api/debug/mark-paid', { bookingId }),
    testEmail: (bookingId: string) => post<MessageResponse>('/api/debug/test-email', { bookingId }),
    fixPayment: (bookingId: string) => post<MessageResponse>('/api/debug/fix-payment', { bookingId }),
    outbox: () => get<OutboxResponse>('/api/debug/outbox', true),
    /** TMDB-shaped catalogue answers, proxied by the service. */
    catalog: <T>(path: string) => get<T>(`/api/catalog/${path.replace(/^\//, '')}`),
  };
}

export type Api = ReturnType<typeof createApi>;
