import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtInChain } from '../src/cinemas/built-in-chain.ts';
import { layoutSeats, type SeatType } from '../src/contract/seats/layout.ts';
import { establishIdentity } from '../src/integrity/store-identity.ts';
import type { Movie } from '../src/shows/show.ts';
import type { Store } from '../src/store/types.ts';
import { lanes, type Lane } from './support/databases.ts';
import { createBooking, submitCard } from './support/payments.ts';
import { twoStoresOnOneDatabase } from './support/shared-database.ts';
import { startStripeStandIn, type StripeStandIn } from './support/stripe-stand-in.ts';
import { startTestApp, type ApiResponse, type TestApp } from './support/test-app.ts';

/**
 * Giving back some seats of a paid booking (issue 53, item 4): POST /api/booking/:bookingId/cancel-seats, within the
 * cancellation policy, releases exactly those seats at once, refunds exactly their price by seat type (a premium seat
 * its premium price) once, emails the moviegoer, and leaves the ticket valid for the rest, which the door then admits.
 * One decision on the booking's own row/document: a door scan and a return sent together, in both orders and on two
 * instances sharing PostgreSQL or MongoDB, either admit every seat (the return refused) or admit the seats left.
 */

const MINUTE = 60_000;
const env = { CANCELLATION_CUTOFF_MINUTES: '30', CHECK_IN_OPENS_MINUTES_BEFORE: '60', CHECK_IN_CLOSES_MINUTES_AFTER: '30' };
const CLOCK_TIME = /\d{1,2}:\d{2} [AP]M/.source;
const STANDARD_CENTS = 1000;
const PREMIUM_CENTS = 1800;
const MOVIE: Movie = {
  id: '990053', title: 'Some Seats Back', tagline: '', overview: 'A ticket for fewer.', posterPath: null, backdropPath: null, releaseDate: '2026-01-01',
  runtime: 100, genres: [], voteAverage: 7, voteCount: 10, originalLanguage: 'en', casts: [],
};
/** Three screens with standard and premium seats (a screen plays one show at a time): one show each. */
const SCREEN_IDS = ['marquee-marine-drive-2', 'marquee-bandra-talkies-2', 'marquee-connaught-place-1'];
const screen = (id: string) => builtInChain().flatMap((cinema) => cinema.screens).find((s) => s.id === id)!;
const seatsOfType = (screenId: string, type: SeatType) => layoutSeats(screen(screenId).layout).filter((seat) => seat.type === type).map((seat) => seat.id);

