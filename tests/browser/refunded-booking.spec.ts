import { expect, test, type Browser } from '@playwright/test';
import { apiAs, holdIfFree, tokenFor } from '../support/api';
import { farShow, payByCard } from '../support/paid-bookings';
import { attachScreenshot, expectAllWithinWidth, expectNoA11yViolations, SCREEN_SIZES } from '../support/screens';
import { signInFromPrompt, signUpNewcomer } from '../support/sign-in';

/**
 * Issue 53, items 1, 4 and 6: one status text per booking state, everywhere. A booking paid and then cancelled by its
 * owner says it was paid and refunded, with the amount and the date, on its card, its e-ticket and support's row (never
 * "no money was taken"); List Bookings names it by its ticket code, marked refunded, and counts "1 booking". A paid
 * booking's e-ticket uses the phone's width and prints the ticket code under its QR. At 390x844 and 1366x768.
 */

const PAID_AND_REFUNDED = /^Paid \$\d+\.\d{2}; cancelled on \w{3}, \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M, and refunded in full to your card\. The seats were released\.$/;

/** A paid booking of two free seats of a far show in `row`, for the moviegoer `email`; cancelled by them when `cancel`. */
async function paidBooking(email: string, row: string, cancel = false) {
  const show = await farShow(row);
  const held = await holdIfFree(tokenFor(email), show.showId, show.seats);
  expect(held).not.toBeNull();
  await payByCard(held!.url);
  if (cancel) expect((await apiAs(tokenFor(email)).cancelBooking(held!.bookingId)).outcome).toBe('cancelled');
  const [booking] = (await apiAs(tokenFor('support@example.com', 'support')).debugBookings({ q: held!.bookingId })).bookings;
  return { ...show, bookingId: held!.bookingId, ticketCode: booking!.ticketCode, amount: booking!.amount };
}

/** A page of its own, signed in as staff (`email`) at `path`. */
async function staffPage(browser: Browser, viewport: { width: number; height: number }, path: string, email: string) {
  const page = await browser.newPage({ viewport });
  await page.goto(path);
  await signInFromPrompt(page, email);
  return page;
}

