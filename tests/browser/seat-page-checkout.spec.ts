import { expect, test } from '@playwright/test';
import { apiAs, bookFreeSeats, tokenFor } from '../support/api';
import { attachScreenshot, SCREEN_SIZES } from '../support/screens';
import { signUpNewcomer } from '../support/sign-in';

/**
 * The seat page's checkout in reach (issue 43, items 5 and 7): Proceed to Checkout waits for seats instead of
 * answering a click with a pop-up; once seats are picked the total and Proceed are on screen without scrolling (on a
 * laptop they were at y 889-965 of 768); a visitor's own hold ("Held by you", Resume payment) comes before the seat
 * map, not below it.
 */
for (const size of SCREEN_SIZES) {
  test.describe(`seat page checkout at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test('Proceed waits for seats, then the total and Proceed stay on screen; a hold of ones own comes first', async ({ page }, testInfo) => {
      // A newcomer of their own with a hold on the show they open.
      const email = `reach-${size.name}-${Date.now()}@example.com`;
      await page.goto('/');
      await signUpNewcomer(page, email, 'Reach Moviegoer');
      const held = await bookFreeSeats(tokenFor(email), 1);
      const detail = await apiAs().showDetail((await apiAs(tokenFor(email)).myBookings()).bookings.find((b) => b._id === held.bookingId)!.show.movie._id);
      const date = Object.entries(detail.dateTime).find(([, times]) => times.some((t) => t.showId === held.showId))![0];

      await page.goto(`/movies/${detail.movie._id}/${date}?show=${held.showId}`);
      const proceed = page.getByRole('button', { name: 'Proceed to Checkout' });
      await expect(proceed).toBeDisabled();
      const heldBox = (await page.getByRole('heading', { name: 'Held by you' }).boundingBox())!;
      const mapBox = (await page.getByRole('group', { name: 'Seats' }).boundingBox())!;
      expect(heldBox.y).toBeLessThan(mapBox.y);

      const taken = new Set((await apiAs().occupiedSeats(held.showId)).occupiedSeats);
      const free = ['A1', 'A2', 'A3', 'B1', 'B2', 'B3', 'C1'].filter((id) => !taken.has(id)).slice(0, 2);
      for (const id of free) await page.getByRole('group', { name: 'Seats' }).getByRole('button', { name: id, exact: true }).click();
      await expect(proceed).toBeEnabled();
      // In view without scrolling further: the summary with the total, and the button.
      const summary = page.getByRole('region', { name: 'Your selection' });
      await expect(summary).toContainText(free.join(', '));
      for (const box of [await summary.boundingBox(), await proceed.boundingBox()]) {
        expect(box!.y).toBeGreaterThanOrEqual(0);
        expect(box!.y + box!.height).toBeLessThanOrEqual(size.viewport.height);
      }
      await attachScreenshot(page, testInfo, `seat-page-checkout-in-reach-${size.name}`);
    });
  });
}
