import { expect, test, type Page } from '@playwright/test';
import { apiAs, holdIfFree, tokenFor } from '../support/api';
import { paidTicket, showStartingSoon } from '../support/door-tickets';
import { attachScreenshot, expectAllWithinWidth, expectNoA11yViolations, SCREEN_SIZES } from '../support/screens';
import { signIn } from '../support/sign-in';
import { farShow, payByCard } from '../support/paid-bookings';

/**
 * Issue 43, item 2: the cancellation policy (the stack runs the default, free cancellation until 2 hours
 * before the show) stated before paying, and a moviegoer cancelling a paid booking from My Bookings and
 * seeing it refunded; a booking past the policy shows why instead of the button. At 390x844 and 1366x768.
 */

/** Beside Proceed to Checkout, the policy as it applies if paid now (issue 53): until when, a day and time for a show days away. */
const POLICY_SHORT = /^Free cancellation until \w{3}, \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M\.$/;
const POLICY_FULL = 'Free cancellation until 2 hours before the show, with a full refund to your card. No cancellation after that.';

/** The booking's card on My Bookings, by its movie and seats. */
const bookingCard = (page: Page, movieTitle: string, seats: string[]) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: movieTitle }) }).filter({ hasText: seats.join(', ') });

for (const size of SCREEN_SIZES) {
  test.describe(`cancellation policy at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test('the seat page states the policy beside Proceed to Checkout, before paying', async ({ page }, testInfo) => {
      const show = await farShow(size.name === 'phone' ? 'B' : 'C');
      await page.goto(`/movies/${show.movieId}/${show.date}?show=${show.showId}&seats=${show.seats.join('%2C')}`);
      const bar = page.getByRole('region', { name: 'Your selection' });
      const proceed = bar.getByRole('button', { name: 'Proceed to Checkout' });
      const policy = bar.getByText(POLICY_SHORT);
      await expect(proceed).toBeVisible();
      await expect(policy).toBeVisible();
      // Beside the button: within a few lines of it, and whole on the screen.
      const buttonBox = (await proceed.boundingBox())!;
      const policyBox = (await policy.boundingBox())!;
      expect(Math.abs(policyBox.y - buttonBox.y)).toBeLessThan(90);
      await expectAllWithinWidth(page, policy);
      await attachScreenshot(page, testInfo, 'seat-page-policy');
    });

    test('a paid booking is cancelled from My Bookings and shows as refunded; the seats are free again', async ({ page }, testInfo) => {
      const user = tokenFor('user@example.com');
      const show = await farShow(size.name === 'phone' ? 'D' : 'E');
      const held = await holdIfFree(user, show.showId, show.seats);
      expect(held).not.toBeNull();
      await payByCard(held!.url);

      await page.goto('/my-bookings');
      await signIn(page, 'user@example.com');
      const card = bookingCard(page, show.movieTitle, show.seats);
      await expect(card.getByText('Paid', { exact: true })).toBeVisible();
      // The policy on the ticket.
      await card.getByRole('button', { name: 'Show e-ticket' }).click();
      await expect(card.getByText(POLICY_FULL)).toBeVisible();

      await card.getByRole('button', { name: 'Cancel booking' }).click();
      await expect(card.getByRole('group', { name: /^Cancel this booking\? \$\d+\.\d{2} is refunded to your card/ })).toBeVisible();
      await expectNoA11yViolations(page);
      await attachScreenshot(page, testInfo, 'my-bookings-confirm-cancel');
      await card.getByRole('button', { name: 'Yes, cancel and refund' }).click();

      await expect(page.getByText(/^Booking cancelled\. The full amount is refunded to your card/)).toBeVisible();
      // A cancelled booking is history: it moves to the past and cancelled bookings, closed until asked for.
      await page.getByText(/^Past and cancelled bookings \(\d+\)$/).click();
      await expect(card.getByText('Cancelled · Refunded')).toBeVisible();
      await expect(card.getByText(/^Paid \$\d+\.\d{2}; cancelled on .+, and refunded in full to your card\. The seats were released\.$/)).toBeVisible();
      await expect(card.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
      // Its e-ticket stays readable, marked no longer valid, without a QR or a calendar entry (issue 53).
      await expect(card.getByRole('button', { name: 'Add to calendar' })).toHaveCount(0);
      await card.getByRole('button', { name: 'Show e-ticket' }).click();
      await expect(card.getByText('This ticket is no longer valid: it will not admit at the door.')).toBeVisible();
      await expect(card.getByRole('img', { name: /^Ticket QR code/ })).toHaveCount(0);
      await expectAllWithinWidth(page, card);
      await attachScreenshot(page, testInfo, 'my-bookings-refunded');

      const taken = (await apiAs().occupiedSeats(show.showId)).occupiedSeats;
      for (const seat of show.seats) expect(taken).not.toContain(seat);
      const support = apiAs(tokenFor('support@example.com', 'support'));
      const mails = (await support.outbox()).messages.filter((m) => m.bookingId === held!.bookingId).map((m) => m.kind);
      expect(mails).toContain('cancellation-notice');
    });

    test('past the policy, My Bookings says why instead of offering to cancel', async ({ page }, testInfo) => {
      const soon = await showStartingSoon();
      const ticket = await paidTicket(soon.showId, size.name === 'phone' ? ['A1', 'A2', 'A3', 'A4'] : ['A5', 'A6', 'A7', 'A8']);
      await page.goto('/my-bookings');
      await signIn(page, 'user@example.com');
      const card = bookingCard(page, soon.movieTitle, ticket.seats);
      await expect(card.getByText('Paid', { exact: true })).toBeVisible();
      await expect(card.getByText(/^Free cancellation ended at .+, 2 hours before the show, so this booking can no longer be cancelled\.$/)).toBeVisible();
      await expect(card.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
      await expectAllWithinWidth(page, card);
      await attachScreenshot(page, testInfo, 'my-bookings-past-policy');
    });
  });
}
