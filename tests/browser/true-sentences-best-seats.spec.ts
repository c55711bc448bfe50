import { expect, test } from '@playwright/test';
import { apiAs, holdIfFree, tokenFor } from '../support/api';
import { adminCall, showStartingSoon } from '../support/door-tickets';
import { farShow, payByCard } from '../support/paid-bookings';
import { attachScreenshot, expectAllWithinWidth, SCREEN_SIZES } from '../support/screens';
import { signUpNewcomer } from '../support/sign-in';

/**
 * Issue 53, items 1 and 2, at 390x844 and 1366x768: the cancellation policy as it applies if paid now (a show within
 * the cut-off: non-refundable, and when free cancellation ended); a refunded booking's card saying it was paid and
 * refunded, with the amount and date; a premium screen's show time priced as its seats are; "Best available" for 2
 * and 5 on a nearly full screen, selected in one tap and still changeable.
 */

const MINUTE = 60_000;
/** The stack's default CANCELLATION_CUTOFF_MINUTES. */
const CUTOFF_MINUTES = 120;
const HALL = 'marquee-marine-drive-1';
const RECLINERS = 'marquee-marine-drive-3';

/** The movie and the cinema-clock date of a show, for its seat page's address. */
async function whereIs(showId: string) {
  const anyone = apiAs();
  for (const movie of (await anyone.showAll()).shows) {
    const detail = await anyone.showDetail(movie._id);
    for (const [date, slots] of Object.entries(detail.dateTime)) {
      const slot = slots.find((s) => s.showId === showId);
      if (slot) return { movieId: movie._id, date, slot };
    }
  }
  throw new Error(`show ${showId} is not listed`);
}

