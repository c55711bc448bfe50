import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTicketCode } from '../src/bookings/ticket-code.ts';
import type { Cinema } from '../src/cinemas/cinema.ts';
import { DEFAULT_LAYOUT, layoutSeats } from '../src/contract/seats/layout.ts';
import { sampleMovie } from './support/mongo-fixtures.ts';
import { bookingTransitions } from '../src/bookings/guarded-transitions.ts';
import { formatTheatreClock, localDate, zonedInstant } from '../src/contract/theatre-time.ts';
import { ticketQrText } from '../src/contract/ticket-qr-text.ts';
import type { Store } from '../src/store/types.ts';
import { lanes, type Lane } from './support/databases.ts';
import { twoStoresOnOneDatabase } from './support/shared-database.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * The door (issue 45, part 1): POST /api/admin/check-in admits a paid ticket once, in its show's admission window
 * (60 minutes before to 30 after by default), refuses everything else with the reason, and logs every scan.
 * The service's clock is fixed at 19:55 on the theatre's clocks, two days ahead: the shows are placed around it.
 */

const MINUTE = 60_000;
const timeZone = 'America/New_York';
const day = localDate(new Date(Date.now() + 2 * 24 * 3600_000), timeZone);
const at = (time: string, date = day) => zonedInstant(date, time, timeZone);
const nextDay = localDate(new Date(at('12:00').getTime() + 24 * 3600_000), timeZone);
const CLOCK = at('19:55');
const env = { THEATRE_TIMEZONE: timeZone };
/**
 * The door's tests make many shows at once around the clock (each booking its own show). One screen shows one show
 * at a time (issue 52), so they play in two cinemas of their own, in two cities, with a screen of the spec's hall
 * for each show, written before the service starts (its directory reads the chain at start), without the seed.
 */
const SCREENS_EACH = 60;
function testCinema(id: string, name: string, city: string): Cinema {
  return {
    id, name, city, address: '1 Door Road', timeZone, phone: '', facilities: [], turnoverMinutes: 20,
    screens: Array.from({ length: SCREENS_EACH }, (_, i) => ({ id: `${id}-${i + 1}`, cinemaId: id, name: `Screen ${i + 1}`, format: 'Standard', layout: DEFAULT_LAYOUT })),
  };
}
const HERE = testCinema('door-test-here', 'Door Test Here', 'Mumbai');
const OTHER_CINEMA = testCinema('door-test-there', 'Door Test There', 'Delhi');

const DOOR_MOVIE = sampleMovie({ id: '880001', title: 'The Door Film', runtime: 100 });

/** A store of the lane with the door's cinemas. */
async function doorStore(store: Store): Promise<Store> {
  await store.cinemas.ensure([HERE, OTHER_CINEMA]);
  return store;
}

type BookingState = 'paid' | 'held' | 'cancelled' | 'refunded';

