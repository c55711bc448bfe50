import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingTransitions } from '../src/bookings/guarded-transitions.ts';
import { newTicketCode } from '../src/bookings/ticket-code.ts';
import type { Cinema } from '../src/cinemas/cinema.ts';
import { DEFAULT_LAYOUT } from '../src/contract/seats/layout.ts';
import { formatTheatreTime, localDate, zonedInstant } from '../src/contract/theatre-time.ts';
import type { Store } from '../src/store/types.ts';
import { lanes } from './support/databases.ts';
import { sampleMovie } from './support/mongo-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Each cinema on its own clock (issue 52 part 3), with a cinema whose zone is neither the server's (UTC), nor the
 * service's fallback (THEATRE_TIMEZONE, here Asia/Tokyo), nor the built-in chain's (Asia/Kolkata): New York's, on the
 * eve of its next daylight-saving change, the service's clock at 11:50 PM there. Sales close, the cancellation
 * cut-off, the door's window, List Shows' and List Bookings' dates and Add Shows' times are all read on its clock.
 */

const ZONE = 'America/New_York';
const FALLBACK = 'Asia/Tokyo';
const MINUTE = 60_000;
const DAY = 86_400_000;

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}
const at = (date: string, time: string) => zonedInstant(date, time, ZONE);
/** A day's length on New York's clocks: 23 or 25 hours on a daylight-saving change. */
const dayLength = (date: string) => at(addDays(date, 1), '00:00').getTime() - at(date, '00:00').getTime();

/** The next daylight-saving change in New York, two days or more from now, and its eve. */
let CHANGE = localDate(new Date(Date.now() + 2 * DAY), ZONE);
while (dayLength(CHANGE) === DAY) CHANGE = addDays(CHANGE, 1);
const EVE = addDays(CHANGE, -1);
const CLOCK = at(EVE, '23:50');

const CINEMA: Cinema = {
  id: 'clock-test-new-york',
  name: 'Clock Test New York',
  city: 'New York',
  address: '1 Clock Street',
  timeZone: ZONE,
  phone: '',
  facilities: [],
  turnoverMinutes: 20,
  screens: Array.from({ length: 6 }, (_, i) => ({ id: `clock-test-new-york-${i + 1}`, cinemaId: 'clock-test-new-york', name: `Screen ${i + 1}`, format: 'Standard', layout: DEFAULT_LAYOUT })),
};
const screen = (n: number) => CINEMA.screens[n - 1]!.id;
const MOVIE = sampleMovie({ id: '880052', title: 'The Clock Film', runtime: 100 });
const OWNER = { id: 'test|clock.guest@example.com', name: 'Clock Guest', email: 'clock.guest@example.com' };

/** The shows, each on a screen of its own: one just before midnight, one at midnight, one just after, one after the change. */
const SHOWS = {
  eve: { startsAt: at(EVE, '23:55'), screenId: screen(1) },
  midnight: { startsAt: at(CHANGE, '00:00'), screenId: screen(2) },
  afterMidnight: { startsAt: at(CHANGE, '00:10'), screenId: screen(3) },
  afterChange: { startsAt: at(CHANGE, '03:30'), screenId: screen(4) },
};
type ShowName = keyof typeof SHOWS;

/** A store of the lane with the cinema, written before the service starts (its directory reads the chain at start). */
async function cinemaStore(store: Store): Promise<Store> {
  await store.cinemas.ensure([CINEMA]);
  return store;
}

