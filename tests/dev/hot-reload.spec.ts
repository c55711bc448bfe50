import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { devUrls } from '../support/dev-stack';
import { signInFromPrompt } from '../support/sign-in';

/**
 * `npm run dev` (issue 57): the shell's dev server loads every remote from its own dev server, each remote's pages
 * render in the shell's page, and an edit to a remote's page shows there without a reload (React Refresh over the
 * remote's own hot-update socket). Runs against support/dev-setup.ts' servers: `npx playwright test -c playwright.dev.config.ts`.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** What went wrong in the page: uncaught errors (a hot update that cannot apply throws one), as they happen. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const title = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

type Edit = { file: string; from: string; to: string; before: Locator; after: Locator };

/** An edit of a page's title `name` in `file`: `title="<name>"` becomes `title="<name> (edited)"`. */
const titleEdit = (page: Page, file: string, name: string): Edit => ({
  file,
  from: `title="${name}"`,
  to: `title="${name} (edited)"`,
  before: title(page, name),
  after: title(page, `${name} (edited)`),
});

/**
 * Edits `file` (restored afterwards) and checks the page shows what the edit says (`after`), then what the file says
 * again (`before`), without a reload: a value put on the window before the edit is still there.
 */
async function expectEditShownWithoutReload(page: Page, { file, from, to, before, after }: Edit): Promise<void> {
  const source = path.join(root, file);
  const original = readFileSync(source, 'utf8');
  expect(original, `${file} has ${from}`).toContain(from);
  await expect(before).toBeVisible();
  await page.evaluate(() => Object.assign(window, { __beforeEdit: 'still here' }));
  try {
    writeFileSync(source, original.replaceAll(from, to));
    await expect(after).toBeVisible();
  } finally {
    writeFileSync(source, original);
  }
  await expect(before).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __beforeEdit?: string }).__beforeEdit), 'the page was not reloaded').toBe('still here');
}

test.describe('the dev servers (npm run dev)', () => {
  test('customer remote: home, movies and a movie page render in the shell; an edit to the movies page shows without a reload', async ({ page }) => {
    const errors = pageErrors(page);
    const manifests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/mf-manifest.json')) manifests.push(request.url());
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Now Showing' })).toBeVisible();
    // From the customer remote's own dev server.
    expect(manifests).toContain(`${devUrls.customer}/mf-manifest.json`);

    await page.goto('/movies');
    await expect(title(page, 'Now Showing in Theaters')).toBeVisible();
    const buy = page.getByRole('link', { name: /^Buy tickets for / }).first();
    const movie = (await buy.getAttribute('aria-label'))!.replace(/^Buy tickets for /, '');
    await buy.click();
    await expect(page).toHaveURL(/\/movies\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1, name: movie })).toBeVisible();

    await page.goBack();
    await expectEditShownWithoutReload(page, titleEdit(page, 'customer-mfe/src/pages/movies-page.tsx', 'Now Showing in Theaters'));
    expect(errors).toEqual([]);
  });

  test('admin remote: the dashboard renders for theatre staff; an edit to it shows without a reload', async ({ page }) => {
    const errors = pageErrors(page);
    await page.goto('/admin');
    await signInFromPrompt(page, 'admin@example.com');
    await expect(page.getByRole('term').filter({ hasText: 'Total Bookings' })).toBeVisible();
    await expectEditShownWithoutReload(page, titleEdit(page, 'admin-mfe/src/pages/dashboard-page.tsx', 'Dashboard'));
    expect(errors).toEqual([]);
  });

  test('debug remote: the support desk renders for support staff; an edit to it shows without a reload', async ({ page }) => {
    const errors = pageErrors(page);
    await page.goto('/debug');
    await signInFromPrompt(page, 'support@example.com');
    await expectEditShownWithoutReload(page, titleEdit(page, 'debug-mfe/src/pages/bookings-page.tsx', 'Payment support'));
    expect(errors).toEqual([]);
  });

  test('shell: an edit to its footer shows without a reload, and the page loads after the rebuild as before', async ({ page }) => {
    const errors = pageErrors(page);
    await page.goto('/movies');
    await expect(title(page, 'Now Showing in Theaters')).toBeVisible();
    const tagline = 'Movie tickets without the queue: pick a show, choose your seats, pay securely.';
    const edited = 'Movie tickets without the queue (edited).';
    const footer = page.getByRole('contentinfo');
    await expectEditShownWithoutReload(page, {
      file: 'shell/src/layout/footer.tsx',
      from: tagline,
      to: edited,
      before: footer.getByText(tagline, { exact: true }),
      after: footer.getByText(edited, { exact: true }),
    });
    // The page the shell's dev server serves after a rebuild: its hot-update files are for the hot-update runtime
    // only (a page that ran one itself failed with "self.rspackHotUpdateshell is not a function").
    await page.reload();
    await expect(title(page, 'Now Showing in Theaters')).toBeVisible();
    await expect(footer.getByText(tagline, { exact: true })).toBeVisible();
    expect(errors).toEqual([]);
  });
});
