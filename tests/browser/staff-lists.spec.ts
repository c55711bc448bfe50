import { expect, test, type Page } from '@playwright/test';
import { apiAs, holdIfFree, tokenFor } from '../support/api';
import { farShow, payByCard } from '../support/paid-bookings';
import { attachScreenshot, expectAllWithinWidth, expectNoA11yViolations, SCREEN_SIZES } from '../support/screens';
import { tickShowInPicker } from '../support/show-picker';
import { signInFromPrompt } from '../support/sign-in';

/**
 * Issue 43, item 9, as theatre staff see it at 390x844 and 1366x768: cancelling a show from List Shows (its paid
 * booking refunded, the row marked Cancelled), and List Bookings searched on the server by ticket code, with the
 * ticket code column and totals that keep refunds apart from paid.
 */

const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text }).last();

/**
 * A paid booking of two seats of a far show (row `row`), by a moviegoer of its own (the shared accounts reach the
 * hold caps late in a full run): the show, the booking (its ticket code included) and the moviegoer's token.
 */
async function paidBooking(row: string) {
  const user = tokenFor(`staff-lists-${row}-${Date.now()}@example.com`);
  const show = await farShow(row);
  const held = await holdIfFree(user, show.showId, show.seats);
  expect(held).not.toBeNull();
  await payByCard(held!.url);
  const booking = (await apiAs(user).myBookings()).bookings.find((b) => b._id === held!.bookingId)!;
  return { show, booking, user };
}

