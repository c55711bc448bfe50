import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTicketCode } from '../src/bookings/ticket-code.ts';
import { builtInChain, DEFAULT_CINEMA_ID } from '../src/cinemas/built-in-chain.ts';
import { ALL_SEATS, MAX_SEATS_PER_BOOKING, seatSelectionProblem } from '../src/contract/seats/hall.ts';
import { openPostgres, type Database } from '../src/db/database.ts';
import { createPostgresStore } from '../src/db/postgres/store.ts';
import type { Store } from '../src/store/types.ts';
import { freshPostgresDatabaseUrl, lanes, openFreshPglite } from './support/databases.ts';
import { sampleMovie } from './support/mongo-fixtures.ts';

/**
 * The booking rules hold in the database too (migration 0006, from contract/seats/hall.ts and the lifecycle's
 * states; migration 0015: each seat one of its show's screen's): a row written behind the service's back, by SQL,
 * is refused like a request would be, and cannot stop the other bookings. The MongoDB store's validator:
 * src/db/mongo/schemas.test.ts.
 */

/** The refusals of a seat rule: migration 0006's shape and count, or 0015's seat of the show's screen. */
const SEAT_RULE = /bookings_seats_valid|bookings_seats_on_screen/;

/** Selections the hall's rules accept and refuse: every size up to one too many, unknown ids, repeats. */
const SELECTIONS: string[][] = [
  ...Array.from({ length: MAX_SEATS_PER_BOOKING + 2 }, (_, n) => ALL_SEATS.slice(0, n)),
  ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8'],
  ['Z99'],
  ['A0'],
  [''],
  ['a1'],
  ['A10'],
  ['K1'],
  ['J9', 'J9'],
  ['H1', 'H1'],
  ['B2', 'C3', 'B2'],
];

