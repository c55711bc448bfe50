import { expect, type Page } from '@playwright/test';

/** The development password of the seeded accounts (docs/service/sign-in.md). */
export const DEV_PASSWORD = 'movies-dev-password';

/** Signs in through the navbar's Login button and the identity provider's own page, as a person would. */
export async function signIn(page: Page, email: string, password = DEV_PASSWORD): Promise<void> {
  await page.getByRole('button', { name: 'Login' }).click();
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
