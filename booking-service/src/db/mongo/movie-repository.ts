import type { Movie } from '../../shows/show.ts';
import type { MovieRepository } from '../../shows/show-repository.ts';
import { movieDetails, movieDocument, toMovie } from './mappers.ts';
import type { Models } from './models.ts';
import { upcomingMoviesPipeline } from './queries.ts';
import type { MovieDocument } from './schemas.ts';
import { createScreenSchedules, moveRuntime } from './screen-schedule.ts';

export function createMovieRepository(models: Models): MovieRepository {
  const { Movie: Movies, Show: Shows } = models;
  const schedules = createScreenSchedules(models);
  return {
    async upsert(movie) {
      const now = new Date();
      await new Movies(movieDocument(movie, now)).validate();
      // A new runtime moves its shows' ends on their screens first (or is refused with the clashes, nothing written).
      const before = await Movies.findOne({ _id: { $eq: movie.id } }, { runtime: 1 }).lean<Pick<MovieDocument, 'runtime'>>();
      if (before && before.runtime !== movie.runtime) await moveRuntime(schedules, movie.id, movie.title, movie.runtime, now);
      // One atomic upsert on the id: concurrent inserts of the same movie end in one document.
      await Movies.updateOne(
        { _id: movie.id },
        { $set: movieDetails(movie), $setOnInsert: { createdAt: now } },
        { upsert: true },
      );
    },

    async get(id) {
      const doc = await Movies.findOne({ _id: { $eq: id } }).lean<MovieDocument>();
      return doc ? toMovie(doc) : null;
    },

    async ids() {
      return (await Movies.find({}, { _id: 1 }).lean<{ _id: string }[]>()).map((doc) => doc._id);
    },

    async withUpcomingShows(now): Promise<Movie[]> {
      const docs = await Shows.aggregate<MovieDocument>(upcomingMoviesPipeline(now));
      return docs.map(toMovie);
    },

    async count() {
      return Movies.countDocuments({});
    },
  };
}
