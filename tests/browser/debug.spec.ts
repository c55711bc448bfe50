import { expect, test } from '@playwright/test';
import { apiAs, bookFreeSeats, tokenFor } from '../support/api';
import { signInFromPrompt } from '../support/sign-in';

test.describe('support staff in the debug remote', () => {
  test('support marks an unpaid booking paid, the confirmation is in the outbox, and the moviegoer sees it paid', async ({ page }) => {
    const moviegoer = tokenFor('user@example.com');
    const booking = await bookFreeSeats(moviegoer);
    const short = booking.bookingId.slice(0, 8);

    await page.goto('/debug');
    await signInFromPrompt(page, 'support@example.com');
    const unpaid = page.getByRole('table', { name: 'Unpaid bookings' });
    await expect(unpaid.getByRole('row').filter({ hasText: short })).toBeVisible();

    await unpaid.getByRole('button', { name: `Mark as Paid: booking ${short}` }).click();
    await expect(page.getByText('Booking marked as paid and email sent!')).toBeVisible();
    await expect(unpaid.getByRole('row').filter({ hasText: short })).toHaveCount(0);
    const all = page.getByRole('table', { name: 'All bookings' });
    await expect(all.getByRole('row').filter({ hasText: short })).toContainText('Paid');

    await all.getByRole('button', { name: `Test Email: booking ${short}` }).click();
    await expect(page.getByText('Test email sent successfully!')).toBeVisible();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByText(/^Your tickets for /).first()).toBeVisible();

    const mine = await apiAs(moviegoer).myBookings();
    expect(mine.bookings.find((b) => b._id === booking.bookingId)?.isPaid).toBe(true);
  });

  test('a moviegoer sees a clear not-authorized message', async ({ page }) => {
    await page.goto('/debug');
    await signInFromPrompt(page, 'user@example.com');
    await expect(page.getByRole('heading', { name: 'Not authorized' })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
  });
});
