import { randomUUID } from 'node:crypto';
import type { UserRepository } from '../../users/user-repository.ts';
import { toMovie, toUser } from './mappers.ts';
import type { Models } from './models.ts';
import { isDuplicateKeyError, NEWEST_FIRST } from './queries.ts';
import type { FavoriteDocument, MovieDocument, UserDocument } from './schemas.ts';

export function createUserRepository({ User: Users, Favorite: Favorites, Movie: Movies }: Models): UserRepository {
  return {
    async upsert(user) {
      const now = new Date();
      await new Users({ _id: user.id, name: user.name, email: user.email, createdAt: now }).validate();
      await Users.updateOne(
        { _id: user.id },
        { $set: { name: user.name, email: user.email }, $setOnInsert: { createdAt: now } },
        { upsert: true },
      );
    },

    async get(id) {
      const doc = await Users.findOne({ _id: { $eq: id } }).lean<UserDocument>();
      return doc ? toUser(doc) : null;
    },

    async count() {
      return Users.countDocuments({});
    },

    async favoriteMovies(userId) {
      const favorites = await Favorites.find({ userId: { $eq: userId } }, { movieId: 1 })
        .sort(NEWEST_FIRST)
        .lean<Pick<FavoriteDocument, 'movieId'>[]>();
      if (favorites.length === 0) return [];
      const movies = await Movies.find({ _id: { $in: favorites.map((f) => f.movieId) } }).lean<MovieDocument[]>();
      const byId = new Map(movies.map((m) => [m._id, m]));
      return favorites.flatMap((f) => {
        const movie = byId.get(f.movieId);
        return movie ? [toMovie(movie)] : [];
      });
    },

    async toggleFavorite(userId, movieId) {
      // Delete first: if a document went away it was a favourite; otherwise add it.
      // The unique (user, movie) index keeps two concurrent toggles from adding it twice.
      const removed = await Favorites.deleteOne({ userId: { $eq: userId }, movieId: { $eq: movieId } });
      if (removed.deletedCount > 0) return false;
      // As the PostgreSQL foreign keys do: only a known user and movie (neither is ever deleted).
      const [user, movie] = await Promise.all([Users.exists({ _id: { $eq: userId } }), Movies.exists({ _id: { $eq: movieId } })]);
      if (!user || !movie) throw new Error(`Cannot add favourite: unknown ${user ? 'movie' : 'user'} ${user ? movieId : userId}`);
      try {
        await new Favorites({ _id: randomUUID(), userId, movieId, createdAt: new Date() }).save();
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
      return true;
    },
  };
}