for (const size of SCREEN_SIZES) {
  test.describe(`a refunded booking at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test("its card, e-ticket and support's row say paid and refunded with the amount; List Bookings shows its code and '1 booking'", async ({ page, browser }, testInfo) => {
      const email = `refunded-${size.name}-${Date.now()}@example.com`;
      await page.goto('/my-bookings');
      await signUpNewcomer(page, email, 'Rita Refund', page.getByRole('main').getByRole('button', { name: 'Login' }));
      const refunded = await paidBooking(email, size.name === 'phone' ? 'H' : 'I', true);
      const amount = `$${refunded.amount.toFixed(2)}`;

      await page.reload();
      await page.getByText('Past and cancelled bookings (1)').click();
      const card = page.getByRole('article').filter({ hasText: refunded.seats.join(', ') });
      await expect(card.getByText('Cancelled · Refunded')).toBeVisible();
      await expect(card.getByText(PAID_AND_REFUNDED)).toBeVisible();
      await expect(card.getByText(PAID_AND_REFUNDED)).toContainText(`Paid ${amount};`);
      await expect(card).not.toContainText('no money was taken');
      await card.getByRole('button', { name: 'Show e-ticket' }).click();
      const ticket = card.getByRole('region', { name: `E-ticket for ${refunded.movieTitle}` });
      await expect(ticket).toContainText('Cancelled · Refunded');
      await expect(ticket.getByText(PAID_AND_REFUNDED)).toBeVisible();
      await expect(ticket).toContainText(`${refunded.ticketCode} (not valid)`);
      await expect(ticket).toContainText('This ticket is no longer valid');
      await expect(ticket.getByRole('img', { name: /^Ticket QR code/ })).toHaveCount(0);
      await expectAllWithinWidth(page, ticket);
      await attachScreenshot(page, testInfo, `refunded-card-${size.name}`);

      const support = await staffPage(browser, size.viewport, `/debug?q=${refunded.ticketCode}`, 'support@example.com');
      const row = support.getByRole('table', { name: 'All bookings' }).getByRole('row').filter({ hasText: refunded.ticketCode });
      await expect(row.locator('td[data-label="Status"]')).toContainText('Cancelled · Refunded');
      await expect(row.locator('td[data-label="Status"]').getByText(PAID_AND_REFUNDED)).toBeVisible();
      await expect(row.locator('td[data-label="Amount"]')).toHaveText(`${amount} refunded`);
      await expect(support.getByText(/^Page 1 of 1 · 1 booking$/)).toBeVisible();
      await expectAllWithinWidth(support, row.locator('th, td'));
      await attachScreenshot(support, testInfo, `refunded-support-row-${size.name}`);
      await support.close();

      const admin = await staffPage(browser, size.viewport, '/admin/list-bookings', 'admin@example.com');
      const search = admin.getByRole('search', { name: 'Search bookings' });
      await search.getByLabel('Search').fill(refunded.ticketCode);
      await search.getByRole('button', { name: 'Search' }).click();
      const adminRow = admin.getByRole('table', { name: 'Bookings' }).getByRole('row').filter({ hasText: refunded.ticketCode });
      await expect(adminRow.locator('td[data-label="Ticket code"]')).toHaveText(`${refunded.ticketCode} refunded, not valid`);
      await expect(adminRow).not.toContainText('None (not paid)');
      await expect(adminRow.locator('td[data-label="Amount"]')).toHaveText(`${amount} refunded`);
      await expect(adminRow.locator('td[data-label="Status"]')).toHaveText('Cancelled · Refunded');
      await expect(admin.getByText(/^Page 1 of 1 · 1 booking$/)).toBeVisible();
      await expectNoA11yViolations(admin);
      await attachScreenshot(admin, testInfo, `refunded-list-bookings-${size.name}`);
      await admin.close();
    });

    test("a paid booking's e-ticket uses the card's whole width and prints the ticket code under the QR", async ({ page }, testInfo) => {
      const email = `eticket-${size.name}-${Date.now()}@example.com`;
      await page.goto('/my-bookings');
      await signUpNewcomer(page, email, 'Wide Ticket', page.getByRole('main').getByRole('button', { name: 'Login' }));
      const paid = await paidBooking(email, size.name === 'phone' ? 'B' : 'C');
      await page.reload();
      const card = page.getByRole('article').filter({ hasText: paid.seats.join(', ') });
      await card.getByRole('button', { name: 'Show e-ticket' }).click();
      const ticket = card.getByRole('region', { name: `E-ticket for ${paid.movieTitle}` });
      const qr = ticket.getByRole('img', { name: `Ticket QR code ${paid.ticketCode}` });
      await expect(qr).toBeVisible();
      await expect(ticket).toContainText('StatusPaid');

      const ticketBox = (await ticket.boundingBox())!;
      const cardBox = (await card.boundingBox())!;
      // Not the column beside the poster (230 px at 390): the card's whole width, and on a phone nearly the screen's.
      expect(ticketBox.width).toBeGreaterThanOrEqual(cardBox.width - 40);
      if (size.name === 'phone') expect(ticketBox.width).toBeGreaterThanOrEqual(size.viewport.width * 0.85);
      await expectAllWithinWidth(page, ticket);

      const code = ticket.locator('figcaption');
      await expect(code).toHaveText(paid.ticketCode);
      const qrBox = (await qr.boundingBox())!;
      const codeBox = (await code.boundingBox())!;
      expect(codeBox.y).toBeGreaterThanOrEqual(qrBox.y + qrBox.height - 1);
      expect(Math.abs(codeBox.x + codeBox.width / 2 - (qrBox.x + qrBox.width / 2))).toBeLessThan(4);
      await expectNoA11yViolations(page);
      await attachScreenshot(page, testInfo, `e-ticket-${size.name}`);
    });
  });
}
