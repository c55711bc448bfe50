import { builtInChain, DEFAULT_CINEMA_ID, DEFAULT_SCREEN_ID } from '../src/cinemas/built-in-chain.ts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SEATS } from '../src/contract/seats/hall.ts';
import { isTicketCode, newTicketCode } from '../src/bookings/ticket-code.ts';
import type { Booking, NewBooking } from '../src/bookings/booking.ts';
import type { QueuedMessage } from '../src/email/outbox.ts';
import type { Movie, Show } from '../src/shows/show.ts';
import type { Cinema } from '../src/cinemas/cinema.ts';
import { DEFAULT_LAYOUT } from '../src/contract/seats/layout.ts';
import type { Store } from '../src/store/types.ts';
import { bookingTransitions, type BookingTransitions } from '../src/bookings/guarded-transitions.ts';
import type { User } from '../src/identity/user.ts';
import { lanes } from './support/databases.ts';

/**
 * The repository contract: every method of every repository, called directly,
 * with the same expectations on each store (PGlite, PostgreSQL, MongoDB). The
 * PostgreSQL store is the reference; another adapter is done when this passes.
 *
 * All lanes share one store per file, so each test makes its own movies, shows
 * and users, and checks global answers (counts, sums, lists) as differences or
 * on its own records.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Far from the real clock, so nothing here depends on when the suite runs. */
const BASE = new Date('2031-05-01T12:00:00.000Z').getTime();

let movieCounter = 0;
function movieFixture(overrides: Partial<Movie> = {}): Movie {
  movieCounter += 1;
  const id = String(700_000 + movieCounter * 7 + Math.floor(Math.random() * 7));
  return {
    id,
    title: `Contract Movie ${id}`,
    tagline: 'A tagline',
    overview: 'An overview of the picture.',
    posterPath: `/poster-${id}.svg`,
    backdropPath: null,
    releaseDate: '2031-04-20',
    // Short: the tests put one movie's shows an hour apart on its screen (runtime + 20 minutes' turnover fit).
    runtime: 40,
    genres: [
      { id: 18, name: 'Drama' },
      { id: 35, name: 'Comedy' },
    ],
    voteAverage: 7.5,
    voteCount: 1234,
    originalLanguage: 'en',
    casts: [
      { name: 'Ada Lane', character: 'The Pilot', profile_path: '/ada.svg' },
      { name: 'Bo Reed', character: '', profile_path: null },
    ],
    ...overrides,
  };
}

/**
 * The contract's own cinema: a screen of the spec's hall for each movie the tests make, since one screen shows one
 * show at a time (issue 52) and the tests here put several movies at one instant.
 */
const CONTRACT_SCREENS = 48;
const CONTRACT_CINEMA: Cinema = {
  id: 'contract-cinema', name: 'Contract Cinema', address: '1 Test Road', city: 'Testville', timeZone: 'UTC', phone: '', facilities: [], turnoverMinutes: 20,
  screens: Array.from({ length: CONTRACT_SCREENS }, (_, i) => ({ id: `contract-cinema-${i + 1}`, cinemaId: 'contract-cinema', name: `Screen ${i + 1}`, format: 'Standard', layout: DEFAULT_LAYOUT })),
};
let screenCounter = 0;
const nextScreen = () => `contract-cinema-${(screenCounter++ % CONTRACT_SCREENS) + 1}`;

