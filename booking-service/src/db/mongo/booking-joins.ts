import type { Model } from 'mongoose';
import type { BookingWithDetails, BookingWithShow } from '../../bookings/booking.ts';
import { toBooking, toMovie, toShow, toUser } from './mappers.ts';
import type { Models } from './models.ts';
import { unique } from './queries.ts';
import type { BookingDocument } from './schemas.ts';

async function byId<T extends { _id: string }>(model: Model<T>, ids: string[]): Promise<Map<string, T>> {
  if (ids.length === 0) return new Map();
  const docs = await model.find({ _id: { $in: unique(ids) } }).lean<T[]>();
  return new Map(docs.map((doc) => [doc._id, doc]));
}

/**
 * Bookings joined with their show, movie and user, as SQL would join them: MongoDB keeps the ids only, so the
 * documents are read in one query per collection.
 */
export function bookingJoins({ Show: Shows, Movie: Movies, User: Users }: Pick<Models, 'Show' | 'Movie' | 'User'>) {
  /** Bookings with their show and movie, leaving out any whose show or movie is missing (as a join would). */
  async function withShows(docs: BookingDocument[]): Promise<BookingWithShow[]> {
    const [shows, movies] = await Promise.all([
      byId(Shows, docs.map((d) => d.showId)),
      byId(Movies, docs.map((d) => d.movieId)),
    ]);
    return docs.flatMap((doc) => {
      const show = shows.get(doc.showId);
      const movie = show && movies.get(show.movieId);
      return show && movie ? [{ ...toBooking(doc), show: { ...toShow(show), movie: toMovie(movie) } }] : [];
    });
  }

  /** ... and with their user. */
  async function withDetails(docs: BookingDocument[]): Promise<BookingWithDetails[]> {
    const [items, users] = await Promise.all([withShows(docs), byId(Users, docs.map((d) => d.userId))]);
    return items.flatMap((item) => {
      const user = users.get(item.userId);
      return user ? [{ ...item, user: toUser(user) }] : [];
    });
  }

  return { withShows, withDetails };
}