/** Bookings written straight to a store, on shows placed where a test needs them. */
function fixtures(store: Store) {
  let shows = 0;
  const screensUsed = { here: 0, there: 0 };
  const owner = { id: 'test|door.guest@example.com', name: 'Door Guest', email: 'door.guest@example.com' };

  /** A new show of the door's movie starting at `startsAt`, on a screen of its own: HERE's unless `elsewhere`. */
  async function showAt(startsAt: Date, elsewhere = false) {
    const movieId = DOOR_MOVIE.id;
    if (shows === 0) await store.movies.upsert(DOOR_MOVIE);
    const instant = new Date(startsAt.getTime() + ++shows);
    const cinema = elsewhere ? OTHER_CINEMA : HERE;
    const screen = cinema.screens[elsewhere ? screensUsed.there++ : screensUsed.here++]!;
    await store.shows.addMany(movieId, [{ startsAt: instant, priceCents: 1250, screenId: screen.id }]);
    const show = (await store.shows.upcomingForMovie(movieId, new Date(instant.getTime() - 1))).find((s) => s.startsAt.getTime() === instant.getTime())!;
    return { ...show, screenName: screen.name };
  }

  /** A booking of `seats` for a show at `startsAt`, in `state`. */
  async function booking(startsAt: Date, state: BookingState = 'paid', seats = ['E5', 'E6']) {
    const show = await showAt(startsAt);
    return { ...(await bookingOf(show.id, state, seats)), hall: show.screenName };
  }

  /** A booking of the first two seats of one of another cinema's screens (OTHER_CINEMA), for a show at `startsAt`. */
  async function bookingElsewhere(startsAt: Date, state: BookingState = 'paid') {
    const seats = layoutSeats(DEFAULT_LAYOUT).slice(0, 2).map((seat) => seat.id);
    const show = await showAt(startsAt, true);
    return { ...(await bookingOf(show.id, state, seats)), seats, hall: show.screenName };
  }

  /** A booking of `seats` of the show `showId`, in `state`. */
  async function bookingOf(showId: string, state: BookingState, seats: string[]) {
    await store.users.upsert(owner);
    const show = { id: showId };
    const id = randomUUID();
    const ticketCode = newTicketCode();
    const created = await store.bookings.create({
      id, userId: owner.id, showId: show.id, seats, amountCents: 1250 * seats.length,
      holdExpiresAt: new Date(CLOCK.getTime() + 10 * MINUTE), paymentLink: null, createdAt: new Date(CLOCK.getTime() - 3 * 24 * 3600_000), ticketCode,
    });
    if (!created.ok) throw new Error('fixture booking refused');
    const transitions = bookingTransitions(store.bookings);
    if (state === 'paid') await transitions.markSamplePaid(id, new Date(CLOCK.getTime() - 2 * 24 * 3600_000));
    if (state === 'cancelled' || state === 'refunded') await transitions.cancelHold(id);
    if (state === 'refunded') {
      await transitions.flagRefund(id, { paymentIntentId: 'pi_test', reason: 'paid after the hold ended' });
      await transitions.setRefundOutcome(id, { status: 'refunded', refundId: 're_test', reason: 'refunded' });
    }
    return { id, ticketCode, showId: show.id, seats, owner };
  }

  return { booking, bookingElsewhere, bookingOf, owner };
}

function scanner(t: TestApp, token: () => string) {
  return (code: string, door = 'Door 1') => t.api('POST', '/api/admin/check-in', { token: token(), body: { code, door } });
}