for (const lane of lanes.filter((l) => l.name !== 'mongodb')) {
  describe.skipIf(lane.skipReason !== null)(`booking rules in the database (${lane.name})`, () => {
    let database: Database;
    let store: Store;
    let drop = async () => {};
    let showId: string;
    const userId = 'auth0|rules';

    beforeAll(async () => {
      if (lane.name === 'pglite') database = await openFreshPglite();
      else {
        const fresh = await freshPostgresDatabaseUrl(process.env.TEST_POSTGRES_URL!);
        database = await openPostgres(fresh.url, 5);
        drop = () => fresh.drop();
      }
      store = createPostgresStore(database);
      const movie = sampleMovie();
      await store.movies.upsert(movie);
      await store.shows.addMany(movie.id, [{ startsAt: new Date(Date.now() + 86_400_000), priceCents: 1250 }]);
      showId = (await store.shows.upcomingForMovie(movie.id, new Date()))[0]!.id;
      await store.users.upsert({ id: userId, name: 'Rules', email: 'rules@example.com' });
    });

    afterAll(async () => {
      await store?.close();
      await drop();
    });

    /** Inserts a booking row by SQL, as an operator or an intruder could; the database's error, or null when it took it. */
    async function insertBehindTheService(row: { seats: string[]; amountCents?: number; status?: string; show?: string }): Promise<string | null> {
      try {
        await database.db.execute(sql`
          insert into bookings (id, user_id, show_id, seats, amount_cents, status, hold_expires_at, ticket_code)
          values (${randomUUID()}, ${userId}, ${row.show ?? showId}, array(select jsonb_array_elements_text(${JSON.stringify(row.seats)}::jsonb)), ${row.amountCents ?? 1250}, ${row.status ?? 'held'}, now() + interval '10 minutes', ${newTicketCode()})`);
        return null;
      } catch (error) {
        return String((error as { cause?: Error }).cause?.message ?? (error as Error).message);
      }
    }

    it('refuses exactly the seat selections the request schema refuses (the same constants)', async () => {
      for (const seats of SELECTIONS) {
        const refused = await insertBehindTheService({ seats });
        if (seatSelectionProblem(seats) === null) expect(refused, `${JSON.stringify(seats)} is valid`).toBeNull();
        else expect(refused, `${JSON.stringify(seats)} must be refused`).toMatch(SEAT_RULE);
      }
    });

    it("refuses a seat that only another screen has, in the bookings and in the seat ledger (migration 0015)", async () => {
      // Screen 2 of the default cinema has a centre aisle: B10 is one of its seats, not the spec hall's (Screen 1).
      await store.cinemas.ensure(builtInChain());
      const movie = sampleMovie();
      await store.movies.upsert(movie);
      await store.shows.addMany(movie.id, [{ startsAt: new Date(Date.now() + 2 * 86_400_000), priceCents: 1250, screenId: `${DEFAULT_CINEMA_ID}-2` }]);
      const [onScreen2] = await store.shows.upcomingOnScreens([`${DEFAULT_CINEMA_ID}-2`], new Date());
      expect(await insertBehindTheService({ seats: ['B10'] })).toMatch(/bookings_seats_on_screen/);
      expect(await insertBehindTheService({ seats: ['J9'], show: onScreen2!.id })).toMatch(/bookings_seats_on_screen/);
      expect(await insertBehindTheService({ seats: ['B10'], show: onScreen2!.id })).toBeNull();
      const [booking] = (await database.db.execute(sql`select id from bookings where show_id = ${onScreen2!.id} limit 1`)).rows as { id: string }[];
      const ledgerRefusal = await database.db.execute(sql`insert into seat_reservations (show_id, seat, booking_id) values (${showId}, 'B10', ${booking!.id})`).then(
        () => null,
        (error: { cause?: Error; message: string }) => error.cause?.message ?? error.message,
      );
      expect(ledgerRefusal).toMatch(/seat_reservations_seat_on_screen/);
    });

    it('refuses a negative amount and a status the lifecycle does not have', async () => {
      expect(await insertBehindTheService({ seats: ['D1'], amountCents: -100 })).toMatch(/bookings_amount_not_negative/);
      expect(await insertBehindTheService({ seats: ['D2'], status: 'free' })).toMatch(/bookings_status_valid/);
      const [booking] = (await database.db.execute(sql`select id from bookings where status = 'held' limit 1`)).rows as { id: string }[];
      await expect(database.db.execute(sql`update bookings set status = 'gone' where id = ${booking!.id}`)).rejects.toThrow();
      await expect(database.db.execute(sql`update bookings set refund_status = 'maybe' where id = ${booking!.id}`)).rejects.toThrow();
    });

    it('refuses an unknown seat in the seat ledger', async () => {
      const [booking] = (await database.db.execute(sql`select id from bookings limit 1`)).rows as { id: string }[];
      await expect(database.db.execute(sql`insert into seat_reservations (show_id, seat, booking_id) values (${showId}, 'Z9', ${booking!.id})`)).rejects.toThrow();
    });

    it('create_bookings refuses 8 seats, bad ids and a negative amount for that booking alone; the others in the batch are made', async () => {
      const wanted = (seats: string[], amountCents = 1250) => ({
        id: randomUUID(),
        userId,
        showId,
        seats,
        amountCents,
        paymentLink: null,
        holdExpiresAt: new Date(Date.now() + 600_000).toISOString(),
        createdAt: new Date().toISOString(),
        ticketCode: newTicketCode(),
      });
      const batch = [wanted(['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8']), wanted(['Z99']), wanted(['A0', '']), wanted(['F5'], -1), wanted(['G1', 'G2'])];
      const { rows } = (await database.db.execute(sql`select * from create_bookings(${JSON.stringify(batch)}::jsonb)`)) as unknown as {
        rows: { claimed_id: string; failure: string | null }[];
      };
      expect(rows.map((r) => r.failure === null)).toEqual([false, false, false, false, true]);
      for (const row of rows.slice(0, 4)) expect(row.failure).toMatch(/^23514: .*(bookings_seats_valid|bookings_seats_on_screen|bookings_amount_not_negative)/);
      const made = await store.bookings.get(rows[4]!.claimed_id);
      expect(made?.seats).toEqual(['G1', 'G2']);
      expect(Object.keys(await store.shows.occupiedSeats(showId))).toEqual(expect.arrayContaining(['G1', 'G2']));
      expect(Object.keys(await store.shows.occupiedSeats(showId))).not.toContain('A6');
    });

    it('a refused row leaves the service booking as before', async () => {
      expect(await insertBehindTheService({ seats: ['H1', 'H1'] })).toMatch(SEAT_RULE);
      const result = await store.bookings.create({
        id: randomUUID(),
        userId,
        showId,
        seats: ['H1', 'H2'],
        amountCents: 2500,
        holdExpiresAt: new Date(Date.now() + 600_000),
        paymentLink: null,
        createdAt: new Date(),
        ticketCode: newTicketCode(),
      });
      expect(result.ok).toBe(true);
      expect(Object.keys(await store.shows.occupiedSeats(showId))).toEqual(expect.arrayContaining(['H1', 'H2']));
    });
  });
}
