import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtInChain, DEFAULT_SCREEN_ID } from '../src/cinemas/built-in-chain.ts';
import { layoutSeats } from '../src/contract/seats/layout.ts';
import type { Movie } from '../src/shows/show.ts';
import { establishIdentity } from '../src/integrity/store-identity.ts';
import type { Store } from '../src/store/types.ts';
import { lanes, type Lane } from './support/databases.ts';
import { submitCard } from './support/payments.ts';
import { twoStoresOnOneDatabase } from './support/shared-database.ts';
import { startTestApp, type ApiResponse, type TestApp } from './support/test-app.ts';

/**
 * One fate per ticket (issue 55, part 1). With free cancellation until 30 minutes before the show and the door open
 * from 60 minutes before (a normal pairing), a moviegoer's cancellation and a door scan of the same ticket sent
 * together gave both `200 cancelled` (refunded) and `200 admitted` for about half the tickets, and the seat was resold
 * and its new buyer admitted too. Here: exactly one of them wins per ticket, in both orders of sending, on one PGlite
 * instance and on two instances sharing PostgreSQL or MongoDB; the loser is told the winner's outcome in words.
 * Staff cancelling the show while the door admits: each booking keeps one fate too.
 */

const MINUTE = 60_000;
const TICKETS = 20;
const env = { CANCELLATION_CUTOFF_MINUTES: '30', CHECK_IN_OPENS_MINUTES_BEFORE: '60', CHECK_IN_CLOSES_MINUTES_AFTER: '30' };
const CLOCK_TIME = /\d{1,2}:\d{2} [AP]M/.source;
const MOVIE: Movie = {
  id: '990055', title: 'One Fate', tagline: '', overview: 'A ticket used once.', posterPath: null, backdropPath: null, releaseDate: '2026-01-01',
  runtime: 100, genres: [], voteAverage: 7, voteCount: 10, originalLanguage: 'en', casts: [],
};
/** Two screens of the default cinema (one show each: a screen plays one show at a time) and their standard seats. */
const SCREENS = builtInChain().find((cinema) => cinema.screens.some((screen) => screen.id === DEFAULT_SCREEN_ID))!.screens.slice(0, 2);
const seatsOf = (screen: number) => layoutSeats(SCREENS[screen]!.layout).filter((seat) => seat.type === 'standard').map((seat) => seat.id);

/** Two instances on one database where the lane is a server (each its own pool: a race across them), else one. */
async function instances(lane: Lane) {
  const shared = lane.name === 'pglite' ? null : await twoStoresOnOneDatabase(lane);
  const stores: Store[] = shared ? [...shared.stores] : [await lane.openStore()];
  // The shows exist before the apps start (each app's known ids are read at start), on a store given its identity as
  // the service's start-up does; starting in 45 and 50 minutes: inside the door's window (from 60 minutes before) and
  // the free cancellation (until 30 minutes before).
  await establishIdentity(stores[0]!, { location: `test ${lane.name}`, now: new Date(), initialiseEmpty: true, log: { warn: () => {} } });
  await stores[0]!.cinemas.ensure(builtInChain());
  await stores[0]!.movies.upsert(MOVIE);
  const starts = [45, 50].map((minutes) => new Date(Date.now() + minutes * MINUTE));
  await stores[0]!.shows.addMany(MOVIE.id, starts.map((startsAt, i) => ({ startsAt, priceCents: 1000, screenId: SCREENS[i]!.id })));
  const shows = await stores[0]!.shows.upcomingForMovie(MOVIE.id, new Date());
  const showIds = starts.map((at) => shows.find((show) => show.startsAt.getTime() === at.getTime())!.id);
  const apps: TestApp[] = [];
  for (const store of stores) apps.push(await startTestApp(lane, { store, env }));
  return {
    a: apps[0]!,
    b: apps[1] ?? apps[0]!,
    store: stores[0]!,
    showIds,
    async close() {
      for (const app of apps) await app.close();
      if (shared) await shared.close();
      else await stores[0]!.close();
    },
  };
}

interface Ticket { bookingId: string; ticketCode: string; seat: string; token: string; app: TestApp }

/** A paid ticket for `seat`, bought on `app` by `email` through the local checkout. */
async function paidTicket(app: TestApp, email: string, showId: string, seat: string): Promise<Ticket> {
  const token = await app.tokenFor(email);
  const made = await app.api('POST', '/api/booking/create', { token, body: { showId, selectedSeats: [seat] } });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  expect((await submitCard(app, made.body.url)).status).toBe(303);
  const booking = (await app.store.bookings.get(made.body.bookingId))!;
  expect(booking.isPaid).toBe(true);
  return { bookingId: booking.id, ticketCode: booking.ticketCode, seat, token, app };
}

