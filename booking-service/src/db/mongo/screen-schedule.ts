import { DEFAULT_TURNOVER_MINUTES } from '../../cinemas/cinema.ts';
import {
  findClashes,
  overlaps as overlapping,
  screenTime,
  ScheduleClashError,
  type Occupation,
  type ScheduleClash,
  type ScreenOverlap,
  type ScreenTime,
} from '../../shows/screen-schedule.ts';
import type { Models } from './models.ts';
import { isDuplicateKeyError } from './queries.ts';
import type { ScreenScheduleDocument, StoredOccupation } from './screen-schedule-schema.ts';
import type { CinemaDocument, MovieDocument, ShowDocument } from './schemas.ts';

/** A claim whose show document has not appeared this long after it was written is a crashed insert's. */
const CLAIM_GRACE_MS = 60_000;
/** Conditional writes lost to another writer before giving up (each loss means someone else's write went in). */
const ATTEMPTS = 50;

/** One show at a time per screen, on MongoDB: each screen's schedule document, written conditionally (screen-schedule-schema.ts). */
export function createScreenSchedules({ ScreenSchedule: Schedules, Show: Shows, Movie: Movies, Cinema: Cinemas, Booking: Bookings }: Models) {
  async function turnoverOf(screenId: string): Promise<number> {
    const cinema = await Cinemas.findOne({ 'screens.id': { $eq: screenId } }, { turnoverMinutes: 1 }).lean<Pick<CinemaDocument, 'turnoverMinutes'>>();
    return cinema?.turnoverMinutes ?? DEFAULT_TURNOVER_MINUTES;
  }

  async function moviesOf(ids: string[]): Promise<Map<string, Pick<MovieDocument, '_id' | 'title' | 'runtime'>>> {
    const docs = await Movies.find({ _id: { $in: [...new Set(ids)] } }, { title: 1, runtime: 1 }).lean<Pick<MovieDocument, '_id' | 'title' | 'runtime'>[]>();
    return new Map(docs.map((doc) => [doc._id, doc]));
  }

  /** The screen's document, built from its live shows the first time (a store from before the screen schedule, or a new screen). */
  async function load(screenId: string): Promise<ScreenScheduleDocument> {
    const found = await Schedules.findOne({ _id: { $eq: screenId } }).lean<ScreenScheduleDocument>();
    if (found) return found;
    await build(screenId);
    return (await Schedules.findOne({ _id: { $eq: screenId } }).lean<ScreenScheduleDocument>())!;
  }

  /**
   * Migration 0020's side on MongoDB, per screen: its live shows' occupations; those overlapping another are kept and
   * marked grandfathered (nothing sold is moved). Several instances may build at once: the first insert wins.
   */
  async function build(screenId: string): Promise<void> {
    const shows = await Shows.find({ screenId: { $eq: screenId }, cancelledAt: null }).lean<ShowDocument[]>();
    const [movies, turnover] = await Promise.all([moviesOf(shows.map((show) => show.movieId)), turnoverOf(screenId)]);
    const now = new Date();
    const occupations: StoredOccupation[] = shows.map((show) => ({
      showId: show._id,
      movieId: show.movieId,
      ...screenTime(show.startsAt, movies.get(show.movieId)?.runtime ?? 0, turnover),
      claimedAt: now,
      grandfathered: false,
    }));
    for (const occupation of occupations) occupation.grandfathered = occupations.some((other) => other !== occupation && overlapping(other, occupation));
    try {
      await Schedules.create({ _id: screenId, version: 0, occupations });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      return;
    }
    const conflicts = occupations.filter((o) => o.grandfathered).map((o) => o.showId);
    if (conflicts.length > 0) await Shows.updateMany({ _id: { $in: conflicts } }, { $set: { scheduleConflict: true } });
  }

  async function toOccupations(screenId: string, stored: readonly StoredOccupation[]): Promise<Occupation[]> {
    const movies = await moviesOf(stored.map((o) => o.movieId));
    return stored.map((o) => ({ ...o, screenId, title: movies.get(o.movieId)?.title ?? o.movieId }));
  }

  /**
   * Claims of shows that are gone: cancelled (a crash before the release), or never inserted (a crash after the
   * claim; only past a grace, since a claim is written just before its show).
   */
  async function staleClaims(clashes: ScheduleClash[], now: Date): Promise<string[]> {
    const blockers = clashes.flatMap((clash) => (clash.with.showId ? [clash.with as Occupation & { showId: string; claimedAt?: Date }] : []));
    const shows = await Shows.find({ _id: { $in: blockers.map((b) => b.showId) } }, { cancelledAt: 1 }).lean<Pick<ShowDocument, '_id' | 'cancelledAt'>[]>();
    const found = new Map(shows.map((show) => [show._id, show.cancelledAt ?? null]));
    const stale = blockers.filter((b) =>
      found.has(b.showId) ? found.get(b.showId) !== null : now.getTime() - (b.claimedAt?.getTime() ?? 0) > CLAIM_GRACE_MS,
    );
    return [...new Set(stale.map((b) => b.showId))];
  }

  /**
   * Adds these shows' occupations to the screen's document in one conditional write, or throws ScheduleClashError.
   * `identical` shows (same movie and start already on the screen) are left out and answered as existing.
   */
  async function claim(screenId: string, movieId: string, wanted: { showId: string; startsAt: Date }[]): Promise<{ claimed: string[] }> {
    const [movie] = (await moviesOf([movieId])).values();
    const turnover = await turnoverOf(screenId);
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const doc = await load(screenId);
      // The same show twice (in the request, or already on the screen) is one show, as the unique key makes it.
      const fresh = wanted.filter(
        (w, i) =>
          wanted.findIndex((other) => other.startsAt.getTime() === w.startsAt.getTime()) === i &&
          !doc.occupations.some((o) => o.movieId === movieId && o.startsAt.getTime() === w.startsAt.getTime()),
      );
      if (fresh.length === 0) return { claimed: [] };
      const times = fresh.map((w) => screenTime(w.startsAt, movie?.runtime ?? 0, turnover));
      const clashes = findClashes(times, await toOccupations(screenId, doc.occupations), { movieId, title: movie?.title ?? movieId, screenId });
      if (clashes.length > 0) {
        const stale = await staleClaims(clashes, new Date());
        if (stale.length === 0) throw new ScheduleClashError(clashes);
        await Schedules.updateOne({ _id: { $eq: screenId }, version: doc.version }, { $pull: { occupations: { showId: { $in: stale } } }, $inc: { version: 1 } });
        continue;
      }
      const now = new Date();
      const occupations = fresh.map((w, i) => ({ showId: w.showId, movieId, ...times[i]!, claimedAt: now, grandfathered: false }));
      const written = await Schedules.updateOne({ _id: { $eq: screenId }, version: doc.version }, { $push: { occupations: { $each: occupations } }, $inc: { version: 1 } });
      if (written.modifiedCount === 1) return { claimed: fresh.map((w) => w.showId) };
    }
    throw new Error(`The schedule of screen ${screenId} kept changing under ${ATTEMPTS} attempts to add shows`);
  }

  /** Frees the screen's time of these shows (cancelled, or their insert did not happen). */
  async function release(screenId: string, showIds: string[]): Promise<void> {
    if (showIds.length === 0) return;
    await Schedules.updateOne({ _id: { $eq: screenId } }, { $pull: { occupations: { showId: { $in: showIds } } }, $inc: { version: 1 } });
  }

  return { load, build, claim, release, toOccupations, moviesOf, turnoverOf, staleClaims, Schedules, Bookings };
}

