import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookableHallShows } from './support/bookable.ts';
import { lanes } from './support/databases.ts';
import { openEvents } from './support/sse.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/** A test clock the app reads: it moves only when a test moves it. */
function testClock() {
  let at = new Date();
  return { now: () => at, advance: (ms: number) => (at = new Date(at.getTime() + ms)) };
}

const until = async (condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/**
 * Issue 56, point 6: the day's controls of an on-sale, which staff switch while it sells and every instance obeys
 * at its next read of the event (each second): seat holds stopped and reopened, the live streams off (new ones
 * refused, open ones ended: pages poll) and on, the waiting pages' poll interval stretched; each change recorded.
 */
for (const lane of lanes) {
  describe.skipIf(lane.skipReason !== null)(`the day's controls of an on-sale on ${lane.name}`, () => {
    let t: TestApp;
    const clock = testClock();
    let admin: string;
    let fan: string;
    let eventId: string;
    let showId: string;
    let admission: string;
    const controls = (body: unknown, token = admin) => t.api('POST', `/api/admin/on-sale/${eventId}/controls`, { token, body });
    const me = async () => (await t.api('GET', `/api/waiting-room/${eventId}/me`, { token: fan })).body;
    const book = (seats: string[]) => t.api('POST', '/api/booking/create', { token: fan, body: { showId, selectedSeats: seats }, headers: { 'x-admission': admission } });
    /** Every instance reads its events once a second: the next read sees the change. */
    const aSecondLater = () => clock.advance(1_000);

    beforeAll(async () => {
      t = await startTestApp(lane, { now: clock.now });
      admin = await t.tokenFor('staff@example.com', ['admin']);
      fan = await t.tokenFor('fan@example.com');
      showId = (await bookableHallShows(t.store, new Date(Date.now() + 3 * 3600_000))).find((show) => Object.keys(show.occupiedSeats).length === 0)!.id;
      const created = await t.api('POST', '/api/admin/on-sale', {
        token: admin,
        body: { name: 'Premiere night', showIds: [showId], onSaleAt: clock.now().toISOString(), waitingRoom: true, shoppingCapacity: 2 },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      eventId = created.body.event.id;
      expect(created.body.event).toMatchObject({ salesClosed: false, streamsOff: false, pollEverySeconds: 8 });
      expect((await t.api('POST', `/api/waiting-room/${eventId}/join`, { token: fan })).status).toBe(200);
      aSecondLater();
      await t.services.waitingRoom.admitAll();
      aSecondLater();
      admission = (await me()).admission;
      expect(typeof admission).toBe('string');
    });
    afterAll(() => t?.close());

    it('only staff change them, one control or more at a time, within their bounds', async () => {
      expect((await controls({ salesClosed: true }, fan)).status).toBe(403);
      expect((await controls({})).status).toBe(400);
      expect((await controls({ pollEverySeconds: 5 })).status).toBe(400);
      expect((await controls({ pollEverySeconds: 121 })).status).toBe(400);
      expect((await controls({ paused: true })).status).toBe(400);
      expect((await t.api('POST', '/api/admin/on-sale/00000000-0000-4000-8000-000000000000/controls', { token: admin, body: { salesClosed: true } })).status).toBe(404);
    });

    it('sales stopped: an admitted moviegoer sees the seats but cannot hold any, keeps the place and the window; reopened, the hold goes through', async () => {
      const closed = await controls({ salesClosed: true });
      expect(closed.status).toBe(200);
      expect(closed.body.event.salesClosed).toBe(true);
      aSecondLater();
      const refused = await book(['A1']);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('The theatre has stopped sales of "Premiere night" for a moment: nothing was held. Your place and your shopping window are kept: try again shortly');
      expect(await t.store.bookings.listOwn('test|fan@example.com')).toEqual([]);
      expect((await t.api('GET', `/api/booking/seats/${showId}`, { headers: { 'x-admission': admission } })).status).toBe(200);
      expect(await me()).toMatchObject({ state: 'shopping', admission: expect.any(String), event: { salesClosed: true } });

      expect((await controls({ salesClosed: false })).status).toBe(200);
      aSecondLater();
      const held = await book(['A1']);
      expect(held.status, JSON.stringify(held.body)).toBe(200);
    });

    it('polls stretched: the waiting pages are told to ask every 30 s', async () => {
      expect((await controls({ pollEverySeconds: 30 })).status).toBe(200);
      aSecondLater();
      expect((await me()).event.pollEverySeconds).toBe(30);
      expect((await t.api('GET', `/api/waiting-room/${eventId}`)).body.event).toMatchObject({ pollEverySeconds: 30, salesClosed: false, streamsOff: false });
    });

    it('streams off: the open queue and seat streams end within two seconds, new ones are refused with a retry, and on again they open', async () => {
      const queue = await openEvents(`${t.baseUrl}/api/waiting-room/${eventId}/events`);
      const seats = await openEvents(`${t.baseUrl}/api/booking/seats/${showId}/events?admission=${admission}`);
      expect([queue.response.status, seats.response.status]).toEqual([200, 200]);
      let ended = 0;
      void queue.ended.then(() => ended++);
      void seats.ended.then(() => ended++);

      expect((await controls({ streamsOff: true })).status).toBe(200);
      aSecondLater();
      await until(() => ended === 2, 2_500, 'both open streams ended');
      for (const url of [`/api/waiting-room/${eventId}/events`, `/api/booking/seats/${showId}/events?admission=${admission}`]) {
        const refused = await t.api('GET', url);
        expect(refused.status).toBe(503);
        expect(refused.headers.get('retry-after')).toBe('60');
        expect(refused.body.message).toBe('Live updates are off for this on-sale for now: the page checks by itself instead');
      }
      // The polls still answer.
      expect((await me()).state).toBe('shopping');

      expect((await controls({ streamsOff: false })).status).toBe(200);
      aSecondLater();
      const again = await openEvents(`${t.baseUrl}/api/waiting-room/${eventId}/events`);
      expect(again.response.status).toBe(200);
      await again.close();
    });

    it('each change is recorded with who made it', async () => {
      const trail = (await t.store.waitingRoom.actions(eventId)).filter((action) => action.action !== 'create');
      expect(trail.map((action) => action.action).sort()).toEqual(['close-sales', 'poll-interval', 'reopen-sales', 'streams-off', 'streams-on']);
      expect(new Set(trail.map((action) => action.actor))).toEqual(new Set(['test|staff@example.com']));
    });

    it('queue everyone: an on-sale selling to whoever comes goes through the waiting room, and back', async () => {
      const [, other] = (await bookableHallShows(t.store, new Date(Date.now() + 3 * 3600_000))).filter((show) => show.id !== showId && Object.keys(show.occupiedSeats).length === 0);
      const direct = await t.api('POST', '/api/admin/on-sale', {
        token: admin,
        body: { name: 'Matinee rush', showIds: [other!.id], onSaleAt: clock.now().toISOString(), waitingRoom: false, shoppingCapacity: 1 },
      });
      const directId = direct.body.event.id as string;
      const walkIn = await t.tokenFor('walk-in@example.com');
      const hold = (seat: string, headers: Record<string, string> = {}) =>
        t.api('POST', '/api/booking/create', { token: walkIn, body: { showId: other!.id, selectedSeats: [seat] }, headers });
      aSecondLater();
      expect((await hold('B1')).status).toBe(200);

      const queued = await t.api('POST', `/api/admin/on-sale/${directId}/controls`, { token: admin, body: { waitingRoom: true } });
      expect(queued.body.event.waitingRoom).toBe(true);
      aSecondLater();
      const refused = await hold('B2');
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('This show is sold through the waiting room of "Matinee rush": join it, and book once you are admitted');
      // The show's time now says to go through the waiting room.
      const times = Object.values((await t.api('GET', `/api/show/${other!.movie.id}`)).body.dateTime).flat() as { showId: string; onSale?: { waitingRoom: boolean } }[];
      expect(times.find((time) => time.showId === other!.id)!.onSale!.waitingRoom).toBe(true);
      expect((await t.api('POST', `/api/waiting-room/${directId}/join`, { token: walkIn })).status).toBe(200);
      aSecondLater();
      await t.services.waitingRoom.admitAll();
      aSecondLater();
      const admitted = (await t.api('GET', `/api/waiting-room/${directId}/me`, { token: walkIn })).body;
      expect(admitted.state).toBe('shopping');
      expect((await hold('B2', { 'x-admission': admitted.admission })).status).toBe(200);

      expect((await t.api('POST', `/api/admin/on-sale/${directId}/controls`, { token: admin, body: { waitingRoom: false } })).status).toBe(200);
      aSecondLater();
      expect((await hold('B3')).status).toBe(200);
      expect((await t.store.waitingRoom.actions(directId)).map((action) => action.action)).toEqual(expect.arrayContaining(['queue-everyone', 'queue-off']));
    });
  });
}