for (const lane of lanes) {
  describe.skipIf(lane.skipReason !== null)(`check-in at the door on ${lane.name}`, () => {
    let t: TestApp;
    let door: string;
    let admin: string;
    let support: string;
    let user: string;
    let f: ReturnType<typeof fixtures>;
    let clock = CLOCK;
    const routes: { method: string; url: string }[] = [];
    const scan = (code: string, doorName?: string) => scanner(t, () => door)(code, doorName);

    beforeAll(async () => {
      t = await startTestApp(lane, { env, now: () => clock, store: await doorStore(await lane.openStore()), seed: false, onRoute: (route) => routes.push({ method: String(route.method), url: route.url }) });
      door = await t.tokenFor('door@example.com', ['door']);
      admin = await t.tokenFor('admin@example.com', ['admin']);
      support = await t.tokenFor('support@example.com', ['support']);
      user = await t.tokenFor('someone@example.com');
      f = fixtures(t.store);
    });
    afterAll(async () => {
      await t?.close();
      await t?.store.close();
    });

    it('admits a paid ticket in its window by its QR text or its code typed in any case: movie, show time, hall, seats, tickets', async () => {
      const booking = await f.booking(at('20:00'), 'paid', ['F3', 'F4', 'F5']);
      const res = await scan(ticketQrText(booking.ticketCode), 'Door 2');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({
        success: true,
        message: 'Admitted: 3 tickets',
        admission: { bookingId: booking.id, hall: booking.hall, seats: ['F3', 'F4', 'F5'], tickets: 3, door: 'Door 2', admittedAt: CLOCK.toISOString() },
      });
      expect(res.body.admission.movieTitle).toEqual(expect.any(String));
      expect(res.body.admission.showTime).toBe('8:00 PM');

      const typed = await f.booking(at('20:00'));
      const byCode = await t.api('POST', '/api/admin/check-in', { token: admin, body: { code: ` ${typed.ticketCode.toLowerCase()} `, door: 'Door 1' } });
      expect(byCode.status, JSON.stringify(byCode.body)).toBe(200);
      expect(byCode.body.message).toBe('Admitted: 2 tickets');
    });

    it('refuses the same ticket again: 409 "Already admitted at 7:55 PM", naming the door and the staff member', async () => {
      const booking = await f.booking(at('20:00'));
      expect((await scan(booking.ticketCode, 'Door 2')).status).toBe(200);
      for (const [token, doorName] of [[door, 'Door 2'], [admin, 'Door 5']] as const) {
        const again = await t.api('POST', '/api/admin/check-in', { token, body: { code: ticketQrText(booking.ticketCode), door: doorName } });
        expect(again.status).toBe(409);
        expect(again.body.message).toBe(`Already admitted at ${formatTheatreClock(CLOCK, timeZone)} at Door 2 by door`);
        expect(again.body.message).toBe('Already admitted at 7:55 PM at Door 2 by door');
        expect(again.body).toMatchObject({ outcome: 'already-admitted', admittedDoor: 'Door 2', admittedBy: 'door', admittedAt: CLOCK.toISOString() });
      }
    });

    it('refuses unpaid, cancelled, refunded, another day, too early and too late with the reason in words', async () => {
      const cases = [
        { booking: await f.booking(at('20:00'), 'held'), outcome: 'not-paid', message: /^Not paid: this booking is still awaiting payment/ },
        { booking: await f.booking(at('20:00'), 'cancelled'), outcome: 'cancelled', message: /^Cancelled: / },
        { booking: await f.booking(at('20:00'), 'refunded'), outcome: 'refunded', message: /^Refunded: / },
        { booking: await f.booking(at('20:00', nextDay)), outcome: 'another-day', message: /^Another day: this ticket is for the show on .*8:00 PM/ },
        { booking: await f.booking(at('21:30')), outcome: 'too-early', message: /^Too early: admission for the 9:30 PM show opens at 8:30 PM/ },
        { booking: await f.booking(at('19:00')), outcome: 'too-late', message: /^Too late: admission for the 7:00 PM show closed at 7:30 PM/ },
      ];
      for (const { booking, outcome, message } of cases) {
        const res = await scan(booking.ticketCode);
        expect(res.status, `${outcome}: ${JSON.stringify(res.body)}`).toBe(409);
        expect(res.body).toMatchObject({ success: false, outcome, booking: { bookingId: booking.id } });
        expect(res.body.message).toMatch(message);
      }
    });

    it('a door at a cinema refuses a ticket for another cinema, naming where it is valid; a door that names no cinema (an older screen) is not checked', async () => {
      const atDoor = (code: string, cinemaId?: string) =>
        t.api('POST', '/api/admin/check-in', { token: door, body: { code, door: 'Door 1', ...(cinemaId && { cinemaId }) } });
      const elsewhere = await f.bookingElsewhere(at('20:00'));
      const refused = await atDoor(elsewhere.ticketCode, HERE.id);
      expect(refused.status, JSON.stringify(refused.body)).toBe(409);
      expect(refused.body).toMatchObject({ outcome: 'another-cinema', booking: { bookingId: elsewhere.id, seats: elsewhere.seats } });
      expect(refused.body.message).toBe(`Another cinema: this ticket is for ${OTHER_CINEMA.name}, ${elsewhere.hall}`);
      expect((await t.api('GET', `/api/debug/bookings/${elsewhere.id}/history`, { token: support })).body.checkIns).toEqual([
        expect.objectContaining({ outcome: 'another-cinema', door: 'Door 1' }),
      ]);

      // At its own cinema's door it admits, and the answer names that screen.
      const admitted = await atDoor(elsewhere.ticketCode, OTHER_CINEMA.id);
      expect(admitted.status, JSON.stringify(admitted.body)).toBe(200);
      expect(admitted.body.admission).toMatchObject({ hall: elsewhere.hall, seats: elsewhere.seats });
      // Scanned again at the wrong cinema, the news is that it was used.
      expect((await atDoor(elsewhere.ticketCode, HERE.id)).body.outcome).toBe('already-admitted');

      // A door screen from before cinemas sends no cinemaId: admitted as before.
      expect((await atDoor((await f.bookingElsewhere(at('20:00'))).ticketCode)).status).toBe(200);
      // The ticket's own state comes first: a refunded ticket is not sent to another cinema.
      expect((await atDoor((await f.bookingElsewhere(at('20:00'), 'refunded')).ticketCode, HERE.id)).body.outcome).toBe('refunded');
      // The window still holds at the right cinema.
      expect((await atDoor((await f.bookingElsewhere(at('21:30'))).ticketCode, OTHER_CINEMA.id)).body.outcome).toBe('too-early');

      // A cinema the chain does not have is a bad request, and nothing is logged.
      const ticket = await f.booking(at('20:00'));
      expect((await atDoor(ticket.ticketCode, 'no-such-cinema')).status).toBe(404);
      expect((await atDoor(ticket.ticketCode, 'Not A Slug')).status).toBe(400);
      const history = await t.api('GET', `/api/debug/bookings/${ticket.id}/history`, { token: support });
      expect(history.body.checkIns).toEqual([]);
    });

    it('lists the shows admitting now at one cinema (?cinemaId), or at all of them', async () => {
      const here = await f.booking(at('20:00'));
      const there = await f.bookingElsewhere(at('20:00'));
      const ids = async (query = '') =>
        ((await t.api('GET', `/api/admin/check-in/shows${query}`, { token: door })).body.shows as { showId: string }[]).map((s) => s.showId);
      expect(await ids()).toEqual(expect.arrayContaining([here.showId, there.showId]));
      expect(await ids(`?cinemaId=${OTHER_CINEMA.id}`)).toContain(there.showId);
      expect(await ids(`?cinemaId=${OTHER_CINEMA.id}`)).not.toContain(here.showId);
      expect(await ids(`?cinemaId=${HERE.id}`)).toContain(here.showId);
      expect(await ids(`?cinemaId=${HERE.id}`)).not.toContain(there.showId);
      expect((await t.api('GET', '/api/admin/check-in/shows?cinemaId=Not%20a%20slug', { token: door })).status).toBe(400);
    });

    it('admits at the edges of the window (60 minutes before, 30 after) and not a minute past them', async () => {
      expect((await scan((await f.booking(new Date(CLOCK.getTime() + 60 * MINUTE - 1000))).ticketCode)).status).toBe(200);
      expect((await scan((await f.booking(new Date(CLOCK.getTime() - 30 * MINUTE - 2000))).ticketCode)).status).toBe(409);
      const late = await f.booking(new Date(CLOCK.getTime() - 31 * MINUTE));
      expect((await scan(late.ticketCode)).body.outcome).toBe('too-late');
    });

    it('answers 404 for a code no booking has, and 400 for malformed input (empty, control characters, too long)', async () => {
      for (const code of [newTicketCode(), ticketQrText(newTicketCode()), 'hello there', 'TICKET:', 'ticket: ']) {
        const res = await scan(code);
        expect(res.status, code).toBe(404);
        expect(res.body).toEqual({ success: false, message: 'No ticket has this code' });
      }
      const bad = [
        { code: '', door: 'Door 1' },
        { code: '   ', door: 'Door 1' },
        { code: 'ABC\u0007DEF', door: 'Door 1' },
        { code: 'TICKET:\u0000', door: 'Door 1' },
        { code: 'A'.repeat(201), door: 'Door 1' },
        { code: newTicketCode(), door: '' },
        { code: newTicketCode(), door: 'Door\n1' },
        { code: newTicketCode(), door: 'D'.repeat(61) },
        { code: newTicketCode() },
        { code: newTicketCode(), door: 'Door 1', extra: true },
        { code: 42, door: 'Door 1' },
      ];
      for (const body of bad) {
        const res = await t.api('POST', '/api/admin/check-in', { token: door, body });
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.success).toBe(false);
      }
    });

    it('counts a show at the door, live: tickets admitted of tickets sold (paid bookings\' seats), for the door and admin roles only', async () => {
      const first = await f.booking(at('20:00'), 'paid', ['A1', 'A2', 'A3']);
      const second = await f.bookingOf(first.showId, 'paid', ['B1', 'B2']);
      await f.bookingOf(first.showId, 'held', ['C1']);
      await f.bookingOf(first.showId, 'cancelled', ['C2']);
      const count = (token = door) => t.api('GET', `/api/admin/check-in/shows/${first.showId}`, { token });
      expect((await count()).body).toEqual({ success: true, showId: first.showId, admitted: 0, sold: 5 });
      expect((await scan(first.ticketCode)).status).toBe(200);
      expect((await scan(first.ticketCode)).status).toBe(409); // a second scan admits no one more
      expect((await count(admin)).body).toMatchObject({ admitted: 3, sold: 5 });
      expect((await scan(second.ticketCode)).status).toBe(200);
      expect((await count()).body).toMatchObject({ admitted: 5, sold: 5 });
      expect((await t.api('GET', `/api/admin/check-in/shows/${randomUUID()}`, { token: door })).body).toMatchObject({ admitted: 0, sold: 0 });
      for (const token of [user, support]) expect((await count(token)).status).toBe(403);

      // The shows admitting now, with their counts: this 8:00 PM show is among them; a 9:30 PM one (opens 8:30) is not.
      const later = await f.booking(at('21:30'));
      const now = await t.api('GET', '/api/admin/check-in/shows', { token: door });
      expect(now.status).toBe(200);
      expect(now.body.shows).toContainEqual(expect.objectContaining({ showId: first.showId, showTime: '8:00 PM', admitted: 5, sold: 5 }));
      expect(now.body.shows.map((s: { showId: string }) => s.showId)).not.toContain(later.showId);
      expect((await t.api('GET', '/api/admin/check-in/shows', { token: support })).status).toBe(403);
      expect((await t.api('GET', `/api/admin/check-in/shows/${first.showId}`)).status).toBe(401);
    });

    it('lets the door and admin roles check in, and no one else (401 anonymous, 403 a moviegoer or support)', async () => {
      const booking = await f.booking(at('20:00'));
      expect((await t.api('POST', '/api/admin/check-in', { body: { code: booking.ticketCode, door: 'Door 1' } })).status).toBe(401);
      for (const token of [user, support]) {
        const res = await t.api('POST', '/api/admin/check-in', { token, body: { code: booking.ticketCode, door: 'Door 1' } });
        expect(res.status).toBe(403);
      }
      expect((await t.api('GET', `/api/debug/bookings/${booking.id}/history`, { token: support })).body.checkIns).toEqual([]);
    });

    it('gives the door role 403 on every other staff route, through the same role check as a moviegoer gets', async () => {
      const staffRoutes = routes.filter(
        ({ method, url }) =>
          method !== 'HEAD' &&
          (url.startsWith('/api/admin/') || url.startsWith('/api/debug/') || ['/api/show/add', '/api/show/now-playing'].includes(url)) &&
          !['/api/admin/check-in', '/api/admin/check-in/shows', '/api/admin/check-in/shows/:showId', '/api/admin/is-admin'].includes(url),
      );
      expect(staffRoutes.length).toBeGreaterThan(15);
      const path = (url: string) => url.replace(/:(\w+)/g, (_, name: string) => (name === 'movieId' || name === 'id' ? '999999' : randomUUID()));
      for (const { method, url } of staffRoutes) {
        const target = path(url);
        const asDoor = await t.api(method, target, { token: door, body: method === 'GET' ? undefined : {} });
        const asUser = await t.api(method, target, { token: user, body: method === 'GET' ? undefined : {} });
        expect(asDoor.status, `${method} ${url}`).toBe(403);
        expect(asDoor.body, `${method} ${url}`).toEqual(asUser.body);
      }
      const isAdmin = await t.api('GET', '/api/admin/is-admin', { token: door });
      expect(isAdmin.body).toEqual({ success: true, isAdmin: false, isSupport: false, isDoor: true });
    });

    it('logs every admission and refusal: support reads them in the booking\'s history', async () => {
      const booking = await f.booking(at('20:00'));
      await scan(booking.ticketCode, 'Door 1');
      const later = new Date(CLOCK.getTime() + 2 * MINUTE);
      clock = later;
      try {
        const again = await t.api('POST', '/api/admin/check-in', { token: admin, body: { code: booking.ticketCode, door: 'Door 3' } });
        expect(again.body.message).toBe('Already admitted at 7:55 PM at Door 1 by door');
      } finally {
        clock = CLOCK;
      }
      const history = await t.api('GET', `/api/debug/bookings/${booking.id}/history`, { token: support });
      expect(history.status).toBe(200);
      expect(history.body.checkIns).toEqual([
        { id: expect.any(String), outcome: 'admitted', door: 'Door 1', staffName: 'door', at: CLOCK.toISOString() },
        { id: expect.any(String), outcome: 'already-admitted', door: 'Door 3', staffName: 'admin', at: later.toISOString() },
      ]);
      const early = await f.booking(at('22:00'));
      await scan(early.ticketCode, 'Door 4');
      const refused = await t.api('GET', `/api/debug/bookings/${early.id}/history`, { token: support });
      expect(refused.body.checkIns).toEqual([expect.objectContaining({ outcome: 'too-early', door: 'Door 4', staffName: 'door' })]);
    });

    it("carries admittedAt in the moviegoer's own bookings (null until admitted)", async () => {
      const admitted = await f.booking(at('20:00'));
      const waiting = await f.booking(at('20:00'));
      await scan(admitted.ticketCode);
      const own = await t.api('GET', '/api/user/bookings', { token: await t.tokenFor(f.owner.email) });
      expect(own.status).toBe(200);
      const byId = new Map(own.body.bookings.map((b: { _id: string }) => [b._id, b]));
      expect(byId.get(admitted.id)).toMatchObject({ admittedAt: CLOCK.toISOString() });
      expect(byId.get(waiting.id)).toMatchObject({ admittedAt: null });
    });

    it('admits a ticket scanned at two doors at the same instant exactly once', async () => {
      for (let round = 0; round < 5; round++) {
        const booking = await f.booking(at('20:00'));
        const answers = await Promise.all([scan(booking.ticketCode, 'Door 1'), scan(ticketQrText(booking.ticketCode), 'Door 2')]);
        expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
        expect(answers.find((a) => a.status === 409)!.body.outcome).toBe('already-admitted');
        const log = await t.store.checkIns.listForBooking(booking.id);
        expect(log.filter((entry) => entry.outcome === 'admitted')).toHaveLength(1);
      }
    });

    it('answers 20 doors scanning 20 different tickets at once, each admitted', async () => {
      const bookings = await Promise.all(Array.from({ length: 20 }, () => f.booking(at('20:00'))));
      const answers = await Promise.all(bookings.map((booking, i) => scan(booking.ticketCode, `Door ${i + 1}`)));
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
      expect(new Set(answers.map((a) => a.body.admission.bookingId)).size).toBe(20);
    });
  });
}

