import { randomUUID } from 'node:crypto';
import type { SeatState, ShowWithSeats } from '../../shows/show.ts';
import type { ShowRepository } from '../../shows/show-repository.ts';
import { showDocument, toMovie, toShow } from './mappers.ts';
import type { Models } from './models.ts';
import {
  bulkWriteResultOf,
  isDuplicateKeyError,
  liveBookingsOfShows,
  seatLedgers,
  showsBetween,
  unique,
  upcomingShowsOfMovie,
} from './queries.ts';
import type { BookingDocument, MovieDocument, ShowDocument } from './schemas.ts';
import { createScreenSchedules, scheduleOn, screenOverlaps, type ScreenSchedules } from './screen-schedule.ts';
import { ScheduleClashError } from '../../shows/screen-schedule.ts';
import type { NewShow } from '../../shows/show.ts';
import { DEFAULT_SCREEN_ID } from '../../cinemas/built-in-chain.ts';

export function createShowRepository(models: Models): ShowRepository {
  const { Show: Shows, Movie: Movies, Booking: Bookings } = models;
  const schedules = createScreenSchedules(models);
  const claimScreens = (movieId: string, shows: (NewShow & { id: string })[]) => claimScreensOf(schedules, movieId, shows);

  async function ledgers(showIds: string[]): Promise<Map<string, Record<string, SeatState>>> {
    if (showIds.length === 0) return new Map();
    const live = await Bookings.find(liveBookingsOfShows(showIds), { showId: 1, seats: 1, isPaid: 1 }).lean<
      Pick<BookingDocument, 'showId' | 'seats' | 'isPaid'>[]
    >();
    return seatLedgers(live);
  }

  async function moviesById(ids: string[]): Promise<Map<string, MovieDocument>> {
    if (ids.length === 0) return new Map();
    const docs = await Movies.find({ _id: { $in: unique(ids) } }).lean<MovieDocument[]>();
    return new Map(docs.map((doc) => [doc._id, doc]));
  }

  return {
    async addMany(movieId, newShows) {
      if (newShows.length === 0) return 0;
      // As the PostgreSQL foreign key does: shows only of a stored movie (movies are never deleted).
      if (!(await Movies.exists({ _id: { $eq: movieId } }))) throw new Error(`Cannot add shows: movie ${movieId} does not exist`);
      const now = new Date();
      const withIds = newShows.map((show) => ({ ...show, id: randomUUID() }));
      const claimed = await claimScreens(movieId, withIds);
      const docs = withIds.filter((show) => claimed.has(show.id)).map((show) => new Shows(showDocument(movieId, show, show.id, now)));
      if (docs.length === 0) return 0;
      await Promise.all(docs.map((doc) => doc.validate()));
      // Upsert on the unique (movie, instant, screen) key: an existing show is left as it is,
      // and the server retries an upsert that races another one on that key.
      const upserts = docs.map((doc) => {
        const { _id, movieId: movie, startsAt, screenId, priceCents, seatPriceCents, createdAt } = doc.toObject<ShowDocument>();
        return {
          updateOne: {
            filter: { movieId: movie, startsAt, screenId },
            update: { $setOnInsert: { _id, priceCents, seatPriceCents, createdAt } },
            upsert: true,
          },
        };
      });
      let result;
      try {
        result = await Shows.collection.bulkWrite(upserts, { ordered: false });
      } catch (error) {
        // An upsert that lost a race on the key and was not retried: that show exists, so it is not new (its claim,
        // if any, is swept as stale by the next clash with it: screen-schedule.ts).
        const partial = bulkWriteResultOf(error);
        if (isDuplicateKeyError(error) && partial) return partial.upsertedCount;
        throw error;
      }
      // A claim whose show was not inserted (the same show exists, cancelled) gives its time back.
      const inserted = new Set(Object.values(result.upsertedIds).map(String));
      for (const doc of docs.filter((d) => !inserted.has(d._id))) await schedules.release(doc.screenId, [doc._id]);
      return result.upsertedCount;
    },

    scheduleOn: (screenIds, from, to) => scheduleOn(schedules, screenIds, from, to),

    overlaps: () => screenOverlaps(schedules),

    async ids() {
      return (await Shows.find({}, { _id: 1 }).lean<{ _id: string }[]>()).map((doc) => doc._id);
    },

    async get(id) {
      const show = await Shows.findOne({ _id: { $eq: id } }).lean<ShowDocument>();
      if (!show) return null;
      const movie = await Movies.findOne({ _id: { $eq: show.movieId } }).lean<MovieDocument>();
      return movie ? { ...toShow(show), movie: toMovie(movie) } : null;
    },

    async upcomingForMovie(movieId, now) {
      // Sorted here, not by the server: see newestFirst (queries.ts) for what a sorted query costs on DocumentDB.
      const docs = await Shows.find(upcomingShowsOfMovie(movieId, now)).lean<ShowDocument[]>();
      return docs.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime()).map(toShow);
    },

    async listWithSeats({ from, to }): Promise<ShowWithSeats[]> {
      // Unsorted: the list is sorted below (and a sorted query costs more on DocumentDB, see newestFirst).
      const shows = await Shows.find(showsBetween(from, to)).lean<ShowDocument[]>();
      const [movies, seatsByShow] = await Promise.all([
        moviesById(shows.map((s) => s.movieId)),
        ledgers(shows.map((s) => s._id)),
      ]);
      const listed: ShowWithSeats[] = [];
      for (const show of shows) {
        const movie = movies.get(show.movieId);
        if (!movie) continue;
        listed.push({ ...toShow(show), movie: toMovie(movie), occupiedSeats: seatsByShow.get(show._id) ?? {} });
      }
      // Soonest first, then by title.
      return listed.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || compareText(a.movie.title, b.movie.title));
    },

    async upcomingOnScreens(screenIds, now) {
      if (screenIds.length === 0) return [];
      const shows = await Shows.find({ screenId: { $in: screenIds }, startsAt: { $gt: now }, cancelledAt: null }).lean<ShowDocument[]>();
      const movies = await moviesById(shows.map((s) => s.movieId));
      return shows
        .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
        .flatMap((show) => {
          const movie = movies.get(show.movieId);
          return movie ? [{ ...toShow(show), movie: toMovie(movie) }] : [];
        });
    },

    async countUpcoming(now) {
      return Shows.countDocuments({ startsAt: { $gt: now }, cancelledAt: null });
    },

    async cancel(id, at) {
      const changed = await Shows.findOneAndUpdate({ _id: { $eq: id }, cancelledAt: null }, { $set: { cancelledAt: at } }, { projection: { screenId: 1 } }).lean<Pick<ShowDocument, 'screenId'>>();
      if (changed) {
        // Its screen's time is free again (a crash before this is swept by the next clash with it: screen-schedule.ts).
        await schedules.release(changed.screenId, [id]);
        return { changed: true };
      }
      return (await Shows.exists({ _id: { $eq: id } })) ? { changed: false } : null;
    },

    async setPrice(id, priceCents) {
      const updated = await Shows.updateOne({ _id: { $eq: id }, cancelledAt: null }, { $set: { priceCents } });
      return updated.matchedCount > 0;
    },

    async occupiedSeats(showId) {
      return (await ledgers([showId])).get(showId) ?? {};
    },
  };
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Claims the screens' time of these shows (screen-schedule.ts), one conditional write per screen; the shows keep
 * their ids. A clash on one screen releases what the others claimed and throws. Returns the shows claimed (identical
 * shows already on the screen are not).
 */
async function claimScreensOf(schedules: ScreenSchedules, movieId: string, shows: (NewShow & { id: string })[]): Promise<Set<string>> {
  const claimed: { screenId: string; ids: string[] }[] = [];
  const clashes = [];
  for (const screenId of new Set(shows.map((show) => show.screenId ?? DEFAULT_SCREEN_ID))) {
    const onScreen = shows.filter((show) => (show.screenId ?? DEFAULT_SCREEN_ID) === screenId).map((show) => ({ showId: show.id, startsAt: show.startsAt }));
    try {
      claimed.push({ screenId, ids: (await schedules.claim(screenId, movieId, onScreen)).claimed });
    } catch (error) {
      if (!(error instanceof ScheduleClashError)) throw error;
      clashes.push(...error.clashes);
    }
  }
  if (clashes.length > 0) {
    for (const { screenId, ids } of claimed) await schedules.release(screenId, ids);
    throw new ScheduleClashError(clashes);
  }
  return new Set(claimed.flatMap(({ ids }) => ids));
}
