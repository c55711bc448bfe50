import { expect, type Page } from '@playwright/test';

/**
 * Ticks a show in On Sale's picker (issue 43): searched by its movie's title, then paged by the service until the
 * show's row is listed. `search` is what staff type (the title itself unless given).
 */
export async function tickShowInPicker(page: Page, show: { showId: string; title: string }, search = show.title) {
  await page.getByLabel('Search shows by movie').fill(search);
  const listed = page.getByRole('list', { name: 'Shows open for sale' }).getByRole('listitem');
  // The search's own answer: rows, all of its movie. No rows is the first answer still loading (a skeleton), not a
  // page without the show: paging on from it skipped page 1 on a loaded machine.
  await expect
    .poll(async () => {
      const texts = await listed.allTextContents();
      return texts.length > 0 && texts.every((text) => text.startsWith(show.title));
    })
    .toBe(true);
  const box = page.locator(`input[type="checkbox"][value="${show.showId}"]`);
  const pages = page.getByRole('navigation', { name: 'Pages of shows' });
  for (let next = 2; (await box.count()) === 0; next++) {
    await pages.getByRole('button', { name: 'Next' }).click();
    await expect(pages.getByText(new RegExp(`^Page ${next} of`))).toBeVisible();
  }
  await box.check();
}
