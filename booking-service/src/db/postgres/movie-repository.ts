import { and, count, eq, gt, isNull, min } from 'drizzle-orm';
import type { Db } from '../database.ts';
import { movies, shows } from '../schema.ts';
import type { Movie } from '../../shows/show.ts';
import type { MovieRepository } from '../../shows/show-repository.ts';
import { toMovie } from './mappers.ts';
import { clashesOfRuntime, isScheduleViolation } from './screen-schedule.ts';

export function createMovieRepository(db: Db): MovieRepository {
  return {
    async upsert(movie) {
      const { id: _id, ...details } = movie;
      try {
        // A new runtime moves its shows' ends in this statement (migration 0020's trigger), under the constraint.
        await db.insert(movies).values(movie).onConflictDoUpdate({ target: movies.id, set: details });
      } catch (error) {
        if (isScheduleViolation(error)) throw await clashesOfRuntime(db, movie.id, movie.title, movie.runtime);
        throw error;
      }
    },

    async get(id) {
      const [row] = await db.select().from(movies).where(eq(movies.id, id));
      return row ? toMovie(row) : null;
    },

    async ids() {
      return (await db.select({ id: movies.id }).from(movies)).map((row) => row.id);
    },

    async withUpcomingShows(now): Promise<Movie[]> {
      const nextShow = min(shows.startsAt);
      const rows = await db
        .select({ movie: movies, nextShow })
        .from(movies)
        .innerJoin(shows, eq(shows.movieId, movies.id))
        .where(and(gt(shows.startsAt, now), isNull(shows.cancelledAt)))
        .groupBy(movies.id)
        .orderBy(nextShow, movies.title);
      return rows.map((row) => toMovie(row.movie));
    },

    async count() {
      const [row] = await db.select({ n: count() }).from(movies);
      return row?.n ?? 0;
    },
  };
}
