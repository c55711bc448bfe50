import { expect, test } from '@playwright/test';
import { signInFromPrompt } from '../support/sign-in';
import { urls } from '../support/test-stack';

test.describe('theatre staff in the admin remote', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/admin');
    await signInFromPrompt(page, 'admin@example.com');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });

  test('the dashboard shows the four figures and the active shows', async ({ page }) => {
    for (const label of ['Total Bookings', 'Total Revenue', 'Active Shows', 'Total Users']) {
      await expect(page.getByRole('term').filter({ hasText: label })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Active Shows' })).toBeVisible();
    expect(await page.locator('.admin__show-card').count()).toBeGreaterThan(0);
    // The chart of the last 30 days and the occupancy of upcoming shows, with their table alternatives.
    await expect(page.getByText(/^Revenue and tickets, last 30 days/)).toBeVisible();
    await expect(page.locator('.admin__chart svg.recharts-surface').first()).toBeVisible();
    const perDay = page.getByRole('table', { name: 'Revenue and tickets per day' });
    await expect(perDay.getByRole('row')).toHaveCount(31);
    await expect(page.getByText('Occupancy of upcoming shows')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Occupancy per upcoming show' }).getByRole('row').nth(1)).toBeAttached();
    const sidebar = page.getByRole('navigation', { name: 'Admin' });
    for (const link of ['Dashboard', 'Add Shows', 'List Shows', 'List Bookings']) {
      await expect(sidebar.getByRole('link', { name: link, exact: true })).toBeVisible();
    }
  });

  test('adds a show that moviegoers then see, and refuses an incomplete form', async ({ page, request }) => {
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Add Shows' }).click();
    await page.getByRole('button', { name: 'Add Show' }).click();
    await expect(page.getByText('Missing required fields')).toBeVisible();

    const movie = page.getByRole('list', { name: 'Now playing movies' }).getByRole('button').last();
    const title = (await movie.locator('.admin__movie-option-title').textContent())!;
    await movie.click();
    await expect(movie).toHaveAttribute('aria-pressed', 'true');
    await page.getByLabel('Show Price').fill('13.50');
    const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('Select Date and Time').fill(`${day}T20:45`);
    await page.getByRole('button', { name: 'Add Time' }).click();
    await page.getByLabel('Select Date and Time').fill(`${day}T20:45`);
    await page.getByRole('button', { name: 'Add Time' }).click();
    await expect(page.locator('.admin__times li')).toHaveCount(1);
    await page.getByRole('button', { name: 'Add Show' }).click();
    await expect(page.getByText(/Added 1 show/)).toBeVisible();
    await expect(page.locator('.admin__times li')).toHaveCount(0);

    // Moviegoers see it: the movie lists the new time on that day.
    const all = await (await request.get(`${urls.service}/api/show/all`)).json();
    const listed = all.shows.find((m: { title: string }) => m.title === title);
    expect(listed).toBeDefined();
    const detail = await (await request.get(`${urls.service}/api/show/${listed._id}`)).json();
    expect(detail.dateTime[day].map((s: { time: string }) => s.time)).toContain(`${day}T20:45:00.000Z`);
  });

  test('lists shows with earnings and bookings with filters and pages', async ({ page }) => {
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'List Shows' }).click();
    await expect(page.getByRole('columnheader', { name: 'Earnings' })).toBeVisible();
    expect(await page.getByRole('row').count()).toBeGreaterThan(1);

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'List Bookings' }).click();
    await expect(page.getByRole('columnheader', { name: 'User Name' })).toBeVisible();
    await expect(page.getByText(/Page 1 of \d+ · \d+ bookings/)).toBeVisible();
    await page.getByLabel('Payment').selectOption('true');
    await expect(page.getByRole('cell', { name: 'Unpaid' })).toHaveCount(0);
    expect(await page.getByRole('cell', { name: 'Paid', exact: true }).count()).toBeGreaterThan(0);
  });
});
