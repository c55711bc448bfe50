import { expect, test } from '@playwright/test';
import type { Booking } from 'booking-service/contract';
import { apiAs, bookFreeSeats, tokenFor } from '../support/api';
import { urls } from '../support/test-stack';

/**
 * Paying on the local checkout (the embedded payment provider) in Chromium:
 * a booking made through the API, its payment page opened and paid by card,
 * the booking paid and the e-ticket email in the outbox; a declined card leaves
 * it unpaid and payable. The customer screens are driven elsewhere; this drives
 * the payment itself.
 */

async function myBooking(token: string, bookingId: string): Promise<Booking> {
  const mine = await apiAs(token).myBookings();
  return mine.bookings.find((b) => b._id === bookingId)!;
}

async function book(token: string, count: number) {
  const booked = await bookFreeSeats(token, count);
  const movieTitle = (await myBooking(token, booked.bookingId)).show.movie.title;
  return { ...booked, movieTitle };
}

test.describe('paying on the local checkout', () => {
  let user: string;
  let support: string;

  test.beforeAll(() => {
    user = tokenFor('user@example.com');
    support = tokenFor('support@example.com', 'support');
  });

  test('4242 4242 4242 4242 pays: back on the shell\'s payment-success page, booking paid, e-ticket in the outbox', async ({ page }) => {
    const booked = await book(user, 2);
    expect(booked.url).toMatch(new RegExp(`^${urls.service}/api/checkout/sessions/cs_local_`));
    // The page lives within its strict Content-Security-Policy: nothing it uses is blocked.
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content.Security.Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    const script = page.waitForResponse((response) => response.url() === `${urls.service}/api/checkout/assets/checkout.js`);

    await page.goto(booked.url);
    expect((await script).status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
    await expect(page.getByText(booked.movieTitle)).toBeVisible();
    await expect(page.getByText(booked.seats.join(', '))).toBeVisible();
    await expect(page.locator('dt', { hasText: 'Show time' })).toBeVisible();
    await expect(page.locator('dd.amount')).toHaveText(/^\$\d+\.\d{2}$/);

    await page.getByLabel('Card number').pressSequentially('4242424242424242');
    // The page's own script groups the digits as they are typed.
    await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
    await page.getByLabel('Expiry').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Name on card').fill('Maya Moviegoer');
    await page.getByRole('button', { name: 'Pay' }).click();

    await page.waitForURL((url) => url.origin === urls.shell && url.pathname === '/payment-success');
    expect(violations).toEqual([]);
    const sessionId = new URL(page.url()).searchParams.get('session_id');
    expect(sessionId).toBe(new URL(booked.url).pathname.split('/').at(-1));

    const mine = await myBooking(user, booked.bookingId);
    expect(mine).toMatchObject({ isPaid: true, paymentLink: null, ticketCode: expect.stringMatching(/^[0-9A-Z]{10}$/) });
    const verified = await apiAs(user).verifyPayment(sessionId!);
    expect(verified).toMatchObject({ success: true, booking: { movieTitle: booked.movieTitle, seats: booked.seats } });

    const outbox = await apiAs(support).outbox();
    const mails = outbox.messages.filter((m) => m.bookingId === booked.bookingId);
    expect(mails.map((m) => m.kind)).toEqual(['booking-confirmation']);
    expect(mails[0]).toMatchObject({ toAddress: 'user@example.com' });
    expect(mails[0]!.html).toContain('data:image/png;base64,');

    // The payment page now says it is paid and takes nothing.
    await page.goto(booked.url);
    await expect(page.getByText('This booking is already paid.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay' })).toHaveCount(0);
  });

  test('4000 0000 0000 0002 is declined on the page and leaves the booking unpaid and payable', async ({ page }) => {
    const booked = await book(user, 1);
    await page.goto(booked.url);
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByLabel('Expiry').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Name on card').fill('Maya Moviegoer');
    await page.getByRole('button', { name: 'Pay' }).click();

    await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
    // Focus moves to the error, so a screen reader and a keyboard start from it.
    await expect(page.getByRole('alert')).toBeFocused();
    expect(new URL(page.url()).origin).toBe(urls.service);
    await expect(page.getByRole('button', { name: 'Pay' })).toBeEnabled();

    const mine = await myBooking(user, booked.bookingId);
    expect(mine).toMatchObject({ isPaid: false, paymentLink: booked.url, ticketCode: null });
    // Still payable: the same page takes a good card.
    await page.goto(booked.url);
    await expect(page.getByLabel('Card number')).toBeVisible();
  });

  test('an invalid card number is refused on the page with a message, without JavaScript too', async ({ browser }) => {
    const booked = await book(user, 1);
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(booked.url);
      await page.getByLabel('Card number').fill('4242 4242 4242 4241');
      await page.getByLabel('Expiry').fill('12 / 34');
      await page.getByLabel('CVC').fill('123');
      await page.getByLabel('Name on card').fill('Maya Moviegoer');
      await page.getByRole('button', { name: 'Pay' }).click();
      await expect(page.getByRole('alert')).toHaveText('Your card number is invalid.');
      await expect(page.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
      // Focus on the field to correct, without a script.
      await expect(page.getByLabel('Card number')).toBeFocused();
      expect((await myBooking(user, booked.bookingId)).isPaid).toBe(false);
    } finally {
      await context.close();
    }
  });
});