/** Each instance's door token, signed once: a scan then leaves as soon as the cancellation sent with it. */
const doorTokens = new Map<TestApp, Promise<string>>();
const doorToken = (app: TestApp) => doorTokens.get(app) ?? doorTokens.set(app, app.tokenFor('door@example.com', ['door'])).get(app)!;
const scan = async (app: TestApp, code: string, door = 'Door 1') => app.api('POST', '/api/admin/check-in', { token: await doorToken(app), body: { code, door } });
const cancel = (ticket: Ticket) => ticket.app.api('POST', `/api/booking/${ticket.bookingId}/cancel`, { token: ticket.token });

for (const lane of lanes) {
  describe.skipIf(lane.skipReason !== null)(`one fate per ticket on ${lane.name}`, () => {
    let env: Awaited<ReturnType<typeof instances>>;

    beforeAll(async () => {
      env = await instances(lane);
    }, 120_000);
    afterAll(() => env?.close());

    it(`a cancellation and a door scan of the same ticket sent together: exactly one wins, for each of ${TICKETS} tickets, in both orders`, async () => {
      const { a, b, store } = env;
      const [showId] = env.showIds as [string];
      const tickets: Ticket[] = [];
      const seats = seatsOf(0);
      for (let i = 0; i < TICKETS; i++) tickets.push(await paidTicket(a, `guest${i}@example.com`, showId, seats[i]!));
      await doorToken(b);

      // All races at once; each ticket's two requests sent together, half with the cancellation first, half with the
      // scan first, the second 0 to 4 ms after the first (each side reads, then writes: the offsets sweep the window
      // between them); on two instances the scan goes to the other one.
      const after = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const races = await Promise.all(
        tickets.map(async (ticket, i) => {
          const offset = Math.floor(i / 2) % 5;
          if (i % 2 === 0) {
            const [cancelled, scanned] = await Promise.all([cancel(ticket), after(offset).then(() => scan(b, ticket.ticketCode))]);
            return { ticket, cancelled, scanned };
          }
          const [scanned, cancelled] = await Promise.all([scan(b, ticket.ticketCode), after(offset).then(() => cancel(ticket))]);
          return { ticket, cancelled, scanned };
        }),
      );

      const admitted = new Set<string>();
      const cancelledIds = new Set<string>();
      const both: string[] = [];
      for (const { ticket, cancelled, scanned } of races) {
        if (cancelled.status === 200 && scanned.status === 200) both.push(ticket.bookingId);
        if (scanned.status === 200) admitted.add(ticket.bookingId);
        if (cancelled.status === 200) cancelledIds.add(ticket.bookingId);
      }
      expect(both, 'tickets both cancelled (refunded) and admitted').toEqual([]);
      for (const { ticket, cancelled, scanned } of races) {
        const detail = `${ticket.bookingId}: cancel ${cancelled.status} ${JSON.stringify(cancelled.body)}, scan ${scanned.status} ${JSON.stringify(scanned.body)}`;
        expect([cancelled.status, scanned.status].sort(), detail).toEqual([200, 409]);
        if (scanned.status === 200) {
          // The moviegoer is told the ticket was used, and when.
          expect(cancelled.body.message, detail).toMatch(new RegExp(`^This ticket was admitted at the door at ${CLOCK_TIME}, so the booking can no longer be cancelled\\.$`));
        } else {
          expect(cancelled.body.outcome, detail).toBe('cancelled');
          // The door is told the moviegoer cancelled it, when, and that it was refunded.
          expect(scanned.body.outcome, detail).toMatch(/^(refunded|cancelled)$/);
          expect(scanned.body.message, detail).toMatch(new RegExp(`^(Refunded|Cancelled): cancelled by the moviegoer at ${CLOCK_TIME}`));
        }
      }
      expect(admitted.size + cancelledIds.size).toBe(TICKETS);

      // The records agree with the answers: an admitted booking is paid and unrefunded, a cancelled one refunded and never admitted.
      const admittedInLog = await store.checkIns.admittedAt(tickets.map((t) => t.bookingId));
      let refunds = 0;
      for (const ticket of tickets) {
        const booking = (await store.bookings.get(ticket.bookingId))!;
        if (booking.refundStatus !== null) refunds++;
        if (admitted.has(ticket.bookingId)) {
          expect(booking).toMatchObject({ status: 'paid', isPaid: true, refundStatus: null });
          expect(admittedInLog.has(ticket.bookingId)).toBe(true);
        } else {
          expect(booking).toMatchObject({ status: 'cancelled', refundStatus: 'refunded' });
          expect(admittedInLog.has(ticket.bookingId)).toBe(false);
          expect((await store.checkoutSessions.get(booking.paymentSessionId!))!.refundId).toBe(booking.refundId);
        }
      }
      expect(refunds).toBe(cancelledIds.size);

      // The door count never passes the tickets sold.
      const door = await a.api('GET', `/api/admin/check-in/shows/${showId}`, { token: await doorToken(a) });
      expect(door.body).toMatchObject({ admitted: admitted.size, sold: TICKETS - cancelledIds.size });

      // Resale: a cancelled ticket's seat is sold again and its new holder admitted; an admitted ticket's seat is not for sale.
      // (Three of each: the local checkout takes 30 payments a minute from one address.)
      const resales = [...tickets.filter((t) => admitted.has(t.bookingId)).slice(0, 3), ...tickets.filter((t) => !admitted.has(t.bookingId)).slice(0, 3)];
      for (const [i, ticket] of resales.entries()) {
        if (admitted.has(ticket.bookingId)) {
          const resale = await a.api('POST', '/api/booking/create', { token: await a.tokenFor(`late${i}@example.com`), body: { showId, selectedSeats: [ticket.seat] } });
          expect(resale.status, `seat ${ticket.seat} of an admitted ticket resold`).toBe(409);
          continue;
        }
        const buyer = await paidTicket(a, `late${i}@example.com`, showId, ticket.seat);
        expect((await scan(b, buyer.ticketCode, 'Door 2')).status).toBe(200);
      }
      // Every seat of the show admitted once at most.
      const { items } = await store.bookings.list({ showId }, { offset: 0, limit: 200 });
      const everAdmitted = await store.checkIns.admittedAt(items.map((booking) => booking.id));
      const seatsAdmitted = items.filter((booking) => everAdmitted.has(booking.id)).flatMap((booking) => booking.seats);
      const resold = resales.filter((t) => !admitted.has(t.bookingId)).length;
      expect(seatsAdmitted.length).toBe(admitted.size + resold);
      expect(new Set(seatsAdmitted).size).toBe(seatsAdmitted.length);
      const finalCount = await a.api('GET', `/api/admin/check-in/shows/${showId}`, { token: await doorToken(a) });
      expect(finalCount.body).toMatchObject({ admitted: admitted.size + resold, sold: admitted.size + resold });
    });

    it('staff cancelling the show while the door admits: each booking is admitted or refunded, never both; the admitted ones are reported', async () => {
      const { a, b, store } = env;
      const [, showId] = env.showIds as [string, string];
      const tickets: Ticket[] = [];
      const seats = seatsOf(1);
      for (let i = 0; i < 6; i++) tickets.push(await paidTicket(b, `show-guest${i}@example.com`, showId, seats[i]!));
      // Two are inside already; the other four are scanned as staff cancel the show.
      for (const ticket of tickets.slice(0, 2)) expect((await scan(b, ticket.ticketCode)).status).toBe(200);
      const admin = await a.tokenFor('admin@example.com', ['admin']);
      const [cancelled, ...scans] = await Promise.all([
        a.api('POST', `/api/admin/shows/${showId}/cancel`, { token: admin }),
        ...tickets.slice(2).map((ticket) => scan(b, ticket.ticketCode)),
      ]) as [ApiResponse, ...ApiResponse[]];
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);

      const inLog = await store.checkIns.admittedAt(tickets.map((t) => t.bookingId));
      for (const [i, ticket] of tickets.entries()) {
        const booking = (await store.bookings.get(ticket.bookingId))!;
        const fate = `${ticket.bookingId}: ${JSON.stringify(booking)}`;
        if (inLog.has(ticket.bookingId)) expect(booking, fate).toMatchObject({ status: 'paid', isPaid: true, refundStatus: null });
        else expect(booking, fate).toMatchObject({ status: 'cancelled', refundStatus: 'refunded' });
        if (i >= 2) {
          const answer = scans[i - 2]!;
          expect(answer.status === 200, fate).toBe(inLog.has(ticket.bookingId));
          if (answer.status !== 200) expect(answer.body.message, fate).toMatch(/^(Refunded|Cancelled): the cinema cancelled this show at /);
        }
      }
      expect(cancelled.body).toMatchObject({ admitted: inLog.size, refunded: tickets.length - inLog.size });
      if (inLog.size > 0) expect(cancelled.body.message).toContain('already admitted at the door, not refunded');
      // Asked again, nothing changes: the admitted ones are reported again, nobody is refunded twice.
      const again = await a.api('POST', `/api/admin/shows/${showId}/cancel`, { token: admin });
      expect(again.body).toMatchObject({ outcome: 'already-cancelled', admitted: inLog.size, refunded: 0 });
    });
  });
}