export type ScreenSchedules = ReturnType<typeof createScreenSchedules>;

/** The occupations of these screens overlapping [from, to), soonest first. */
export async function scheduleOn(schedules: ScreenSchedules, screenIds: string[], from: Date, to: Date): Promise<Occupation[]> {
  const window = { startsAt: from, readyAt: to };
  const all: Occupation[] = [];
  for (const screenId of screenIds) {
    const doc = await schedules.load(screenId);
    all.push(...(await schedules.toOccupations(screenId, doc.occupations.filter((o) => overlapping(o, window)))));
  }
  return all.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/** Overlapping pairs of every screen's document, with each show's seats sold (paid). */
export async function screenOverlaps(schedules: ScreenSchedules): Promise<ScreenOverlap[]> {
  const docs = await schedules.Schedules.find({}).lean<ScreenScheduleDocument[]>();
  const pairs: [Occupation, Occupation][] = [];
  for (const doc of docs) {
    const occupations = (await schedules.toOccupations(doc._id, doc.occupations)).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    occupations.forEach((a, i) => occupations.slice(i + 1).forEach((b) => overlapping(a, b) && pairs.push([a, b])));
  }
  const ids = [...new Set(pairs.flatMap(([a, b]) => [a.showId!, b.showId!]))];
  const paid = await schedules.Bookings.find({ showId: { $in: ids }, isPaid: true, live: true }, { showId: 1, seats: 1 }).lean<{ showId: string; seats: string[] }[]>();
  const sold = (id: string | null) => paid.filter((b) => b.showId === id).reduce((n, b) => n + b.seats.length, 0);
  return pairs.map(([a, b]) => ({ screenId: a.screenId, shows: [{ ...a, seatsSold: sold(a.showId) }, { ...b, seatsSold: sold(b.showId) }] }));
}

/**
 * A movie's new runtime moves the end of its unfinished shows on every screen, or throws ScheduleClashError when
 * one would overlap another show (then nothing moved). Each screen's document is written conditionally.
 */
export async function moveRuntime(schedules: ScreenSchedules, movieId: string, title: string, runtime: number, now: Date): Promise<void> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const docs = await schedules.Schedules.find({ 'occupations.movieId': { $eq: movieId } }).lean<ScreenScheduleDocument[]>();
    const clashes: ScheduleClash[] = [];
    const rewritten = new Map<string, { version: number; occupations: StoredOccupation[] }>();
    for (const doc of docs) {
      const turnover = await schedules.turnoverOf(doc._id);
      const moved = doc.occupations.map((o) =>
        o.movieId === movieId && o.readyAt.getTime() > now.getTime() ? { ...o, ...screenTime(o.startsAt, runtime, turnover) } : o,
      );
      const others = await schedules.toOccupations(doc._id, moved.filter((o) => o.movieId !== movieId));
      const times: ScreenTime[] = moved.filter((o) => o.movieId === movieId && o.readyAt.getTime() > now.getTime());
      clashes.push(...findClashes(times, others, { movieId, title, screenId: doc._id }));
      rewritten.set(doc._id, { version: doc.version, occupations: moved });
    }
    if (clashes.length > 0) throw new ScheduleClashError(clashes);
    let lost = false;
    for (const [screenId, { version, occupations }] of rewritten) {
      const written = await schedules.Schedules.updateOne({ _id: { $eq: screenId }, version }, { $set: { occupations }, $inc: { version: 1 } });
      lost ||= written.modifiedCount !== 1;
    }
    if (!lost) return;
  }
  throw new Error(`The schedules of movie ${movieId}'s screens kept changing under ${ATTEMPTS} attempts to move its runtime`);
}

/** At connect (connectMongo), before serving: every screen with shows gets its document (built once; see build). */
export async function buildScreenSchedules(models: Models): Promise<void> {
  const schedules = createScreenSchedules(models);
  const screenIds = (await models.Show.distinct('screenId')) as string[];
  const built = new Set((await models.ScreenSchedule.find({}, { _id: 1 }).lean<{ _id: string }[]>()).map((doc) => doc._id));
  for (const screenId of screenIds.filter((id) => !built.has(id))) await schedules.build(screenId);
}