/** Two instances on one database: the same ticket at a door of each, at once, is admitted by one of them. */
for (const lane of lanes.filter((l): l is Lane => l.name === 'postgres' || l.name === 'mongodb')) {
  describe.skipIf(lane.skipReason !== null)(`check-in across two instances on one ${lane.name} database`, () => {
    let shared: Awaited<ReturnType<typeof twoStoresOnOneDatabase>>;
    let a: TestApp;
    let b: TestApp;

    beforeAll(async () => {
      shared = await twoStoresOnOneDatabase(lane);
      a = await startTestApp(lane, { env, now: () => CLOCK, store: await doorStore(shared.stores[0]), seed: false });
      b = await startTestApp(lane, { env, now: () => CLOCK, store: shared.stores[1] });
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await shared?.close();
    });

    it('admits each ticket once when two doors on two instances scan it at the same instant', async () => {
      const f = fixtures(a.store);
      const [tokenA, tokenB] = [await a.tokenFor('door.a@example.com', ['door']), await b.tokenFor('door.b@example.com', ['door'])];
      for (let round = 0; round < 10; round++) {
        const booking = await f.booking(at('20:00'));
        const answers = await Promise.all([
          scanner(a, () => tokenA)(booking.ticketCode, 'North door'),
          scanner(b, () => tokenB)(ticketQrText(booking.ticketCode), 'South door'),
        ]);
        expect(answers.map((answer) => answer.status).sort(), JSON.stringify(answers.map((answer) => answer.body))).toEqual([200, 409]);
        const refused = answers.find((answer) => answer.status === 409)!.body;
        expect(refused.outcome).toBe('already-admitted');
        const winner = answers.find((answer) => answer.status === 200)!.body.admission.door;
        expect(refused.admittedDoor).toBe(winner);
        for (const store of shared.stores) {
          const log = await store.checkIns.listForBooking(booking.id);
          expect(log.map((entry) => entry.outcome).sort()).toEqual(['admitted', 'already-admitted']);
        }
      }
    });
  });
}
