import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../database.ts';
import { favorites, movies, users } from '../schema.ts';
import type { UserRepository } from '../../users/user-repository.ts';
import type { User } from '../../identity/user.ts';
import { groupBatches, soloBatches } from './group-batches.ts';
import { toMovie, toUser } from './mappers.ts';

/** `groupBatches`: one statement for the sign-ins queued behind another (PGlite, see group-batches.ts). */
export function createUserRepository(db: Db, options = { groupBatches: false }): UserRepository {
  const upsert = (options.groupBatches ? groupBatches : soloBatches)(async (batch: User[]) => {
    // One row per user (a statement may not update a row twice): the latest call's name and email.
    const latest = [...new Map(batch.map((user) => [user.id, user])).values()];
    // A user seen before with the same name and email writes nothing (each instance records its callers once:
    // in a presale rush, every instance meets most of the crowd).
    await db
      .insert(users)
      .values(latest)
      .onConflictDoUpdate({
        target: users.id,
        set: { name: sql`excluded.name`, email: sql`excluded.email` },
        setWhere: sql`(${users.name}, ${users.email}) is distinct from (excluded.name, excluded.email)`,
      });
    return batch.map(() => undefined);
  });

  return {
    upsert,

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
