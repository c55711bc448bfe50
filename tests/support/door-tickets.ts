import { expect, type Page } from '@playwright/test';
import { apiAs, holdIfFree, tokenFor } from './api';
import { signInFromPrompt } from './sign-in';
import { STACK, type BrowserStack } from './test-stack';

const MINUTE = 60_000;

/** The date and HH:MM of `instant` on the theatre's clocks, as Add Shows takes them. */
function theatreDateTime(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** An admin call the staff client does not type (issue 52's schedule check), as the Add Shows page would make it, to `stack`'s service (this worker's). */
export async function adminCall<T>(token: string, method: 'GET' | 'POST', path: string, body?: unknown, stack: BrowserStack = STACK): Promise<T> {
  const response = await fetch(`${stack.urls.service}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const DEFAULT_SCREEN_ID = 'marquee-marine-drive-1';

/**
 * A show starting within the hour (inside the door's admission window, which opens 60 minutes before) whose online
 * sales are still open (they close `salesCloseMinutes`, 15, before it starts: a seeded show 5 to 15 minutes away
 * refused every hold, depending on the hour CI ran), on `screenId` (default: the default cinema's first screen) or,
 * when that screen is busy all that time, another screen of its cinema (recliner rooms aside: their rows are short):
 * showStartingBetween's first range. Its id and movie.
 */
export async function showStartingSoon(screenId = DEFAULT_SCREEN_ID): Promise<{ showId: string; movieTitle: string }> {
  const { salesCloseMinutes } = await apiAs().publicConfig();
  const earliestMinutes = salesCloseMinutes + 3;
  return showStartingBetween({ earliestMinutes, latestMinutes: 55, wantedMinutes: earliestMinutes + 10 }, screenId);
}

/**
 * A show starting between `earliestMinutes` and `latestMinutes` from now, on `screenId` or, when that screen is busy
 * all that time, another screen of its cinema (recliner rooms aside). The seed's week plays every screen back to back,
 * one show at a time (issue 52): a seeded show starting then is used as it is; else one is added as staff would, about
 * `wantedMinutes` from now or at the screen's next free start (POST /api/admin/shows/check). Its id and movie.
 */
export async function showStartingBetween(
  { earliestMinutes, latestMinutes, wantedMinutes }: { earliestMinutes: number; latestMinutes: number; wantedMinutes: number },
  screenId = DEFAULT_SCREEN_ID,
): Promise<{ showId: string; movieTitle: string }> {
  const token = tokenFor('admin@example.com', 'admin');
  const earliest = Date.now() + earliestMinutes * MINUTE;
  const latest = new Date(Date.now() + latestMinutes * MINUTE);
  const cinema = await cinemaOfScreen(token, screenId);
  const screens = [screenId, ...cinema.screens.filter((s) => s._id !== screenId && s.format !== 'Recliner').map((s) => s._id)];
  const upcoming = (
    await adminCall<{ shows: { _id: string; showDateTime: string; movie: { title: string }; screen?: { _id: string }; cancelled?: boolean }[] }>(
      token, 'GET', `/api/admin/shows?cinemaId=${cinema._id}&pageSize=200`,
    )
  ).shows;
  for (const screen of screens) {
    const seeded = upcoming.find((row) => row.screen?._id === screen && !row.cancelled && Date.parse(row.showDateTime) >= earliest && Date.parse(row.showDateTime) <= latest.getTime());
    if (seeded) return { showId: seeded._id, movieTitle: seeded.movie.title };
    const wanted = new Date(Math.ceil((Date.now() + wantedMinutes * MINUTE) / (5 * MINUTE)) * 5 * MINUTE);
    const added = await addShowOnScreen(screen, wanted, latest, { makeRoom: true });
    if (added) return added;
  }
  throw new Error(`every screen of ${cinema._id} is busy from ${earliestMinutes} to ${latestMinutes} minutes from now`);
}

type AdminCinema = { _id: string; timeZone: string; screens: { _id: string; format: string }[] };

async function cinemaOfScreen(token: string, screenId: string): Promise<AdminCinema> {
  const cinemas = (await adminCall<{ cinemas: AdminCinema[] }>(token, 'GET', '/api/admin/cinemas')).cinemas;
  return cinemas.find((c) => c.screens.some((s) => s._id === screenId))!;
}

/**
 * A show of its own for a test, added as staff would on `screenId`: at `wanted`, else at the screen's next free start
 * (POST /api/admin/shows/check), or null when that is after `latest`. `makeRoom`: in the morning the screen's first
 * seeded show (10:00 on the cinema's clock) leaves no room for a show starting soon, and staff make room by cancelling
 * the shows it would overlap that have not started, as a cinema reschedules (those after it too, when the new show runs
 * into them). The time is on the screen's cinema's clock, as Add Shows takes it (issue 52).
 */
export async function addShowOnScreen(
  screenId: string,
  wanted: Date,
  latest: Date,
  { makeRoom = false } = {},
): Promise<{ showId: string; movieId: string; movieTitle: string; date: string; time: string } | null> {
  const token = tokenFor('admin@example.com', 'admin');
  const admin = apiAs(token);
  const { timeZone } = await cinemaOfScreen(token, screenId);
  const movie = (await apiAs().showAll()).shows[0]!;
  type Check = { free: boolean; proposed: unknown[]; nextFreeStart?: string; clashes?: { clashesWith: { showId: string | null; startsAt: string } }[] };
  const checkAt = (start: Date) => {
    const { date, time } = theatreDateTime(start, timeZone);
    return adminCall<Check>(token, 'POST', '/api/admin/shows/check', { movieId: movie._id, showsInput: [{ date, time: [time] }], screenId });
  };
  let tried = wanted;
  let check = await checkAt(tried);
  // The movie already plays on the screen at that moment (an earlier test's own show, or the seed's: maybe in an on-sale
  // event): the check leaves it out as existing (free, nothing proposed) and adding would add nothing, so the show
  // found below was that one (waiting-room.spec: "Show ... already belongs to an on-sale event"). One of its own is
  // later: from 5 minutes on, the check names that show's clash and the next free start.
  if (check.free && check.proposed.length === 0) check = await checkAt((tried = new Date(tried.getTime() + 5 * MINUTE)));
  for (let round = 0; makeRoom && round < 3 && !check.free && Date.parse(check.nextFreeStart!) > latest.getTime(); round++) {
    const clashes = check.clashes ?? [];
    const unstarted = clashes.filter((clash) => clash.clashesWith.showId && Date.parse(clash.clashesWith.startsAt) > Date.now());
    if (unstarted.length === 0 || unstarted.length !== clashes.length) break;
    for (const clash of unstarted) await admin.cancelShow(clash.clashesWith.showId!);
    check = await checkAt(tried);
  }
  const startsAt = check.free ? tried : new Date(check.nextFreeStart!);
  if (startsAt.getTime() > latest.getTime()) return null;
  const at = theatreDateTime(startsAt, timeZone);
  await admin.addShow({ movieId: movie._id, showsInput: [{ date: at.date, time: [at.time] }], showPrice: 12, screenId });
  const detail = await apiAs().showDetail(movie._id);
  for (const [day, slots] of Object.entries(detail.dateTime)) {
    const slot = slots.find((s) => new Date(s.time).getTime() === startsAt.getTime() && s.screenId === screenId);
    if (slot) return { showId: slot.showId, movieId: movie._id, movieTitle: movie.title, date: day, time: slot.time };
  }
  throw new Error(`the show added at ${at.date} ${at.time} on ${screenId} is not listed`);
}

/** A paid booking of free seats of `showId` (held by a moviegoer, marked paid by support): its ticket code and seats. */
export async function paidTicket(showId: string, candidates: string[]): Promise<{ ticketCode: string; seats: string[] }> {
  const token = tokenFor('user@example.com');
  const taken = (await apiAs().occupiedSeats(showId)).occupiedSeats;
  const free = candidates.filter((s) => !taken.includes(s));
  // Two free seats the account may hold: a pair it released a moment ago (another test's) is in its re-hold cooldown
  // (409), and the next pair is tried.
  let held: Awaited<ReturnType<typeof holdIfFree>> = null;
  let seats: string[] = [];
  for (let first = 0; !held && first + 1 < free.length; first += 2) {
    seats = free.slice(first, first + 2);
    held = await holdIfFree(token, showId, seats);
  }
  if (!held) throw new Error(`no two of seats ${candidates.join(', ')} of show ${showId} could be held`);
  const support = apiAs(tokenFor('support@example.com', 'support'));
  await support.markPaid(held.bookingId);
  const booking = (await support.debugBookings({ q: held.bookingId })).bookings[0]!;
  return { ticketCode: booking.ticketCode, seats };
}

/** The door's page on `page`, signed in as the door account, at `door` of `cinema` (Mumbai's Marine Drive by default). */
export async function openAsDoor(page: Page, door = 'Door 2', cinema = 'Marquee Marine Drive') {
  await page.goto('/admin/check-in');
  await signInFromPrompt(page, 'door@example.com');
  await page.getByLabel('Which cinema is this door at?').selectOption({ label: `${cinema} · Mumbai` });
  await page.getByLabel('Which door is this phone at?').fill(door);
  await page.getByRole('button', { name: 'Start scanning' }).click();
  await expect(page.getByRole('heading', { name: `Check-in · ${cinema} · ${door}` })).toBeVisible();
}
