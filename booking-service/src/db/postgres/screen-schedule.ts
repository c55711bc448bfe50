import { sql } from 'drizzle-orm';
import type { Db } from '../database.ts';
import { findClashes, screenTime, ScheduleClashError, type Occupation, type ScreenOverlap } from '../../shows/screen-schedule.ts';
import type { NewShow } from '../../shows/show.ts';
import { DEFAULT_SCREEN_ID } from '../../cinemas/built-in-chain.ts';

/** One show at a time per screen, on PostgreSQL: reading the screens' occupations (migration 0020 keeps and guards them). */

const EXCLUSION_VIOLATION = '23P01';

/** The driver's error under drizzle's wrapper (drizzle puts it in `cause`). */
export function isScheduleViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string; constraint?: string } }).cause;
  const pgError = (cause && typeof cause === 'object' && 'code' in cause ? cause : error) as { code?: string; constraint?: string };
  return pgError.code === EXCLUSION_VIOLATION && pgError.constraint === 'shows_one_at_a_time_per_screen';
}

interface OccupationRow extends Record<string, unknown> {
  id: string;
  movie_id: string;
  title: string;
  screen_id: string;
  starts_at: Date | string;
  runtime: number;
  ready_at: Date | string;
  schedule_conflict: boolean;
}

const MINUTE_MS = 60_000;

function toOccupation(row: OccupationRow): Occupation {
  const startsAt = new Date(row.starts_at);
  const readyAt = new Date(row.ready_at);
  // The end from the movie's runtime, never past the stored ready time (a runtime change refused meanwhile).
  const endsAt = new Date(Math.min(startsAt.getTime() + row.runtime * MINUTE_MS, readyAt.getTime()));
  return { showId: row.id, movieId: row.movie_id, title: row.title, screenId: row.screen_id, startsAt, endsAt, readyAt, grandfathered: row.schedule_conflict };
}

const OCCUPATION_COLUMNS = sql.raw(
  `"shows"."id", "shows"."movie_id", "movies"."title", "shows"."screen_id", "shows"."starts_at", "movies"."runtime", upper("shows"."occupied") AS "ready_at", "shows"."schedule_conflict"`,
);

export async function scheduleOn(db: Db, screenIds: string[], from: Date, to: Date): Promise<Occupation[]> {
  if (screenIds.length === 0 || to.getTime() <= from.getTime()) return [];
  const result = await db.execute<OccupationRow>(sql`
    SELECT ${OCCUPATION_COLUMNS} FROM "shows" JOIN "movies" ON "movies"."id" = "shows"."movie_id"
    WHERE "shows"."screen_id" IN (${sql.join(screenIds.map((id) => sql`${id}`), sql`, `)}) AND "shows"."cancelled_at" IS NULL
      AND "shows"."occupied" && tstzrange(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz, '[)')
    ORDER BY "shows"."starts_at"`);
  return result.rows.map(toOccupation);
}

/** Live overlapping pairs (each once), with the seats sold (paid) of each show. */
export async function overlaps(db: Db): Promise<ScreenOverlap[]> {
  const result = await db.execute<{ a: OccupationRow; b: OccupationRow; a_sold: number; b_sold: number }>(sql`
    WITH "live" AS (
      SELECT ${OCCUPATION_COLUMNS}, "shows"."occupied",
        (SELECT count(*)::int FROM "seat_reservations" JOIN "bookings" ON "bookings"."id" = "seat_reservations"."booking_id"
         WHERE "seat_reservations"."show_id" = "shows"."id" AND "bookings"."is_paid") AS "sold"
      FROM "shows" JOIN "movies" ON "movies"."id" = "shows"."movie_id" WHERE "shows"."cancelled_at" IS NULL)
    SELECT to_jsonb("a") - 'occupied' AS "a", to_jsonb("b") - 'occupied' AS "b", "a"."sold" AS "a_sold", "b"."sold" AS "b_sold"
    FROM "live" AS "a" JOIN "live" AS "b" ON "a"."screen_id" = "b"."screen_id" AND "a"."id" < "b"."id" AND "a"."occupied" && "b"."occupied"
    ORDER BY "a"."starts_at", "b"."starts_at"`);
  return result.rows.map((row) => {
    const [first, second] = [row.a, row.b].map(toOccupation).sort((x, y) => x.startsAt.getTime() - y.startsAt.getTime()) as [Occupation, Occupation];
    const sold = (o: Occupation) => (o.showId === row.a.id ? row.a_sold : row.b_sold);
    return { screenId: first.screenId, shows: [{ ...first, seatsSold: sold(first) }, { ...second, seatsSold: sold(second) }] };
  });
}

