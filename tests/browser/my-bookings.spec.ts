import { expect, test } from '@playwright/test';
import { apiAs, bookFreeSeats, tokenFor } from '../support/api';
import { attachScreenshot, SCREEN_SIZES } from '../support/screens';
import { signUpNewcomer } from '../support/sign-in';

/**
 * My Bookings keeps what the moviegoer still needs in front (issue 43, item 8): a held booking and a live ticket
 * first; cancelled bookings under one closed "Past and cancelled" line; the payment help one line to open.
 */
for (const size of SCREEN_SIZES) {
  test.describe(`My Bookings at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test('live tickets first, cancelled ones folded away, the payment help one line', async ({ page }, testInfo) => {
      // A newcomer of their own (signed up on the identity provider's page), so the page shows exactly their bookings.
      const email = `tidy-${size.name}-${Date.now()}@example.com`;
      await page.goto('/my-bookings');
      await signUpNewcomer(page, email, 'Tidy Moviegoer', page.getByRole('main').getByRole('button', { name: 'Login' }));

      const api = apiAs(tokenFor(email));
      const dropped = [await bookFreeSeats(tokenFor(email), 1), await bookFreeSeats(tokenFor(email), 1)];
      for (const booking of dropped) await api.releaseBooking(booking.bookingId);
      const held = await bookFreeSeats(tokenFor(email), 1);
      await page.reload();
      const upcoming = page.getByRole('list', { name: 'Upcoming bookings' });
      await expect(upcoming.getByRole('article')).toHaveCount(1);
      await expect(upcoming.getByRole('article')).toContainText(held.seats.join(', '));
      await expect(upcoming.getByRole('article')).toContainText('Awaiting payment');
      // The cancelled ones are not on the page until asked for.
      await expect(page.getByRole('article').filter({ hasText: 'Cancelled' })).toHaveCount(0);
      const help = page.getByRole('complementary', { name: 'Payment help' });
      expect((await help.boundingBox())!.height).toBeLessThanOrEqual(80);
      await attachScreenshot(page, testInfo, `my-bookings-tidy-${size.name}`);

      await page.getByText('Past and cancelled bookings (2)').click();
      const earlier = page.getByRole('list', { name: 'Past and cancelled bookings' });
      await expect(earlier.getByRole('article')).toHaveCount(2);
      for (const article of await earlier.getByRole('article').all()) await expect(article).toContainText('Cancelled');
      await help.getByText('Paid but still see Pay Now?').click();
      await expect(help.getByRole('link', { name: 'Payment help' })).toBeVisible();
    });
  });
}
