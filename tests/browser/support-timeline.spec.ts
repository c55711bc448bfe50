import { expect, test, type Page } from '@playwright/test';
import { ApiError } from 'shared-ui/request';
import { apiAs, holdIfFree, tokenFor } from '../support/api';
import { paidTicket, showStartingSoon } from '../support/door-tickets';
import { farShow, payByCard } from '../support/paid-bookings';
import { attachScreenshot, expectAllWithinWidth, expectNoA11yViolations, SCREEN_SIZES } from '../support/screens';
import { signInFromPrompt } from '../support/sign-in';

/**
 * Issue 53, item 5: support's History is one timeline per booking, served by the service. A ticket admitted once and
 * scanned twice more lists each scan (door, staff, outcome) after its payment and e-ticket; a booking its owner
 * cancelled lists who cancelled and the refund. Support finds each by ticket code, email or name. At 390x844 and
 * 1366x768.
 */

/** A scan at the door by an admin (staff who may scan): 200 admitted, 409 refused (already admitted) is an answer too. */
async function scan(code: string): Promise<number> {
  try {
    await apiAs(tokenFor('admin@example.com', 'admin')).checkIn(code, 'Door 2');
    return 200;
  } catch (error) {
    if (error instanceof ApiError) return error.status;
    throw error;
  }
}

/** Support's desk searching `q`, and the History of the booking `ticketCode` opened: its timeline's entries. */
async function openHistory(page: Page, q: string, ticketCode: string) {
  await page.goto(`/debug?q=${encodeURIComponent(q)}`);
  const row = page.getByRole('table', { name: 'All bookings' }).getByRole('row').filter({ hasText: ticketCode });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `History: booking ${ticketCode}` }).click();
  const history = page.getByRole('region', { name: `History of booking ${ticketCode}` });
  const timeline = history.getByRole('list', { name: 'Timeline' });
  await expect(timeline).toBeVisible();
  return { row, history, entries: timeline.getByRole('listitem') };
}

const AT = String.raw`· \w{3}, \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M`;

for (const size of SCREEN_SIZES) {
  test.describe(`support's booking timeline at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test('a ticket admitted once and scanned twice more: paid by support, e-ticket sent, each scan with door, staff and outcome', async ({ page }, testInfo) => {
      const { showId } = await showStartingSoon();
      const rows = size.name === 'phone' ? ['H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'H7', 'H8', 'H9'] : ['I1', 'I2', 'I3', 'I4', 'I5', 'I6', 'I7', 'I8', 'I9'];
      const ticket = await paidTicket(showId, rows);
      expect(await scan(ticket.ticketCode)).toBe(200);
      expect(await scan(ticket.ticketCode)).toBe(409);
      expect(await scan(ticket.ticketCode)).toBe(409);

      await page.goto('/debug');
      await signInFromPrompt(page, 'support@example.com');
      const { history, entries } = await openHistory(page, ticket.ticketCode, ticket.ticketCode);
      await expect(history).not.toContainText('No support action yet.');
      const texts = await entries.allInnerTexts();
      expect(await entries.locator('strong').allInnerTexts()).toEqual([
        'Booking created',
        'Seats held',
        'Paid',
        'E-ticket sent',
        'Support: Mark as Paid',
        'Admitted',
        'Scanned again: already admitted',
        'Scanned again: already admitted',
      ]);
      expect(texts[2]).toMatch(new RegExp(`^Paid by support@example\\.com ${AT}\\n\\$\\d+\\.\\d{2} marked as paid by support`));
      const scans = texts.filter((text) => text.startsWith('Admitted') || text.startsWith('Scanned again'));
      expect(scans).toHaveLength(3);
      for (const entry of scans) expect(entry).toMatch(new RegExp(`^(Admitted|Scanned again: already admitted) by \\S.* ${AT}\\nAt Door 2$`));
      await expect(history.getByText(/^Now: Paid$/)).toBeVisible();
      await expectAllWithinWidth(page, entries);
      await attachScreenshot(page, testInfo, `support-timeline-scanned-${size.name}`);
      await expectNoA11yViolations(page);
    });

    test("a booking its owner cancelled: who cancelled, the refund requested and settled, the cancellation email; found by the customer's name", async ({ page }, testInfo) => {
      // Letters only: the local identity provider names a new account after its email's local part, and a name has no digits.
      const unique = Date.now().toString(36).replace(/[0-9]/g, (digit) => 'qwrtypsdfg'[Number(digit)]!);
      const email = `timeline.${size.name}.${unique}@example.com`;
      const show = await farShow(size.name === 'phone' ? 'F' : 'G');
      const held = await holdIfFree(tokenFor(email), show.showId, show.seats);
      expect(held).not.toBeNull();
      await payByCard(held!.url);
      await apiAs(tokenFor(email)).cancelBooking(held!.bookingId);
      const [booking] = (await apiAs(tokenFor('support@example.com', 'support')).debugBookings({ q: held!.bookingId })).bookings;

      await page.goto('/debug');
      await signInFromPrompt(page, 'support@example.com');
      // By the customer's name, as support hears it on the phone, in any case.
      const { row, history, entries } = await openHistory(page, booking!.userName.toUpperCase(), booking!.ticketCode);
      await expect(row.locator('td[data-label="Status"]')).toContainText(/Cancelled · Refunded\s*Paid \$\d+\.\d{2}; cancelled on .+, and refunded in full/);
      const texts = await entries.allInnerTexts();
      expect(await entries.locator('strong').allInnerTexts()).toEqual([
        'Booking created',
        'Seats held',
        'Paid',
        'E-ticket sent',
        'Cancelled by the moviegoer',
        'Refund requested',
        'Refund settled',
        'Email sent',
      ]);
      expect(texts[2]).toMatch(/\$\d+\.\d{2} through the local test checkout$/);
      expect(texts[4]).toMatch(new RegExp(`^Cancelled by the moviegoer by ${booking!.userName.replace(/[.]/g, '\\.')} \\(${email.replace(/[.]/g, '\\.')}\\) ${AT}\\n`));
      expect(texts[6]).toMatch(/^Refund settled · time not recorded\n\$\d+\.\d{2} refunded to the card$/);
      expect(texts.at(-1)).toContain(`is cancelled" to ${email}`);
      await expect(history.getByText(/^Now: Cancelled · Refunded/)).toBeVisible();
      await expectAllWithinWidth(page, entries);
      await attachScreenshot(page, testInfo, `support-timeline-cancelled-${size.name}`);
    });
  });
}
