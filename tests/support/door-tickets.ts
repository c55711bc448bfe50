import { expect, type Page } from '@playwright/test';
import { apiAs, holdIfFree, tokenFor } from './api';
import { signInFromPrompt } from './sign-in';
import { urls } from './test-stack';

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

/** An admin call the staff client does not type (issue 52's schedule check), as the Add Shows page would make it. */
export async function adminCall<T>(token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${urls.service}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const DEFAULT_SCREEN_ID = 'marquee-marine-drive-1';

/**
 * A show starting within the hour (inside the door's admission window, which opens 60 minutes before), on `screenId`
 * (default: the default cinema's first screen) or, when that screen is busy all that time, another screen of its
 * cinema (recliner rooms aside: their rows are short): showStartingBetween's first range. Its id and movie.
 */
export function showStartingSoon(screenId = DEFAULT_SCREEN_ID): Promise<{ showId: string; movieTitle: string }> {
  return showStartingBetween({ earliestMinutes: 5, latestMinutes: 50, wantedMinutes: 20 }, screenId);
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
  const admin = apiAs(token);
  const earliest = Date.now() + earliestMinutes * MINUTE;
  const latest = Date.now() + latestMinutes * MINUTE;
  const cinemas = (await adminCall<{ cinemas: { _id: string; timeZone: string; screens: { _id: string; format: string }[] }[] }>(token, 'GET', '/api/admin/cinemas')).cinemas;
  const cinema = cinemas.find((c) => c.screens.some((s) => s._id === screenId))!;
  // Add Shows' times are the screen's cinema's (issue 52 part 3), not the theatre's fallback zone.
  const { timeZone } = cinema;
  const screens = [screenId, ...cinema.screens.filter((s) => s._id !== screenId && s.format !== 'Recliner').map((s) => s._id)];
  const upcoming = (
    await adminCall<{ shows: { _id: string; showDateTime: string; movie: { title: string }; screen?: { _id: string }; cancelled?: boolean }[] }>(
      token, 'GET', `/api/admin/shows?cinemaId=${cinema._id}&pageSize=200`,
    )
  ).shows;
  const movie = (await apiAs().showAll()).shows[0]!;
  const busy: string[] = [];
  for (const screen of screens) {
    const seeded = upcoming.find((row) => row.screen?._id === screen && !row.cancelled && Date.parse(row.showDateTime) >= earliest && Date.parse(row.showDateTime) <= latest);
    if (seeded) return { showId: seeded._id, movieTitle: seeded.movie.title };
    const wanted = new Date(Math.ceil((Date.now() + wantedMinutes * MINUTE) / (5 * MINUTE)) * 5 * MINUTE);
    const { date, time } = theatreDateTime(wanted, timeZone);
    type Check = { free: boolean; nextFreeStart?: string; clashes?: { clashesWith: { showId: string | null; startsAt: string } }[] };
    const checkAt = () => adminCall<Check>(token, 'POST', '/api/admin/shows/check', { movieId: movie._id, showsInput: [{ date, time: [time] }], screenId: screen });
    let check = await checkAt();
    // In the morning the screen's first seeded show (10:00 on the cinema's clock) leaves no room for a show starting
    // then: staff make room by cancelling the shows it would overlap that have not started, as a cinema reschedules
    // (those after it too, when the new show runs into them).
    for (let round = 0; round < 3 && !check.free && Date.parse(check.nextFreeStart!) > latest; round++) {
      const clashes = check.clashes ?? [];
      const unstarted = clashes.filter((clash) => clash.clashesWith.showId && Date.parse(clash.clashesWith.startsAt) > Date.now());
      if (unstarted.length === 0 || unstarted.length !== clashes.length) break;
      for (const clash of unstarted) await admin.cancelShow(clash.clashesWith.showId!);
      check = await checkAt();
    }
    const startsAt = check.free ? wanted : new Date(check.nextFreeStart!);
    if (startsAt.getTime() > latest) {
      busy.push(`${screen}: next free at ${check.nextFreeStart}`);
      continue;
    }
    const at = theatreDateTime(startsAt, timeZone);
    await admin.addShow({ movieId: movie._id, showsInput: [{ date: at.date, time: [at.time] }], showPrice: 12, screenId: screen });
    const detail = await apiAs().showDetail(movie._id);
    const slot = Object.values(detail.dateTime).flat().find((s) => new Date(s.time).getTime() === startsAt.getTime() && s.screenId === screen);
    if (!slot) throw new Error(`the show added at ${at.date} ${at.time} on ${screen} is not listed`);
    return { showId: slot.showId, movieTitle: movie.title };
  }
  throw new Error(`every screen of ${cinema._id} is busy from ${earliestMinutes} to ${latestMinutes} minutes from now (${busy.join('; ')})`);
}

/** A paid booking of free seats of `showId` (held by a moviegoer, marked paid by support): its ticket code and seats. */
export async function paidTicket(showId: string, candidates: string[]): Promise<{ ticketCode: string; seats: string[] }> {
  const token = tokenFor('user@example.com');
  const taken = (await apiAs().occupiedSeats(showId)).occupiedSeats;
  const seats = candidates.filter((s) => !taken.includes(s)).slice(0, 2);
  const held = await holdIfFree(token, showId, seats);
  if (!held) throw new Error(`seats ${seats.join(', ')} of show ${showId} were taken`);
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
