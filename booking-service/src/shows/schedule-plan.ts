import type { Cinema, Screen } from '../cinemas/cinema.ts';
import type { CinemaDirectory } from '../cinemas/cinema-directory.ts';
import { SHOW_MAX_DAYS_AHEAD, type ScheduleClashJson } from '../contract/schedule.ts';
import { isCalendarDate, zonedInstant } from '../contract/theatre-time.ts';
import { badRequest, conflict, type HttpError } from '../http/errors.ts';
import { clashMessage, findClashes, screenTime, type Occupation, type ScheduleClash, type ScreenTime } from './screen-schedule.ts';
import type { ShowRepository } from './show-repository.ts';
import type { Movie } from './show.ts';

/** Add Shows' dates and times on a screen, checked against what the screen already shows. */

const DAY_MS = 86_400_000;

/** The instants of Add Shows' dates and times on the cinema's clock, each once; 400 for a bad date, a past time or one past the horizon. */
export function instantsOf(showsInput: readonly { date: string; time: readonly string[] }[], timeZone: string, now: Date): Date[] {
  const instants = new Map<number, Date>();
  for (const [i, entry] of showsInput.entries()) {
    if (!isCalendarDate(entry.date)) throw badRequest(`showsInput[${i}].date ${entry.date} is not a calendar date`);
    for (const time of entry.time) {
      const startsAt = zonedInstant(entry.date, time, timeZone);
      if (startsAt.getTime() <= now.getTime()) throw badRequest(`showsInput[${i}] ${entry.date} ${time} is in the past: shows must be in the future`);
      if (startsAt.getTime() > now.getTime() + SHOW_MAX_DAYS_AHEAD * DAY_MS) {
        throw badRequest(`showsInput[${i}] ${entry.date} is more than two years ahead: shows can be scheduled up to ${SHOW_MAX_DAYS_AHEAD} days ahead`);
      }
      instants.set(startsAt.getTime(), startsAt);
    }
  }
  return [...instants.values()];
}

export interface SchedulePlan {
  /** The proposed shows' times on the screen (those of the movie already there at that instant left out: existing). */
  proposed: ScreenTime[];
  clashes: ScheduleClash[];
}

/** The proposed shows against the screen's live shows around them (and each other). */
export async function planOnScreen(
  shows: Pick<ShowRepository, 'scheduleOn'>,
  place: { cinema: Cinema; screen: Screen },
  movie: Pick<Movie, 'id' | 'title' | 'runtime'>,
  instants: readonly Date[],
): Promise<SchedulePlan> {
  if (instants.length === 0) return { proposed: [], clashes: [] };
  const times = instants.map((startsAt) => screenTime(startsAt, movie.runtime, place.cinema.turnoverMinutes));
  const from = Math.min(...times.map((t) => t.startsAt.getTime()));
  // Past the last ready time too: the next free start may be later than every proposed show.
  const to = Math.max(...times.map((t) => t.readyAt.getTime())) + 2 * DAY_MS;
  const existing = await shows.scheduleOn([place.screen.id], new Date(from), new Date(to));
  const same = (o: Occupation, t: ScreenTime) => o.movieId === movie.id && o.startsAt.getTime() === t.startsAt.getTime();
  const proposed = times.filter((t) => !existing.some((o) => same(o, t)));
  return { proposed, clashes: findClashes(proposed, existing, { movieId: movie.id, title: movie.title, screenId: place.screen.id }) };
}

export function clashJson(clash: ScheduleClash, screenName: string, timeZone: string): ScheduleClashJson {
  const time = (t: { startsAt: Date; endsAt: Date; readyAt: Date }) => ({ startsAt: t.startsAt.toISOString(), endsAt: t.endsAt.toISOString(), readyAt: t.readyAt.toISOString() });
  const { showId, movieId, title, screenId, grandfathered } = clash.with;
  return {
    proposed: time(clash.proposed),
    clashesWith: { ...time(clash.with), showId, movieId, title, screenId, grandfathered },
    nextFreeStart: clash.nextFreeStart.toISOString(),
    message: clashMessage(clash, screenName, timeZone),
  };
}

/** The 409 naming every clash (the contract's ScheduleClashErrorSchema): nothing was added. */
export function clashConflict(
  clashes: readonly ScheduleClash[],
  screens: (screenId: string) => { name: string; timeZone: string },
  lead = clashes.length === 1 ? 'This show would overlap another on its screen' : `${clashes.length} of these shows would overlap others on their screen`,
): HttpError {
  const answers = clashes.map((clash) => {
    const { name, timeZone } = screens(clash.with.screenId);
    return clashJson(clash, name, timeZone);
  });
  return conflict(`${lead}: ${answers.map((a) => a.message).join('. ')}. Nothing was added.`, {
    clashes: answers,
    ...(answers[0] && { nextFreeStart: answers[0].nextFreeStart }),
  });
}

/** A screen's name and its cinema's clock, for a clash's words. */
export function screenWordsOf(cinemas: Pick<CinemaDirectory, 'place'>, fallbackZone: string) {
  return (screenId: string) => {
    const place = cinemas.place(screenId);
    return { name: place?.screen.name ?? screenId, timeZone: place?.cinema.timeZone ?? fallbackZone };
  };
}