/** Two instances on one database where the lane is a server (a race across their pools), else one. */
async function instances(lane: Lane) {
  const shared = lane.name === 'pglite' ? null : await twoStoresOnOneDatabase(lane);
  const stores: Store[] = shared ? [...shared.stores] : [await lane.openStore()];
  await establishIdentity(stores[0]!, { location: `test ${lane.name}`, now: new Date(), initialiseEmpty: true, log: { warn: () => {} } });
  await stores[0]!.cinemas.ensure(builtInChain());
  await stores[0]!.movies.upsert(MOVIE);
  // In 45 and 50 minutes: the door admits (from 60 before) and free cancellation holds (until 30 before); in 20: it has ended.
  const starts = [45, 50, 20].map((minutes) => new Date(Date.now() + minutes * MINUTE));
  await stores[0]!.shows.addMany(
    MOVIE.id,
    starts.map((startsAt, i) => ({ startsAt, priceCents: STANDARD_CENTS, seatPriceCents: { premium: PREMIUM_CENTS }, screenId: SCREEN_IDS[i]! })),
  );
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

interface Paid { bookingId: string; ticketCode: string; seats: string[]; token: string; sessionId: string }

/** A paid booking of these seats, bought on `app` by `email` through the local checkout. */
async function paidBooking(app: TestApp, email: string, showId: string, seats: string[]): Promise<Paid> {
  const token = await app.tokenFor(email);
  const made = await app.api('POST', '/api/booking/create', { token, body: { showId, selectedSeats: seats } });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  expect((await submitCard(app, made.body.url)).status).toBe(303);
  const booking = (await app.store.bookings.get(made.body.bookingId))!;
  expect(booking.isPaid).toBe(true);
  return { bookingId: booking.id, ticketCode: booking.ticketCode, seats, token, sessionId: booking.paymentSessionId! };
}

const doorTokens = new Map<TestApp, Promise<string>>();
const doorToken = (app: TestApp) => doorTokens.get(app) ?? doorTokens.set(app, app.tokenFor('door@example.com', ['door'])).get(app)!;
const scan = async (app: TestApp, code: string) => app.api('POST', '/api/admin/check-in', { token: await doorToken(app), body: { code, door: 'Door 1' } });
const giveBack = (app: TestApp, paid: Paid, seats: string[]) => app.api('POST', `/api/booking/${paid.bookingId}/cancel-seats`, { token: paid.token, body: { seats } });

for (const lane of lanes) {
  describe.skipIf(lane.skipReason !== null)(`giving back some seats of a paid booking on ${lane.name}`, () => {
    let env: Awaited<ReturnType<typeof instances>>;
    const standard = () => seatsOfType(SCREEN_IDS[0]!, 'standard');
    const premium = () => seatsOfType(SCREEN_IDS[0]!, 'premium');
    const mails = async (bookingId: string) => (await env.store.outbox.list(10_000)).filter((m) => m.bookingId === bookingId);

    beforeAll(async () => {
      env = await instances(lane);
    }, 120_000);
    afterAll(() => env?.close());

    it('releases exactly those seats at once, refunds their price by seat type (premium included), emails, and the door admits the rest', async () => {
      const { a, b, store, showIds } = env;
      const showId = showIds[0]!;
      const [p1] = premium();
      const [s1, s2] = standard();
      const paid = await paidBooking(a, 'keeper@example.com', showId, [p1!, s1!, s2!]);
      expect((await store.bookings.get(paid.bookingId))!.amountCents).toBe(PREMIUM_CENTS + 2 * STANDARD_CENTS);

      const res = await giveBack(a, paid, [p1!, s1!]);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({
        success: true,
        outcome: 'seats-returned',
        message: `Seats ${s1}, ${p1} given back. $28.00 is refunded to your card; it usually shows within 5 to 10 business days. Your ticket stays valid for seat ${s2}.`,
        booking: {
          _id: paid.bookingId,
          status: 'paid',
          isPaid: true,
          bookedSeats: [s2],
          amount: 10,
          // In the booking's (hall) order, whatever the order asked in.
          returnedSeats: [s1, p1],
          returnedAmount: 28,
          seatReturns: [{ seats: [s1, p1], amount: 28, refundStatus: 'refunded', returnedAt: expect.any(String) }],
        },
      });

      // The booking, its durable return and the provider agree: exactly the seats' price, once.
      const stored = (await store.bookings.get(paid.bookingId))!;
      expect(stored).toMatchObject({ status: 'paid', isPaid: true, refundStatus: null, seats: [s2], amountCents: STANDARD_CENTS, returnedSeats: [s1, p1], returnedCents: 2800 });
      const returns = await store.bookings.listSeatReturns(paid.bookingId);
      expect(returns).toEqual([
        expect.objectContaining({ bookingId: paid.bookingId, seats: [s1, p1], amountCents: 2800, refundStatus: 'refunded', refundId: expect.stringMatching(/^re_local_/), returnedBy: expect.any(String) }),
      ]);
      expect(await store.checkoutSessions.get(paid.sessionId)).toMatchObject({ refundedCents: 2800, refundId: returns[0]!.refundId });

      // Free for others at once, on the other instance too; the seat kept is not.
      const ledger = await store.shows.occupiedSeats(showId);
      expect(ledger).not.toHaveProperty(p1!);
      expect(ledger).not.toHaveProperty(s1!);
      expect(ledger).toHaveProperty(s2!);
      const seatPage = await b.api('GET', `/api/booking/seats/${showId}`);
      expect(seatPage.body.occupiedSeats).not.toContain(p1);
      expect(seatPage.body.occupiedSeats).toContain(s2);
      const other = await b.tokenFor('next@example.com');
      expect((await b.api('POST', '/api/booking/create', { token: other, body: { showId, selectedSeats: [p1] } })).status).toBe(200);
      expect((await b.api('POST', '/api/booking/create', { token: other, body: { showId, selectedSeats: [s2] } })).status).toBe(409);

      // One email saying which seats, the refund and that the ticket stays valid; later emails list the seats left.
      const sent = await mails(paid.bookingId);
      expect(sent.map((m) => m.kind).sort()).toEqual(['booking-confirmation', 'seats-returned-notice']);
      const notice = sent.find((m) => m.kind === 'seats-returned-notice')!;
      expect(notice.subject).toBe(`Seats ${s1}, ${p1} given back: ${MOVIE.title}`);
      expect(notice.text).toContain(`We are refunding $28.00 for them to the card you paid with`);
      expect(notice.text).toContain(`Your ticket stays valid for seat ${s2}.`);
      expect(notice.text).toContain(`Seats: ${s2}\n`);
      expect(notice.text).toContain(`Given back: ${s1}, ${p1} ($28.00 refunded to your card)`);
      expect(notice.html).toContain(`alt="Ticket QR code ${paid.ticketCode}"`);

      // My Bookings and staff's lists show the seats left and the amount net of the refund.
      const mine = (await a.api('GET', '/api/user/bookings', { token: paid.token })).body.bookings.find((x: { _id: string }) => x._id === paid.bookingId);
      expect(mine).toMatchObject({ bookedSeats: [s2], amount: 10, returnedSeats: [s1, p1], returnedAmount: 28, seatReturns: [{ seats: [s1, p1], amount: 28 }] });
      const admin = await a.tokenFor('admin@example.com', ['admin']);
      const listed = await a.api('GET', `/api/admin/all-bookings?q=${paid.ticketCode}`, { token: admin });
      expect(listed.body.bookings).toEqual([expect.objectContaining({ _id: paid.bookingId, amount: 10, bookedSeats: [s2] })]);
      expect(listed.body.totals.paid).toEqual({ count: 1, amount: 10 });

      // The door admits the seat left.
      const scanned = await scan(b, paid.ticketCode);
      expect(scanned.status, JSON.stringify(scanned.body)).toBe(200);
      expect(scanned.body).toMatchObject({ message: 'Admitted: 1 ticket', admission: { seats: [s2], tickets: 1 } });
    });

    it('giving back every seat cancels the booking whole, with one refund of the full amount', async () => {
      const { a, store, showIds } = env;
      const [, , , s3, s4] = standard();
      const paid = await paidBooking(a, 'all-back@example.com', showIds[0]!, [s3!, s4!]);
      const res = await giveBack(a, paid, [s4!, s3!]);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ outcome: 'cancelled', booking: { status: 'cancelled', refundStatus: 'refunded', returnedSeats: [] } });
      expect(await store.bookings.listSeatReturns(paid.bookingId)).toEqual([]);
      expect(await store.checkoutSessions.get(paid.sessionId)).toMatchObject({ refundedCents: 2 * STANDARD_CENTS, refundKeys: [`refund-${paid.bookingId}`] });
      expect((await mails(paid.bookingId)).map((m) => m.kind).sort()).toEqual(['booking-confirmation', 'cancellation-notice']);
    });

    it('refuses an empty list, seats not on the booking and a cancelled booking, changing nothing', async () => {
      const { a, store, showIds } = env;
      const [, , , , , s5, s6, s7] = standard();
      const paid = await paidBooking(a, 'wrong-seats@example.com', showIds[0]!, [s5!, s6!]);
      expect((await giveBack(a, paid, [])).status).toBe(400);
      const notOn = await giveBack(a, paid, [s5!, s7!]);
      expect(notOn.status).toBe(409);
      expect(notOn.body.message).toBe(`Seat ${s7} is not on this booking.`);
      expect((await store.bookings.get(paid.bookingId))!).toMatchObject({ seats: [s5, s6], returnedSeats: [], amountCents: 2 * STANDARD_CENTS });
      // Someone else's booking is unknown to the caller.
      const stranger = await a.tokenFor('stranger@example.com');
      expect((await a.api('POST', `/api/booking/${paid.bookingId}/cancel-seats`, { token: stranger, body: { seats: [s5] } })).status).toBe(404);

      expect((await a.api('POST', `/api/booking/${paid.bookingId}/cancel`, { token: paid.token })).status).toBe(200);
      const cancelled = await giveBack(a, paid, [s5!]);
      expect(cancelled.status).toBe(409);
      expect(cancelled.body.message).toBe('This booking is cancelled: there are no seats to give back.');
    });

    it('is idempotent: the same return sent again (or twice at once) gives the seats back, refunds and emails once', async () => {
      const { a, store, showIds } = env;
      const seats = standard().slice(10, 13);
      const paid = await paidBooking(a, 'twice@example.com', showIds[0]!, seats);
      const [first, second] = await Promise.all([giveBack(a, paid, [seats[0]!]), giveBack(a, paid, [seats[0]!])]);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect([first.body.outcome, second.body.outcome].sort()).toEqual(['already-returned', 'seats-returned']);
      const again = await giveBack(a, paid, [seats[0]!]);
      expect(again.body).toMatchObject({ outcome: 'already-returned', booking: { bookedSeats: seats.slice(1), returnedSeats: [seats[0]] } });
      expect(await store.bookings.listSeatReturns(paid.bookingId)).toHaveLength(1);
      expect(await store.checkoutSessions.get(paid.sessionId)).toMatchObject({ refundedCents: STANDARD_CENTS });
      expect((await mails(paid.bookingId)).filter((m) => m.kind === 'seats-returned-notice')).toHaveLength(1);

      // A second return of another seat is its own refund; then cancelling the rest refunds what is left, once.
      expect((await giveBack(a, paid, [seats[2]!])).body).toMatchObject({ outcome: 'seats-returned', booking: { bookedSeats: [seats[1]], returnedSeats: [seats[0], seats[2]], returnedAmount: 20 } });
      const rest = await a.api('POST', `/api/booking/${paid.bookingId}/cancel`, { token: paid.token });
      expect(rest.body).toMatchObject({ outcome: 'cancelled', booking: { refundStatus: 'refunded' } });
      expect(await store.checkoutSessions.get(paid.sessionId)).toMatchObject({ refundedCents: 3 * STANDARD_CENTS });
      const notice = (await mails(paid.bookingId)).find((m) => m.kind === 'cancellation-notice')!;
      expect(notice.text).toContain('We are refunding the rest of what you paid, $10.00');
    });

    it('outside the policy, or once admitted: 409 in the policy\'s and the admission\'s words, and nothing changes', async () => {
      const { a, b, store, showIds } = env;
      const late = await paidBooking(a, 'late@example.com', showIds[2]!, seatsOfType(SCREEN_IDS[2]!, 'standard').slice(0, 2));
      const refused = await giveBack(a, late, [late.seats[0]!]);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(new RegExp(`^Free cancellation ended at .+${CLOCK_TIME}, 30 minutes before the show, so this booking can no longer be cancelled\\.$`));

      const used = await paidBooking(a, 'used@example.com', showIds[1]!, seatsOfType(SCREEN_IDS[1]!, 'standard').slice(0, 2));
      expect((await scan(b, used.ticketCode)).body).toMatchObject({ admission: { tickets: 2 } });
      const afterScan = await giveBack(a, used, [used.seats[0]!]);
      expect(afterScan.status).toBe(409);
      expect(afterScan.body.message).toMatch(new RegExp(`^This ticket was admitted at the door at ${CLOCK_TIME}, so its seats can no longer be given back\\.$`));
      for (const paid of [late, used]) {
        expect((await store.bookings.get(paid.bookingId))!).toMatchObject({ seats: paid.seats, returnedSeats: [] });
        expect(await store.bookings.listSeatReturns(paid.bookingId)).toEqual([]);
        expect(Object.keys(await store.shows.occupiedSeats((await store.bookings.get(paid.bookingId))!.showId))).toEqual(expect.arrayContaining(paid.seats));
      }
    });

    it('a return and a door scan sent together, in both orders: the scan admits every seat and the return is refused, or the return wins and the scan admits the rest', async () => {
      const { a, b, store, showIds } = env;
      const seats = seatsOfType(SCREEN_IDS[1]!, 'standard').slice(10);
      const tickets: Paid[] = [];
      for (let i = 0; i < 10; i++) tickets.push(await paidBooking(a, `racer${i}@example.com`, showIds[1]!, [seats[2 * i]!, seats[2 * i + 1]!]));
      await doorToken(b);
      const after = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const races = await Promise.all(
        tickets.map(async (ticket, i) => {
          const offset = Math.floor(i / 2) % 5;
          const back = () => giveBack(a, ticket, [ticket.seats[0]!]);
          const door = () => scan(b, ticket.ticketCode);
          if (i % 2 === 0) {
            const [returned, scanned] = await Promise.all([back(), after(offset).then(door)]);
            return { ticket, returned, scanned };
          }
          const [scanned, returned] = await Promise.all([door(), after(offset).then(back)]);
          return { ticket, returned, scanned };
        }),
      );
      for (const { ticket, returned, scanned } of races as { ticket: Paid; returned: ApiResponse; scanned: ApiResponse }[]) {
        const detail = `${ticket.bookingId}: return ${returned.status} ${JSON.stringify(returned.body)}, scan ${scanned.status} ${JSON.stringify(scanned.body)}`;
        // The ticket is always valid at the door: for both seats, or for the one kept.
        expect(scanned.status, detail).toBe(200);
        const stored = (await store.bookings.get(ticket.bookingId))!;
        const returns = await store.bookings.listSeatReturns(ticket.bookingId);
        expect(stored.admittedAt, detail).not.toBeNull();
        if (returned.status === 200) {
          expect(returned.body.outcome, detail).toBe('seats-returned');
          expect(scanned.body.admission, detail).toMatchObject({ seats: [ticket.seats[1]], tickets: 1 });
          expect(stored, detail).toMatchObject({ seats: [ticket.seats[1]], returnedSeats: [ticket.seats[0]], amountCents: STANDARD_CENTS });
          expect(returns, detail).toEqual([expect.objectContaining({ seats: [ticket.seats[0]], refundStatus: 'refunded' })]);
          expect(await store.checkoutSessions.get(ticket.sessionId)).toMatchObject({ refundedCents: STANDARD_CENTS });
        } else {
          expect(returned.status, detail).toBe(409);
          expect(returned.body.message, detail).toMatch(new RegExp(`^This ticket was admitted at the door at ${CLOCK_TIME}, so its seats can no longer be given back\\.$`));
          expect(scanned.body.admission, detail).toMatchObject({ seats: ticket.seats, tickets: 2 });
          expect(stored, detail).toMatchObject({ seats: ticket.seats, returnedSeats: [], amountCents: 2 * STANDARD_CENTS });
          expect(returns, detail).toEqual([]);
          expect(await store.checkoutSessions.get(ticket.sessionId)).toMatchObject({ refundedCents: 0 });
        }
      }
      // The door count: the seats admitted are the seats sold.
      const door = await a.api('GET', `/api/admin/check-in/shows/${showIds[1]}`, { token: await doorToken(a) });
      expect(door.body.admitted).toBe(door.body.sold);
    });
  });

  describe.skipIf(lane.skipReason !== null)(`seats given back from a booking paid through Stripe on ${lane.name}`, () => {
    let stripe: StripeStandIn;
    let store: Store;
    let t: TestApp;
    let user: string;

    beforeAll(async () => {
      stripe = await startStripeStandIn();
      store = await lane.openStore();
      t = await startTestApp(lane, {
        store,
        seed: true,
        env: { STRIPE_SECRET_KEY: 'sk_test_standin', STRIPE_API_BASE: stripe.url, STRIPE_TIMEOUT_MS: '300', SHELL_URL: 'https://cinema.example' },
      });
      user = await t.tokenFor('user@example.com');
    });
    afterAll(async () => {
      await t?.close();
      await store?.close();
      await stripe?.close();
    });

    it('refunds the seat\'s part of the payment intent once; a refund Stripe cannot take now stays pending and the reconciliation makes it once', async () => {
      const made = await createBooking(t, user, 2);
      stripe.pay(made.booking.paymentSessionId!);
      await t.services.payments.jobs.reconcileNow();
      const booking = (await store.bookings.get(made.booking.id))!;
      expect(booking).toMatchObject({ isPaid: true, paymentIntentId: expect.stringMatching(/^pi_/) });
      const seatPrice = booking.amountCents / 2;

      stripe.failNext = 2; // the refund call and its retry fail
      const res = await t.api('POST', `/api/booking/${booking.id}/cancel-seats`, { token: user, body: { seats: [booking.seats[1]] } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({
        outcome: 'seats-returned',
        message: expect.stringContaining('is on its way back to your card'),
        booking: { status: 'paid', bookedSeats: [booking.seats[0]], seatReturns: [{ seats: [booking.seats[1]], refundStatus: 'pending' }] },
      });
      const [pending] = await store.bookings.listSeatReturns(booking.id);
      expect(pending).toMatchObject({ refundStatus: 'pending', refundReason: expect.stringMatching(/refund will be retried/) });
      // The seat is free already; the money follows.
      expect(await store.shows.occupiedSeats(booking.showId)).not.toHaveProperty(booking.seats[1]!);

      expect((await t.services.payments.jobs.reconcileNow())!.seatReturns).toBeGreaterThanOrEqual(1);
      const [refunded] = await store.bookings.listSeatReturns(booking.id);
      expect(refunded).toMatchObject({ refundStatus: 'refunded', refundId: expect.stringMatching(/^re_test_/), amountCents: seatPrice });
      expect(refunded!.refundReason).not.toMatch(/retried/);
      expect(stripe.refunds.filter((r) => r.payment_intent === booking.paymentIntentId)).toEqual([expect.objectContaining({ amount: seatPrice })]);
      const keys = stripe.requests.filter((r) => r.path === '/v1/refunds').map((r) => r.headers['idempotency-key']);
      expect(new Set(keys)).toEqual(new Set([`refund-${booking.id}-return-${refunded!.id}`]));
      await t.services.payments.jobs.reconcileNow();
      expect(stripe.refunds.filter((r) => r.payment_intent === booking.paymentIntentId)).toHaveLength(1);
      expect((await store.bookings.get(booking.id))!).toMatchObject({ status: 'paid', refundStatus: null, amountCents: seatPrice, returnedCents: seatPrice });
    });
  });
}
