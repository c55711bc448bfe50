import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../database.ts';
import { favorites, movies, users } from '../schema.ts';
import type { UserRepository } from '../../store/types.ts';
import { toMovie, toUser } from './mappers.ts';

export function createUserRepository(db: Db): UserRepository {
  return {
    async upsert(user) {
      await db
        .insert(users)
        .values(user)
        .onConflictDoUpdate({ target: users.id, set: { name: user.name, email: user.email } });
    },

    async get(id) {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row ? toUser(row) : null;
    },

    async count() {
      const [row] = await db.select({ n: count() }).from(users);
      return row?.n ?? 0;
    },

    async favoriteMovies(userId) {
      const rows = await db
        .select({ movie: movies })
        .from(favorites)
        .innerJoin(movies, eq(movies.id, favorites.movieId))
        .where(eq(favorites.userId, userId))
        .orderBy(desc(favorites.createdAt));
      return rows.map((row) => toMovie(row.movie));
    },

    async toggleFavorite(userId, movieId) {
      // Delete first: if a row went away it was a favourite; otherwise add it.
      // Two concurrent toggles cannot create duplicates thanks to the primary key.
      const removed = await db
        .delete(favorites)
        .where(and(eq(favorites.userId, userId), eq(favorites.movieId, movieId)))
        .returning({ movieId: favorites.movieId });
      if (removed.length > 0) return false;
      await db.insert(favorites).values({ userId, movieId }).onConflictDoNothing();
      return true;
    },
  };
}
