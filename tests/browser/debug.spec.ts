import { expect, test, type Page } from '@playwright/test';
import { apiAs, bookFreeSeats, tokenFor } from '../support/api';
import { attachScreenshot, expectAllWithinWidth, expectNoA11yViolations, expectOneLine, SCREEN_SIZES } from '../support/screens';
import { signIn, signInFromPrompt } from '../support/sign-in';
import { urls } from '../support/test-stack';

const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text }).last();

/** A new unpaid booking of the moviegoer, with the ticket code support reads. */
async function unpaidBooking(email: string) {
  const booking = await bookFreeSeats(tokenFor(email));
  const [found] = (await apiAs(tokenFor('support@example.com', 'support')).debugBookings({ q: booking.bookingId })).bookings;
  return { ...booking, ticketCode: found!.ticketCode };
}

for (const size of SCREEN_SIZES) {
  test.describe(`support staff in the debug remote at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test('the staff chrome: brand, Sign out and the desk tabs whole; Unpaid without cancelled bookings; rows that fit the screen', async ({ page }, testInfo) => {
      const moviegoer = `desk-${size.name}@example.com`;
      const cancelled = await unpaidBooking(moviegoer);
      await apiAs(tokenFor(moviegoer)).releaseBooking(cancelled.bookingId);
      const held = await unpaidBooking(moviegoer);

      await page.goto('/debug');
      await signInFromPrompt(page, 'support@example.com');
      // Not the moviegoers' navbar: the staff top bar, as admin.
      await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
      const tabs = page.getByRole('navigation', { name: 'Support' }).getByRole('link');
      await expect(tabs).toHaveText(['Bookings', 'Refunds', 'Outbox', 'Releases', 'Waiting Room', 'Integrity']);
      for (const tab of await tabs.all()) {
        const box = (await tab.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(size.viewport.width);
        expect(await tab.evaluate((a) => a.scrollWidth <= a.clientWidth)).toBe(true);
      }
      const signOut = (await page.getByRole('button', { name: 'Sign out' }).boundingBox())!;
      expect(signOut.x + signOut.width).toBeLessThanOrEqual(size.viewport.width);
      await expectOneLine(page.getByRole('button', { name: 'Sign out' }));

      const unpaid = page.getByRole('table', { name: 'Unpaid (held)' });
      await expect(unpaid.getByRole('row').filter({ hasText: held.ticketCode })).toBeVisible();
      await expect(unpaid.getByRole('row').filter({ hasText: cancelled.ticketCode })).toHaveCount(0);
      await expect(unpaid.locator('td[data-label="Customer"]').filter({ hasText: moviegoer }).first()).toBeVisible();
      // Every cell and every action button inside the screen (a phone shows each booking as a card).
      await expectAllWithinWidth(page, page.locator('.staff-table tbody th, .staff-table td, .debug__actions button'));
      await attachScreenshot(page, testInfo, `support-bookings-${size.name}`);
      await expectNoA11yViolations(page);

      // The cancelled booking is under its own view.
      await page.getByLabel('Show').selectOption('cancelled');
      await expect(page).toHaveURL(/view=cancelled/);
      await expect(page.getByRole('table', { name: 'Cancelled' }).getByRole('row').filter({ hasText: cancelled.ticketCode })).toContainText('Cancelled');
    });

    test('search by email, ticket code or booking id, on the server, kept in the URL', async ({ page }, testInfo) => {
      const moviegoer = `search-${size.name}-${Date.now()}@example.com`;
      const booking = await unpaidBooking(moviegoer);
      await page.goto('/debug');
      await signInFromPrompt(page, 'support@example.com');
      const search = page.getByRole('searchbox', { name: 'Search' });
      for (const term of [moviegoer.toUpperCase(), booking.ticketCode.toLowerCase(), booking.bookingId]) {
        await search.fill(term);
        await page.getByRole('button', { name: 'Search', exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(term).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
        const rows = page.getByRole('table', { name: 'All bookings' }).locator('tbody tr');
        await expect(rows).toHaveCount(1);
        await expect(rows.first()).toContainText(booking.ticketCode);
      }
      await expect(page.getByText(/^Page 1 of 1 · 1 booking$/)).toBeVisible();
      await attachScreenshot(page, testInfo, `support-search-${size.name}`);
      // Digits are neither a name nor a whole code: the desk says what it can search by.
      await search.fill('12345');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(page.getByText(/Search by a customer's email or name, a ticket code \(10 characters\) or a booking id/).first()).toBeVisible();
    });

    test('Mark as Paid asks first, naming the booking; it is recorded under the support user and shown in the history; the moviegoer sees it paid', async ({ page }, testInfo) => {
      const moviegoer = `markpaid-${size.name}@example.com`;
      const booking = await unpaidBooking(moviegoer);
      await page.goto(`/debug?q=${booking.ticketCode}`);
      await signInFromPrompt(page, 'support@example.com');
      const row = page.getByRole('table', { name: 'All bookings' }).getByRole('row').filter({ hasText: booking.ticketCode });
      await row.getByRole('button', { name: `Mark as Paid: booking ${booking.ticketCode}` }).click();

      const dialog = page.getByRole('dialog', { name: 'Mark this booking as paid?' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(booking.ticketCode);
      await expect(dialog).toContainText(moviegoer);
      await expect(dialog).toContainText(/\$\d+\.\d{2}/);
      await expect(dialog).toContainText(/ · \w{3}, \w{3} \d{1,2}, \d{1,2}:\d{2} (AM|PM)/); // the show, 12-hour
      const box = (await dialog.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(size.viewport.width);
      expect(box.y + box.height).toBeLessThanOrEqual(size.viewport.height);
      await attachScreenshot(page, testInfo, `support-confirm-mark-paid-${size.name}`);
      await expectNoA11yViolations(page);

      // Cancel changes nothing.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
      expect((await apiAs(tokenFor(moviegoer)).myBookings()).bookings.find((b) => b._id === booking.bookingId)?.isPaid).toBe(false);

      await row.getByRole('button', { name: `Mark as Paid: booking ${booking.ticketCode}` }).click();
      await dialog.getByRole('button', { name: 'Mark as Paid' }).click();
      await expect(page.locator('.staff-toast--success').filter({ hasText: 'Booking marked as paid and email sent!' })).toBeVisible();
      await expect(row).toContainText('Paid');
      await row.getByRole('button', { name: `History: booking ${booking.ticketCode}` }).click();
      const history = page.getByRole('region', { name: `History of booking ${booking.ticketCode}` });
      await expect(history).toContainText('Mark as Paid by support@example.com');
      await expect(history).toContainText('Booking marked as paid and email sent');
      await attachScreenshot(page, testInfo, `support-history-${size.name}`);
      expect((await apiAs(tokenFor(moviegoer)).myBookings()).bookings.find((b) => b._id === booking.bookingId)?.isPaid).toBe(true);
    });

    test('Fix Payment asks first, and "the customer has not paid yet" is a warning, not a green success', async ({ page }, testInfo) => {
      const booking = await unpaidBooking(`fix-${size.name}@example.com`);
      await page.goto(`/debug?q=${booking.ticketCode}`);
      await signInFromPrompt(page, 'support@example.com');
      const row = page.getByRole('table', { name: 'All bookings' }).getByRole('row').filter({ hasText: booking.ticketCode });
      await row.getByRole('button', { name: `Fix Payment: booking ${booking.ticketCode}` }).click();
      const dialog = page.getByRole('dialog', { name: "Check this booking's payment with the provider?" });
      await expect(dialog).toContainText(booking.ticketCode);
      await dialog.getByRole('button', { name: 'Fix Payment' }).click();
      const message = toast(page, 'The customer has not paid yet');
      await expect(message).toBeVisible();
      await expect(page.locator('.staff-toast--warning').filter({ hasText: 'The customer has not paid yet' })).toBeVisible();
      await expect(page.locator('.staff-toast--success').filter({ hasText: 'The customer has not paid yet' })).toHaveCount(0);
      await attachScreenshot(page, testInfo, `support-fix-payment-warning-${size.name}`);
      await row.getByRole('button', { name: `History: booking ${booking.ticketCode}` }).click();
      await expect(page.getByRole('region', { name: `History of booking ${booking.ticketCode}` })).toContainText('Fix Payment by support@example.com');
    });

    test('a long email and four actions: the table fits the screen, rows stay compact, the confirmation reads from the left; the test email is named by movie and seats', async ({
      page,
    }, testInfo) => {
      const moviegoer = `alexandra.konstantinopoulou-whitfield.${size.name}@customer-services.example.com`;
      const booking = await unpaidBooking(moviegoer);
      await page.goto(`/debug?q=${booking.ticketCode}`);
      await signInFromPrompt(page, 'support@example.com');
      const table = page.getByRole('table', { name: 'All bookings' });
      const row = table.getByRole('row').filter({ hasText: booking.ticketCode });
      await expect(row).toContainText(moviegoer);
      const actions = row.locator('.debug__actions button');
      await expect(actions).toHaveText(['Mark as Paid', 'Fix Payment', 'Test Email', 'History']);
      // Nothing past the right edge: no sideways scroll to reach Mark as Paid, Fix Payment or Test Email.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.viewport.width);
      await expectAllWithinWidth(page, page.locator('.staff-table tbody th, .staff-table td, .debug__actions button'));
      // On a laptop the four actions take two lines, not four stacked buttons (a row was 170 px: three bookings a screen).
      if (size.name === 'desktop') expect((await row.locator('.debug__actions').boundingBox())!.height).toBeLessThanOrEqual(90);
      await attachScreenshot(page, testInfo, `support-long-email-${size.name}`);

      await row.getByRole('button', { name: `Mark as Paid: booking ${booking.ticketCode}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Mark this booking as paid?' });
      await expect(dialog).toBeVisible();
      expect(await dialog.evaluate((element) => getComputedStyle(element).textAlign)).toMatch(/^(start|left)$/);
      const [dialogBox, headingBox] = [(await dialog.boundingBox())!, (await dialog.getByRole('heading').boundingBox())!];
      expect(headingBox.x - dialogBox.x).toBeLessThanOrEqual(40);
      await attachScreenshot(page, testInfo, `support-confirm-long-email-${size.name}`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      await row.getByRole('button', { name: `Test Email: booking ${booking.ticketCode}` }).click();
      await expect(toast(page, 'Test email sent successfully!')).toBeVisible();
      await page.getByRole('navigation', { name: 'Support' }).getByRole('link', { name: 'Outbox' }).click();
      const subjects = page.locator('.debug__outbox summary strong');
      await expect(subjects.filter({ hasText: `, seats ${booking.seats.join(', ')}` }).first()).toHaveText(/^Test email for .+, seats /);
      for (const subject of await subjects.allTextContents()) expect(subject).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    });

    test('the outbox shows an email as sent: its HTML with the QR, in a sandboxed frame', async ({ page }, testInfo) => {
      await page.goto('/debug/outbox');
      await signInFromPrompt(page, 'support@example.com');
      const first = page.locator('.debug__outbox summary').first();
      await expect(first).toBeVisible();
      await first.click();
      const frame = page.locator('iframe.debug__email').first();
      await expect(frame).toBeVisible();
      expect(await frame.getAttribute('sandbox')).toBe('');
      const box = (await frame.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(size.viewport.width);
      // The email's own page, images and all (the e-ticket's QR is an image in it).
      await expect(page.frameLocator('iframe.debug__email').first().locator('body')).not.toBeEmpty();
      await attachScreenshot(page, testInfo, `support-outbox-${size.name}`);
      await expectNoA11yViolations(page);
    });

    test('refunds and releases: pages in the same chrome, no axe violation', async ({ page }, testInfo) => {
      await page.goto('/debug/refunds');
      await signInFromPrompt(page, 'support@example.com');
      await expect(page.getByRole('heading', { name: 'Refunds', level: 1 })).toBeVisible();
      await attachScreenshot(page, testInfo, `support-refunds-${size.name}`);
      await expectNoA11yViolations(page);
      await page.getByRole('navigation', { name: 'Support' }).getByRole('link', { name: 'Releases' }).click();
      const releases = page.getByRole('table', { name: 'Live releases of the remotes' });
      await expect(releases).toBeVisible();
      // Each remote's release id as the stack serves it (remotes.json's versions), never "unknown".
      const served = (await (await fetch(`${urls.shell}/remotes.json`)).json()) as { versions: Record<string, string> };
      for (const remote of ['customer', 'admin', 'debug']) {
        expect(served.versions[remote]).toMatch(/^\d+\.\d+\.\d+-[0-9a-f]{8}$/);
        await expect(releases.getByRole('row').filter({ hasText: remote }).locator('td[data-label="Release"]')).toHaveText(served.versions[remote]!);
      }
      await expectAllWithinWidth(page, page.locator('.ui-page'));
      await attachScreenshot(page, testInfo, `support-releases-${size.name}`);
      await expectNoA11yViolations(page);
    });
  });
}

test('a moviegoer is turned away from the support desk as admin turns away non-admins: a toast, back to the home page', async ({ page }) => {
  await page.goto('/');
  await signIn(page, 'user@example.com');
  await page.goto('/debug');
  await expect(toast(page, 'You are not authorized to access the support desk')).toBeVisible();
  await expect(page).toHaveURL(`${urls.shell}/`);
  await expect(page.getByRole('table')).toHaveCount(0);
});
