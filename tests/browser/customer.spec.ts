import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { seriousA11yViolations } from '../support/a11y';
import { apiAs, tokenFor } from '../support/api';
import { urls } from '../support/test-stack';

/**
 * The moviegoer's journey through the customer remote, in Chromium, against
 * the whole stack started from production builds (service, identity
 * provider, shell and remotes) with its seeded movies, shows and accounts.
 */

const PASSWORD = 'movies-dev-password';

interface ShowDetail {
  movie: { _id: string; title: string };
  dateTime: Record<string, { time: string; showId: string; cinemaId?: string; screenId?: string }[]>;
}

/** The spec's A-J x 9 hall (Marquee Marine Drive, Screen 1) and the city the seat page opens on. */
const HALL = 'marquee-marine-drive-1';
const FIRST_CITY_CINEMAS = ['marquee-marine-drive', 'marquee-bandra-talkies'];

/**
 * A movie with shows (the `index`th, or the next that fits), and a date on which every show time the seat page lists
 * for the first city is on the spec's hall, two of them or more (the tests book its seats by row and number). The seed
 * plays every screen of the chain (issue 52), so not every movie and date qualifies; the latest date that does is used.
 */
async function pickShow(request: APIRequestContext, index = 0) {
  const all = (await (await request.get(`${urls.service}/api/show/all`)).json()) as { shows: { _id: string; title: string }[] };
  const titles = all.shows.map((s) => s.title);
  let fallback: { movie: (typeof all.shows)[number]; date: string; times: ShowDetail['dateTime'][string] } | null = null;
  for (let k = 0; k < all.shows.length; k++) {
    const movie = all.shows[(index + k) % all.shows.length]!;
    const detail = (await (await request.get(`${urls.service}/api/show/${movie._id}`)).json()) as ShowDetail;
    for (const date of Object.keys(detail.dateTime).sort().reverse()) {
      const times = detail.dateTime[date]!.filter((t) => t.cinemaId === undefined || FIRST_CITY_CINEMAS.includes(t.cinemaId));
      if (times.length === 0 || !times.every((t) => t.screenId === undefined || t.screenId === HALL)) continue;
      if (times.length >= 2) return { movie, date, times, titles };
      fallback ??= { movie, date, times };
    }
  }
  if (!fallback) throw new Error("no movie and date whose first city's show times are all on the spec's hall");
  return { ...fallback, titles };
}

async function occupiedSeats(request: APIRequestContext, showId: string): Promise<string[]> {
  return ((await (await request.get(`${urls.service}/api/booking/seats/${showId}`)).json()) as { occupiedSeats: string[] }).occupiedSeats;
}

/** Signs in through the real local identity provider: Login in the navbar, its form, and back to where the user was. */
async function signIn(page: Page, email: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => url.origin === urls.identity);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.origin === urls.shell);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toHaveCount(0);
  await expect(page.getByRole('banner').locator('.shell-user__button')).toBeVisible();
}

async function newSignedInPage(browser: Browser, email: string, path: string) {
  const context = await browser.newContext({ baseURL: urls.shell });
  const page = await context.newPage();
  await page.goto(path);
  await signIn(page, email);
  return { context, page };
}

/** The newest toast with this text (an older one may still be on screen). */
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).last();
const seat = (page: Page, id: string) => page.getByRole('group', { name: 'Seats' }).getByRole('button', { name: id, exact: true });

