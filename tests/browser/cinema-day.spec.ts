import { expect, test } from '@playwright/test';
import { apiAs, tokenFor } from '../support/api';
import { waitForApp } from '../support/app-shown';
import { attachScreenshot, expectNoA11yViolations, SCREEN_SIZES } from '../support/screens';

/**
 * Issue 53, item 6's browsing and waiting-room items, at 390x844 and 1366x768: a cinema's page shows one day at a
 * time with a date strip, each time with its price chip (it was 12,307 px tall on a phone with every day of every
 * film); the home carousel has one dot per slide (it said "1 / 8" beside 5 dots); a show sold through a waiting room
 * explains the queue on its seat page instead of "Choose up to 5 seats." beside a disabled Proceed, and the
 * waiting room opens at its heading, not scrolled under the top bar.
 */

const CINEMA = 'marquee-marine-drive';
/** A third of the 12,307 px of every day at once (one day of the seed is about 2,600 px on a phone). */
const MAX_PAGE_HEIGHT_PX = 4_000;
const admin = () => apiAs(tokenFor('admin@example.com', 'admin'));
/** The events this file puts on sale, cancelled after it so later specs find their shows as they were. */
const events: string[] = [];

test.afterAll(async () => {
  for (const eventId of events) await admin().cancelOnSale(eventId);
});

/** A show at least 3 hours away in no on-sale event, with its movie and date for the seat page's address. */
async function showNotOnSale(skip: number) {
  const anyone = apiAs();
  const found: { movieId: string; date: string; showId: string; time: string }[] = [];
  for (const movie of (await anyone.showAll()).shows) {
    for (const [date, slots] of Object.entries((await anyone.showDetail(movie._id)).dateTime)) {
      for (const slot of slots) if (!slot.onSale && Date.parse(slot.time) > Date.now() + 3 * 3600_000) found.push({ movieId: movie._id, date, showId: slot.showId, time: slot.time });
    }
  }
  found.sort((a, b) => b.time.localeCompare(a.time));
  if (!found[skip]) throw new Error('no show left outside an on-sale event');
  return found[skip];
}

for (const [index, size] of SCREEN_SIZES.entries()) {
  test.describe(`browsing at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test("a cinema's page shows one day at a time with a date strip, each time with its price", async ({ page }, testInfo) => {
      const { shows } = await apiAs().cinema(CINEMA);
      expect(shows.length, 'the seed plays films at this cinema').toBeGreaterThan(0);
      await page.goto(`/theaters/${CINEMA}`);
      await waitForApp(page);
      const strip = page.getByRole('list', { name: 'Days with shows' });
      const days = strip.getByRole('button');
      await expect(days.first()).toBeVisible();
      expect(await days.count(), 'the seed plays this cinema on several days').toBeGreaterThan(1);
      await expect(days.first()).toHaveAttribute('aria-pressed', 'true');
      await expect(strip.getByRole('button', { pressed: true })).toHaveCount(1);

      // One day's films, each time a chip with its price.
      const day = page.getByRole('list', { name: /^Showing at Marquee Marine Drive on / });
      const firstDay = await day.getAttribute('aria-label');
      const chips = day.getByRole('link', { name: /\d:\d{2} [AP]M/ });
      expect(await chips.count()).toBeGreaterThan(0);
      for (const text of await chips.allTextContents()) expect(text).toMatch(/\d:\d{2} [AP]M · Screen \d.* (from )?\$\d+\.\d{2}$/);
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      expect(height, 'the page with one day of times').toBeLessThan(MAX_PAGE_HEIGHT_PX);
      testInfo.annotations.push({ type: 'page height', description: `${height} px` });
      await expectNoA11yViolations(page);
      await attachScreenshot(page, testInfo, `cinema-day-${size.name}`);

      // Another day: its times instead, kept in the address.
      await days.nth(1).click();
      await expect(days.nth(1)).toHaveAttribute('aria-pressed', 'true');
      await expect(day).not.toHaveAttribute('aria-label', firstDay!);
      await expect(page).toHaveURL(/[?&]day=\d{4}-\d{2}-\d{2}/);
      await expect(day.getByRole('link').first()).toBeVisible();

      // A link to the last day: that day is chosen, and the strip shows it.
      const last = (await days.last().textContent())!;
      const detail = await apiAs().cinema(CINEMA);
      const lastDate = detail.shows.flatMap((entry) => entry.times.map((t) => t.showDateTime)).sort().at(-1)!;
      const lastDay = new Intl.DateTimeFormat('en-CA', { timeZone: detail.cinema.timeZone }).format(new Date(lastDate));
      await page.goto(`/theaters/${CINEMA}?day=${lastDay}`);
      await expect(days.last()).toHaveAttribute('aria-pressed', 'true');
      await expect(days.last()).toHaveText(last);
      await expect(days.last()).toBeInViewport();
    });

    test('the home carousel has one dot per slide, and no count beyond them', async ({ page }) => {
      await page.goto('/');
      await waitForApp(page);
      const hero = page.getByRole('region', { name: 'Featured movies' });
      const showing = (await apiAs().showAll()).shows.length;
      expect(showing, 'more films showing than the carousel has dots').toBeGreaterThan(5);
      const slides = hero.locator('[aria-roledescription="slide"]');
      await expect(hero.getByRole('button', { name: /^Show slide/ })).toHaveCount(await slides.count());
      await expect(slides).toHaveCount(5);
      await expect(hero.getByText(/\d+ \/ \d+/)).toHaveCount(0);
    });

    test("a waiting-room show's seat page explains the queue, and the waiting room opens at its heading", async ({ page }, testInfo) => {
      const show = await showNotOnSale(index);
      // Its sale opens in an hour (cancelled after the file, which a begun sale cannot be): until then, and after it for
      // a moviegoer not yet admitted, the seat page shows the way to the waiting room.
      const { event } = await admin().createOnSale({ name: `Queue explained ${size.name}`, showIds: [show.showId], onSaleAt: new Date(Date.now() + 3600_000).toISOString(), waitingRoom: true, shoppingCapacity: 50, windowMinutes: 10 });
      events.push(event.id);
      await page.goto(`/movies/${show.movieId}/${show.date}?show=${show.showId}`);
      await waitForApp(page);
      const notice = page.getByRole('complementary', { name: 'This show is sold through a waiting room' });
      await expect(notice).toContainText('To book, join the line there');
      await expect(page.getByText('Choose up to 5 seats.')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toHaveCount(0);
      await attachScreenshot(page, testInfo, `waiting-room-seat-page-${size.name}`);

      // Reached from further down the seat page, the waiting room opens at its heading, below the top bar, focused.
      const link = notice.getByRole('link', { name: 'Go to the waiting room' });
      await link.scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, 200));
      await link.click();
      const heading = page.getByRole('heading', { level: 1, name: `Waiting room: Queue explained ${size.name}` });
      await expect(heading).toBeFocused();
      const bar = (await page.locator('.shell-header').boundingBox())!;
      const box = (await heading.boundingBox())!;
      expect(box.y, 'the heading starts below the top bar').toBeGreaterThanOrEqual(bar.y + bar.height);
      expect(box.y + box.height).toBeLessThanOrEqual(size.viewport.height);
      await attachScreenshot(page, testInfo, `waiting-room-opened-${size.name}`);
    });
  });
}
