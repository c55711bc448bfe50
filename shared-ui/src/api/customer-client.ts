import type {
  BestSeatsResponse,
  CatalogCreditsResponse,
  CatalogListKind,
  CatalogMoviePageResponse,
  CatalogMovieResponse,
  CatalogVideosResponse,
  CinemaDetailResponse,
  CinemasResponse,
  CreateBookingResponse,
  FavoritesResponse,
  OccupiedSeatsResponse,
  OwnBookingActionResponse,
  PublicConfigResponse,
  ShowAllResponse,
  ShowDetailResponse,
  UpdateFavoriteResponse,
  UserBookingsResponse,
  VerifyPaymentResponse,
} from 'booking-service/contract';
import type { Call } from './request';
import { queryString, serviceUrl } from './url';

const id = encodeURIComponent;

/**
 * The moviegoers' calls, typed by the service's own schemas (`booking-service/contract`). Bundled into the
 * customer remote with its request code (`shared-ui/customer`), never shared from the shell: the remote
 * depends on no shape of the shell's objects. Release 0's remotes get the same calls from the shell's
 * `useApi()` (release-0-client.ts).
 */
export function customerApi(baseUrl: string, call: Call) {
  const get = <T>(path: string, auth = false) => call<T>(path, { auth });
  const post = <T>(path: string, body: unknown) => call<T>(path, { method: 'POST', body, auth: true });
  return {
    publicConfig: () => get<PublicConfigResponse>('/api/config'),
    showAll: () => get<ShowAllResponse>('/api/show/all'),
    showDetail: (movieId: string) => get<ShowDetailResponse>(`/api/show/${id(movieId)}`),
    /** The chain's cinemas, of one city when given. */
    cinemas: (city?: string) => get<CinemasResponse>(`/api/cinemas${queryString({ city })}`),
    /** One cinema, its screens and its upcoming shows. */
    cinema: (cinemaId: string) => get<CinemaDetailResponse>(`/api/cinemas/${id(cinemaId)}`),
    occupiedSeats: (showId: string) => get<OccupiedSeatsResponse>(`/api/booking/seats/${id(showId)}`),
    /** "Best available": the best free seats together for `count` people, of a seat type if given. */
    bestSeats: (showId: string, count: number, type?: 'standard' | 'premium' | 'wheelchair') =>
      get<BestSeatsResponse>(`/api/booking/seats/${id(showId)}/best${queryString({ count: String(count), type })}`),
    /** The address of the show's live seat stream (server-sent events, each a `SeatsEvent`), for an EventSource. */
    seatEventsUrl: (showId: string) => serviceUrl(baseUrl, `/api/booking/seats/${id(showId)}/events`),
    createBooking: (showId: string, selectedSeats: string[]) => post<CreateBookingResponse>('/api/booking/create', { showId, selectedSeats }),
    verifyPayment: (sessionId: string) => post<VerifyPaymentResponse>('/api/booking/verify-payment', { sessionId }),
    myBookings: () => get<UserBookingsResponse>('/api/user/bookings', true),
    recheckPayment: (bookingId: string) => post<OwnBookingActionResponse>(`/api/booking/${id(bookingId)}/recheck-payment`, {}),
    releaseBooking: (bookingId: string) => post<OwnBookingActionResponse>(`/api/booking/${id(bookingId)}/release`, {}),
    cancelBooking: (bookingId: string) => post<OwnBookingActionResponse>(`/api/booking/${id(bookingId)}/cancel`, {}),
    /** Gives back some seats of the caller's paid booking (their price refunded; every seat: cancelled whole). */
    cancelSeats: (bookingId: string, seats: string[]) => post<OwnBookingActionResponse>(`/api/booking/${id(bookingId)}/cancel-seats`, { seats }),
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

export type CustomerApi = ReturnType<typeof customerApi>;