/**
 * What a refused insert clashed with, in the rule's terms: read after the constraint refused it (the
 * database decided; this only names the shows). Identical shows (same movie, instant, screen) are not clashes.
 */
export async function clashesOfNewShows(db: Db, movieId: string, shows: NewShow[]): Promise<ScheduleClashError> {
  const [movie] = (await db.execute<{ title: string; runtime: number }>(sql`SELECT "title", "runtime" FROM "movies" WHERE "id" = ${movieId}`)).rows;
  const clashes = [];
  for (const screenId of new Set(shows.map((show) => show.screenId ?? DEFAULT_SCREEN_ID))) {
    const onScreen = shows.filter((show) => (show.screenId ?? DEFAULT_SCREEN_ID) === screenId);
    const [cinema] = (await db.execute<{ turnover_minutes: number }>(sql`
      SELECT "cinemas"."turnover_minutes" FROM "screens" JOIN "cinemas" ON "cinemas"."id" = "screens"."cinema_id" WHERE "screens"."id" = ${screenId}`)).rows;
    const times = onScreen.map((show) => screenTime(show.startsAt, movie?.runtime ?? 0, cinema?.turnover_minutes ?? 0));
    const existing = (await scheduleOn(db, [screenId], new Date(Math.min(...times.map((t) => t.startsAt.getTime()))), new Date(Math.max(...times.map((t) => t.readyAt.getTime())))))
      .filter((o) => !(o.movieId === movieId && times.some((t) => t.startsAt.getTime() === o.startsAt.getTime())));
    clashes.push(...findClashes(times, existing, { movieId, title: movie?.title ?? movieId, screenId }));
  }
  return new ScheduleClashError(clashes);
}

/** Which of a movie's unfinished live shows a new runtime would make overlap another show (for the refusal's words). */
export async function clashesOfRuntime(db: Db, movieId: string, title: string, runtime: number): Promise<ScheduleClashError> {
  const own = (await db.execute<{ id: string; screen_id: string; starts_at: Date | string; turnover_minutes: number }>(sql`
    SELECT "shows"."id", "shows"."screen_id", "shows"."starts_at", "cinemas"."turnover_minutes"
    FROM "shows" JOIN "screens" ON "screens"."id" = "shows"."screen_id" JOIN "cinemas" ON "cinemas"."id" = "screens"."cinema_id"
    WHERE "shows"."movie_id" = ${movieId} AND "shows"."cancelled_at" IS NULL AND upper("shows"."occupied") > now()`)).rows;
  const clashes = [];
  // Per screen, the movie's shows at their new length against the other movies' shows and against each other.
  for (const screenId of new Set(own.map((show) => show.screen_id))) {
    const times = own.filter((show) => show.screen_id === screenId).map((show) => screenTime(new Date(show.starts_at), runtime, show.turnover_minutes));
    const from = new Date(Math.min(...times.map((t) => t.startsAt.getTime())));
    const to = new Date(Math.max(...times.map((t) => t.readyAt.getTime())));
    const others = (await scheduleOn(db, [screenId], from, to)).filter((o) => o.movieId !== movieId);
    clashes.push(...findClashes(times, others, { movieId, title, screenId }));
  }
  return new ScheduleClashError(clashes);
}
