import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_TIME_ZONE, DEFAULT_CINEMA_ID, DEFAULT_SCREEN_ID } from '../src/cinemas/built-in-chain.ts';
import { zonedInstant } from '../src/contract/theatre-time.ts';
import { lanes } from './support/databases.ts';
import { submitCard } from './support/payments.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Cinemas and screens (issue 42) through the API on every lane: the chain's calls, shows on a chosen screen with
 * prices by seat type, the seat page's layout, seats checked against the show's own screen (a seat of another
 * screen, a companion seat alone: 400), amounts by type, where the show is in the booking JSON, the emails and
 * the staff's lists, and the spec's calls answering as before.
 */

/** Screen 2 of the default cinema: a centre aisle; row A `wcsss.ssscw` (A1 wheelchair, A2 companion), rows H and I premium. */
const CENTRE_AISLE_SCREEN = `${DEFAULT_CINEMA_ID}-2`;
const DAY_MS = 86_400_000;

for (const lane of lanes) {
  describe.skipIf(lane.skipReason !== null)(`cinemas and screens on ${lane.name}`, () => {
    let t: TestApp;
    let admin: string;
    let user: string;
    let movieId: string;
    let onScreen2: string;
    let onScreen1: string;
    // Past the seed's week, when the screens are free (one screen, one show at a time: issue 52).
    const date = new Date(Date.now() + 11 * DAY_MS).toISOString().slice(0, 10);

    beforeAll(async () => {
      t = await startTestApp(lane);
      admin = await t.tokenFor('admin@example.com', ['admin']);
      user = await t.tokenFor('moviegoer@example.com');
      movieId = (await t.api('GET', '/api/show/all')).body.shows[0]._id;
      const added = await t.api('POST', '/api/show/add', {
        token: admin,
        body: { movieId, showsInput: [{ date, time: ['11:05'] }], showPrice: 10, screenId: CENTRE_AISLE_SCREEN, seatPrices: { premium: 15.5, wheelchair: 8 } },
      });
      expect(added.body).toMatchObject({ success: true, created: 1 });
      // An old client's Add Shows: no screen, no seat prices.
      expect((await t.api('POST', '/api/show/add', { token: admin, body: { movieId, showsInput: [{ date, time: ['11:05'] }], showPrice: 10 } })).body).toMatchObject({ created: 1 });
      const times = Object.values((await t.api('GET', `/api/show/${movieId}`)).body.dateTime as Record<string, { showId: string; time: string; screenId: string }[]>).flat();
      const at = (screenId: string) => times.find((entry) => entry.screenId === screenId && Date.parse(entry.time) === zonedInstant(date, '11:05', BUILT_IN_TIME_ZONE).getTime())!.showId;
      onScreen2 = at(CENTRE_AISLE_SCREEN);
      onScreen1 = at(DEFAULT_SCREEN_ID);
    });
    afterAll(async () => t?.close());

    it('GET /api/cinemas: the three cities, two cinemas each, screens without layouts; ?city keeps one city', async () => {
      const all = await t.api('GET', '/api/cinemas');
      expect(all.status).toBe(200);
      expect(all.body.cities).toEqual(['Mumbai', 'Delhi', 'Bangalore']);
      expect(all.body.cinemas).toHaveLength(6);
      const first = all.body.cinemas[0];
      expect(first).toMatchObject({ _id: DEFAULT_CINEMA_ID, city: 'Mumbai', timeZone: BUILT_IN_TIME_ZONE, mapUrl: expect.stringMatching(/^https:\/\/www\.openstreetmap\.org\/search\?query=/) });
      expect(first.screens[0]).toEqual({ _id: DEFAULT_SCREEN_ID, name: 'Screen 1', format: 'Standard', seatCount: 90 });
      expect(first.screens[0].layout).toBeUndefined();
      const delhi = await t.api('GET', '/api/cinemas?city=Delhi');
      expect(delhi.body.cinemas.map((c: { city: string }) => c.city)).toEqual(['Delhi', 'Delhi']);
      expect((await t.api('GET', '/api/cinemas?city=Paris')).body.cinemas).toEqual([]);
    });

    it('GET /api/cinemas/:cinemaId: the cinema with its layouts and its upcoming shows by movie; unknown: 404', async () => {
      const detail = await t.api('GET', `/api/cinemas/${DEFAULT_CINEMA_ID}`);
      expect(detail.status).toBe(200);
      expect(detail.body.cinema.screens[1].layout.rows[0]).toEqual({ label: 'A', seats: 'wcsss.ssscw' });
      const times = detail.body.shows.find((entry: { movie: { _id: string } }) => entry.movie._id === movieId).times;
      expect(times).toEqual(expect.arrayContaining([expect.objectContaining({ showId: onScreen2, screenId: CENTRE_AISLE_SCREEN, screenName: 'Screen 2', format: 'Dolby Atmos' })]));
      // Each time says what its chip says (issue 53), as the movie page's do: from the standard $10, premium costs more.
      const chip = (showId: string) => times.find((time: { showId: string }) => time.showId === showId);
      expect(chip(onScreen2)).toMatchObject({ fromPrice: 10, priceVaries: true });
      expect(chip(onScreen1)).toMatchObject({ fromPrice: 10, priceVaries: false });
      const unknown = await t.api('GET', '/api/cinemas/no-such-cinema');
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ success: false, message: 'Cinema not found' });
    });

    it('the OpenAPI document declares the new calls and the grown answers', async () => {
      const openapi = (await t.api('GET', '/docs/json')).body;
      expect(Object.keys(openapi.paths)).toEqual(expect.arrayContaining(['/api/cinemas', '/api/cinemas/{cinemaId}', '/api/admin/cinemas']));
      const seatsAnswer = openapi.paths['/api/booking/seats/{showId}'].get.responses['200'].content['application/json'].schema;
      expect(Object.keys(seatsAnswer.properties)).toEqual(expect.arrayContaining(['occupiedSeats', 'layout', 'seatPrices', 'cinema', 'screen']));
      expect(seatsAnswer.required).toEqual(['success', 'occupiedSeats']);
      const addBody = openapi.paths['/api/show/add'].post.requestBody.content['application/json'].schema;
      expect(Object.keys(addBody.properties)).toEqual(expect.arrayContaining(['screenId', 'seatPrices']));
      expect(addBody.required).toEqual(['movieId', 'showsInput', 'showPrice']);
    });

    it('GET /api/admin/cinemas: staff only, every screen with its layout', async () => {
      expect((await t.api('GET', '/api/admin/cinemas', { token: user })).status).toBe(403);
      const answer = await t.api('GET', '/api/admin/cinemas', { token: admin });
      expect(answer.body.cinemas).toHaveLength(6);
      expect(answer.body.cinemas.every((c: { screens: { layout: unknown }[] }) => c.screens.every((s) => s.layout))).toBe(true);
    });

    it("GET /api/show/:movieId: each time names its cinema, screen, format and prices; the cinemas by id", async () => {
      const detail = (await t.api('GET', `/api/show/${movieId}`)).body;
      const entry = Object.values(detail.dateTime as Record<string, { showId: string }[]>).flat().find((e) => e.showId === onScreen2);
      expect(entry).toMatchObject({ price: 10, cinemaId: DEFAULT_CINEMA_ID, cinemaName: 'Marquee Marine Drive', screenId: CENTRE_AISLE_SCREEN, screenName: 'Screen 2', format: 'Dolby Atmos', seatPrices: { standard: 10, premium: 15.5, wheelchair: 8 } });
      expect(detail.cinemas[DEFAULT_CINEMA_ID]).toMatchObject({ _id: DEFAULT_CINEMA_ID, name: 'Marquee Marine Drive', city: 'Mumbai' });
    });

    it("GET /api/booking/seats/:showId: the spec's answer plus the screen's layout, prices, cinema and screen", async () => {
      const seats = (await t.api('GET', `/api/booking/seats/${onScreen2}`)).body;
      expect(seats).toMatchObject({ success: true, occupiedSeats: [], seatPrices: { standard: 10, premium: 15.5, wheelchair: 8 }, screen: { _id: CENTRE_AISLE_SCREEN, name: 'Screen 2', format: 'Dolby Atmos' } });
      expect(seats.layout.rows).toHaveLength(9);
      expect(seats.cinema).toMatchObject({ _id: DEFAULT_CINEMA_ID, address: expect.any(String), mapUrl: expect.any(String) });
    });

    it("refuses a seat that only another screen has (409) and a companion seat alone (400), nothing held (the database's own refusal: booking-rules-in-database.test.ts)", async () => {
      const onDefault = await t.api('POST', '/api/booking/create', { token: user, body: { showId: onScreen1, selectedSeats: ['B10'] } });
      expect(onDefault.status).toBe(409);
      expect(onDefault.body.message).toBe('Unknown seat B10: seats are A1 to J9');
      const notOnScreen2 = await t.api('POST', '/api/booking/create', { token: user, body: { showId: onScreen2, selectedSeats: ['J9'] } });
      expect(notOnScreen2.status).toBe(409);
      expect(notOnScreen2.body.message).toMatch(/^Unknown seat J9: seats are A1 to I10$/);
      const companionAlone = await t.api('POST', '/api/booking/create', { token: user, body: { showId: onScreen2, selectedSeats: ['A2'] } });
      expect(companionAlone.status).toBe(400);
      expect(companionAlone.body.message).toBe('Companion seat A2 is booked together with the wheelchair space beside it (A1)');
      expect(Object.keys(await t.store.shows.occupiedSeats(onScreen2))).toEqual([]);
    });

    it('charges each seat by its type (exact cents) and the booking JSON names where and what each seat is', async () => {
      // A1 wheelchair 8, A2 companion (left out: standard 10), H1 premium 15.5, B1 standard 10.
      const held = await t.api('POST', '/api/booking/create', { token: user, body: { showId: onScreen2, selectedSeats: ['H1', 'A2', 'A1', 'B1'] } });
      expect(held.status).toBe(200);
      const booking = await t.store.bookings.get(held.body.bookingId);
      expect(booking).toMatchObject({ seats: ['A1', 'A2', 'B1', 'H1'], amountCents: 800 + 1000 + 1000 + 1550 });
      expect((await submitCard(t, held.body.url)).status).toBe(303);
      await t.services.mailer.idle();
      const own = (await t.api('GET', '/api/user/bookings', { token: user })).body.bookings.find((b: { _id: string }) => b._id === booking!.id);
      expect(own).toMatchObject({
        amount: 43.5,
        bookedSeats: ['A1', 'A2', 'B1', 'H1'],
        seatTypes: { A1: 'wheelchair', A2: 'companion', B1: 'standard', H1: 'premium' },
        show: { _id: onScreen2, showPrice: 10, cinema: { _id: DEFAULT_CINEMA_ID, name: 'Marquee Marine Drive' }, screen: { _id: CENTRE_AISLE_SCREEN, name: 'Screen 2', format: 'Dolby Atmos' }, seatPrices: { premium: 15.5 } },
      });
      const [email] = (await t.store.outbox.list(1000)).filter((m) => m.bookingId === booking!.id && m.kind === 'booking-confirmation');
      expect(email!.text).toContain('Cinema: Marquee Marine Drive');
      expect(email!.text).toMatch(/Address: 14 Netaji Subhash Chandra Bose Road, Marine Lines, Mumbai/);
      expect(email!.text).toContain('Screen: Screen 2 (Dolby Atmos)');
      expect(email!.html).toMatch(/<a href="https:\/\/www\.openstreetmap\.org\/search\?query=[^"]+">/);
    });

    it("an old client's booking on the default screen: the spec's answer and amount, seat for seat", async () => {
      const held = await t.api('POST', '/api/booking/create', { token: user, body: { showId: onScreen1, selectedSeats: ['J8', 'J9'] } });
      expect(held.status).toBe(200);
      expect(Object.keys(held.body).sort()).toEqual(['bookingId', 'holdExpiresAt', 'success', 'url']);
      expect((await t.store.bookings.get(held.body.bookingId))!.amountCents).toBe(2000);
      // The moviegoer's own actions answer the booking with where its show is.
      const released = await t.api('POST', `/api/booking/${held.body.bookingId}/release`, { token: user });
      expect(released.body).toMatchObject({ outcome: 'released', booking: { show: { screen: { _id: DEFAULT_SCREEN_ID }, cinema: { _id: DEFAULT_CINEMA_ID } }, seatTypes: { J8: 'standard', J9: 'standard' } } });
    });

    it('staff lists filter by ?cinemaId and name each row\'s cinema and screen; the dashboard totals by cinema', async () => {
      const list = (await t.api('GET', `/api/admin/shows?cinemaId=${DEFAULT_CINEMA_ID}&pageSize=200`, { token: admin })).body;
      const row = list.shows.find((s: { _id: string }) => s._id === onScreen2);
      expect(row).toMatchObject({ totalSeats: 90, soldSeats: 4, revenue: 43.5, screen: { name: 'Screen 2' }, cinema: { _id: DEFAULT_CINEMA_ID } });
      // Another cinema: its own seeded shows only, nothing sold.
      const there = (await t.api('GET', '/api/admin/shows?cinemaId=marquee-indiranagar&pageSize=200', { token: admin })).body;
      expect(there.total).toBeGreaterThan(0);
      expect(there.shows.every((s: { cinema: { _id: string }; soldSeats: number }) => s.cinema._id === 'marquee-indiranagar' && s.soldSeats === 0)).toBe(true);
      const allShows = (await t.api('GET', '/api/admin/all-shows?cinemaId=marquee-indiranagar', { token: admin })).body;
      expect(allShows.shows.length).toBe(there.total);
      expect(allShows.shows.every((s: { cinema: { _id: string } }) => s.cinema._id === 'marquee-indiranagar')).toBe(true);
      const bookings = (await t.api('GET', `/api/admin/all-bookings?cinemaId=${DEFAULT_CINEMA_ID}`, { token: admin })).body;
      expect(bookings.bookings.find((b: { show: { _id: string } }) => b.show._id === onScreen2)).toMatchObject({ show: { screen: { _id: CENTRE_AISLE_SCREEN } } });
      expect((await t.api('GET', '/api/admin/all-bookings?cinemaId=marquee-indiranagar', { token: admin })).body.total).toBe(0);
      const dashboard = (await t.api('GET', '/api/admin/dashboard', { token: admin })).body.dashboardData;
      expect(dashboard.byCinema).toHaveLength(6);
      const marine = dashboard.byCinema.find((c: { cinemaId: string }) => c.cinemaId === DEFAULT_CINEMA_ID);
      expect(marine).toMatchObject({ name: 'Marquee Marine Drive', paidBookings: dashboard.totalBookings, revenue: dashboard.totalRevenue });
      expect(marine.seatsSold).toBeGreaterThanOrEqual(4);
      const elsewhere = (await t.api('GET', '/api/admin/dashboard?cinemaId=marquee-indiranagar', { token: admin })).body.dashboardData;
      // The seed plays every cinema; nothing is sold there.
      expect(elsewhere).toMatchObject({ totalBookings: 0, totalRevenue: 0 });
      expect(elsewhere.activeShows.length).toBeGreaterThan(0);
    });

    it("an on-sale of a show on a small screen: its default capacity and its seats are that screen's (30 recliners)", async () => {
      const recliners = `${DEFAULT_CINEMA_ID}-3`;
      await t.api('POST', '/api/show/add', { token: admin, body: { movieId, showsInput: [{ date, time: ['18:40'] }], showPrice: 20, screenId: recliners } });
      const [show] = (await t.store.shows.upcomingOnScreens([recliners], new Date())).filter((s) => s.startsAt.getTime() === zonedInstant(date, '18:40', BUILT_IN_TIME_ZONE).getTime());
      const created = await t.api('POST', '/api/admin/on-sale', {
        token: admin,
        body: { name: 'Recliner night', showIds: [show!.id], onSaleAt: new Date(Date.now() + 60_000).toISOString(), waitingRoom: true },
      });
      expect(created.status).toBe(200);
      expect(created.body.event.shoppingCapacity).toBe(7);
      expect(await t.store.waitingRoom.figures(created.body.event.id, new Date())).toMatchObject({ seats: 30, seatsLeft: 30 });
    });

    it('Add Shows refuses an unknown screen and a price with more than two decimals', async () => {
      const unknown = await t.api('POST', '/api/show/add', { token: admin, body: { movieId, showsInput: [{ date, time: ['12:00'] }], showPrice: 10, screenId: 'no-such-screen-9' } });
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toMatch(/Unknown screen no-such-screen-9/);
      const cents = await t.api('POST', '/api/show/add', { token: admin, body: { movieId, showsInput: [{ date, time: ['12:00'] }], showPrice: 10, screenId: CENTRE_AISLE_SCREEN, seatPrices: { premium: 1.005 } } });
      expect(cents.status).toBe(400);
      expect(cents.body.message).toBe('seatPrices.premium must be an amount with at most 2 decimals');
    });
  });
}
