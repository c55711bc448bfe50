import { expect, test, type Page } from '@playwright/test';
import { waitForApp } from '../support/app-shown';
import { apiAs, bookFreeSeats, hallOnlyDates, holdIfFree, tokenFor } from '../support/api';
import { signIn } from '../support/sign-in';
import { seriousA11yViolations } from '../support/a11y';
import { attachScreenshot, SCREEN_SIZES } from '../support/screens';
import { urls } from '../support/test-stack';

/**
 * Issue 29, the moviegoer's half: the seat page and the local checkout at a phone and a laptop size,
 * positions measured with bounding boxes, a screenshot of each screen attached to the report.
 */


const seat = (page: Page, id: string) => page.getByRole('group', { name: 'Seats' }).getByRole('button', { name: id, exact: true });

/** A movie with a show on its last date on the spec's hall whose sales are open (days away), and two free seats of `row`. */
async function openShow(row = 'F') {
  const anyone = apiAs();
  for (const movie of (await anyone.showAll()).shows) {
    const detail = await anyone.showDetail(movie._id);
    // A date whose first city's times are all on the spec's hall (its rows of nine), in the seat page's order.
    const [hallDate] = hallOnlyDates(detail.dateTime);
    if (!hallDate) continue;
    const { date } = hallDate;
    for (const [index, slot] of hallDate.slots.entries()) {
      const taken = new Set((await anyone.occupiedSeats(slot.showId)).occupiedSeats);
      const free = Array.from({ length: 9 }, (_, i) => `${row}${i + 1}`).filter((s) => !taken.has(s)).slice(0, 2);
      if (free.length === 2) return { movieId: movie._id, date, index, showId: slot.showId, price: slot.price, seats: free };
    }
  }
  throw new Error(`no open show with two free seats in row ${row}`);
}

const money = (amount: number) => `$${amount.toFixed(2)}`;

