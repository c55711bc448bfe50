import { expect, test, type Page } from '@playwright/test';
import type { AdminShowRow } from 'booking-service/contract';
import { localDate } from 'booking-service/theatre-time';
import { apiAs, tokenFor } from '../support/api';
import { attachScreenshot, expectNoA11yViolations, SCREEN_SIZES } from '../support/screens';
import { signInFromPrompt } from '../support/sign-in';

/**
 * Issue 52 parts 4 and 5 as theatre staff see them at 1366x768 (and the Schedule at 390x844): a cinema's day as a
 * timeline per screen whose blocks open the show, Add Shows refusing a clash before submitting and taking its
 * suggested time, On Sale's picker filtered by cinema naming cinema and screen, List Shows as a dense table and its
 * destructive Cancel show behind a confirmation.
 */

const desktop = SCREEN_SIZES.find((size) => size.name === 'desktop')!;
const phone = SCREEN_SIZES.find((size) => size.name === 'phone')!;
const admin = () => apiAs(tokenFor('admin@example.com', 'admin'));

/** An upcoming show (its cinema and screen named) a day or more ahead: its sales stay open throughout the run. */
async function laterShow(): Promise<AdminShowRow & { cinema: NonNullable<AdminShowRow['cinema']>; screen: NonNullable<AdminShowRow['screen']> }> {
  const { shows } = await admin().adminShows({ pageSize: '200' });
  const later = shows.find((show) => show.cinema && show.screen && !show.cancelled && Date.parse(show.showDateTime) > Date.now() + 86_400_000);
  expect(later, 'an upcoming show a day ahead, on a screen of a cinema').toBeDefined();
  return later as never;
}

async function openAsAdmin(page: Page, path: string) {
  await page.goto(path);
  await signInFromPrompt(page, 'admin@example.com');
}

