import { expect, type Page } from '@playwright/test';

/** The development password of the seeded accounts (docs/service/sign-in.md). */
export const DEV_PASSWORD = 'movies-dev-password';

/**
 * Signs in through the navbar's Login button and the identity provider's own page, as a person would. The navbar's:
 * a signed-out page may offer its own Login too (My Bookings), which came while the click waited for the app to take
 * over from the first view (two Login buttons: "strict mode violation").
 */
export async function signIn(page: Page, email: string, password = DEV_PASSWORD): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('.shell-user__button')).toBeVisible({ timeout: 15_000 });
  // The SDK has finished the redirect (code and state are gone from the address) before the test goes on.
  await expect(page).not.toHaveURL(/[?&](code|state)=/);
}

/** Signs in from a page's own sign-in prompt (admin and debug pages show one when signed out). */
export async function signInFromPrompt(page: Page, email: string, password = DEV_PASSWORD): Promise<void> {
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/[?&](code|state)=/, { timeout: 15_000 });
}

/** Opens the user menu and logs out. */
export async function signOut(page: Page): Promise<void> {
  await page.locator('.shell-user__button').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible({ timeout: 15_000 });
}

/**
 * Signs up a newcomer on the identity provider's page from the page's Login (`login`: the button to press) and waits
 * until the site shows them signed in: a moviegoer of the test's own, whose bookings are exactly what it makes.
 */
export async function signUpNewcomer(page: Page, email: string, name: string, login = page.getByRole('banner').getByRole('button', { name: 'Login' })): Promise<void> {
  await login.click();
  await page.getByRole('link', { name: 'Sign up' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Password').fill('a-long-enough-password');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.locator('.shell-user__button')).toBeVisible({ timeout: 15_000 });
}
