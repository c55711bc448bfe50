import type { Movie } from '../../shows/show.ts';
import type { MovieRepository } from '../../shows/show-repository.ts';
import { movieDetails, movieDocument, toMovie } from './mappers.ts';
import type { Models } from './models.ts';
import { upcomingMoviesPipeline } from './queries.ts';
import type { MovieDocument } from './schemas.ts';

export function createMovieRepository({ Movie: Movies, Show: Shows }: Models): MovieRepository {
  return {
    async upsert(movie) {
      const now = new Date();
      await new Movies(movieDocument(movie, now)).validate();
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