for (const size of SCREEN_SIZES) {
  test.describe(`staff lists at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test('cancelling a show from List Shows refunds its paid booking and marks the row Cancelled', async ({ page }, testInfo) => {
      const { show, booking, user } = await paidBooking(size.name === 'phone' ? 'G' : 'H');
      await page.goto(`/admin/list-shows?movie=${show.movieId}&from=${show.date}&to=${show.date}`);
      await signInFromPrompt(page, 'admin@example.com');
      const row = page.getByRole('row').filter({ has: page.locator(`a[href*="show=${show.showId}"]`) });
      await expect(row.getByRole('link', { name: /^Seat map of / })).toBeVisible();
      await row.getByRole('button', { name: 'Cancel show' }).click();

      const dialog = page.getByRole('dialog', { name: 'Cancel this show?' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(show.movieTitle);
      await expect(dialog).toContainText('Every paid booking is refunded in full and its moviegoer emailed');
      await expectNoA11yViolations(page);
      await attachScreenshot(page, testInfo, 'list-shows-cancel-dialog');
      await dialog.getByRole('button', { name: 'Cancel show and refund' }).click();

      // Other tests may have bookings of the same show: at least this one is refunded.
      await expect(toast(page, /^Show cancelled: [1-9]\d* paid bookings? refunded and emailed, \d+ holds? released\.$/)).toBeVisible();
      await expect(row.getByText('Cancelled', { exact: true })).toBeVisible();
      await expect(row.getByRole('button', { name: 'Cancel show' })).toHaveCount(0);
      await expect(row.getByRole('button', { name: 'Change price' })).toHaveCount(0);
      await expectAllWithinWidth(page, row);
      await attachScreenshot(page, testInfo, 'list-shows-cancelled');

      const mine = (await apiAs(user).myBookings()).bookings.find((b) => b._id === booking._id)!;
      expect(mine).toMatchObject({ status: 'cancelled', refundStatus: 'refunded' });
      const movie = await apiAs().showDetail(show.movieId);
      expect(Object.values(movie.dateTime).flat().map((slot) => slot.showId)).not.toContain(show.showId);
    });

    test('List Bookings finds a booking by its ticket code on the server, with the code shown and totals by kind', async ({ page }, testInfo) => {
      const { show, booking } = await paidBooking(size.name === 'phone' ? 'E' : 'F');
      const code = booking.ticketCode!;
      await page.goto('/admin/list-bookings');
      await signInFromPrompt(page, 'admin@example.com');
      const search = page.getByRole('search', { name: 'Search bookings' });
      await search.getByLabel('Search').fill(code.toLowerCase());
      await search.getByRole('button', { name: 'Search' }).click();

      const table = page.getByRole('table', { name: 'Bookings' });
      await expect(table.getByRole('row')).toHaveCount(2);
      const row = table.getByRole('row').nth(1);
      await expect(row.getByRole('cell', { name: code })).toBeVisible();
      await expect(row).toContainText(show.movieTitle);
      await expect(row).toContainText('Paid');
      const totals = page.getByRole('definition').filter({ hasText: /^1 · \$\d+\.\d{2}$/ });
      await expect(page.getByRole('term').filter({ hasText: "Paid (the dashboard's Total Bookings)" })).toBeVisible();
      await expect(totals).toHaveCount(1);
      await expect(page.getByText('Page 1 of 1 · 1 booking')).toBeVisible();
      await expectNoA11yViolations(page);
      await expectAllWithinWidth(page, page.locator('.admin__search, .admin__totals'));
      await attachScreenshot(page, testInfo, 'list-bookings-search');

      // Nothing else matches a code that is not one; Clear lists them all again.
      await search.getByLabel('Search').fill('NO-SUCH-CODE');
      await search.getByRole('button', { name: 'Search' }).click();
      await expect(page.getByText('No bookings found')).toBeVisible();
      await search.getByRole('button', { name: 'Clear' }).click();
      await expect(table.getByRole('row').nth(2)).toBeVisible();
    });
  });
}

test.describe('On Sale at both sizes', () => {
  for (const size of SCREEN_SIZES) {
    test(`${size.name}: the show picker reaches every upcoming show (searched and paged by the service), and the live panel names the event's shows`, async ({ page }, testInfo) => {
      await page.setViewportSize(size.viewport);
      const admin = apiAs(tokenFor('admin@example.com', 'admin'));
      const { total } = await admin.adminShows({ pageSize: '1' });
      expect(total).toBeGreaterThan(100);
      // The furthest show: the kind a premiere is put on sale for, past any first 100.
      const inEvents = new Set((await admin.onSaleEvents()).events.flatMap((event) => event.showIds));
      const last = (await admin.adminShows({ pageSize: '30', sort: 'time', order: 'desc' })).shows.find((show) => !show.cancelled && !inEvents.has(show._id))!;

      await page.goto('/admin/on-sale');
      await signInFromPrompt(page, 'admin@example.com');
      const pages = page.getByRole('navigation', { name: 'Pages of shows' });
      // The picker lists the shows still open for sale (issue 52), not every upcoming one.
      const open = (await admin.adminShows({ pageSize: '1', openForSale: 'true' })).total;
      await expect(pages.getByText(new RegExp(`^Page 1 of \\d+ · ${open} shows$`))).toBeVisible();
      await tickShowInPicker(page, { showId: last._id, title: last.movie.title }, last.movie.title.toLowerCase());
      const chosen = page.getByRole('list', { name: 'Chosen shows' });
      await expect(chosen.getByRole('listitem')).toHaveCount(1);
      await expect(chosen).toContainText(last.movie.title);
      await expectAllWithinWidth(page, page.locator('.admin__fieldset'));
      await attachScreenshot(page, testInfo, 'on-sale-picker-far-show');

      // An event of that show (made through the API): its live panel says which shows it holds.
      const name = `Premiere ${size.name} ${Date.now()}`;
      const { event } = await admin.createOnSale({ name, showIds: [last._id], onSaleAt: new Date(Date.now() + 3_600_000).toISOString(), waitingRoom: true, shoppingCapacity: 5, windowMinutes: 10 });
      try {
        await page.reload();
        await page.getByLabel('Event', { exact: true }).selectOption({ label: name });
        const inEvent = page.getByRole('list', { name: 'Shows in this on-sale' });
        await expect(inEvent.getByRole('listitem')).toHaveCount(1);
        await expect(inEvent).toContainText(last.movie.title);
        await expectNoA11yViolations(page);
        await attachScreenshot(page, testInfo, 'on-sale-live-panel-shows');
      } finally {
        await admin.cancelOnSale(event.id);
      }
    });
  }
});
