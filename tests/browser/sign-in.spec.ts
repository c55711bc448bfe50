import { expect, test } from '@playwright/test';
import { signIn, signInFromPrompt, signOut } from '../support/sign-in';
import { urls } from '../support/test-stack';

test.describe('sign-in through the unmodified Auth0 SDK and the local identity provider', () => {
  test('a wrong password is refused and signs no one in', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(new RegExp(`^${urls.identity}/`));
    await page.getByLabel('Email').fill('user@example.com');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText(/wrong email or password|invalid email or password|incorrect/i)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`^${urls.identity}/`));
  });

  test('a moviegoer signs in, stays signed in across a reload, and signs out', async ({ page }) => {
    await page.goto('/movies');
    await signIn(page, 'user@example.com');
    // Back where they started, with their name and initials in the user menu.
    await expect(page).toHaveURL(`${urls.shell}/movies`);
    const menuButton = page.locator('.shell-user__button');
    await expect(menuButton).toContainText('Maya Moviegoer');
    await expect(menuButton).toContainText('MM');

    await page.reload();
    await expect(page.locator('.shell-user__button')).toContainText('Maya Moviegoer');

    await page.locator('.shell-user__button').click();
    await expect(page.getByRole('menuitem', { name: 'My Bookings' })).toBeVisible();
    await page.keyboard.press('Escape');

    await signOut(page);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  });

  test('an admin signs in and the admin role takes effect: the dashboard loads from the service', async ({ page }) => {
    await page.goto('/admin');
    await signInFromPrompt(page, 'admin@example.com');
    await expect(page).toHaveURL(`${urls.shell}/admin`);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText('Total Bookings')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  });

  test('a moviegoer is turned away from the admin pages with the spec message', async ({ page }) => {
    await page.goto('/');
    await signIn(page, 'user@example.com');
    await page.evaluate(() => {
      window.history.pushState({}, '', '/admin');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByText('You are not authorized to access admin dashboard')).toBeVisible();
    await expect(page).toHaveURL(`${urls.shell}/`);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toHaveCount(0);
  });

  test('support signs in and the support role takes effect on the debug page; a moviegoer is refused', async ({ page }) => {
    await page.goto('/debug');
    await signInFromPrompt(page, 'support@example.com');
    await expect(page).toHaveURL(`${urls.shell}/debug`);
    const unpaid = page.getByRole('table', { name: 'Unpaid (held)' });
    await expect(unpaid.or(page.getByRole('heading', { name: 'No bookings found' }))).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Support' })).toBeVisible();
    // The support desk has the staff chrome: signing out is in its own top bar.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible({ timeout: 15_000 });

    await signIn(page, 'user@example.com');
    await page.goto('/debug');
    await expect(page.getByText('You are not authorized to access the support desk')).toBeVisible();
    await expect(page).toHaveURL(`${urls.shell}/`);
  });

  test('a newcomer signs up from the sign-in page and is signed in', async ({ page }) => {
    const email = `newcomer-${Date.now()}@example.com`;
    await page.goto('/');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Name').fill('Nora Newcomer');
    await page.getByLabel('Password').fill('a-long-enough-password');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.locator('.shell-user__button')).toContainText('Nora Newcomer', { timeout: 15_000 });
  });
});