for (const size of SCREEN_SIZES) {
  test.describe(`moviegoer booking at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test("home: every hero slide's title sits inside the hero, below the sticky header", async ({ page }, testInfo) => {
      await page.goto('/');
      await waitForApp(page);
      // Measured only once the hero has rendered its slides: before that the page may show its loading state.
      const titles = page.locator('.c-hero__title');
      await expect(titles.first()).toBeVisible();
      await expect(page.locator('.c-hero')).toBeVisible();
      const header = (await page.getByRole('banner').boundingBox())!;
      const hero = (await page.locator('.c-hero').boundingBox())!;
      expect(await titles.count()).toBeGreaterThan(1);
      // Every slide's, visible or not: the longest title must fit too.
      for (const box of await titles.evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().toJSON() as DOMRect))) {
        expect(box.top).toBeGreaterThanOrEqual(header.y + header.height);
        expect(box.top).toBeGreaterThanOrEqual(hero.y);
        expect(box.bottom).toBeLessThanOrEqual(hero.y + hero.height);
      }
      await attachScreenshot(page, testInfo, 'home-hero');
    });

    test('seat page: opens at the top, a prompt before a time, prices, 9 seats a row in view, the choice kept across a reload', async ({ page }, testInfo) => {
      const show = await openShow();
      // Leave the movie page scrolled to its foot, then open the seat page from there.
      await page.goto(`/movies/${show.movieId}`);
      await waitForApp(page);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.getByRole('list', { name: 'Show dates' }).getByRole('button').last().click();
      await page.getByRole('button', { name: 'Book Now' }).click();
      await page.waitForURL(new RegExp(`/movies/${show.movieId}/${show.date}`));
      await expect(page.getByRole('heading', { level: 1, name: 'Select your seat' })).toBeVisible();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const timesBox = (await page.getByRole('list', { name: 'Show times' }).boundingBox())!;
      expect(timesBox.y).toBeLessThan(size.viewport.height);

      // Before a time: a prompt, no grid of "available" seats.
      await expect(page.getByText('Choose a show time to see which seats are free.')).toBeVisible();
      await expect(page.getByRole('group', { name: 'Seats' })).toHaveCount(0);
      await expect(page.getByRole('complementary', { name: 'Test Payment Info' })).toHaveCount(0);
      await attachScreenshot(page, testInfo, 'seat-page-before-a-time');

      const time = page.getByRole('list', { name: 'Show times' }).getByRole('button').nth(show.index);
      await expect(time).toContainText(money(show.price));
      await time.click();
      await expect(page.getByText(/^Sales close at \d{1,2}:\d{2} [AP]M$/)).toBeVisible();
      for (const id of show.seats) await seat(page, id).click();
      const bar = page.getByRole('region', { name: 'Your selection' });
      await expect(bar).toContainText(`2 seats · ${money(show.price * 2)}: ${show.seats.join(', ')}`);
      await expect(page).toHaveURL(new RegExp(`[?&]show=${show.showId}&seats=${show.seats.join('%2C')}`));

      // All nine seats of a row inside the viewport.
      const ninth = (await seat(page, 'F9').boundingBox())!;
      const first = (await seat(page, 'F1').boundingBox())!;
      expect(first.x).toBeGreaterThanOrEqual(0);
      expect(ninth.x + ninth.width).toBeLessThanOrEqual(size.viewport.width);
      await attachScreenshot(page, testInfo, 'seat-page-seats-chosen');

      // A reload keeps the time and the seats.
      await page.reload();
      for (const id of show.seats) await expect(seat(page, id)).toHaveAttribute('aria-pressed', 'true');
      await expect(time).toHaveAttribute('aria-pressed', 'true');
      await expect(bar).toContainText(`2 seats · ${money(show.price * 2)}`);
      expect(await seriousA11yViolations(page)).toEqual([]);

      if (size.name === 'phone') {
        // The bar sticks to the bottom while the seats scroll under it...
        await seat(page, 'A1').scrollIntoViewIfNeeded();
        const stuck = (await bar.boundingBox())!;
        expect(Math.round(stuck.y + stuck.height)).toBeLessThanOrEqual(size.viewport.height);
        expect(stuck.y + stuck.height).toBeGreaterThan(size.viewport.height - 4);
        await attachScreenshot(page, testInfo, 'seat-page-sticky-bar');
        // ...and scrolled to the end it sits below the last row, never over it.
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        const lastRow = (await seat(page, 'J9').boundingBox())!;
        const end = (await bar.boundingBox())!;
        expect(end.y).toBeGreaterThanOrEqual(lastRow.y + lastRow.height);

        // At 360 px wide too.
        await page.setViewportSize({ width: 360, height: 740 });
        const narrow = (await seat(page, 'J9').boundingBox())!;
        expect(narrow.x + narrow.width).toBeLessThanOrEqual(360);
        // Seats share a 360 px row down to 32 px (36 px and more from 390 px: accessible-seating.spec.ts).
        expect(narrow.width).toBeGreaterThanOrEqual(32);
      }
    });

    test('seats in my own cooldown (released a moment ago) are marked before I click them, with a short note', async ({ page }, testInfo) => {
      const token = tokenFor('user@example.com');
      // Rows of their own per size (the seats released at one size are still cooling at the next), and the next
      // row when this user's own earlier releases there (other specs share the account) still cool.
      let show: Awaited<ReturnType<typeof openShow>> | undefined;
      let held: Awaited<ReturnType<typeof holdIfFree>> = null;
      for (const row of size.name === 'phone' ? ['H', 'E', 'C'] : ['G', 'D', 'B']) {
        show = await openShow(row);
        held = await holdIfFree(token, show.showId, show.seats);
        if (held) break;
      }
      expect(held, 'no row where this user could hold two seats').not.toBeNull();
      await apiAs(token).releaseBooking(held!.bookingId);
      show = show!;
      await page.goto('/');
      await waitForApp(page);
      await signIn(page, 'user@example.com');
      await page.goto(`/movies/${show.movieId}/${show.date}?show=${show.showId}`);
      await waitForApp(page);
      for (const id of show.seats) {
        await expect(seat(page, id)).toHaveAttribute('data-state', 'cooling');
        await expect(seat(page, id)).toHaveAccessibleDescription('recently released by you');
      }
      await expect(page.getByRole('list', { name: 'Seat legend' })).toContainText(/Released by you: yours to pick again at \d{1,2}:\d{2} [AP]M/);
      // In the middle of the screen: the selection bar sticks to the bottom and may cover the lowest rows in view.
      await seat(page, show.seats[0]!).evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await seat(page, show.seats[0]!).click({ force: true });
      await expect(page.getByRole('status').filter({ hasText: 'You released this seat a moment ago' }).last()).toBeVisible();
      await expect(page.getByText(/cooldown/i)).toHaveCount(0);
      await seat(page, show.seats[0]!).scrollIntoViewIfNeeded();
      await attachScreenshot(page, testInfo, 'seat-page-cooldown');
    });

    test('after paying: the confirmation shows the show date and time, and the e-ticket and QR stay inside their cards', async ({ page }, testInfo) => {
      const user = tokenFor('user@example.com');
      const booked = await bookFreeSeats(user, 1);
      await page.goto('/');
      await waitForApp(page);
      await signIn(page, 'user@example.com');
      await page.goto(booked.url);
      await waitForApp(page);
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiry').fill('12 / 34');
      await page.getByLabel('CVC').fill('123');
      await page.getByLabel('Name on card').fill('Maya Moviegoer');
      await page.getByRole('button', { name: /^Pay / }).click();
      await page.waitForURL((url) => url.origin === urls.shell && url.pathname === '/payment-success');
      await expect(page.getByText('CONFIRMED', { exact: true })).toBeVisible();
      const card = page.locator('.c-payment');
      await expect(card.locator('dt', { hasText: 'Show time' })).toBeVisible();
      await expect(card.locator('dd').filter({ has: page.locator('time') })).toHaveText(/^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} [AP]M$/);
      const qr = page.getByRole('img', { name: /^Ticket QR code / });
      await expect(qr).toBeVisible();
      const [cardBox, qrBox] = [(await card.boundingBox())!, (await qr.boundingBox())!];
      expect(qrBox.x).toBeGreaterThanOrEqual(cardBox.x);
      expect(qrBox.x + qrBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
      expect(cardBox.x + cardBox.width).toBeLessThanOrEqual(size.viewport.width);
      await expect(page.getByRole('complementary', { name: 'Test Payment Info' })).toHaveCount(0);
      await attachScreenshot(page, testInfo, 'payment-success');

      await page.goto('/my-bookings');

      await waitForApp(page);
      await page.getByRole('button', { name: 'Show e-ticket' }).first().click();
      const ticket = page.getByRole('region', { name: /^E-ticket for / }).first();
      await expect(ticket).toBeVisible();
      const article = page.getByRole('article').filter({ has: ticket });
      const [articleBox, ticketBox] = [(await article.boundingBox())!, (await ticket.boundingBox())!];
      expect(ticketBox.x + ticketBox.width).toBeLessThanOrEqual(articleBox.x + articleBox.width);
      expect(await ticket.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.viewport.width);
      await ticket.scrollIntoViewIfNeeded();
      await attachScreenshot(page, testInfo, 'my-bookings-e-ticket');
    });

    test('Releases lead a movie that is showing here to Buy Tickets (its show times), not the sample listing', async ({ page }, testInfo) => {
      const showing = new Set((await apiAs().showAll()).shows.map((m) => m._id));
      await page.goto('/releases');
      await waitForApp(page);
      const buy = page.getByRole('link', { name: /^Buy tickets for / }).first();
      await expect(buy).toBeVisible();
      const href = (await buy.getAttribute('href'))!;
      expect(href).toMatch(/^\/movies\/\d+$/);
      expect(showing.has(href.split('/').pop()!)).toBe(true);
      await buy.click();
      await expect(page.getByRole('list', { name: 'Show dates' })).toBeVisible();
      // The movie's details page says Buy Tickets too, never Find Theaters.
      await page.goto(`/tmdb-movie/${href.split('/').pop()}`);
      await waitForApp(page);
      await expect(page.getByRole('link', { name: 'Buy Tickets', exact: true })).toHaveAttribute('href', href);
      await expect(page.getByRole('link', { name: 'Find Theaters' })).toHaveCount(0);
      await attachScreenshot(page, testInfo, 'tmdb-movie-buy-tickets');
    });

    test("the theatre listing is the chain's cinemas: each card's way to its show times is a link a thumb can tap", async ({ page }, testInfo) => {
      await page.goto('/theaters');
      await waitForApp(page);
      const link = page.getByRole('link', { name: /^Show times at / }).first();
      await expect(link).toBeVisible();
      await expect(page.getByText(/Sample/)).toHaveCount(0);
      await link.scrollIntoViewIfNeeded();
      await attachScreenshot(page, testInfo, 'theaters');
      await link.click();
      await expect(page).toHaveURL(/\/theaters\/[a-z0-9-]+$/);
      await expect(page.getByRole('heading', { level: 2, name: 'Show times' })).toBeVisible();
      // A show time is a link of at least 44 px, on one line.
      const time = page.getByRole('link', { name: /\d{1,2}:\d{2} [AP]M · Screen/ }).first();
      expect((await time.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    });

    test('list pages: two posters a row on a phone, no sideways scrolling', async ({ page }, testInfo) => {
      for (const path of ['/movies', '/releases']) {
        await page.goto(path);
        await waitForApp(page);
        const cards = page.getByRole('article');
        await expect(cards.nth(1)).toBeVisible();
        const [a, b] = [(await cards.nth(0).boundingBox())!, (await cards.nth(1).boundingBox())!];
        if (size.name === 'phone') {
          // Side by side, each about half the width.
          expect(Math.abs(a.y - b.y)).toBeLessThan(2);
          expect(b.x).toBeGreaterThanOrEqual(a.x + a.width);
          expect(b.x + b.width).toBeLessThanOrEqual(size.viewport.width);
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.viewport.width);
        await attachScreenshot(page, testInfo, `list${path.replace('/', '-')}`);
      }
    });

    // axe is injected as a script, which the checkout's strict CSP refuses; payments.spec.ts checks the page within its CSP.
    test.describe('checkout', () => {
      test.use({ bypassCSP: true });

      test('checkout page: test cards in its flow, Pay with the amount, a live countdown, MM / YY as typed, post/redirect/get after a decline, Cancel releases the seats', async ({ page }, testInfo) => {
        const user = tokenFor('user@example.com');
        const booked = await bookFreeSeats(user, 2);
        const amount = (await apiAs(user).myBookings()).bookings.find((b) => b._id === booked.bookingId)!.amount;
        await page.goto(booked.url);
        await waitForApp(page);
        await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();

        await expect(page.getByRole('button', { name: `Pay ${money(amount)}` })).toBeVisible();
        const countdown = page.locator('#hold-countdown');
        await expect(countdown).toHaveText(/^\d{1,2}:\d{2}$/);
        const first = await countdown.textContent();
        await expect(countdown).not.toHaveText(first!, { timeout: 3000 });

        // The test cards are part of the page: in the flow, not over the form.
        const cards = page.getByRole('region', { name: 'Test mode: no real charges' });
        await expect(cards).toContainText('4242 4242 4242 4242');
        expect(await cards.evaluate((el) => getComputedStyle(el).position)).toBe('static');
        const cardsBox = (await cards.boundingBox())!;
        const formBox = (await page.locator('#card-form').boundingBox())!;
        expect(cardsBox.y + cardsBox.height).toBeLessThanOrEqual(formBox.y);
        expect(await cards.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.viewport.width);

        await page.getByLabel('Expiry').pressSequentially('1234');
        await expect(page.getByLabel('Expiry')).toHaveValue('12 / 34');
        expect(await seriousA11yViolations(page)).toEqual([]);
        await attachScreenshot(page, testInfo, 'checkout-page');

        // A declined card: the answer is a redirect to a GET page, so Back and reload never re-post.
        await page.getByLabel('Card number').pressSequentially('4000000000000002');
        await page.getByLabel('CVC').fill('123');
        await page.getByLabel('Name on card').fill('Maya Moviegoer');
        await page.getByRole('button', { name: /^Pay / }).click();
        await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
        await expect(page.getByRole('alert')).toBeFocused();
        expect(new URL(page.url()).searchParams.get('refused')).toBe('declined');
        await expect(page.getByLabel('Expiry')).toHaveValue('12 / 34');
        await expect(page.getByLabel('Name on card')).toHaveValue('Maya Moviegoer');
        await expect(page.getByLabel('Card number')).toHaveValue('');
        await attachScreenshot(page, testInfo, 'checkout-declined');
        const reloaded = await page.reload();
        expect(reloaded!.request().method()).toBe('GET');
        await expect(page.getByRole('alert')).toHaveText('Your card was declined.');

        // Cancel really releases the hold.
        await page.getByRole('button', { name: 'Cancel and return to My Bookings' }).click();
        await page.waitForURL((url) => url.origin === urls.shell && url.pathname === '/my-bookings');
        const after = (await apiAs(user).myBookings()).bookings.find((b) => b._id === booked.bookingId)!;
        expect(after.status).toBe('cancelled');
        const occupied = (await apiAs().occupiedSeats(booked.showId)).occupiedSeats;
        for (const id of booked.seats) expect(occupied).not.toContain(id);
      });
    });
  });
}
