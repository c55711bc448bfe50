import type { User } from '../identity/user.ts';
import type { Movie } from '../shows/show.ts';

/** Accounts and their favourites in a store (every store implements it: db/). */
export interface UserRepository {
  /** Creates the user or refreshes name and email from the latest token. */
  upsert(user: User): Promise<void>;
  get(id: string): Promise<User | null>;
  count(): Promise<number>;
  favoriteMovies(userId: string): Promise<Movie[]>;
  /** Adds the movie to favourites, or removes it when present; returns whether it is now a favourite. */
  toggleFavorite(userId: string, movieId: string): Promise<boolean>;
}
