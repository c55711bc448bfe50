import { FavoritesResponse, UpdateFavoriteResponse, UserBookingsResponse } from '../contract/responses.ts';
import { failures } from '../contract/failures.ts';
import type { BookingRepository } from '../bookings/booking-repository.ts';
import type { CheckInRepository } from '../check-in/check-in-repository.ts';
import type { Auth } from '../identity/auth.ts';
import type { MovieRepository } from '../shows/show-repository.ts';
import type { UserRepository } from './user-repository.ts';
import { UpdateFavoriteBody } from '../contract/schemas.ts';
import { bookingJson } from '../bookings/booking-json.ts';
import type { Places } from '../shows/show-json.ts';
import { movieJson } from '../shows/show-json.ts';
import type { AppInstance } from '../http/app-instance.ts';
import { notFound } from '../http/errors.ts';

const tags = ['users'];
const security = [{ bearerAuth: [] }];

export interface UserRoutesDeps {
  users: Pick<UserRepository, 'favoriteMovies' | 'toggleFavorite'>;
  bookings: Pick<BookingRepository, 'listForUser' | 'listSeatReturns'>;
  /** When each booking was admitted at the door (My Bookings' "Admitted 7:42 PM"). */
  checkIns: Pick<CheckInRepository, 'admittedAt'>;
  movies: Pick<MovieRepository, 'get'>;
  auth: Auth;
  /** The chain: where each booking's show is (My Bookings and the e-ticket name the cinema and screen). */
  cinemas: Places;
}

export async function userRoutes(app: AppInstance, { users, bookings, checkIns, movies, auth, cinemas }: UserRoutesDeps) {
  app.addHook('onRequest', auth.requireUser);

  app.get(
    '/api/user/bookings',
    {
      schema: {
        tags,
        security,
        summary: "The caller's bookings, newest first",
        response: { 200: UserBookingsResponse, ...failures(401) },
      },
    },
    async (request) => {
      const own = await bookings.listForUser(request.identity!.sub);
      const paid = own.filter((booking) => booking.status === 'paid').map((booking) => booking.id);
      // Each return of seats, read only for the bookings that gave some back (few).
      const [admitted, returns] = await Promise.all([
        checkIns.admittedAt(paid),
        Promise.all(own.map((booking) => (booking.returnedSeats.length ? bookings.listSeatReturns(booking.id) : Promise.resolve([])))),
      ]);
      return {
        success: true as const,
        bookings: own.map((booking, i) => ({ ...bookingJson(booking, cinemas, returns[i]), admittedAt: admitted.get(booking.id)?.toISOString() ?? null })),
      };
    },
  );

  app.get(
    '/api/user/favorites',
    {
      schema: {
        tags,
        security,
        summary: "The caller's favourite movies",
        response: { 200: FavoritesResponse, ...failures(401) },
      },
    },
    async (request) => {
      const movies = await users.favoriteMovies(request.identity!.sub);
      return { success: true as const, movies: movies.map(movieJson) };
    },
  );

  app.post(
    '/api/user/update-favorite',
    {
      schema: {
        tags,
        security,
        summary: 'Add a movie to favourites, or remove it if it is one',
        body: UpdateFavoriteBody,
        response: { 200: UpdateFavoriteResponse, ...failures(400, 401, 404, 413, 415) },
      },
    },
    async (request) => {
      const { movieId } = request.body;
      if (!(await movies.get(movieId))) throw notFound('Movie not found');
      const isFavorite = await users.toggleFavorite(request.identity!.sub, movieId);
      return { success: true as const, message: isFavorite ? 'Added to favorites' : 'Removed from favorites', isFavorite };
    },
  );
}
