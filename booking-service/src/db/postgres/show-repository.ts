import { and, asc, count, eq, gt, gte, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '../database.ts';
import { bookings, movies, seatReservations, shows } from '../schema.ts';
import type { SeatState, ShowWithSeats } from '../../shows/show.ts';
import type { ShowRepository } from '../../shows/show-repository.ts';
import { toMovie, toShow } from './mappers.ts';
import { DEFAULT_SCREEN_ID } from '../../cinemas/built-in-chain.ts';
import { clashesOfNewShows, isScheduleViolation, overlaps, scheduleOn } from './screen-schedule.ts';

export function createShowRepository(db: Db): ShowRepository {
  async function ledgers(showIds: string[]): Promise<Map<string, Record<string, SeatState>>> {
    const byShow = new Map<string, Record<string, SeatState>>();
    if (showIds.length === 0) return byShow;
    const rows = await db
      .select({ showId: seatReservations.showId, seat: seatReservations.seat, isPaid: bookings.isPaid })
      .from(seatReservations)
      .innerJoin(bookings, eq(bookings.id, seatReservations.bookingId))
      .where(inArray(seatReservations.showId, showIds));
    for (const row of rows) {
      const ledger = byShow.get(row.showId) ?? {};
      ledger[row.seat] = row.isPaid ? 'paid' : 'held';
      byShow.set(row.showId, ledger);
    }
    return byShow;
  }

  return {
    async addMany(movieId, newShows) {
      if (newShows.length === 0) return 0;
      try {
        // One statement: all or none. The exclusion constraint (migration 0020) refuses an overlap, whoever else
        // is inserting at the same time; an identical show is the unique key's, skipped as before.
        const inserted = await db
          .insert(shows)
          .values(newShows.map((s) => ({ movieId, startsAt: s.startsAt, priceCents: s.priceCents, screenId: s.screenId ?? DEFAULT_SCREEN_ID, seatPrices: s.seatPriceCents ?? {} })))
          .onConflictDoNothing({ target: [shows.movieId, shows.startsAt, shows.screenId] })
          .returning({ id: shows.id });
        return inserted.length;
      } catch (error) {
        if (isScheduleViolation(error)) throw await clashesOfNewShows(db, movieId, newShows);
        throw error;
      }
    },

    scheduleOn: (screenIds, from, to) => scheduleOn(db, screenIds, from, to),

    overlaps: () => overlaps(db),

    async ids() {
      return (await db.select({ id: shows.id }).from(shows)).map((row) => row.id);
    },

    async get(id) {
      const [row] = await db.select().from(shows).innerJoin(movies, eq(movies.id, shows.movieId)).where(eq(shows.id, id));
      return row ? { ...toShow(row.shows), movie: toMovie(row.movies) } : null;
    },

    async upcomingForMovie(movieId, now) {
      const rows = await db
        .select()
        .from(shows)
        .where(and(eq(shows.movieId, movieId), gt(shows.startsAt, now), isNull(shows.cancelledAt)))
        .orderBy(asc(shows.startsAt));
      return rows.map(toShow);
    },

    async listWithSeats({ from, to }): Promise<ShowWithSeats[]> {
      const rows = await db
        .select()
        .from(shows)
        .innerJoin(movies, eq(movies.id, shows.movieId))
        .where(and(from ? gte(shows.startsAt, from) : undefined, to ? lt(shows.startsAt, to) : undefined))
        .orderBy(asc(shows.startsAt), asc(movies.title));
      const seatsByShow = await ledgers(rows.map((row) => row.shows.id));
      return rows.map((row) => ({
        ...toShow(row.shows),
        movie: toMovie(row.movies),
        occupiedSeats: seatsByShow.get(row.shows.id) ?? {},
      }));
    },

    async upcomingOnScreens(screenIds, now) {
      if (screenIds.length === 0) return [];
      const rows = await db
        .select()
        .from(shows)
        .innerJoin(movies, eq(movies.id, shows.movieId))
        .where(and(inArray(shows.screenId, screenIds), gt(shows.startsAt, now), isNull(shows.cancelledAt)))
        .orderBy(asc(shows.startsAt));
      return rows.map((row) => ({ ...toShow(row.shows), movie: toMovie(row.movies) }));
    },

    async countUpcoming(now) {
      const [row] = await db.select({ n: count() }).from(shows).where(and(gt(shows.startsAt, now), isNull(shows.cancelledAt)));
      return row?.n ?? 0;
    },

    async cancel(id, at) {
      const [changed] = await db.update(shows).set({ cancelledAt: at }).where(and(eq(shows.id, id), isNull(shows.cancelledAt))).returning({ id: shows.id });
      if (changed) return { changed: true };
      const [exists] = await db.select({ id: shows.id }).from(shows).where(eq(shows.id, id));
      return exists ? { changed: false } : null;
    },

    async setPrice(id, priceCents) {
      const updated = await db.update(shows).set({ priceCents }).where(and(eq(shows.id, id), isNull(shows.cancelledAt))).returning({ id: shows.id });
      return updated.length > 0;
    },

    async occupiedSeats(showId) {
      return (await ledgers([showId])).get(showId) ?? {};
    },
  };
}