test.describe('theatre staff tools that scale at desktop size', () => {
  test.use({ viewport: desktop.viewport });

  test("the Schedule draws each screen's day, and a block opens the show in List Shows", async ({ page }, testInfo) => {
    const show = await laterShow();
    const day = localDate(new Date(show.showDateTime), show.cinema.timeZone);
    const { cinemas } = await admin().adminCinemas();
    const cinema = cinemas.find((c) => c._id === show.cinema._id)!;
    await openAsAdmin(page, `/admin/schedule?cinema=${cinema._id}&date=${day}`);

    // One timeline per screen, named by it; the show's block among its screen's.
    for (const screen of cinema.screens) await expect(page.getByRole('list', { name: new RegExp(`^${screen.name} · `) })).toBeVisible();
    const track = page.getByRole('list', { name: new RegExp(`^${show.screen.name} · `) });
    const block = track.getByRole('link', { name: new RegExp(`^${show.movie.title} ?, `) }).first();
    await expect(block).toBeVisible();
    await expect(block).toHaveAccessibleName(/ready again .*, \d+ \/ \d+ sold · /);
    // The block sits within its track, left to right by time; the free stretches are named.
    const [trackBox, blockBox] = [(await track.boundingBox())!, (await block.boundingBox())!];
    expect(blockBox.x).toBeGreaterThanOrEqual(trackBox.x - 1);
    expect(blockBox.x + blockBox.width).toBeLessThanOrEqual(trackBox.x + trackBox.width + 1);
    await expect(page.getByText(/^Free \d/).first()).toBeVisible();
    await attachScreenshot(page, testInfo, 'schedule-day-desktop');
    await expectNoA11yViolations(page);

    await page.getByRole('button', { name: 'Week', exact: true }).click();
    await expect(page.getByRole('region', { name: new RegExp(`^${show.screen.name}, week from `) }).getByRole('list')).toHaveCount(7);
    await page.getByRole('button', { name: 'Day', exact: true }).click();

    await block.click();
    await expect(page).toHaveURL(/\/admin\/list-shows\?show=/);
    const rows = page.getByRole('table', { name: 'Shows' }).getByRole('row');
    await expect(rows).toHaveCount(2); // the header and the one show
    await expect(rows.nth(1)).toContainText(show.movie.title);
  });

  test('Add Shows names a clash before submitting, and its suggested time is accepted', async ({ page }, testInfo) => {
    const show = await laterShow();
    const { timeZone } = show.cinema;
    const date = localDate(new Date(show.showDateTime), timeZone);
    const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(new Date(show.showDateTime));
    await openAsAdmin(page, '/admin/add-shows');

    const movies = page.getByRole('list', { name: 'Now playing movies' }).getByRole('button');
    await expect(movies.first()).toBeVisible();
    // Another movie than the show's (the same movie at the same time is that show, not a clash).
    const other = movies.filter({ hasNotText: show.movie.title }).first();
    await other.click();
    await page.getByLabel('Show Price').fill('11');
    await page.getByLabel('Cinema', { exact: true }).selectOption(show.cinema._id);
    await page.getByLabel('Screen', { exact: true }).selectOption(show.screen._id);
    await page.getByLabel('Select Date and Time').fill(`${date}T${time}`);
    await page.getByRole('button', { name: 'Add Time' }).click();

    const clashes = page.getByRole('list', { name: 'Clashes' });
    await expect(clashes).toContainText(`${show.screen.name} is showing ${show.movie.title}`);
    await expect(clashes).toContainText(/ready again at \d/);
    await expect(page.locator('.admin__times li').first()).toContainText('clashes');
    await attachScreenshot(page, testInfo, 'add-shows-clash-desktop');
    await expectNoA11yViolations(page);

    await clashes.getByRole('button', { name: /^Use .* instead/ }).first().click();
    await expect(clashes).toHaveCount(0);
    await expect(page.locator('.admin__times li')).not.toContainText(['clashes']);
    await page.getByRole('button', { name: 'Add Show' }).click();
    await expect(page.locator('.staff-toast--success').filter({ hasText: /Added 1 show/ })).toBeVisible();
  });

  test("On Sale's picker filters by cinema, lists shows open for sale only, and names cinema and screen on every row", async ({ page }, testInfo) => {
    const show = await laterShow();
    await openAsAdmin(page, '/admin/on-sale');
    const picker = page.getByRole('group', { name: 'Shows' });
    await picker.getByLabel('Cinema', { exact: true }).selectOption(show.cinema._id);
    const rows = picker.getByRole('list', { name: 'Shows open for sale' }).getByRole('listitem');
    await expect(rows.first()).toContainText(show.cinema.name);
    for (const row of await rows.all()) await expect(row).toContainText(new RegExp(`${show.cinema.name} · .+`));
    // Targets: each box 24 px or more, each row 44 px or more.
    const box = (await rows.first().getByRole('checkbox').boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);
    expect((await rows.first().boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await picker.getByLabel('Screen', { exact: true }).selectOption(show.screen._id);
    await expect(rows.first()).toContainText(`${show.cinema.name} · ${show.screen.name}`);
    await attachScreenshot(page, testInfo, 'on-sale-picker-desktop');
  });

  test('List Shows is a dense table (rows of 56 px or less) and Cancel show looks destructive and asks first', async ({ page }, testInfo) => {
    await openAsAdmin(page, '/admin/list-shows');
    const rows = page.getByRole('table', { name: 'Shows' }).locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    const count = Math.min(await rows.count(), 10);
    expect(count).toBeGreaterThan(1);
    await attachScreenshot(page, testInfo, 'list-shows-dense-desktop');
    for (let i = 0; i < count; i++) expect((await rows.nth(i).boundingBox())!.height, `row ${i + 1}`).toBeLessThanOrEqual(56);

    const live = rows.filter({ has: page.getByRole('button', { name: 'Cancel show' }) }).first();
    const cancel = live.getByRole('button', { name: 'Cancel show' });
    await expect(cancel).toHaveClass(/staff__danger/);
    // Red, not the look of Change price beside it.
    const [cancelColour, priceColour] = await Promise.all([cancel, live.getByRole('button', { name: 'Change price' })].map((b) => b.evaluate((el) => getComputedStyle(el).color)));
    expect(cancelColour).not.toBe(priceColour);
    await cancel.click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this show?' });
    await expect(dialog.getByRole('button', { name: 'Cancel show and refund' })).toHaveClass(/staff__danger/);
    await dialog.getByRole('button', { name: 'Keep the show' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(cancel).toBeVisible();
  });
});

test.describe('the Schedule on a phone', () => {
  test.use({ viewport: phone.viewport });

  test('each screen is a list of whole shows, each a 44 px tap target', async ({ page }, testInfo) => {
    const show = await laterShow();
    const day = localDate(new Date(show.showDateTime), show.cinema.timeZone);
    await openAsAdmin(page, `/admin/schedule?cinema=${show.cinema._id}&date=${day}`);
    const block = page.getByRole('list', { name: new RegExp(`^${show.screen.name} · `) }).getByRole('link', { name: new RegExp(`^${show.movie.title} ?, `) }).first();
    await expect(block).toBeVisible();
    const box = (await block.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.x + box.width).toBeLessThanOrEqual(phone.viewport.width);
    await attachScreenshot(page, testInfo, 'schedule-day-phone');
  });
});
