import { expect, type Page } from '@playwright/test';

/**
 * Waits until the app shows the page: when the page server sent the page's first view (scripts/first-view.mjs),
 * until the remote's client render has taken its place. A test that keeps elements across that swap (their boxes,
 * a click) must wait: the static view's elements are replaced by the app's identical ones.
 */
export async function waitForApp(page: Page): Promise<void> {
  // The frame goes in the same step that shows #root; a page without one (another app's, another origin's) passes at once.
  await expect(page.locator('#first-view')).toHaveCount(0);
}