for (const lane of lanes) {
  describe.skipIf(lane.skipReason !== null)(`a cinema on its own clock (New York, ${CHANGE} a daylight-saving change) on ${lane.name}`, () => {
    let t: TestApp;
    let admin: string;
    let door: string;
    let owner: string;
    const ids = {} as Record<ShowName, string>;

    /** A paid booking of `seats` of a show, written to the store as the seed's sales are. */
    async function paidBooking(show: ShowName, seats: string[]) {
      await t.store.users.upsert(OWNER);
      const id = randomUUID();
      const ticketCode = newTicketCode();
      const created = await t.store.bookings.create({
        id, userId: OWNER.id, showId: ids[show], seats, amountCents: 1250 * seats.length,
        holdExpiresAt: new Date(CLOCK.getTime() + 10 * MINUTE), paymentLink: null, createdAt: new Date(CLOCK.getTime() - DAY), ticketCode,
      });
      if (!created.ok) throw new Error('fixture booking refused');
      await bookingTransitions(t.store.bookings).markSamplePaid(id, new Date(CLOCK.getTime() - DAY));
      return { id, ticketCode };
    }

    beforeAll(async () => {
      t = await startTestApp(lane, { env: { THEATRE_TIMEZONE: FALLBACK }, now: () => CLOCK, store: await cinemaStore(await lane.openStore()), seed: false });
      admin = await t.tokenFor('admin@example.com', ['admin']);
      door = await t.tokenFor('door@example.com', ['door']);
      owner = await t.tokenFor(OWNER.email);
      await t.store.movies.upsert(MOVIE);
      await t.store.shows.addMany(MOVIE.id, Object.values(SHOWS).map((show) => ({ ...show, priceCents: 1250 })));
      const listed = await t.store.shows.listWithSeats({ from: at(EVE, '00:00') });
      for (const [name, show] of Object.entries(SHOWS)) ids[name as ShowName] = listed.find((s) => s.startsAt.getTime() === show.startsAt.getTime())!.id;
    });
    afterAll(async () => {
      await t?.close();
      await t?.store.close();
    });

    it('the cinema says its zone; the change day is 23 or 25 hours long there', async () => {
      expect(dayLength(CHANGE)).not.toBe(DAY);
      const cinemas = (await t.api('GET', '/api/cinemas')).body.cinemas as { _id: string; timeZone: string }[];
      expect(cinemas.find((c) => c._id === CINEMA.id)?.timeZone).toBe(ZONE);
      expect(cinemas.filter((c) => c._id !== CINEMA.id).every((c) => c.timeZone === 'Asia/Kolkata')).toBe(true);
    });

    it("sales close on the cinema's clock: the midnight show closed at 11:45 PM the evening before, the 12:10 AM show is on sale", async () => {
      const closed = await t.api('POST', '/api/booking/create', { token: owner, body: { showId: ids.midnight, selectedSeats: ['A1'] } });
      expect(closed.status).toBe(409);
      expect(closed.body.message).toBe(`Online sales for this show closed at ${formatTheatreTime(at(EVE, '23:45'), ZONE)}; pick a later show`);
      expect(closed.body.message).toMatch(/11:45 PM; pick a later show$/);
      const open = await t.api('POST', '/api/booking/create', { token: owner, body: { showId: ids.afterMidnight, selectedSeats: ['A1'] } });
      expect(open.status, JSON.stringify(open.body)).toBe(200);
    });

    it("the cancellation cut-off is named on the cinema's clock (two hours before 12:10 AM: 10:10 PM)", async () => {
      const booking = await paidBooking('afterMidnight', ['C1']);
      const refused = await t.api('POST', `/api/booking/${booking.id}/cancel`, { token: owner });
      expect(refused.status, JSON.stringify(refused.body)).toBe(409);
      expect(refused.body.message).toContain(formatTheatreTime(at(EVE, '22:10'), ZONE));
      expect(refused.body.message).toContain('10:10 PM');
    });

    it("the door's window spans midnight on the cinema's clock; a show after the change is another day, named at its local time", async () => {
      const soon = await paidBooking('afterMidnight', ['D1']);
      const admitted = await t.api('POST', '/api/admin/check-in', { token: door, body: { code: soon.ticketCode, door: 'Door 1' } });
      expect(admitted.status, JSON.stringify(admitted.body)).toBe(200);
      expect(admitted.body.admission.showTime).toBe('12:10 AM');
      const later = await paidBooking('afterChange', ['D1']);
      const refused = await t.api('POST', '/api/admin/check-in', { token: door, body: { code: later.ticketCode, door: 'Door 1' } });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ outcome: 'another-day' });
      expect(refused.body.message).toBe(`Another day: this ticket is for the show on ${formatTheatreTime(SHOWS.afterChange.startsAt, ZONE)}`);
      expect(refused.body.message).toContain('3:30 AM');
    });

    it("List Shows' dates with a cinema are its days; without one, the fallback zone's (THEATRE_TIMEZONE)", async () => {
      const listed = async (query: string) =>
        ((await t.api('GET', `/api/admin/shows?${query}`, { token: admin })).body.shows as { _id: string }[]).map((s) => s._id).filter((id) => Object.values(ids).includes(id));
      expect(await listed(`cinemaId=${CINEMA.id}&from=${CHANGE}&to=${CHANGE}`)).toEqual([ids.midnight, ids.afterMidnight, ids.afterChange]);
      expect(await listed(`cinemaId=${CINEMA.id}&from=${EVE}&to=${EVE}`)).toEqual([ids.eve]);
      // A screen names its cinema too.
      expect(await listed(`screenId=${screen(1)}&from=${EVE}&to=${EVE}`)).toEqual([ids.eve]);
      // No cinema named: Tokyo's day, 14 hours ahead of New York's (13 after a spring change): the eve's 11:55 PM is on it.
      expect(await listed(`from=${CHANGE}&to=${CHANGE}`)).toContain(ids.eve);
    });

    it("List Bookings' date with a cinema is its day", async () => {
      const onChange = await paidBooking('afterChange', ['F1']);
      const onEve = await paidBooking('eve', ['F1']);
      const listed = async (date: string) =>
        ((await t.api('GET', `/api/admin/all-bookings?cinemaId=${CINEMA.id}&date=${date}`, { token: admin })).body.bookings as { _id: string }[]).map((b) => b._id);
      const change = await listed(CHANGE);
      expect(change).toContain(onChange.id);
      expect(change).not.toContain(onEve.id);
      const eve = await listed(EVE);
      expect(eve).toContain(onEve.id);
      expect(eve).not.toContain(onChange.id);
    });

    it("Add Shows' times are the cinema's: 5:00 AM either side of the change is 23 or 25 hours apart, listed under its own date", async () => {
      const movieId = String((await t.api('GET', '/api/show/now-playing', { token: admin })).body.movies[0].id);
      const added = await t.api('POST', '/api/show/add', {
        token: admin,
        body: { movieId, showsInput: [{ date: CHANGE, time: ['05:00'] }, { date: addDays(CHANGE, 1), time: ['05:00'] }], showPrice: 11, screenId: screen(5) },
      });
      expect(added.body, JSON.stringify(added.body)).toMatchObject({ success: true, created: 2 });
      // The eve's 5:00 AM is past (the clock is at 11:50 PM): refused, named on the cinema's clock.
      const past = await t.api('POST', '/api/show/add', { token: admin, body: { movieId, showsInput: [{ date: EVE, time: ['23:45'] }], showPrice: 11, screenId: screen(6) } });
      expect(past.body).toMatchObject({ success: false, message: `showsInput[0] ${EVE} 23:45 is in the past: shows must be in the future` });
      const onScreen = (await t.store.shows.listWithSeats({ from: CLOCK })).filter((s) => s.screenId === screen(5)).map((s) => s.startsAt.getTime());
      expect(onScreen).toEqual([at(CHANGE, '05:00').getTime(), at(addDays(CHANGE, 1), '05:00').getTime()]);
      expect(onScreen[0]! - at(EVE, '05:00').getTime()).toBe(dayLength(CHANGE));
      expect((await t.api('GET', `/api/show/${movieId}`)).body.dateTime[CHANGE].map((s: { time: string }) => s.time)).toContain(at(CHANGE, '05:00').toISOString());
      // The movie page's dates are the cinema's: the midnight show is on the change day, not on the eve (UTC's or Tokyo's).
      const dateTime = (await t.api('GET', `/api/show/${MOVIE.id}`)).body.dateTime as Record<string, { time: string }[]>;
      expect(dateTime[CHANGE]!.map((s) => s.time)).toContain(SHOWS.midnight.startsAt.toISOString());
      expect((dateTime[EVE] ?? []).map((s) => s.time)).not.toContain(SHOWS.midnight.startsAt.toISOString());
    });
  });
}
