import { expect, test, type Page } from '@playwright/test';
import { DEV_PASSWORD, signIn } from '../support/sign-in';

/**
 * Issue 52, item 6: signed in on the home page, each role reaches its workspace from the account menu and from the
 * home page, by links the staff remotes give (the shell knows no remote's pages); a door attendant lands on the
 * check-in screen directly; a moviegoer sees no staff link.
 */
const workspaceBar = (page: Page) => page.getByRole('navigation', { name: 'Your workspace' });

async function openAccountMenu(page: Page) {
  await page.locator('.shell-user__button').click();
  return page.getByRole('menu');
}

test.describe('at 1366x768', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('theatre staff: "Theatre admin" in the account menu and on the home page leads to the dashboard', async ({ page }) => {
    await page.goto('/');
    await signIn(page, 'admin@example.com');
    await expect(workspaceBar(page).getByRole('link', { name: 'Theatre admin →' })).toBeVisible();
    await expect(workspaceBar(page).getByRole('link', { name: 'Check-in →' })).toBeVisible();
    const menu = await openAccountMenu(page);
    await menu.getByRole('menuitem', { name: 'Theatre admin' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });

  test('support staff: "Support tools" leads to the support remote, and no admin link is offered', async ({ page }) => {
    await page.goto('/');
    await signIn(page, 'support@example.com');
    await expect(workspaceBar(page).getByRole('link', { name: 'Support tools →' })).toBeVisible();
    await expect(workspaceBar(page).getByRole('link')).toHaveCount(1);
    await workspaceBar(page).getByRole('link', { name: 'Support tools →' }).click();
    await expect(page).toHaveURL(/\/debug$/);
    await expect(page.getByRole('navigation', { name: 'Support' })).toBeVisible();
  });

  test('a moviegoer sees no staff link in the menu or on the page', async ({ page }) => {
    await page.goto('/');
    await signIn(page, 'user@example.com');
    const menu = await openAccountMenu(page);
    await expect(menu.getByRole('menuitem', { name: 'My Bookings' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: /Theatre admin|Support tools|Check/ })).toHaveCount(0);
    await expect(workspaceBar(page)).toHaveCount(0);
  });
});

test.describe('at 390x844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a door attendant signing in on the home page lands on the check-in screen', async ({ page }) => {
    await page.goto('/');
    // As signIn does, without waiting for the home page's account button: the sign-in may land before it shows.
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByLabel('Email').fill('door@example.com');
    await page.getByLabel('Password').fill(DEV_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/admin\/check-in$/, { timeout: 15_000 });
    await expect(page.getByLabel('Which cinema is this door at?')).toBeVisible();
    // Home again in the same visit stays home, with the way back one tap away.
    await page.goto('/');
    await expect(workspaceBar(page).getByRole('link', { name: 'Check tickets at the door →' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });
});
