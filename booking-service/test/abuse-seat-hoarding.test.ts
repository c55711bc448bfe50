import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_TIME_ZONE, DEFAULT_SCREEN_ID } from '../src/cinemas/built-in-chain.ts';
import { lanes } from './support/databases.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const MINUTE = 60_000;
const ROWS = 'ABCDEFGHIJ';
/** All 90 seats of a show in order, A1..J9. */
const ALL_SEATS = [...ROWS].flatMap((row) => Array.from({ length: 9 }, (_, i) => `${row}${i + 1}`));
const fives = (from: number, count: number) => Array.from({ length: count }, (_, i) => ALL_SEATS.slice((from + i) * 5, (from + i) * 5 + 5));

// Finding 2: one free account held 90/90 seats with 18 bookings of 5 seats in 60 s, and renewed the holds forever.
for (const lane of lanes) {
  describe.skipIf(lane.skipReason !== null)(`seat hoarding on ${lane.name}`, () => {
    let t: TestApp;
    let clock = Date.now();
    const now = () => new Date(clock);
    let hoarder: string;
    let moviegoer: string;
    let showIds: string[];

    beforeAll(async () => {
      t = await startTestApp(lane, { now });
      hoarder = await t.tokenFor('hoarder@example.com');
      moviegoer = await t.tokenFor('moviegoer@example.com');
      const empty = (await t.store.shows.listWithSeats({ from: new Date(clock + 6 * 3600_000) })).filter(
        (s) => Object.keys(s.occupiedSeats).length === 0 && s.screenId === DEFAULT_SCREEN_ID,
      );
      showIds = empty.slice(0, 5).map((s) => s.id);
      expect(showIds).toHaveLength(5);
    });
    afterAll(async () => {
      await t?.close();
    });

    const book = (token: string, showId: string, selectedSeats: string[]) =>
      t.api('POST', '/api/booking/create', { token, body: { showId, selectedSeats } });
    const occupied = async (showId: string) => (await t.api('GET', `/api/booking/seats/${showId}`)).body.occupiedSeats as string[];

    it('the attack: 18 bookings of 5 seats within a minute by one account hold 10 seats, not the show', async () => {
      const show = showIds[0]!;
      const answers = [];
      for (const seats of fives(0, 18)) {
        answers.push(await book(hoarder, show, seats));
        clock += 3_000;
      }
      expect(answers.map((a) => a.status)).toEqual([200, 200, ...Array(16).fill(409)]);
      expect(answers[2]!.body).toEqual({
        success: false,
        message:
          'You already hold 10 unpaid seats for this show; at most 10 can be held unpaid per show. Pay for the seats you hold, or wait for their hold to end, before holding more',
      });
      expect(await occupied(show)).toHaveLength(10);

      // Everyone else still books: 80 seats are free.
      const other = await book(moviegoer, show, ALL_SEATS.slice(85, 90));
      expect(other.status).toBe(200);
      expect(await occupied(show)).toHaveLength(15);
    });

    it('caps unpaid held seats across shows too', async () => {
      expect((await book(hoarder, showIds[1]!, ALL_SEATS.slice(0, 5))).status).toBe(200);
      expect((await book(hoarder, showIds[1]!, ALL_SEATS.slice(5, 10))).status).toBe(200);
      // 20 held now (10 + 10): the 21st seat is refused on any show.
      const over = await book(hoarder, showIds[2]!, ['A1']);
      expect(over.status).toBe(409);
      expect(over.body.message).toBe(
        'You already hold 20 unpaid seats; at most 20 can be held unpaid at once. Pay for the seats you hold, or wait for their hold to end, before holding more',
      );
    });

    it('a lapsed hold cannot be renewed by booking the same seats again; they stay open to others for the cool-down', async () => {
      const show = showIds[0]!;
      const lapsedSeats = ALL_SEATS.slice(0, 5);
      clock += 10 * MINUTE;
      expect((await t.services.payments.jobs.sweepNow())!.released).toBeGreaterThanOrEqual(4);
      expect(await occupied(show)).not.toContain('A1');

      const renewed = await book(hoarder, show, lapsedSeats);
      expect(renewed.status).toBe(409);
      // On the show's cinema's clock (issue 52 part 3).
      const until = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: BUILT_IN_TIME_ZONE }).format(
        new Date((await t.store.bookings.listForUser('test|hoarder@example.com')).find((b) => b.showId === show && b.seats.includes('A1'))!.holdExpiresAt.getTime() + 10 * MINUTE),
      );
      expect(renewed.body.message).toBe(
        `Your hold on seats A1, A2, A3, A4, A5 ended unpaid; they stay open to other moviegoers until ${until}. Choose other seats, or try again then`,
      );
      // Partly the same seats: refused too, naming only those.
      expect((await book(hoarder, show, ['A5', 'B9'])).body.message).toMatch(/^Your hold on seat A5 ended unpaid; it stays open/);
      // Other seats are fine, and anyone else may take the lapsed ones.
      expect((await book(hoarder, show, ['J1', 'J2'])).status).toBe(200);
      expect((await book(moviegoer, show, ['A1', 'A2'])).status).toBe(200);

      // After the cool-down the account may hold the remaining ones again.
      clock += 10 * MINUTE + 1000;
      expect((await book(hoarder, show, ['A3', 'A4'])).status).toBe(200);
    });
  });
}