/** "9:00 PM" on `timeZone`'s clock, as the site writes a time of today. */
const clockTime = (instant: Date, timeZone: string) => new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(instant);
const dayOf = (instant: Date, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' }).format(instant);

/** A new show on the spec's hall about `daysAhead` days away (past the seed's week), at the hall's next free start. */
async function freshHallShow(daysAhead: number) {
  const token = tokenFor('admin@example.com', 'admin');
  const cinemas = (await adminCall<{ cinemas: { _id: string; timeZone: string; screens: { _id: string }[] }[] }>(token, 'GET', '/api/admin/cinemas')).cinemas;
  const { timeZone } = cinemas.find((c) => c.screens.some((s) => s._id === HALL))!;
  const movie = (await apiAs().showAll()).shows[0]!;
  const date = dayOf(new Date(Date.now() + daysAhead * 24 * 60 * MINUTE), timeZone);
  const check = await adminCall<{ free: boolean; nextFreeStart?: string }>(token, 'POST', '/api/admin/shows/check', { movieId: movie._id, showsInput: [{ date, time: ['10:00'] }], screenId: HALL });
  const startsAt = check.free ? null : new Date(check.nextFreeStart!);
  const at = startsAt ? { date: dayOf(startsAt, timeZone), time: new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(startsAt) } : { date, time: '10:00' };
  await apiAs(token).addShow({ movieId: movie._id, showsInput: [{ date: at.date, time: [at.time] }], showPrice: 12, screenId: HALL });
  const detail = await apiAs().showDetail(movie._id);
  const slot = (detail.dateTime[at.date] ?? []).find((s) => s.screenId === HALL && clockTime(new Date(s.time), timeZone) === clockTime(new Date(`2000-01-01T${at.time}:00Z`), 'UTC'));
  if (!slot) throw new Error(`the show added at ${at.date} ${at.time} is not listed`);
  return { movieId: movie._id, date: at.date, showId: slot.showId };
}

/** Holds every seat of the hall but `free`, 5 at a time, as several moviegoers (each holds at most 10 of a show). */
async function fillHallBut(showId: string, free: string[], who: string) {
  const rest = 'ABCDEFGHIJ'.split('').flatMap((row) => Array.from({ length: 9 }, (_, i) => `${row}${i + 1}`)).filter((seat) => !free.includes(seat));
  for (let i = 0; i < rest.length; i += 5) {
    const token = tokenFor(`${who}-${Math.floor(i / 10)}@example.com`);
    expect(await holdIfFree(token, showId, rest.slice(i, i + 5))).not.toBeNull();
  }
}

for (const size of SCREEN_SIZES) {
  test.describe(`issue 53 at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test('the policy as it applies if paid now: within the cut-off, non-refundable, and since when', async ({ page }, testInfo) => {
      // Like 10:05 PM for an 11:00 PM show: free cancellation ended at 9:00 PM.
      const soon = await showStartingSoon();
      const { movieId, date, slot } = await whereIs(soon.showId);
      const timeZone = (await apiAs().showDetail(movieId) as { cinemas?: Record<string, { timeZone: string }> }).cinemas?.[slot.cinemaId!]?.timeZone ?? 'UTC';
      const endedAt = new Date(Date.parse(slot.time) - CUTOFF_MINUTES * MINUTE);
      const when = dayOf(endedAt, timeZone) === dayOf(new Date(), timeZone)
        ? clockTime(endedAt, timeZone)
        : new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone }).format(endedAt);
      await page.goto(`/movies/${movieId}/${date}?show=${soon.showId}`);
      const bar = page.getByRole('region', { name: 'Your selection' });
      await expect(bar.getByText(`Non-refundable: free cancellation ended at ${when}.`)).toBeVisible();
      await expect(bar.getByText(/^Free cancellation until/)).toHaveCount(0);
      await attachScreenshot(page, testInfo, `policy-within-cutoff-${size.name}`);
    });

    test("a refunded booking's card says it was paid and refunded, with the amount and date, and never that no money was taken", async ({ page }, testInfo) => {
      const email = `refunded-${size.name}-${Date.now()}@example.com`;
      await page.goto('/my-bookings');
      await signUpNewcomer(page, email, 'Refunded Moviegoer', page.getByRole('main').getByRole('button', { name: 'Login' }));
      const user = tokenFor(email);
      const show = await farShow(size.name === 'phone' ? 'G' : 'H');
      const held = await holdIfFree(user, show.showId, show.seats);
      expect(held).not.toBeNull();
      await payByCard(held!.url);
      const cancelled = await apiAs(user).cancelBooking(held!.bookingId);
      expect(cancelled.booking?.refundStatus).toBe('refunded');

      await page.reload();
      await page.getByText(/^Past and cancelled bookings \(\d+\)$/).click();
      const card = page.getByRole('article').filter({ hasText: show.seats.join(', ') });
      await expect(card.getByText('Cancelled · Refunded')).toBeVisible();
      await expect(card.getByText(/^Paid \$\d+\.\d{2}; cancelled on \w{3}, \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M, and refunded in full to your card\. The seats were released\.$/)).toBeVisible();
      await expect(card).not.toContainText('no money was taken');
      await expect(card).not.toContainText('No charge');
      await expectAllWithinWidth(page, card);
      await attachScreenshot(page, testInfo, `refunded-card-${size.name}`);
    });

    test("a premium screen's show time is priced as its seats are, not at the standard price", async ({ page }, testInfo) => {
      const anyone = apiAs();
      let found: { movieId: string; date: string; showId: string; premium: number; standard: number } | null = null;
      for (const movie of (await anyone.showAll()).shows) {
        const detail = await anyone.showDetail(movie._id);
        for (const [date, slots] of Object.entries(detail.dateTime).reverse()) {
          const slot = slots.find((s) => s.screenId === RECLINERS && (s.seatPrices?.premium ?? 0) > s.seatPrices!.standard);
          if (slot) found = { movieId: movie._id, date, showId: slot.showId, premium: slot.seatPrices!.premium!, standard: slot.seatPrices!.standard };
          if (found) break;
        }
        if (found) break;
      }
      expect(found, 'a seeded recliner show with premium seats dearer than standard').not.toBeNull();
      await page.goto(`/movies/${found!.movieId}/${found!.date}?show=${found!.showId}`);
      const chosen = page.getByRole('list', { name: 'Show times' }).getByRole('button', { pressed: true });
      // Every recliner anyone may choose is premium: its price, not the standard one of the wheelchair space and companion seat.
      await expect(chosen).toContainText(`$${found!.premium.toFixed(2)}`);
      await expect(chosen).not.toContainText(`$${found!.standard.toFixed(2)}`);
      await attachScreenshot(page, testInfo, `premium-chip-${size.name}`);
    });

    test('Best available for 2 and 5 on a nearly full screen: one tap selects the best seats together, still changeable', async ({ page }, testInfo) => {
      const show = await freshHallShow(size.name === 'phone' ? 10 : 11);
      // Left free: five together in row E, a pair at G's end, a single at A1.
      await fillHallBut(show.showId, ['E3', 'E4', 'E5', 'E6', 'E7', 'G8', 'G9', 'A1'], `best-${size.name}-${Date.now()}`);
      await page.goto(`/movies/${show.movieId}/${show.date}?show=${show.showId}`);
      const seat = (id: string) => page.getByRole('group', { name: 'Seats' }).getByRole('button', { name: id, exact: true });
      await expect(seat('B5')).toHaveAttribute('aria-disabled', 'true');

      await page.getByRole('button', { name: 'Best available: 2' }).click();
      for (const id of ['E4', 'E5']) await expect(seat(id)).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByRole('region', { name: 'Your selection' })).toContainText('E4, E5');
      await attachScreenshot(page, testInfo, `best-available-2-${size.name}`);

      await page.getByRole('combobox', { name: 'People' }).selectOption('5');
      await page.getByRole('button', { name: 'Best available: 5' }).click();
      for (const id of ['E3', 'E4', 'E5', 'E6', 'E7']) await expect(seat(id)).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByRole('region', { name: 'Your selection' })).toContainText('E3, E4, E5, E6, E7');
      // Still the moviegoer's: a tap changes them.
      await seat('E7').click();
      await expect(seat('E7')).toHaveAttribute('aria-pressed', 'false');
      await seat('G9').click();
      await expect(seat('G9')).toHaveAttribute('aria-pressed', 'true');
      await expectAllWithinWidth(page, page.getByRole('group', { name: 'Best available', exact: true }));
      await attachScreenshot(page, testInfo, `best-available-5-${size.name}`);
    });
  });
}
