import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { apiAs, holdIfFree, tokenFor } from '../support/api';
import { farShow, payByCard } from '../support/paid-bookings';
import { signInFromPrompt } from '../support/sign-in';

/**
 * Issue 52, item 7, as theatre staff use it at 1366x768: List Bookings and the sales report download as CSV that a
 * spreadsheet opens correctly (a byte-order mark, a header, rows parsed as RFC 4180), the file read as downloaded.
 */
test.use({ viewport: { width: 1366, height: 768 } });

/** Clicks `button`, waits for the download, and parses the file the browser saved. */
async function downloadCsv(page: Page, button: string) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return { name: download.suggestedFilename(), rows: parse(bytes, { bom: true }) as string[][] };
}

test("List Bookings' search downloads as a CSV holding the booking found, its amount a number", async ({ page }) => {
  const user = tokenFor(`exports-${Date.now()}@example.com`);
  const show = await farShow('D');
  const held = await holdIfFree(user, show.showId, show.seats);
  expect(held).not.toBeNull();
  await payByCard(held!.url);
  const booking = (await apiAs(user).myBookings()).bookings.find((b) => b._id === held!.bookingId)!;

  await page.goto('/admin/list-bookings');
  await signInFromPrompt(page, 'admin@example.com');
  const search = page.getByRole('search', { name: 'Search bookings' });
  await search.getByLabel('Search').fill(booking.ticketCode!);
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('table', { name: 'Bookings' }).getByRole('cell', { name: booking.ticketCode! })).toBeVisible();
  const { name, rows } = await downloadCsv(page, 'Download CSV');
  expect(name).toMatch(/^bookings-\d{4}-\d\d-\d\d\.csv$/);
  const [header, ...data] = rows;
  expect(header!.slice(0, 3)).toEqual(['Ticket code', 'Booking id', 'Booked at']);
  expect(data).toHaveLength(1);
  expect(data[0]![0]).toBe(booking.ticketCode);
  expect(Number(data[0]![header!.indexOf('Amount')])).toBe(booking.amount);
  expect(data[0]![header!.indexOf('Seats')]).toBe(show.seats.join(' '));
});

test('the dashboard downloads the sales report of one cinema: a row per day of the range', async ({ page }) => {
  await page.goto('/admin');
  await signInFromPrompt(page, 'admin@example.com');
  const form = page.getByRole('form', { name: 'Sales report' });
  await form.getByLabel('Cinema').selectOption({ label: 'Marquee Marine Drive (Mumbai)' });
  await form.getByLabel('From').fill('2026-11-01');
  await form.getByLabel('To').fill('2026-11-07');
  const { name, rows } = await downloadCsv(page, 'Download sales CSV');
  expect(name).toBe('sales-marquee-marine-drive-2026-11-01-to-2026-11-07.csv');
  expect(rows[0]).toEqual(['Cinema', 'City', 'Date', 'Tickets', 'Revenue', 'Currency']);
  expect(rows.slice(1).map((row) => row[2])).toEqual(['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06', '2026-11-07']);
  for (const row of rows.slice(1)) {
    expect(row[0]).toBe('Marquee Marine Drive');
    expect(row[4]).toMatch(/^\d+(\.\d{1,2})?$/);
  }
});