function userFixture(label: string): User {
  const id = `contract|${label}-${randomUUID().slice(0, 8)}`;
  return { id, name: `${label} Person`, email: `${label}@example.com` };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

for (const lane of lanes) {
  describe.skipIf(lane.skipReason !== null)(`repository contract on ${lane.name}`, () => {
    let store: Store;
    /** The booking lifecycle's transitions, applied through this store's guarded update. */
    let lifecycle: BookingTransitions;

    beforeAll(async () => {
      store = await lane.openStore();
      await store.cinemas.ensure([CONTRACT_CINEMA]);
      lifecycle = bookingTransitions(store.bookings);
    });
    afterAll(() => store?.close());

    /** A movie and its shows, on a screen of its own (null: added without a screen, on the default one). */
    async function movieWithShows(startTimes: number[], priceCents = 1250, overrides: Partial<Movie> = {}, screen: string | null = nextScreen()) {
      const movie = movieFixture(overrides);
      await store.movies.upsert(movie);
      await store.shows.addMany(movie.id, startTimes.map((t) => ({ startsAt: new Date(t), priceCents, ...(screen && { screenId: screen }) })));
      const shows = await store.shows.upcomingForMovie(movie.id, new Date(0));
      return { movie, shows };
    }

    async function newUser(label: string): Promise<User> {
      const user = userFixture(label);
      await store.users.upsert(user);
      return user;
    }

    function newBooking(show: Show, user: User, seats: string[], createdAt = new Date(BASE)): NewBooking {
      const id = randomUUID();
      return {
        id,
        userId: user.id,
        showId: show.id,
        seats,
        amountCents: show.priceCents * seats.length,
        holdExpiresAt: new Date(createdAt.getTime() + 10 * 60_000),
        paymentLink: `http://localhost:4000/api/checkout/bookings/${id}`,
        createdAt,
        ticketCode: newTicketCode(),
      };
    }

    async function book(show: Show, user: User, seats: string[], createdAt?: Date): Promise<Booking> {
      const result = await store.bookings.create(newBooking(show, user, seats, createdAt));
      if (!result.ok) throw new Error(`seats ${result.takenSeats.join(', ')} unexpectedly taken`);
      return result.booking;
    }

    describe('movies', () => {
      it('upsert inserts, get reads it back unchanged, and an unknown id is null', async () => {
        const movie = movieFixture();
        const before = await store.movies.count();
        await store.movies.upsert(movie);
        expect(await store.movies.get(movie.id)).toEqual(movie);
        expect(await store.movies.count()).toBe(before + 1);
        expect(await store.movies.get('999999999')).toBeNull();
      });

      it('upsert of a known movie refreshes its details without adding one', async () => {
        const movie = movieFixture();
        await store.movies.upsert(movie);
        const count = await store.movies.count();
        const refreshed = { ...movie, title: 'Renamed', voteAverage: 8.25, casts: [], genres: [], posterPath: null };
        await store.movies.upsert(refreshed);
        expect(await store.movies.get(movie.id)).toEqual(refreshed);
        expect(await store.movies.count()).toBe(count);
      });

      it('withUpcomingShows lists movies with a show after now once each, soonest next show first', async () => {
        const now = BASE + 100 * DAY;
        const later = await movieWithShows([now + 5 * HOUR, now + 30 * HOUR, now + 2 * HOUR + 50 * DAY]);
        const sooner = await movieWithShows([now + 1 * HOUR, now + 40 * HOUR]);
        const pastOnly = await movieWithShows([now - 1 * HOUR, now - 30 * HOUR]);
        const atNow = await movieWithShows([now]);
        const listed = (await store.movies.withUpcomingShows(new Date(now))).map((m) => m.id);
        const ours = listed.filter((id) => [later, sooner, pastOnly, atNow].some((x) => x.movie.id === id));
        expect(ours).toEqual([sooner.movie.id, later.movie.id]);
        expect(new Set(listed).size).toBe(listed.length);
        const full = (await store.movies.withUpcomingShows(new Date(now))).find((m) => m.id === sooner.movie.id);
        expect(full).toEqual(sooner.movie);
      });

      it('withUpcomingShows breaks a tie of next show by title', async () => {
        const now = BASE + 200 * DAY;
        const zed = await movieWithShows([now + HOUR], 1000, { title: 'Zed at the same time' });
        const abe = await movieWithShows([now + HOUR], 1000, { title: 'Abe at the same time' });
        const ids = (await store.movies.withUpcomingShows(new Date(now))).map((m) => m.id);
        expect(ids.filter((id) => id === zed.movie.id || id === abe.movie.id)).toEqual([abe.movie.id, zed.movie.id]);
      });
    });

    describe('shows', () => {
      it('addMany creates only the shows that do not exist yet for that movie and instant', async () => {
        const movie = movieFixture();
        await store.movies.upsert(movie);
        const t1 = new Date(BASE + 300 * DAY);
        const t2 = new Date(BASE + 300 * DAY + 3 * HOUR);
        expect(await store.shows.addMany(movie.id, [])).toBe(0);
        expect(await store.shows.addMany(movie.id, [{ startsAt: t1, priceCents: 1000 }])).toBe(1);
        expect(
          await store.shows.addMany(movie.id, [
            { startsAt: t1, priceCents: 1999 },
            { startsAt: t2, priceCents: 1999 },
            { startsAt: new Date(t2.getTime()), priceCents: 1999 },
          ]),
        ).toBe(1);
        const shows = await store.shows.upcomingForMovie(movie.id, new Date(0));
        expect(shows.map((s) => [s.startsAt.toISOString(), s.priceCents])).toEqual([
          [t1.toISOString(), 1000],
          [t2.toISOString(), 1999],
        ]);
        // The same instant for another movie is another show (on another screen: one screen, one show at a time).
        const other = movieFixture();
        await store.movies.upsert(other);
        expect(await store.shows.addMany(other.id, [{ startsAt: t1, priceCents: 1000, screenId: nextScreen() }])).toBe(1);
      });

      it('addMany refuses shows of a movie that is not stored', async () => {
        await expect(store.shows.addMany('999999997', [{ startsAt: new Date(BASE + 300 * DAY), priceCents: 1000 }])).rejects.toThrow();
        expect(await store.shows.upcomingForMovie('999999997', new Date(0))).toEqual([]);
      });

      it('ids lists every show and every movie, past shows included', async () => {
        const { movie, shows } = await movieWithShows([BASE - 2 * DAY, BASE + 302 * DAY], 1000);
        const showIds = await store.shows.ids();
        for (const show of shows) expect(showIds).toContain(show.id);
        expect(await store.movies.ids()).toContain(movie.id);
        expect(showIds).not.toContain(movie.id);
      });

      it('get returns the show with its movie; an unknown id is null', async () => {
        const { movie, shows } = await movieWithShows([BASE + 301 * DAY], 1450, {}, null);
        const show = shows[0]!;
        // Added without a screen: on the default cinema's first screen, no other seat prices.
        expect(show).toEqual({ id: expect.any(String), movieId: movie.id, startsAt: new Date(BASE + 301 * DAY), priceCents: 1450, screenId: DEFAULT_SCREEN_ID, seatPriceCents: {}, cancelledAt: null });
        expect(await store.shows.get(show.id)).toEqual({ ...show, movie });
        expect(await store.shows.get(randomUUID())).toBeNull();
      });

      it('cancel marks a show cancelled once, keeps it for staff and hides it from moviegoers; setPrice changes only a show that is on (issue 43)', async () => {
        const { movie, shows } = await movieWithShows([BASE + 302 * DAY, BASE + 303 * DAY], 1200);
        const [kept, cancelled] = [shows[0]!, shows[1]!];
        const at = new Date(BASE);
        expect(await store.shows.setPrice(cancelled.id, 1300)).toBe(true);
        expect(await store.shows.cancel(cancelled.id, at)).toEqual({ changed: true });
        expect(await store.shows.cancel(cancelled.id, new Date(BASE + DAY))).toEqual({ changed: false });
        expect(await store.shows.cancel(randomUUID(), at)).toBeNull();
        expect(await store.shows.get(cancelled.id)).toMatchObject({ cancelledAt: at, priceCents: 1300 });
        expect(await store.shows.setPrice(cancelled.id, 1400)).toBe(false);
        expect((await store.shows.upcomingForMovie(movie.id, new Date(BASE))).map((s) => s.id)).toEqual([kept.id]);
        const listed = await store.shows.listWithSeats({ from: new Date(BASE + 302 * DAY), to: new Date(BASE + 304 * DAY) });
        expect(listed.find((s) => s.id === cancelled.id)).toMatchObject({ cancelledAt: at });
      });

      it('cinemas: ensure writes the chain once, refreshes it, and list answers it in order (issue 42)', async () => {
        const chain = builtInChain();
        await store.cinemas.ensure(chain);
        await store.cinemas.ensure(chain);
        // Beside the contract's own cinema (ensured first).
        const listed = async () => (await store.cinemas.list()).filter((cinema) => cinema.id !== CONTRACT_CINEMA.id);
        expect(await listed()).toEqual(chain);
        const renamed = chain.map((cinema, i) => (i === 1 ? { ...cinema, phone: '+91 22 5550 9999' } : cinema));
        await store.cinemas.ensure(renamed);
        expect(await listed()).toEqual(renamed);
      });

      it('shows: one movie at one instant on two screens are two shows, each with its seat prices; upcomingOnScreens (issue 42)', async () => {
        await store.cinemas.ensure(builtInChain());
        const movie = movieFixture();
        await store.movies.upsert(movie);
        const startsAt = new Date(BASE + 302 * DAY);
        const second = `${DEFAULT_CINEMA_ID}-2`;
        const onBoth = [
          { startsAt, priceCents: 1000, screenId: DEFAULT_SCREEN_ID },
          { startsAt, priceCents: 1200, screenId: second, seatPriceCents: { premium: 1800, wheelchair: 900 } },
        ];
        expect(await store.shows.addMany(movie.id, onBoth)).toBe(2);
        expect(await store.shows.addMany(movie.id, onBoth)).toBe(0);
        const [onSecond] = await store.shows.upcomingOnScreens([second], new Date(BASE + 301 * DAY));
        expect(onSecond).toMatchObject({ movieId: movie.id, startsAt, priceCents: 1200, screenId: second, seatPriceCents: { premium: 1800, wheelchair: 900 }, movie });
        expect(await store.shows.upcomingOnScreens([second], new Date(BASE + 303 * DAY))).toEqual([]);
        expect((await store.shows.upcomingForMovie(movie.id, new Date(BASE))).map((s) => s.screenId).sort()).toEqual([DEFAULT_SCREEN_ID, second].sort());
      });

      it('upcomingForMovie lists only that movie\'s shows after now, soonest first', async () => {
        const now = BASE + 302 * DAY;
        const { movie } = await movieWithShows([now + 3 * HOUR, now - HOUR, now, now + HOUR]);
        await movieWithShows([now + 2 * HOUR]);
        const upcoming = await store.shows.upcomingForMovie(movie.id, new Date(now));
        expect(upcoming.map((s) => s.startsAt.getTime())).toEqual([now + HOUR, now + 3 * HOUR]);
        expect(upcoming.every((s) => s.movieId === movie.id)).toBe(true);
        expect(await store.shows.upcomingForMovie('999999998', new Date(0))).toEqual([]);
      });

      it('countUpcoming counts shows starting after now', async () => {
        const now = BASE + 900 * DAY;
        const before = await store.shows.countUpcoming(new Date(now));
        await movieWithShows([now + HOUR, now + 2 * HOUR, now, now - HOUR]);
        expect(await store.shows.countUpcoming(new Date(now))).toBe(before + 2);
      });

      it('listWithSeats lists shows from a date (or all) with movie and seat ledger, soonest first then by title', async () => {
        const from = BASE + 400 * DAY;
        const b = await movieWithShows([from + HOUR, from - HOUR], 1100, { title: 'Beta listing' });
        const a = await movieWithShows([from + HOUR, from + 2 * HOUR], 1200, { title: 'Alpha listing' });
        const user = await newUser('ledger');
        const bShow = b.shows.find((s) => s.startsAt.getTime() === from + HOUR)!;
        const paid = await book(bShow, user, ['A1', 'A2']);
        await lifecycle.markPaid(paid.id, new Date(BASE));
        await book(bShow, user, ['C3']);

        const ours = (list: Awaited<ReturnType<Store['shows']['listWithSeats']>>) =>
          list.filter((s) => s.movieId === a.movie.id || s.movieId === b.movie.id);
        const listed = ours(await store.shows.listWithSeats({ from: new Date(from) }));
        expect(listed.map((s) => [s.startsAt.getTime() - from, s.movie.title])).toEqual([
          [HOUR, 'Alpha listing'],
          [HOUR, 'Beta listing'],
          [2 * HOUR, 'Alpha listing'],
        ]);
        expect(listed[1]).toEqual({ ...bShow, movie: b.movie, occupiedSeats: { A1: 'paid', A2: 'paid', C3: 'held' } });
        expect(listed[0]!.occupiedSeats).toEqual({});

        const all = ours(await store.shows.listWithSeats({}));
        expect(all).toHaveLength(4);
        expect(all[0]!.startsAt.getTime()).toBe(from - HOUR);
        const times = (await store.shows.listWithSeats({})).map((s) => s.startsAt.getTime());
        expect([...times].sort((x, y) => x - y)).toEqual(times);
      });

      it('occupiedSeats is the ledger of held and sold seats; empty for a show without bookings or an unknown show', async () => {
        const { shows } = await movieWithShows([BASE + 401 * DAY]);
        const show = shows[0]!;
        expect(await store.shows.occupiedSeats(show.id)).toEqual({});
        expect(await store.shows.occupiedSeats(randomUUID())).toEqual({});
        const user = await newUser('occupied');
        const first = await book(show, user, ['E4', 'E5']);
        expect(await store.shows.occupiedSeats(show.id)).toEqual({ E4: 'held', E5: 'held' });
        await lifecycle.markPaid(first.id, new Date(BASE));
        await book(show, user, ['J9']);
        expect(await store.shows.occupiedSeats(show.id)).toEqual({ E4: 'paid', E5: 'paid', J9: 'held' });
      });
    });

    describe('bookings', () => {
      it('create reserves the seats and records a held, unpaid booking with its payment link', async () => {
        const { shows } = await movieWithShows([BASE + 500 * DAY], 1275);
        const show = shows[0]!;
        const user = await newUser('creator');
        const request = newBooking(show, user, ['B2', 'B3'], new Date(BASE + 1234));
        const result = await store.bookings.create(request);
        const expected: Booking = {
          id: request.id,
          userId: user.id,
          showId: show.id,
          seats: ['B2', 'B3'],
          amountCents: 2550,
          status: 'held',
          isPaid: false,
          paymentLink: request.paymentLink,
          paymentSessionId: null,
          paymentIntentId: null,
          holdExpiresAt: request.holdExpiresAt,
          paidAt: null,
          createdAt: new Date(BASE + 1234),
          ticketCode: request.ticketCode,
          refundStatus: null,
          refundReason: null,
          refundId: null,
          confirmation: null,
          admittedAt: null,
          cancelledAt: null,
          returnedSeats: [],
          returnedCents: 0,
        };
        expect(result).toEqual({ ok: true, booking: expected });
        expect(await store.bookings.get(request.id)).toEqual(expected);
        expect(await store.bookings.get(randomUUID())).toBeNull();
      });

      it('create names the seats someone else holds and then reserves nothing', async () => {
        const { shows } = await movieWithShows([BASE + 501 * DAY, BASE + 502 * DAY]);
        const [show, otherShow] = [shows[0]!, shows[1]!];
        const alice = await newUser('alice');
        const bob = await newUser('bob');
        await book(show, alice, ['D1', 'D2', 'D3']);

        const clash = await store.bookings.create(newBooking(show, bob, ['D4', 'D3', 'D1']));
        expect(clash).toEqual({ ok: false, takenSeats: ['D3', 'D1'] });
        expect(Object.keys(await store.shows.occupiedSeats(show.id)).sort()).toEqual(['D1', 'D2', 'D3']);
        expect(await store.bookings.listForUser(bob.id)).toEqual([]);

        // The free seat is still free, and the same seats of another show are another matter.
        await book(show, bob, ['D4']);
        await book(otherShow, bob, ['D1', 'D2', 'D3']);
        expect(await store.shows.occupiedSeats(show.id)).toEqual({ D1: 'held', D2: 'held', D3: 'held', D4: 'held' });
      });

      it('create for an unknown show or user is refused', async () => {
        const { shows } = await movieWithShows([BASE + 503 * DAY]);
        const user = await newUser('nobody-show');
        await expect(store.bookings.create(newBooking({ ...shows[0]!, id: randomUUID() }, user, ['A1']))).rejects.toThrow();
        await expect(store.bookings.create(newBooking(shows[0]!, userFixture('ghost'), ['A1']))).rejects.toThrow();
        expect(await store.shows.occupiedSeats(shows[0]!.id)).toEqual({});
      });

      it(`many concurrent creates for overlapping seats never reserve a seat twice`, async () => {
        const { shows } = await movieWithShows([BASE + 504 * DAY]);
        const show = shows[0]!;
        const contenders = 60;
        const users = await Promise.all(Array.from({ length: contenders }, (_, i) => newUser(`racer${i}`)));
        const requests = users.map((user, i) => {
          const start = (i * 5) % 14;
          return newBooking(show, user, ALL_SEATS.slice(start, start + 1 + (i % 4)), new Date(BASE + i));
        });
        const results = await Promise.all(requests.map((r) => store.bookings.create(r)));

        const winners = results.flatMap((r) => (r.ok ? [r.booking] : []));
        const sold = winners.flatMap((b) => b.seats);
        expect(winners.length).toBeGreaterThan(0);
        expect(winners.length).toBeLessThan(contenders);
        expect(new Set(sold).size).toBe(sold.length);
        expect(Object.keys(await store.shows.occupiedSeats(show.id)).sort()).toEqual([...sold].sort());
        for (const [i, result] of results.entries()) {
          if (result.ok) continue;
          expect(result.takenSeats.length).toBeGreaterThan(0);
          for (const seat of result.takenSeats) {
            expect(requests[i]!.seats).toContain(seat);
            expect(sold).toContain(seat);
          }
        }
        const { items } = await store.bookings.list({ movieId: show.movieId }, { offset: 0, limit: 1000 });
        expect(items.map((b) => b.id).sort()).toEqual(winners.map((b) => b.id).sort());
      });

      it('getWithDetails adds show, movie and user; findByPaymentSession is null for an unknown session', async () => {
        const { movie, shows } = await movieWithShows([BASE + 505 * DAY]);
        const user = await newUser('details');
        const booking = await book(shows[0]!, user, ['F5']);
        expect(await store.bookings.getWithDetails(booking.id)).toEqual({ ...booking, show: { ...shows[0]!, movie }, user });
        expect(await store.bookings.getWithDetails(randomUUID())).toBeNull();
        expect(await store.bookings.findByPaymentSession('cs_test_unknown')).toBeNull();
      });

      it('listForUser gives only that user\'s bookings, newest first, with show and movie', async () => {
        const { movie, shows } = await movieWithShows([BASE + 506 * DAY, BASE + 507 * DAY]);
        const me = await newUser('me');
        const other = await newUser('other');
        const older = await book(shows[0]!, me, ['A1'], new Date(BASE + 10));
        const newer = await book(shows[1]!, me, ['A1'], new Date(BASE + 20));
        await book(shows[0]!, other, ['A2'], new Date(BASE + 30));
        const mine = await store.bookings.listForUser(me.id);
        expect(mine.map((b) => b.id)).toEqual([newer.id, older.id]);
        expect(mine[0]).toEqual({ ...newer, show: { ...shows[1]!, movie } });
        expect(await store.bookings.listForUser('contract|nobody')).toEqual([]);
      });

      it('list filters by booking, user, movie, paid state and show date, pages newest first, and counts the total', async () => {
        const day = BASE + 600 * DAY;
        const m1 = await movieWithShows([day + HOUR, day + DAY + HOUR]);
        const m2 = await movieWithShows([day + 2 * HOUR]);
        const u1 = await newUser('lister1');
        const u2 = await newUser('lister2');
        const b1 = await book(m1.shows[0]!, u1, ['A1'], new Date(BASE + 100));
        const b2 = await book(m1.shows[1]!, u1, ['A1'], new Date(BASE + 200));
        const b3 = await book(m2.shows[0]!, u2, ['A1'], new Date(BASE + 300));
        const b4 = await book(m1.shows[0]!, u2, ['B1', 'B2'], new Date(BASE + 300));
        await lifecycle.markPaid(b2.id, new Date(BASE + 400));
        await lifecycle.markPaid(b3.id, new Date(BASE + 400));
        const all = { offset: 0, limit: 100 };
        const ids = async (filter: Parameters<Store['bookings']['list']>[0], page = all) => {
          const { items, total } = await store.bookings.list(filter, page);
          return { ids: items.map((b) => b.id), total };
        };

        // Newest first; equal times by id, descending.
        const tied = [b3.id, b4.id].sort().reverse();
        expect(await ids({ userId: u1.id })).toEqual({ ids: [b2.id, b1.id], total: 2 });
        expect(await ids({ movieId: m1.movie.id })).toEqual({ ids: [b4.id, b2.id, b1.id], total: 3 });
        expect(await ids({ movieId: m1.movie.id, isPaid: false })).toEqual({ ids: [b4.id, b1.id], total: 2 });
        expect(await ids({ movieId: m1.movie.id, isPaid: true })).toEqual({ ids: [b2.id], total: 1 });
        expect(await ids({ bookingId: b3.id })).toEqual({ ids: [b3.id], total: 1 });
        expect(await ids({ bookingId: randomUUID() })).toEqual({ ids: [], total: 0 });
        const firstDay = { from: new Date(day), to: new Date(day + DAY) };
        const onFirstDay = await ids({ showsBetween: firstDay });
        expect(onFirstDay.ids.filter((id) => [b1.id, b2.id, b3.id, b4.id].includes(id))).toEqual([...tied, b1.id]);
        expect(await ids({ showsBetween: firstDay, userId: u2.id })).toEqual({ ids: tied, total: 2 });
        expect(await ids({ showsBetween: { from: new Date(day + DAY + HOUR), to: new Date(day + 2 * DAY) }, userId: u1.id })).toEqual({
          ids: [b2.id],
          total: 1,
        });
        expect(await ids({ showsBetween: { from: new Date(day), to: new Date(day + HOUR) } })).toEqual({ ids: [], total: 0 });

        // Paging keeps the total and walks the same order.
        const pages = [];
        for (let offset = 0; offset < 4; offset += 3) {
          const page = await store.bookings.list({ movieId: m1.movie.id }, { offset, limit: 3 });
          expect(page.total).toBe(3);
          pages.push(...page.items.map((b) => b.id));
        }
        expect(pages).toEqual([b4.id, b2.id, b1.id]);
        expect((await store.bookings.list({ movieId: m1.movie.id }, { offset: 1, limit: 1 })).items.map((b) => b.id)).toEqual([b2.id]);

        const detailed = (await store.bookings.list({ bookingId: b4.id }, all)).items[0]!;
        expect(detailed).toEqual({ ...b4, show: { ...m1.shows[0]!, movie: m1.movie }, user: u2 });

        // With no filter: everything, newest first.
        const everything = await store.bookings.list({}, { offset: 0, limit: 10_000 });
        expect(everything.total).toBe(everything.items.length);
        const created = everything.items.map((b) => b.createdAt.getTime());
        expect([...created].sort((x, y) => y - x)).toEqual(created);
      });

      it('markPaid marks a held booking paid once; repeating it changes nothing; an unknown id is null', async () => {
        const { shows } = await movieWithShows([BASE + 700 * DAY]);
        const user = await newUser('payer');
        const booking = await book(shows[0]!, user, ['G7', 'G8']);
        const paidAt = new Date(BASE + 5_000);
        const paid = await lifecycle.markPaid(booking.id, paidAt);
        expect(paid).toEqual({ ...booking, status: 'paid', isPaid: true, paidAt });
        expect(await lifecycle.markPaid(booking.id, new Date(BASE + 9_000))).toEqual(paid);
        expect(await store.bookings.get(booking.id)).toEqual(paid);
        expect(await lifecycle.markPaid(randomUUID(), paidAt)).toBeNull();
      });

      it('concurrent markPaid calls pay a booking exactly once', async () => {
        const { shows } = await movieWithShows([BASE + 701 * DAY]);
        const user = await newUser('concurrent-payer');
        const booking = await book(shows[0]!, user, ['H1']);
        const results = await Promise.all(Array.from({ length: 8 }, (_, i) => lifecycle.markPaid(booking.id, new Date(BASE + i * 1000))));
        const paidAts = new Set(results.map((r) => r?.paidAt?.getTime()));
        expect(paidAts.size).toBe(1);
        expect(results.every((r) => r?.isPaid === true && r.status === 'paid')).toBe(true);
        expect((await store.bookings.get(booking.id))!.paidAt!.getTime()).toBe([...paidAts][0]);
      });

      it('salesSummary counts paid bookings and their revenue in cents', async () => {
        const before = await store.bookings.salesSummary();
        const { shows } = await movieWithShows([BASE + 702 * DAY], 1099);
        const user = await newUser('sales');
        const one = await book(shows[0]!, user, ['I1', 'I2', 'I3']);
        const two = await book(shows[0]!, user, ['I4']);
        await book(shows[0]!, user, ['I5']);
        await lifecycle.markPaid(one.id, new Date(BASE));
        await lifecycle.markPaid(two.id, new Date(BASE));
        await lifecycle.markPaid(two.id, new Date(BASE));
        const after = await store.bookings.salesSummary();
        expect(after).toEqual({ paidBookings: before.paidBookings + 2, revenueCents: before.revenueCents + 4 * 1099 });
        expect(Number.isInteger(after.revenueCents)).toBe(true);
      });
    });

    describe('users', () => {
      it('upsert creates a user, then refreshes name and email; get and count', async () => {
        const before = await store.users.count();
        const user = userFixture('upsert');
        await store.users.upsert(user);
        expect(await store.users.get(user.id)).toEqual(user);
        await store.users.upsert({ ...user, name: 'New Name', email: '' });
        expect(await store.users.get(user.id)).toEqual({ ...user, name: 'New Name', email: '' });
        expect(await store.users.count()).toBe(before + 1);
        expect(await store.users.get('contract|unknown')).toBeNull();
      });

      it('toggleFavorite adds, removes and adds again; favoriteMovies lists them newest first, per user', async () => {
        const user = await newUser('fan');
        const other = await newUser('other-fan');
        const first = movieFixture();
        const second = movieFixture();
        await store.movies.upsert(first);
        await store.movies.upsert(second);
        expect(await store.users.favoriteMovies(user.id)).toEqual([]);

        expect(await store.users.toggleFavorite(user.id, first.id)).toBe(true);
        await sleep(5);
        expect(await store.users.toggleFavorite(user.id, second.id)).toBe(true);
        expect(await store.users.favoriteMovies(user.id)).toEqual([second, first]);

        expect(await store.users.toggleFavorite(user.id, first.id)).toBe(false);
        expect(await store.users.favoriteMovies(user.id)).toEqual([second]);
        await sleep(5);
        expect(await store.users.toggleFavorite(user.id, first.id)).toBe(true);
        expect((await store.users.favoriteMovies(user.id)).map((m) => m.id)).toEqual([first.id, second.id]);
        expect(await store.users.favoriteMovies(other.id)).toEqual([]);
      });

      it('toggleFavorite refuses an unknown user or movie', async () => {
        const user = await newUser('fan-of-nothing');
        const movie = movieFixture();
        await store.movies.upsert(movie);
        await expect(store.users.toggleFavorite(user.id, '999999996')).rejects.toThrow();
        await expect(store.users.toggleFavorite('contract|nobody', movie.id)).rejects.toThrow();
        expect(await store.users.favoriteMovies(user.id)).toEqual([]);
      });
    });

    describe('outbox', () => {
      it('add records a message (unsent unless said otherwise); list gives the newest first, limited', async () => {
        const { shows } = await movieWithShows([BASE + 800 * DAY]);
        const user = await newUser('mail');
        const booking = await book(shows[0]!, user, ['A9']);
        const message = { bookingId: booking.id, kind: 'test', toAddress: user.email, subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' };
        const first = await store.outbox.add(message);
        expect(first).toEqual({
          ...message,
          id: expect.any(String),
          createdAt: expect.any(Date),
          sentAt: null,
          attempts: 0,
          lastError: null,
          nextAttemptAt: null,
        });
        await sleep(5);
        const sentAt = new Date(BASE);
        const second = await store.outbox.add({ ...message, bookingId: null, kind: 'other', sentAt });
        expect(second).toMatchObject({ bookingId: null, kind: 'other', sentAt });
        expect(second.id).not.toBe(first.id);

        expect(await store.outbox.list(2)).toEqual([second, first]);
        expect(await store.outbox.list(1)).toEqual([second]);
        expect(await store.outbox.get(first.id)).toEqual(first);
        expect(await store.outbox.get(randomUUID())).toBeNull();

        // A message names a stored booking or none.
        await expect(store.outbox.add({ ...message, bookingId: randomUUID() })).rejects.toThrow();
        expect(await store.outbox.list(3)).toHaveLength(2);
      });

      it('delivery: failures are counted with their error and rescheduled; sending clears them', async () => {
        const due = new Date(BASE + 1000);
        const message = await store.outbox.add({
          bookingId: null,
          kind: 'delivery',
          toAddress: 'a@example.com',
          subject: 'S',
          text: 'T',
          html: '<p>T</p>',
          nextAttemptAt: due,
        });
        expect(message).toMatchObject({ sentAt: null, attempts: 0, nextAttemptAt: due });
        const failed = await store.outbox.markFailed(message.id, { error: 'connection refused', nextAttemptAt: new Date(BASE + 61_000) });
        expect(failed).toMatchObject({ sentAt: null, attempts: 1, lastError: 'connection refused', nextAttemptAt: new Date(BASE + 61_000) });
        const again = await store.outbox.markFailed(message.id, { error: 'timeout', nextAttemptAt: null });
        expect(again).toMatchObject({ attempts: 2, lastError: 'timeout', nextAttemptAt: null });
        const sent = await store.outbox.markSent(message.id, new Date(BASE + 70_000));
        expect(sent).toMatchObject({ sentAt: new Date(BASE + 70_000), attempts: 2, lastError: null, nextAttemptAt: null });
        // A sent message is never counted as failed afterwards.
        expect(await store.outbox.markFailed(message.id, { error: 'late', nextAttemptAt: null })).toBeNull();
        expect(await store.outbox.markSent(randomUUID(), new Date(BASE))).toBeNull();
      });

      it('claimDue hands each due, unsent message to exactly one of several concurrent claimers', async () => {
        // Far in the future of every other test's messages, so only these are due.
        const now = new Date(BASE + 5000 * DAY);
        const lease = new Date(now.getTime() + 120_000);
        const make = (kind: string, nextAttemptAt: Date | null, sentAt: Date | null = null) =>
          store.outbox.add({ bookingId: null, kind, toAddress: 'a@example.com', subject: kind, text: '', html: '', nextAttemptAt, sentAt });
        const dueOne = await make('due-1', new Date(now.getTime() - 5000));
        const dueTwo = await make('due-2', now);
        await make('later', new Date(now.getTime() + 1000));
        await make('unscheduled', null);
        await make('sent', new Date(now.getTime() - 5000), new Date(BASE));

        const claims = await Promise.all(Array.from({ length: 4 }, () => store.outbox.claimDue(now, lease, 10)));
        const claimedIds = claims.flat().map((m) => m.id);
        const ours = claimedIds.filter((id) => id === dueOne.id || id === dueTwo.id);
        expect(ours.sort()).toEqual([dueOne.id, dueTwo.id].sort());
        expect(claims.flat().filter((m) => m.kind === 'later' || m.kind === 'unscheduled' || m.kind === 'sent')).toEqual([]);
        expect(claims.flat().find((m) => m.id === dueOne.id)!.nextAttemptAt).toEqual(lease);
        // Leased: not due again until the lease ends.
        expect((await store.outbox.claimDue(now, lease, 10)).filter((m) => m.id === dueOne.id)).toEqual([]);
        expect((await store.outbox.claimDue(lease, new Date(lease.getTime() + 1), 10)).map((m) => m.id)).toEqual(expect.arrayContaining([dueOne.id, dueTwo.id]));
      });
    });

    describe('payments', () => {
      async function heldBooking(label: string, seats = ['A1', 'A2'], options: { createdAt?: Date; showAt?: number } = {}) {
        const { movie, shows } = await movieWithShows([options.showAt ?? BASE + 1000 * DAY + Math.floor(Math.random() * 1000) * HOUR]);
        const user = await newUser(label);
        const booking = await book(shows[0]!, user, seats, options.createdAt);
        return { movie, show: shows[0]!, user, booking };
      }

      it('create stores the ticket code; codes are unique', async () => {
        const { booking } = await heldBooking('ticket');
        expect(isTicketCode(booking.ticketCode)).toBe(true);
        expect((await store.bookings.get(booking.id))!.ticketCode).toBe(booking.ticketCode);
        const { show } = await heldBooking('ticket-dup');
        const user = await newUser('ticket-dup-2');
        await expect(store.bookings.create({ ...newBooking(show, user, ['J9']), ticketCode: booking.ticketCode })).rejects.toThrow();
        expect(await store.shows.occupiedSeats(show.id)).not.toHaveProperty('J9');
      });

      it('attachPaymentSession records the first session of a held booking only', async () => {
        const { booking } = await heldBooking('attach');
        const attached = await lifecycle.attachPaymentSession(booking.id, { sessionId: 'cs_test_attach_1', paymentLink: 'https://pay/1' });
        expect(attached).toEqual({ ...booking, paymentSessionId: 'cs_test_attach_1', paymentLink: 'https://pay/1' });
        expect(await store.bookings.findByPaymentSession('cs_test_attach_1')).toEqual(attached);
        // A second session does not replace the first.
        expect(await lifecycle.attachPaymentSession(booking.id, { sessionId: 'cs_test_attach_2', paymentLink: 'https://pay/2' })).toBeNull();
        expect(await store.bookings.get(booking.id)).toEqual(attached);
        expect(await lifecycle.attachPaymentSession(randomUUID(), { sessionId: 'cs_x', paymentLink: 'x' })).toBeNull();
        // Nor can a paid or cancelled booking get one.
        const other = await heldBooking('attach-cancelled');
        await lifecycle.cancelHold(other.booking.id);
        expect(await lifecycle.attachPaymentSession(other.booking.id, { sessionId: 'cs_test_attach_3', paymentLink: 'x' })).toBeNull();
      });

      it('confirmPayment pays a held booking once, says who changed it, and never a cancelled one', async () => {
        const { booking } = await heldBooking('confirm');
        const at = new Date(BASE + 7_000);
        const results = await Promise.all(
          Array.from({ length: 6 }, (_, i) => lifecycle.confirmPayment(booking.id, { now: new Date(at.getTime() + i), paymentIntentId: `pi_${i}` })),
        );
        expect(results.filter((r) => r!.changed)).toHaveLength(1);
        const winner = results.find((r) => r!.changed)!.booking;
        expect(winner).toMatchObject({ status: 'paid', isPaid: true });
        expect(results.every((r) => r!.booking.paidAt!.getTime() === winner.paidAt!.getTime() && r!.booking.paymentIntentId === winner.paymentIntentId)).toBe(true);
        expect(await store.bookings.get(booking.id)).toEqual(winner);
        expect(await lifecycle.confirmPayment(randomUUID(), { now: at, paymentIntentId: null })).toBeNull();

        const gone = await heldBooking('confirm-cancelled');
        await lifecycle.cancelHold(gone.booking.id);
        const refused = await lifecycle.confirmPayment(gone.booking.id, { now: at, paymentIntentId: 'pi_x' });
        expect(refused).toMatchObject({ changed: false, booking: { status: 'cancelled', isPaid: false, paymentIntentId: null } });
      });

      it('cancelHold releases the seats with the status change, once, whatever the concurrency', async () => {
        const { booking, show, user } = await heldBooking('cancel', ['C1', 'C2', 'C3']);
        await lifecycle.attachPaymentSession(booking.id, { sessionId: `cs_test_${booking.id}`, paymentLink: 'https://pay' });
        const results = await Promise.all(Array.from({ length: 6 }, () => lifecycle.cancelHold(booking.id)));
        expect(results.filter((r) => r!.changed)).toHaveLength(1);
        const cancelled = (await store.bookings.get(booking.id))!;
        // The link goes; the session id stays, so a late payment still finds its booking.
        expect(cancelled).toMatchObject({ status: 'cancelled', isPaid: false, paymentLink: null, paymentSessionId: `cs_test_${booking.id}` });
        expect(await store.shows.occupiedSeats(show.id)).toEqual({});
        // The released seats can be booked again, and a second cancel releases nothing of the new booking.
        const next = await book(show, user, ['C2']);
        expect((await lifecycle.cancelHold(booking.id))!.changed).toBe(false);
        expect(await store.shows.occupiedSeats(show.id)).toEqual({ C2: 'held' });
        expect(await store.bookings.get(next.id)).toMatchObject({ status: 'held' });
        expect(await lifecycle.cancelHold(randomUUID())).toBeNull();
      });

      it('cancelHold with expiredBy cancels only a hold that has ended, and never a paid booking', async () => {
        const createdAt = new Date(BASE + 20 * DAY);
        const { booking, show } = await heldBooking('cancel-timed', ['D5'], { createdAt });
        const holdEnds = booking.holdExpiresAt;
        expect((await lifecycle.cancelHold(booking.id, { expiredBy: new Date(holdEnds.getTime() - 1) }))!.changed).toBe(false);
        expect(await store.shows.occupiedSeats(show.id)).toEqual({ D5: 'held' });
        expect((await lifecycle.cancelHold(booking.id, { expiredBy: holdEnds }))!.changed).toBe(true);

        const paid = await heldBooking('cancel-paid', ['D6']);
        await lifecycle.confirmPayment(paid.booking.id, { now: new Date(BASE), paymentIntentId: null });
        expect(await lifecycle.cancelHold(paid.booking.id)).toMatchObject({ changed: false, booking: { status: 'paid' } });
        expect(await store.shows.occupiedSeats(paid.show.id)).toEqual({ D6: 'paid' });
      });

      it('listExpiredHolds and listAwaitingPayment find the unpaid held bookings, oldest first', async () => {
        const t0 = new Date(BASE + 3000 * DAY);
        const older = await heldBooking('expired-old', ['E1'], { createdAt: t0 });
        const newer = await heldBooking('expired-new', ['E2'], { createdAt: new Date(t0.getTime() + 60_000) });
        const fresh = await heldBooking('fresh', ['E3'], { createdAt: new Date(t0.getTime() + 30 * 60_000) });
        const paid = await heldBooking('expired-paid', ['E4'], { createdAt: t0 });
        await lifecycle.confirmPayment(paid.booking.id, { now: t0, paymentIntentId: null });
        const cancelled = await heldBooking('expired-cancelled', ['E5'], { createdAt: t0 });
        await lifecycle.cancelHold(cancelled.booking.id);

        const at = new Date(t0.getTime() + 11 * 60_000 + 1);
        const ids = (await lifecycle.listExpiredHolds(at, 1000)).map((b) => b.id);
        const ours = ids.filter((id) => [older, newer, fresh, paid, cancelled].some((x) => x.booking.id === id));
        expect(ours).toEqual([older.booking.id, newer.booking.id]);
        expect((await lifecycle.listExpiredHolds(at, 1)).length).toBe(1);
        expect(await lifecycle.listExpiredHolds(at, 0)).toEqual([]);

        for (const b of [older, fresh, paid, cancelled]) {
          await lifecycle.attachPaymentSession(b.booking.id, { sessionId: `cs_test_await_${b.booking.id}`, paymentLink: 'https://pay' });
        }
        const awaiting = (await lifecycle.listAwaitingPayment(10_000)).map((b) => b.id);
        expect(awaiting).toContain(older.booking.id);
        expect(awaiting).toContain(fresh.booking.id);
        for (const id of [newer.booking.id, paid.booking.id, cancelled.booking.id]) expect(awaiting).not.toContain(id);
      });

      it('retakeSeats confirms a cancelled booking when its seats are free, all of them in one write', async () => {
        const { booking, show } = await heldBooking('retake', ['F1', 'F2']);
        await lifecycle.cancelHold(booking.id);
        const at = new Date(BASE + 99_000);
        const result = await lifecycle.retakeSeats(booking.id, { now: at, paymentIntentId: 'pi_late' });
        expect(result).toEqual({
          outcome: 'confirmed',
          booking: { ...booking, status: 'paid', isPaid: true, paidAt: at, paymentIntentId: 'pi_late', paymentLink: null },
        });
        expect(await store.shows.occupiedSeats(show.id)).toEqual({ F1: 'paid', F2: 'paid' });
        // Not cancelled (any more): nothing changes.
        expect(await lifecycle.retakeSeats(booking.id, { now: at, paymentIntentId: 'pi_other' })).toMatchObject({
          outcome: 'not-cancelled',
          booking: { paymentIntentId: 'pi_late' },
        });
        const held = await heldBooking('retake-held', ['F3']);
        expect(await lifecycle.retakeSeats(held.booking.id, { now: at, paymentIntentId: null })).toMatchObject({ outcome: 'not-cancelled' });
        expect(await lifecycle.retakeSeats(randomUUID(), { now: at, paymentIntentId: null })).toBeNull();
      });

      it('retakeSeats takes nothing when a seat is in another booking, and names it', async () => {
        const { booking, show } = await heldBooking('retake-lost', ['G1', 'G2', 'G3']);
        await lifecycle.cancelHold(booking.id);
        const rival = await newUser('rival');
        await book(show, rival, ['G2']);
        const result = await lifecycle.retakeSeats(booking.id, { now: new Date(BASE), paymentIntentId: 'pi_late2' });
        expect(result).toEqual({ outcome: 'seats-taken', takenSeats: ['G2'], booking: { ...booking, status: 'cancelled', paymentLink: null } });
        expect(await store.shows.occupiedSeats(show.id)).toEqual({ G2: 'held' });
      });

      it('concurrent retakes and a new booking of the same seats: the seats end in exactly one live booking', async () => {
        const { booking, show } = await heldBooking('retake-race', ['H4', 'H5']);
        await lifecycle.cancelHold(booking.id);
        const rival = await newUser('retake-rival');
        const [a, b, created] = await Promise.all([
          lifecycle.retakeSeats(booking.id, { now: new Date(BASE), paymentIntentId: 'pi_a' }),
          lifecycle.retakeSeats(booking.id, { now: new Date(BASE), paymentIntentId: 'pi_b' }),
          store.bookings.create(newBooking(show, rival, ['H5'])),
        ]);
        const confirmed = [a, b].filter((r) => r!.outcome === 'confirmed');
        expect(confirmed.length).toBeLessThanOrEqual(1);
        expect(confirmed.length + (created.ok ? 1 : 0)).toBe(1);
        const ledger = await store.shows.occupiedSeats(show.id);
        expect(ledger).toEqual(created.ok ? { H5: 'held' } : { H4: 'paid', H5: 'paid' });
      });

      it('flagRefund keeps the payment on record once; setRefundOutcome moves only a pending refund; listPendingRefunds', async () => {
        const { booking } = await heldBooking('refund', ['I7']);
        expect((await lifecycle.flagRefund(booking.id, { paymentIntentId: 'pi_r', reason: 'seats taken' }))!.changed).toBe(false); // held
        await lifecycle.cancelHold(booking.id);
        const flags = await Promise.all(
          Array.from({ length: 4 }, (_, i) => lifecycle.flagRefund(booking.id, { paymentIntentId: 'pi_r', reason: `seats taken ${i}` })),
        );
        expect(flags.filter((f) => f!.changed)).toHaveLength(1);
        const flagged = (await store.bookings.get(booking.id))!;
        expect(flagged).toMatchObject({ status: 'cancelled', isPaid: false, refundStatus: 'pending', paymentIntentId: 'pi_r', refundId: null });
        expect(flagged.refundReason).toMatch(/^seats taken \d$/);
        expect((await lifecycle.listPendingRefunds(10_000)).map((b) => b.id)).toContain(booking.id);
        // A flagged booking's seats are not taken back by a later retake.
        expect(await lifecycle.retakeSeats(booking.id, { now: new Date(BASE), paymentIntentId: 'pi_r' })).toMatchObject({ outcome: 'not-cancelled' });

        const retry = await lifecycle.setRefundOutcome(booking.id, { status: 'pending', reason: 'seats taken (refund will be retried)' });
        expect(retry).toMatchObject({ changed: true, booking: { refundStatus: 'pending', refundReason: 'seats taken (refund will be retried)' } });
        const done = await lifecycle.setRefundOutcome(booking.id, { status: 'refunded', refundId: 're_1', reason: 'seats taken' });
        expect(done).toMatchObject({ changed: true, booking: { refundStatus: 'refunded', refundId: 're_1', refundReason: 'seats taken' } });
        expect((await lifecycle.setRefundOutcome(booking.id, { status: 'failed', reason: 'x' }))!.changed).toBe(false);
        expect((await lifecycle.listPendingRefunds(10_000)).map((b) => b.id)).not.toContain(booking.id);
        expect(await lifecycle.setRefundOutcome(randomUUID(), { status: 'failed', reason: 'x' })).toBeNull();
      });

      it('an admission and a cancellation of one paid booking at once: exactly one applies, each refusing after the other (one fate per ticket)', async () => {
        const door = { door: 'Door 1', staffId: 's', staffName: 'Sam', outcome: 'admitted' as const };
        for (let round = 0; round < 6; round++) {
          const { booking, show } = await heldBooking(`fate-${round}`, ['E1']);
          await lifecycle.confirmPayment(booking.id, { now: new Date(BASE), paymentIntentId: null });
          const at = new Date(BASE + round);
          const admit = () => store.checkIns.admit({ ...door, bookingId: booking.id, code: booking.ticketCode, at });
          const cancel = () => lifecycle.cancelPaid(booking.id, { reason: 'cancelled', now: at });
          const [admitted, cancelled] = round % 2 === 0 ? await Promise.all([admit(), cancel()]) : (await Promise.all([cancel(), admit()])).reverse() as [Awaited<ReturnType<typeof admit>>, Awaited<ReturnType<typeof cancel>>];
          expect(admitted.admitted !== cancelled!.changed, `round ${round}`).toBe(true);
          const stored = (await store.bookings.get(booking.id))!;
          if (admitted.admitted) {
            expect(stored).toMatchObject({ status: 'paid', isPaid: true, refundStatus: null, admittedAt: at, cancelledAt: null });
            expect(await store.shows.occupiedSeats(show.id)).toEqual({ E1: 'paid' });
            // Once admitted, no cancellation nor refund applies, and a second scan is told of the first.
            expect((await cancel())!.changed).toBe(false);
            expect((await lifecycle.setRefundOutcome(booking.id, { status: 'refunded', reason: 'x' }))!.changed).toBe(false);
            expect(await admit()).toMatchObject({ admitted: false, earlier: { door: 'Door 1', at } });
          } else {
            expect(stored).toMatchObject({ status: 'cancelled', refundStatus: 'pending', admittedAt: null, cancelledAt: at });
            // The scan that lost is given the booking as it now is, and nothing is logged.
            expect(admitted).toMatchObject({ admitted: false, booking: { status: 'cancelled', refundStatus: 'pending' } });
            expect(await store.checkIns.listForBooking(booking.id)).toEqual([]);
          }
          expect((await store.checkIns.showCount(show.id)).admitted).toBe(admitted.admitted ? 1 : 0);
        }
      });
    });

    describe('e-tickets queued with the payment', () => {
      async function paidCandidate(label: string, seats = ['B1']) {
        const { shows } = await movieWithShows([BASE + 1200 * DAY + Math.floor(Math.random() * 1000) * HOUR]);
        const user = await newUser(label);
        return { user, show: shows[0]!, booking: await book(shows[0]!, user, seats) };
      }

      function eTicket(booking: Booking, user: User, at = new Date(BASE + 3_000)): QueuedMessage {
        return {
          id: randomUUID(),
          bookingId: booking.id,
          kind: 'booking-confirmation',
          toAddress: user.email,
          subject: 'Your tickets',
          text: `Ticket code: ${booking.ticketCode}`,
          html: `<p>${booking.ticketCode}</p>`,
          createdAt: at,
          sentAt: at,
          nextAttemptAt: null,
        };
      }

      /** The booking's messages once every queued one has been moved to the outbox. */
      async function outboxOf(bookingId: string) {
        await store.outbox.collectQueued(1000);
        return (await store.outbox.list(10_000)).filter((m) => m.bookingId === bookingId);
      }

      it('confirmPayment marks paid and queues the e-ticket in one write; of concurrent payments exactly one queues', async () => {
        const { booking, user } = await paidCandidate('eticket');
        const tickets = Array.from({ length: 6 }, () => eTicket(booking, user));
        const results = await Promise.all(
          tickets.map((ticket, i) => lifecycle.confirmPayment(booking.id, { now: new Date(BASE + i), paymentIntentId: `pi_${i}`, eTicket: ticket })),
        );
        expect(results.filter((r) => r!.changed)).toHaveLength(1);
        const winner = results.findIndex((r) => r!.changed);
        expect(results[winner]!.booking).toMatchObject({ status: 'paid', isPaid: true, confirmation: 'queued' });
        expect(await outboxOf(booking.id)).toEqual([{ ...tickets[winner]!, attempts: 0, lastError: null }]);
        expect(await store.outbox.existsFor(booking.id, 'booking-confirmation')).toBe(true);
        expect(await store.outbox.existsFor(booking.id, 'refund-notice')).toBe(false);
        // Moving again moves nothing twice.
        expect(await store.outbox.collectQueued(1000)).toBe(0);
        expect(await outboxOf(booking.id)).toHaveLength(1);
      });

      it('a payment that does not apply queues nothing', async () => {
        const { booking, user } = await paidCandidate('eticket-refused');
        await lifecycle.cancelHold(booking.id);
        const refused = await lifecycle.confirmPayment(booking.id, { now: new Date(BASE), paymentIntentId: 'pi_r', eTicket: eTicket(booking, user) });
        expect(refused).toMatchObject({ changed: false, booking: { status: 'cancelled', confirmation: null } });
        expect(await outboxOf(booking.id)).toEqual([]);
        expect(await store.outbox.existsFor(booking.id, 'booking-confirmation')).toBe(false);
      });

      it('a late payment queues the e-ticket with the seats it takes back, and nothing when a seat is taken', async () => {
        const { booking, user } = await paidCandidate('eticket-late', ['C4', 'C5']);
        await lifecycle.cancelHold(booking.id);
        const ticket = eTicket(booking, user);
        const retaken = await lifecycle.retakeSeats(booking.id, { now: new Date(BASE), paymentIntentId: 'pi_late', eTicket: ticket });
        expect(retaken).toMatchObject({ outcome: 'confirmed', booking: { status: 'paid', confirmation: 'queued' } });
        expect((await outboxOf(booking.id)).map((m) => m.id)).toEqual([ticket.id]);

        const other = await paidCandidate('eticket-late-taken', ['D4']);
        await lifecycle.cancelHold(other.booking.id);
        await book(other.show, await newUser('eticket-late-taker'), ['D4']);
        const refused = await lifecycle.retakeSeats(other.booking.id, { now: new Date(BASE), paymentIntentId: 'pi_t', eTicket: eTicket(other.booking, other.user) });
        expect(refused).toMatchObject({ outcome: 'seats-taken', takenSeats: ['D4'], booking: { confirmation: null } });
        expect(await outboxOf(other.booking.id)).toEqual([]);
      });

      it('listUnconfirmedPaid lists paid bookings without an e-ticket, never sample sales; queueConfirmation queues exactly one', async () => {
        const missing = await paidCandidate('eticket-missing');
        await lifecycle.markPaid(missing.booking.id, new Date(BASE));
        const sample = await paidCandidate('eticket-sample');
        expect(await lifecycle.markSamplePaid(sample.booking.id, new Date(BASE))).toMatchObject({ isPaid: true, confirmation: 'sample' });
        const queued = await paidCandidate('eticket-queued');
        await lifecycle.confirmPayment(queued.booking.id, { now: new Date(BASE), paymentIntentId: null, eTicket: eTicket(queued.booking, queued.user) });
        const held = await paidCandidate('eticket-held');

        const listed = (await lifecycle.listUnconfirmedPaid(10_000)).map((b) => b.id);
        expect(listed).toContain(missing.booking.id);
        for (const other of [sample, queued, held]) expect(listed).not.toContain(other.booking.id);

        const tickets = Array.from({ length: 5 }, () => eTicket(missing.booking, missing.user));
        const results = await Promise.all(tickets.map((ticket) => lifecycle.queueConfirmation(missing.booking.id, ticket)));
        expect(results.filter((r) => r!.changed)).toHaveLength(1);
        expect(await outboxOf(missing.booking.id)).toHaveLength(1);
        expect((await lifecycle.listUnconfirmedPaid(10_000)).map((b) => b.id)).not.toContain(missing.booking.id);
        // Neither a sample sale nor an unpaid booking takes one.
        expect(await lifecycle.queueConfirmation(sample.booking.id, eTicket(sample.booking, sample.user))).toMatchObject({ changed: false });
        expect(await lifecycle.queueConfirmation(held.booking.id, eTicket(held.booking, held.user))).toMatchObject({ changed: false });
        expect(await outboxOf(sample.booking.id)).toEqual([]);
        expect(await outboxOf(held.booking.id)).toEqual([]);
      });

      it('recordConfirmation marks a paid booking whose e-ticket is in the outbox already, without queueing another', async () => {
        const { booking, user } = await paidCandidate('eticket-legacy');
        await lifecycle.markPaid(booking.id, new Date(BASE));
        await store.outbox.add({ bookingId: booking.id, kind: 'booking-confirmation', toAddress: user.email, subject: 'S', text: 'T', html: 'H' });
        expect(await lifecycle.recordConfirmation(booking.id)).toMatchObject({ changed: true, booking: { confirmation: 'queued' } });
        expect(await lifecycle.recordConfirmation(booking.id)).toMatchObject({ changed: false });
        expect(await outboxOf(booking.id)).toHaveLength(1);
      });

      it('concurrent moves of queued messages put each in the outbox exactly once', async () => {
        const paid = await Promise.all(['a', 'b', 'c'].map((label) => paidCandidate(`eticket-move-${label}`)));
        for (const { booking, user } of paid) {
          await lifecycle.confirmPayment(booking.id, { now: new Date(BASE), paymentIntentId: null, eTicket: eTicket(booking, user) });
        }
        await Promise.all(Array.from({ length: 4 }, () => store.outbox.collectQueued(1000)));
        for (const { booking } of paid) expect(await outboxOf(booking.id)).toHaveLength(1);
      });
    });

    describe('operating figures (the metrics)', () => {
      it('liveHeldSeats counts the seats of unpaid holds that have not ended; outboxBacklog the unsent messages still to be tried', async () => {
        // Other tests' holds count too: compare with the figures before this test's bookings.
        const at = BASE + 900 * DAY;
        const [during, afterPaying, atHoldEnd] = [new Date(at + 1), new Date(at + 2), new Date(at + 10 * 60_000)];
        const baseline = await Promise.all([during, afterPaying, atHoldEnd].map((instant) => store.figures.liveHeldSeats(instant)));
        const { shows } = await movieWithShows([at + DAY]);
        const user = await newUser('figures');
        const held = await book(shows[0]!, user, ['B1', 'B2', 'B3'], new Date(at));
        const paid = await book(shows[0]!, user, ['C1'], new Date(at));
        expect(await store.figures.liveHeldSeats(during)).toBe(baseline[0]! + 4);
        await lifecycle.markPaid(paid.id, afterPaying);
        expect(await store.figures.liveHeldSeats(afterPaying)).toBe(baseline[1]! + 3);
        // Once its hold has ended it no longer counts, swept or not.
        expect(held.holdExpiresAt).toEqual(atHoldEnd);
        expect(await store.figures.liveHeldSeats(atHoldEnd)).toBe(baseline[2]);

        const before = await store.figures.outboxBacklog();
        const message = { bookingId: held.id, kind: 'figures', toAddress: user.email, subject: 'S', text: 'T', html: 'H' };
        const due = await store.outbox.add({ ...message, nextAttemptAt: new Date(at) });
        await store.outbox.add(message); // kept only (no mail transport): not a backlog
        expect(await store.figures.outboxBacklog()).toBe(before + 1);
        await store.outbox.markSent(due.id, new Date(at));
        expect(await store.figures.outboxBacklog()).toBe(before);

        const pool = store.figures.poolUse();
        if (store.driver === 'mongodb') expect(pool).toBeNull();
        else expect(pool).toEqual({ total: expect.any(Number), idle: expect.any(Number), waiting: 0 });
      });
    });

    describe('webhook events', () => {
      it('recordOnce lets one of many concurrent deliveries of an event through; forget lets it through again', async () => {
        const id = `evt_test_${randomUUID()}`;
        const results = await Promise.all(
          Array.from({ length: 8 }, () => store.webhookEvents.recordOnce({ id, type: 'checkout.session.completed', receivedAt: new Date(BASE) })),
        );
        expect(results.filter(Boolean)).toHaveLength(1);
        expect(await store.webhookEvents.recordOnce({ id, type: 'checkout.session.completed', receivedAt: new Date(BASE) })).toBe(false);
        await store.webhookEvents.forget(id);
        expect(await store.webhookEvents.recordOnce({ id, type: 'checkout.session.completed', receivedAt: new Date(BASE) })).toBe(true);
        await store.webhookEvents.forget('evt_never_seen');
      });
    });

    describe('local checkout sessions', () => {
      function sessionFixture(overrides: Partial<Parameters<Store['checkoutSessions']['create']>[0]> = {}) {
        return {
          id: `cs_local_${randomUUID().replace(/-/g, '')}`,
          bookingId: randomUUID(),
          amountCents: 2550,
          currency: 'USD',
          description: 'Contract Movie, seats A1, A2',
          successUrl: 'http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}',
          cancelUrl: 'http://localhost:3000/my-bookings',
          expiresAt: new Date(BASE + 10 * 60_000),
          createdAt: new Date(BASE),
          ...overrides,
        };
      }

      it('create stores an open, unpaid session; get reads it back; unknown is null', async () => {
        const request = sessionFixture();
        const created = await store.checkoutSessions.create(request);
        const expected = { ...request, status: 'open', paymentStatus: 'unpaid', paymentIntentId: null, completedAt: null, refundId: null, refundedCents: 0, refundKeys: [] };
        expect(created).toEqual(expected);
        expect(await store.checkoutSessions.get(request.id)).toEqual(expected);
        expect(await store.checkoutSessions.get('cs_local_unknown')).toBeNull();
        await expect(store.checkoutSessions.create(request)).rejects.toThrow();
      });

      it('complete pays an open session before its end, once; expire closes only an open one', async () => {
        const session = await store.checkoutSessions.create(sessionFixture());
        const at = new Date(BASE + 60_000);
        const results = await Promise.all(
          Array.from({ length: 5 }, (_, i) => store.checkoutSessions.complete(session.id, { now: at, paymentIntentId: `pi_local_${i}` })),
        );
        expect(results.filter((r) => r!.changed)).toHaveLength(1);
        const paid = results.find((r) => r!.changed)!.session;
        expect(paid).toMatchObject({ status: 'complete', paymentStatus: 'paid', completedAt: at });
        expect(await store.checkoutSessions.expire(session.id)).toEqual({ session: paid, changed: false });

        const late = await store.checkoutSessions.create(sessionFixture());
        expect(await store.checkoutSessions.complete(late.id, { now: late.expiresAt, paymentIntentId: 'pi_late' })).toMatchObject({
          changed: false,
          session: { status: 'open', paymentStatus: 'unpaid' },
        });
        const expired = await store.checkoutSessions.expire(late.id);
        expect(expired).toMatchObject({ changed: true, session: { status: 'expired' } });
        expect((await store.checkoutSessions.complete(late.id, { now: new Date(BASE), paymentIntentId: 'pi_x' }))!.changed).toBe(false);
        expect(await store.checkoutSessions.complete('cs_local_unknown', { now: at, paymentIntentId: 'pi' })).toBeNull();
        expect(await store.checkoutSessions.expire('cs_local_unknown')).toBeNull();
      });

      it('refund records each refund of a paid session once by its key, never beyond what was paid', async () => {
        const session = await store.checkoutSessions.create(sessionFixture());
        expect(await store.checkoutSessions.refund(session.id, { refundId: 're_1', amountCents: 100, key: 'k0' })).toMatchObject({ changed: false });
        await store.checkoutSessions.complete(session.id, { now: new Date(BASE), paymentIntentId: 'pi_local_r' });
        expect(await store.checkoutSessions.refund(session.id, { refundId: 're_local_0', amountCents: 99_999, key: 'k-too-much' })).toMatchObject({ changed: false });
        const part = await store.checkoutSessions.refund(session.id, { refundId: 're_local_1', amountCents: 1000, key: 'k1' });
        expect(part).toMatchObject({ changed: true, session: { refundId: 're_local_1', refundedCents: 1000, refundKeys: ['k1'] } });
        const again = await store.checkoutSessions.refund(session.id, { refundId: 're_local_1', amountCents: 1000, key: 'k1' });
        expect(again).toMatchObject({ changed: false, session: { refundedCents: 1000 } });
        const rest = await store.checkoutSessions.refund(session.id, { refundId: 're_local_2', amountCents: 1550, key: 'k2' });
        expect(rest).toMatchObject({ changed: true, session: { refundId: 're_local_2', refundedCents: 2550, refundKeys: ['k1', 'k2'] } });
        expect(await store.checkoutSessions.refund(session.id, { refundId: 're_local_3', amountCents: 1, key: 'k3' })).toMatchObject({ changed: false, session: { refundedCents: 2550 } });
        expect(await store.checkoutSessions.refund('cs_local_unknown', { refundId: 'r', amountCents: 1, key: 'k' })).toBeNull();
      });
    });
  });
}