test.describe('browsing', () => {
  test('home: hero carousel, the first 4 shows with Show more, and trailers', async ({ page, request }) => {
    const { titles } = await pickShow(request);
    await page.goto('/');
    const hero = page.getByRole('region', { name: 'Featured movies' });
    await expect(hero.getByRole('heading', { level: 2, name: titles[0] })).toBeVisible();
    await expect(hero.getByRole('button', { name: /^Show slide/ })).toHaveCount(Math.min(5, titles.length));
    await hero.getByRole('button', { name: 'Next slide' }).click();
    await expect(hero.getByRole('heading', { level: 2, name: titles[1] })).toBeVisible();
    await hero.getByRole('button', { name: 'Previous slide' }).click();
    await hero.getByRole('button', { name: 'Previous slide' }).click();
    // Back from the first slide wraps to the last of its five.
    await expect(hero.getByRole('heading', { level: 2, name: titles[Math.min(5, titles.length) - 1] })).toBeVisible();

    const nowShowing = page.getByRole('region', { name: 'Now Showing' });
    await expect(nowShowing.getByRole('article')).toHaveCount(4);
    await expect(nowShowing.getByRole('link', { name: 'Show more' })).toHaveAttribute('href', '/movies');

    const trailers = page.getByRole('region', { name: 'Trailers' });
    // Below the fold, it loads as the reader scrolls towards it (its placeholder may give way mid-scroll: scroll again).
    await expect(() => trailers.scrollIntoViewIfNeeded({ timeout: 1000 })).toPass();
    const thumbs = trailers.getByRole('list', { name: 'Choose a trailer' }).getByRole('button');
    await expect(thumbs).toHaveCount(4);
    await expect(trailers.getByRole('figure', { name: `Trailer preview: ${titles[0]}` })).toBeVisible();
    await thumbs.nth(1).click();
    await expect(trailers.getByRole('figure', { name: `Trailer preview: ${titles[1]}` })).toBeVisible();
  });

  test('home: the hero advances by itself every 5 seconds', async ({ page, request }) => {
    const { titles } = await pickShow(request);
    await page.clock.install();
    await page.goto('/');
    const hero = page.getByRole('region', { name: 'Featured movies' });
    await expect(hero.getByRole('heading', { level: 2, name: titles[0] })).toBeVisible();
    await page.mouse.move(0, 799);
    await page.clock.fastForward(5100);
    await expect(hero.getByRole('heading', { level: 2, name: titles[1] })).toBeVisible();
  });

  test('movies: every show, Top Rated (5) and Popular (4) from the catalogue', async ({ page }) => {
    await page.goto('/movies');
    await expect(page.getByRole('heading', { level: 1, name: 'Now Showing in Theaters' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Top Rated' }).getByRole('article')).toHaveCount(5);
    await expect(page.getByRole('region', { name: 'Popular' }).getByRole('article')).toHaveCount(4);
  });

  test('movie detail: fields, cast, trailer on demand, You May Also Like and Show more', async ({ page, request }) => {
    const { movie } = await pickShow(request);
    const videoRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/videos')) videoRequests.push(r.url());
    });
    await page.goto('/movies');
    await page.getByRole('link', { name: `Buy tickets for ${movie.title}` }).first().click();
    await expect(page).toHaveURL(`/movies/${movie._id}`);
    await expect(page.getByRole('heading', { level: 1, name: movie.title })).toBeVisible();
    await expect(page.getByText(/\dh \d+m · /)).toBeVisible();
    const cast = page.getByRole('list', { name: 'Cast' }).getByRole('listitem');
    expect(await cast.count()).toBeGreaterThan(0);
    expect(await cast.count()).toBeLessThanOrEqual(12);
    expect(videoRequests).toEqual([]);
    await page.getByRole('button', { name: 'Watch Trailer' }).click();
    await expect(page.getByRole('figure', { name: `Trailer preview: ${movie.title}` })).toBeVisible();
    expect(videoRequests).toHaveLength(1);
    await page.getByRole('button', { name: 'Hide Trailer' }).click();
    await expect(page.getByRole('figure', { name: `Trailer preview: ${movie.title}` })).toBeHidden();
    // Read when the reader scrolls near it (below the fold waits): the page comes whole with its first view, so it is far down.
    const alsoLike = page.getByRole('region', { name: 'You May Also Like' });
    await alsoLike.scrollIntoViewIfNeeded();
    await expect(alsoLike.getByRole('article')).toHaveCount(4);
    await alsoLike.getByRole('link', { name: 'Show more' }).click();
    await expect(page).toHaveURL('/theaters');
  });

  test('releases, theaters and a movie from the catalogue', async ({ page }) => {
    await page.goto('/releases');
    await expect(page.getByRole('region', { name: 'New Releases' }).getByRole('article')).toHaveCount(12);
    await expect(page.getByRole('region', { name: 'Coming Soon' }).getByRole('article')).toHaveCount(12);
    const first = page.getByRole('region', { name: 'New Releases' }).getByRole('link', { name: /^View Details: / }).first();
    const title = ((await first.getAttribute('aria-label')) ?? '').replace('View Details: ', '');
    await first.click();
    await expect(page).toHaveURL(/\/tmdb-movie\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText(/votes\)/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Similar Movies' }).getByRole('article')).toHaveCount(6);
    await page.getByRole('link', { name: 'Find Theaters' }).click();
    await expect(page.getByRole('region', { name: 'Featured Movies' }).getByRole('article')).toHaveCount(6);
    // The chain's cinemas from the service (issue 42): two in each city, each leading to its show times.
    for (const city of ['Mumbai', 'Delhi', 'Bangalore']) {
      await page.getByRole('button', { name: city, exact: true }).click();
      const cards = page.getByRole('region', { name: `Theaters in ${city}` }).getByRole('article');
      await expect(cards).toHaveCount(2);
      for (const card of await cards.all()) await expect(card.getByRole('link', { name: /^Show times at / })).toBeVisible();
    }
    // The default cinema shows the seeded shows: three posters on its card.
    await page.getByRole('button', { name: 'Mumbai', exact: true }).click();
    const defaultCinema = page.getByRole('region', { name: 'Theaters in Mumbai' }).getByRole('article').first();
    await expect(defaultCinema.getByRole('list', { name: 'Showing here' }).getByRole('listitem')).toHaveCount(3);
  });

  test('/tmdb-movie of an unknown id: Movie not found, Back to Movies', async ({ page }) => {
    await page.goto('/tmdb-movie/987654321');
    await expect(page.getByRole('heading', { name: 'Movie not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Movies' }).click();
    await expect(page.getByRole('heading', { name: 'Now Showing in Theaters' })).toBeVisible();
  });

  test('/loading/<next>: a spinner, then /<next> after 8 seconds', async ({ page }) => {
    await page.clock.install();
    await page.goto('/loading/movies');
    await expect(page.getByRole('status', { name: 'Loading, please wait' })).toBeVisible();
    await page.clock.fastForward(7000);
    await expect(page).toHaveURL('/loading/movies');
    await page.clock.fastForward(1500);
    await expect(page).toHaveURL('/movies');
    await expect(page.getByRole('heading', { name: 'Now Showing in Theaters' })).toBeVisible();
  });

  test('/payment-success without session_id: Invalid payment session, then My Bookings', async ({ page }) => {
    for (const path of ['/payment-success', '/payment-success/']) {
      await page.goto(path);
      await expect(toast(page, 'Invalid payment session')).toBeVisible();
      await expect(page).toHaveURL('/my-bookings');
    }
  });
});

test.describe('messages for visitors', () => {
  test('favourite, date and seat messages while signed out', async ({ page, request }) => {
    const { movie, date } = await pickShow(request);
    await page.goto(`/movies/${movie._id}`);
    await page.getByRole('button', { name: /favorite/i }).click();
    await expect(toast(page, 'Please login to proceed')).toBeVisible();
    await page.getByRole('button', { name: 'Book Now' }).click();
    await expect(toast(page, 'Please select a date')).toBeVisible();
    await page.getByRole('list', { name: 'Show dates' }).getByRole('button').last().click();
    await page.getByRole('button', { name: 'Book Now' }).click();
    await expect(page).toHaveURL(`/movies/${movie._id}/${date}`);
    // No seats before a time (issue 29): a prompt instead; checkout asks for a time and seats, then sign-in.
    await expect(page.getByText('Choose a show time to see which seats are free.')).toBeVisible();
    await expect(page.getByRole('group', { name: 'Seats' })).toHaveCount(0);
    await page.getByRole('list', { name: 'Show times' }).getByRole('button').first().click();
    await expect(page).toHaveURL(/[?&]show=/);
    const taken = new Set(await occupiedSeats(request, new URL(page.url()).searchParams.get('show')!));
    const free = ['E5', 'E4', 'E6', 'F5', 'F4', 'F6', 'D5'].find((id) => !taken.has(id))!;
    await seat(page, free).click();
    // Signed out, Proceed opens sign-in and comes back to the same seats (it used to answer "Please login to proceed").
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL((url) => url.origin === urls.identity);
    await page.getByLabel('Email').fill('user@example.com');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.origin === urls.shell && url.pathname === `/movies/${movie._id}/${date}`);
    await expect(page).toHaveURL(new RegExp(`[?&]seats=${free}(&|$)`));
    await expect(seat(page, free)).toHaveAttribute('aria-pressed', 'true');
  });
});

test.describe('signed in', () => {
  test('favourite: the heart fills and the navbar Favorites link appears', async ({ page, request }) => {
    const { movie } = await pickShow(request, 1);
    await page.goto(`/movies/${movie._id}`);
    await signIn(page, 'user@example.com');
    await expect(page).toHaveURL(`/movies/${movie._id}`);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const heart = page.getByRole('button', { name: /favorite/i });
    await expect(heart).toHaveAttribute('aria-pressed', /^(true|false)$/);
    if ((await heart.getAttribute('aria-pressed')) === 'true') {
      // Left over from an earlier run on the same data: un-favourite first (the link then goes away).
      await heart.click();
      await expect(heart).toHaveAttribute('aria-pressed', 'false');
    }
    await expect(nav.getByRole('link', { name: 'Favorites' })).toHaveCount(0);
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await nav.getByRole('link', { name: 'Favorites' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your Favorite Movies' })).toBeVisible();
    await expect(page.getByRole('link', { name: `Buy tickets for ${movie.title}` })).toBeVisible();
  });

  test('pick date, time and seats; seats taken in another browser turn taken live; checkout; My Bookings shows it unpaid with Pay Now', async ({
    page,
    browser,
    request,
  }) => {
    const { movie, date, times } = await pickShow(request, 2);
    const show = times.at(-1)!;
    const route = `/movies/${movie._id}/${date}`;
    await page.goto(route);
    await signIn(page, 'user@example.com');
    await expect(page).toHaveURL(route);

    // Nothing to check out yet: Proceed waits (it answered a click with a pop-up).
    await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();
    const timeButtons = page.getByRole('list', { name: 'Show times' }).getByRole('button');
    await expect(timeButtons).toHaveCount(times.length);
    await timeButtons.last().click();
    await expect(timeButtons.last()).toHaveAttribute('aria-pressed', 'true');

    // Keyboard: one tab stop, arrows move, Enter picks.
    await seat(page, 'A1').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await expect(seat(page, 'B2')).toBeFocused();

    const taken = new Set(await occupiedSeats(request, show.showId));
    const free = ['G1', 'G2', 'G3', 'G4', 'G5', 'G6', 'G7', 'G8', 'G9', 'I1', 'I2', 'I3', 'I4', 'I5', 'I6'].filter((s) => !taken.has(s));
    const [otherFirst, otherSecond, ...mine] = free;

    // Someone else, in another browser, books two seats while this page is open; one of them is selected here.
    await seat(page, otherFirst!).click();
    await expect(seat(page, otherFirst!)).toHaveAttribute('aria-pressed', 'true');
    const other = await newSignedInPage(browser, 'admin@example.com', route);
    try {
      const otherTimes = other.page.getByRole('list', { name: 'Show times' }).getByRole('button');
      await otherTimes.last().click();
      await seat(other.page, otherFirst!).click();
      await seat(other.page, otherSecond!).click();
      await other.page.getByRole('button', { name: 'Proceed to Checkout' }).click();
      await other.page.waitForURL((url) => url.origin !== urls.shell);
    } finally {
      await other.context.close();
    }
    await expect(seat(page, otherSecond!)).toHaveAttribute('aria-disabled', 'true', { timeout: 6000 });
    await expect(seat(page, otherFirst!)).toHaveAttribute('aria-disabled', 'true');
    await expect(seat(page, otherFirst!)).toHaveAttribute('aria-pressed', 'false');
    await expect(toast(page, `Seat ${otherFirst} was just taken by someone else`)).toBeVisible();

    // Taken seats stay clickable (aria-disabled, not disabled) so the click can say why.
    await seat(page, otherSecond!).click({ force: true });
    await expect(toast(page, 'This seat is already booked')).toBeVisible();

    for (const id of mine.slice(0, 5)) await seat(page, id).click();
    await seat(page, mine[5]!).click();
    await expect(toast(page, 'You can only select 5 seats')).toBeVisible();
    await expect(seat(page, mine[5]!)).toHaveAttribute('aria-pressed', 'false');
    await seat(page, mine[4]!).click();
    await seat(page, mine[3]!).click();
    const booked = mine.slice(0, 3);

    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL((url) => url.origin !== urls.shell);
    expect(page.url().startsWith(urls.service)).toBe(true);

    await page.goto('/my-bookings');
    const card = page.getByRole('article', { name: movie.title }).filter({ hasText: booked.join(', ') });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Awaiting payment');
    await expect(card).toContainText(`Total Tickets${booked.length}`);
    await expect(card.getByRole('link', { name: 'Pay Now' })).toHaveAttribute('href', /^http/);
    await expect(card.getByRole('timer')).toHaveText(/^\d+:\d{2} left to pay$/);
    // The help is one line to open while seats are held.
    await page.getByRole('complementary', { name: 'Payment help' }).getByText('Paid but still see Pay Now?').click();
    await expect(page.getByRole('complementary', { name: 'Payment help' })).toContainText('within 30 seconds');
    await expect(page.getByRole('complementary', { name: 'Payment help' }).getByRole('link')).toHaveAttribute('href', '/payment-help');
  });

  test('pays with the test card: a declined card leaves Pay Now; 4242 shows CONFIRMED, then the paid booking with its QR code', async ({
    page,
    request,
  }) => {
    const { movie, date, times } = await pickShow(request, 3);
    const route = `/movies/${movie._id}/${date}`;
    await page.goto(route);
    await signIn(page, 'user@example.com');
    await page.getByRole('list', { name: 'Show times' }).getByRole('button').first().click();
    const taken = new Set(await occupiedSeats(request, times[0]!.showId));
    const mine = ['J5', 'J4', 'J6', 'J3', 'J7'].find((s) => !taken.has(s))!;
    await seat(page, mine).click();
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL((url) => url.origin !== urls.shell);
    await expect(page.getByLabel('Card number')).toBeVisible();

    const payWith = async (card: string) => {
      await page.getByLabel('Card number').fill(card);
      await page.getByLabel('Expiry').fill('12 / 34');
      await page.getByLabel('CVC').fill('123');
      await page.getByLabel('Name on card').fill('Maya Moviegoer');
      await page.getByRole('button', { name: 'Pay' }).click();
    };
    await payWith('4000 0000 0000 0002');
    await expect(page.getByRole('alert')).toContainText('declined');
    await page.goto('/my-bookings');
    const card = page.getByRole('article', { name: movie.title }).filter({ hasText: mine });
    await expect(card).toContainText('Awaiting payment');
    await card.getByRole('link', { name: 'Pay Now' }).click();

    await payWith('4242 4242 4242 4242');
    await page.waitForURL(/\/payment-success\/?\?session_id=/);
    await expect(page.getByText('CONFIRMED', { exact: true })).toBeVisible();
    await expect(toast(page, 'Payment confirmed! Booking updated.')).toBeVisible();
    await page.getByRole('link', { name: 'View My Bookings' }).click();
    const paid = page.getByRole('article', { name: movie.title }).filter({ hasText: mine });
    await expect(paid.getByText('Paid', { exact: true })).toBeVisible();
    await expect(paid.getByRole('link', { name: 'Pay Now' })).toHaveCount(0);
    await paid.getByRole('button', { name: 'Show e-ticket' }).click();
    await expect(paid.getByRole('img', { name: /^Ticket QR code [0-9A-Z]{10}$/ })).toBeVisible();
  });

  for (const viewport of [{ width: 390, height: 844 }, { width: 1366, height: 768 }]) {
    test(`Back from a declined card at ${viewport.width}x${viewport.height}: the held seats say "Held by you", never "just taken by someone else"`, async ({
      browser,
      request,
    }) => {
      const { movie, date, times } = await pickShow(request, 2);
      const { context, page } = await newSignedInPage(browser, 'user@example.com', `/movies/${movie._id}/${date}`);
      try {
        await page.setViewportSize(viewport);
        const toasts: string[] = [];
        await page.exposeFunction('recordToast', (text: string) => toasts.push(text));
        await page.getByRole('list', { name: 'Show times' }).getByRole('button').last().click();
        // Two seats the map offers this account (not taken, and not in its own re-hold cooldown from an earlier run).
        const available = page.getByRole('group', { name: 'Seats' }).locator('[data-state="available"]');
        await expect(available.first()).toBeVisible();
        const pair = (await available.evaluateAll((seats) => seats.map((s) => (s as HTMLElement).dataset.seat!))).slice(-2);
        for (const id of pair) await seat(page, id).click();
        await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
        await page.waitForURL((url) => url.origin !== urls.shell);
        await page.getByLabel('Card number').fill('4000 0000 0000 0002');
        await page.getByLabel('Expiry').fill('12 / 34');
        await page.getByLabel('CVC').fill('123');
        await page.getByLabel('Name on card').fill('Maya Moviegoer');
        await page.getByRole('button', { name: 'Pay' }).click();
        await expect(page.getByRole('alert')).toHaveText('Your card was declined.');

        // A phone on a slow line: the visitor's own bookings come a second after the taken seats.
        await page.route(`${urls.service}/api/user/bookings*`, async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 1500));
          await route.continue();
        });
        await page.addInitScript(() => {
          new MutationObserver(() => {
            for (const node of Array.from(document.querySelectorAll('[role="status"]'))) {
              const text = node.textContent ?? '';
              if (text && !(node as HTMLElement).dataset.recorded) {
                (node as HTMLElement).dataset.recorded = '1';
                void (window as unknown as { recordToast: (t: string) => void }).recordToast(text);
              }
            }
          }).observe(document, { subtree: true, childList: true, characterData: true });
        });
        // Back twice: the declined page was reached by a redirect from the payment form.
        while (new URL(page.url()).origin !== urls.shell) await page.goBack();
        for (const id of pair) await expect(seat(page, `${id}, yours`)).toHaveAttribute('title', `${id} · Yours: held by you`);
        await expect(page.getByRole('region', { name: 'Your selection' })).not.toContainText(pair[0]!);
        await page.waitForTimeout(500);
        expect(toasts.filter((text) => text.includes('just taken'))).toEqual([]);
      } finally {
        await context.close();
        // The account is shared by many specs: give back what this test held (the hold caps count unpaid seats).
        const api = apiAs(tokenFor('user@example.com'));
        const held = (await api.myBookings()).bookings.filter((b) => b.show._id === times.at(-1)!.showId && b.status === 'held' && !b.isPaid);
        for (const booking of held) await api.releaseBooking(booking._id);
      }
    });
  }

  test('My Bookings: a paid booking has an e-ticket and an Add to calendar download', async ({ page }) => {
    await page.goto('/my-bookings');
    await expect(page.getByRole('heading', { name: 'Sign in to see your bookings' })).toBeVisible();
    await signIn(page, 'user@example.com');
    const paid = page.getByRole('article').filter({ has: page.getByText('Paid', { exact: true }) }).first();
    await expect(paid).toBeVisible();
    await expect(paid.getByRole('link', { name: 'Pay Now' })).toHaveCount(0);
    await paid.getByRole('button', { name: 'Show e-ticket' }).click();
    const ticket = paid.getByRole('region', { name: /^E-ticket for / });
    await expect(ticket).toBeVisible();
    // The QR code when the service gives a ticket code; the booking reference otherwise.
    await expect(ticket.getByRole('img', { name: /^Ticket QR code / }).or(ticket.getByText('Booking reference'))).toBeVisible();
    const download = page.waitForEvent('download');
    await paid.getByRole('button', { name: 'Add to calendar' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.ics$/);
    const text = readFileSync(await file.path(), 'utf8');
    expect(text).toContain('BEGIN:VEVENT');
    expect(text).toMatch(/DTSTART:\d{8}T\d{6}Z/);
  });
});

test.describe('accessibility of the moviegoer screens', () => {
  test('no serious or critical axe violations', async ({ page, request }) => {
    const { movie, date } = await pickShow(request);
    const catalogId = ((await (await request.get(`${urls.service}/api/catalog/movie/top_rated`)).json()) as { results: { id: number }[] }).results[0]!.id;
    for (const path of [`/movies/${movie._id}`, `/movies/${movie._id}/${date}`, '/releases', '/theaters', `/tmdb-movie/${catalogId}`, '/my-bookings', '/favorite']) {
      await page.goto(path);
      await expect(page.locator('main h1').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect({ path, violations: await seriousA11yViolations(page) }).toEqual({ path, violations: [] });
    }
  });
});
