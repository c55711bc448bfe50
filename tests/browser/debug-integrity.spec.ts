import { spawnSync } from 'node:child_process';
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { apiAs, bookFreeSeats, tokenFor } from '../support/api';
import { attachScreenshot, expectAllWithinWidth, expectNoA11yViolations, SCREEN_SIZES } from '../support/screens';
import { signInFromPrompt } from '../support/sign-in';
import { control, stackDataDir, urls } from '../support/test-stack';

/**
 * Support's Integrity page against the real stack. First all is well; then the stack's embedded database is
 * restored from a copy taken before a paid booking (the service stopped, the folder put back, the restore point
 * adopted as docs/operators/backup-and-restore.md says), and support sees the paid booking the copy lost.
 */

const dataDir = () => stackDataDir();
const pgliteDir = () => path.join(dataDir(), 'pglite');

const serviceDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../booking-service');

/**
 * What an operator does after putting a copy back (docs/operators/backup-and-restore.md): start the service and read
 * its `Not starting:` line, which names the paid bookings the copy lacks and the restore point's id to adopt it.
 * The built service, on the stack's DATA_DIR, run here so its line can be read.
 */
function refusedStart(): string {
  const run = spawnSync(process.execPath, ['dist/main.js'], { cwd: serviceDir, env: { ...process.env, DATA_DIR: dataDir(), PORT: '0' }, encoding: 'utf8', timeout: 90_000 });
  expect(run.status).toBe(1);
  return run.stderr;
}

/** Pays a held booking on the local checkout's card form, as a moviegoer's browser posts it. */
async function payOnCheckout(url: string) {
  const response = await fetch(`${urls.service}${new URL(url).pathname}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123', name: 'Maya Moviegoer' }).toString(),
    redirect: 'manual',
  });
  expect(response.status).toBe(303);
}

async function openIntegrity(page: Page) {
  await page.goto('/debug/integrity');
  await signInFromPrompt(page, 'support@example.com');
  await expect(page.getByRole('heading', { name: 'Integrity', level: 1 })).toBeVisible();
}

test.describe.serial('support sees the integrity report', () => {
  for (const size of SCREEN_SIZES) {
    test(`all well at ${size.name} size: the Integrity tab says no problems were found`, async ({ page }) => {
      await page.setViewportSize(size.viewport);
      await openIntegrity(page);
      await expect(page.getByRole('navigation', { name: 'Support' }).getByRole('link', { name: 'Integrity' })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByText('No integrity problems found')).toBeVisible();
    });
  }

  let lost: { ticketCode: string; seats: string[] };
  test('a restored copy that lacks a paid booking is adopted', async () => {
    test.setTimeout(240_000);
    // A backup: the service stopped (its shutdown records the mark), the database folder copied.
    await control('stop', 'backend');
    const backup = `${pgliteDir()}.backup`;
    cpSync(pgliteDir(), backup, { recursive: true });
    await control('start', 'backend');

    // A moviegoer pays after the backup.
    const moviegoer = tokenFor('restored-away@example.com');
    const booking = await bookFreeSeats(moviegoer);
    await payOnCheckout(booking.url);
    const [paid] = (await apiAs(tokenFor('support@example.com', 'support')).debugBookings({ q: booking.bookingId })).bookings;
    expect(paid!.isPaid).toBe(true);
    lost = { ticketCode: paid!.ticketCode, seats: booking.seats };

    // The restore: stopped, the older folder put back, its restore point adopted once, started.
    await control('stop', 'backend');
    rmSync(pgliteDir(), { recursive: true, force: true });
    cpSync(backup, pgliteDir(), { recursive: true });
    rmSync(backup, { recursive: true, force: true });
    // Refused, naming the paid booking the copy lost and the restore point to adopt it knowingly.
    const refusal = refusedStart();
    expect(refusal).toMatch(/^Not starting: The database at .+ a restored copy\?/);
    expect(refusal).toContain(lost.ticketCode);
    const restorePoint = /echo (\S+) > /.exec(refusal)![1]!;
    writeFileSync(path.join(dataDir(), 'adopt-restore-point'), `${restorePoint}\n`);
    await control('start', 'backend');
    expect((await apiAs(tokenFor('support@example.com', 'support')).debugBookings({ q: booking.bookingId })).bookings).toEqual([]);
  });

  for (const size of SCREEN_SIZES) {
    test(`at ${size.name} size: the adopted restore point with the paid booking it lost, linked to the booking lookup`, async ({ page }, testInfo) => {
      await page.setViewportSize(size.viewport);
      await openIntegrity(page);
      const adopted = page.getByRole('region', { name: 'Adopted restore points' });
      await expect(adopted).toContainText('1 paid booking lost');
      const row = adopted.getByRole('row').filter({ hasText: lost.ticketCode });
      await expect(row).toContainText(lost.seats.join(', '));
      await expect(page.getByText('No integrity problems found')).toHaveCount(0);
      await expectAllWithinWidth(page, page.locator('.staff-table tbody th, .staff-table td, .debug__finding'));
      await attachScreenshot(page, testInfo, `support-integrity-${size.name}`);
      await expectNoA11yViolations(page);
      // The ticket code opens the desk's booking lookup (the restored database no longer has the booking).
      await row.getByRole('link', { name: lost.ticketCode }).click();
      await expect(page).toHaveURL(new RegExp(`/debug\\?q=${lost.ticketCode}$`));
      await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(lost.ticketCode);
    });
  }
});
