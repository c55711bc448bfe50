import { FavoritesResponse, UpdateFavoriteResponse, UserBookingsResponse } from '../contract/responses.ts';
import { failures } from '../contract/failures.ts';
import type { AppDeps } from '../app-deps.ts';
import { UpdateFavoriteBody } from '../contract/schemas.ts';
import { bookingJson } from '../bookings/booking-json.ts';
import { movieJson } from '../shows/show-json.ts';
import type { AppInstance } from '../http/app-instance.ts';
import { notFound } from '../http/errors.ts';

const tags = ['users'];
const security = [{ bearerAuth: [] }];

export async function userRoutes(app: AppInstance, { store, auth }: AppDeps) {
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
      const bookings = await store.bookings.listForUser(request.identity!.sub);
      return { success: true as const, bookings: bookings.map(bookingJson) };
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
      const movies = await store.users.favoriteMovies(request.identity!.sub);
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
      if (!(await store.movies.get(movieId))) throw notFound('Movie not found');
      const isFavorite = await store.users.toggleFavorite(request.identity!.sub, movieId);
      return { success: true as const, message: isFavorite ? 'Added to favourites' : 'Removed from favourites', isFavorite };
    },
  );
}
