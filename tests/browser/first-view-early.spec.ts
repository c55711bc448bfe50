/**
 * The first view's early script (scripts/first-view-early.mjs) on its own, in the browser, on a page made for it: a
 * static first view and the app's copy of it in the hidden #root, as the page server and the remote put them. What a
 * visitor does on the view before the app has taken over is done again on the app's elements, in order, once the
 * frame has gone; the page's held-back scripts start after the load, in their order.
 */
import { expect, test, type Page } from '@playwright/test';
import { AFTER_PAINT_SCRIPT_TYPE, firstViewEarlyScript } from '../../scripts/first-view-early.mjs';

/** The same markup twice: the view's (static, no handlers) and the app's (each control logs what it does). */
const CONTROLS = `<div class="page">
  <h1>Dear Odette</h1>
  <ul><li><button type="button">Fri 12</button></li><li><button type="button">Sat 13</button></li></ul>
  <label>Your city <select><option value="">All cities</option><option>Delhi</option><option>Mumbai</option></select></label>
  <form><input name="q" value="odette"><button type="submit">Search</button></form>
  <a href="#cast">Cast</a>
  <button type="button" data-label>Favorite</button>
</div>`;

const PAGE = `<!doctype html><html><head><script>${firstViewEarlyScript()}</script></head><body>
<div id="first-view"><header></header><main id="main"><link rel="preload" as="image" href="data:,">${CONTROLS}<script type="application/json" id="first-view-state">{}</script></main></div>
<div id="root" hidden><main id="main">${CONTROLS}</main></div>
<script>
  window.done = [];
  const app = document.querySelector('#root main');
  // As the app renders it: the label differs from the view's, so a press kept on the view's must not land here.
  app.querySelector('[data-label]').textContent = 'Favorited';
  app.addEventListener('click', (event) => {
    const button = event.target.closest('button');
    if (button && button.type === 'button') window.done.push('click ' + button.textContent);
  });
  app.addEventListener('change', (event) => window.done.push('city ' + event.target.value));
  app.addEventListener('submit', (event) => {
    event.preventDefault();
    window.done.push('submit ' + new FormData(event.target).get('q'));
  });
</script>
<script type="${AFTER_PAINT_SCRIPT_TYPE}">window.started = ['inline'];</script>
<script type="${AFTER_PAINT_SCRIPT_TYPE}" src="data:text/javascript,window.started.push('first')"></script>
<script type="${AFTER_PAINT_SCRIPT_TYPE}" src="data:text/javascript,window.started.push('second')"></script>
</body></html>`;

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
];

/** What the remote's handover does (shared-ui/src/first-view/handover.ts): the frame goes, the app's root shows. */
const handOver = (page: Page) =>
  page.evaluate(() => {
    document.getElementById('first-view')!.remove();
    document.getElementById('root')!.removeAttribute('hidden');
  });

const done = (page: Page) => page.evaluate(() => (window as unknown as { done: string[] }).done);

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test("a visitor's presses on the view are kept, shown busy, and done on the app's same controls once it takes over", async ({ page }) => {
      await page.setContent(PAGE);
      const view = page.locator('#first-view');
      await view.getByRole('button', { name: 'Sat 13' }).click();
      await view.getByRole('button', { name: 'Sat 13' }).click();
      await expect(view.getByRole('button', { name: 'Sat 13' })).toHaveAttribute('aria-busy', 'true');
      await view.getByRole('combobox').selectOption('Mumbai');
      await view.getByRole('button', { name: 'Search' }).click();
      await view.getByRole('button', { name: 'Favorite' }).click();
      // A link is a link: it goes where it points at once.
      await view.getByRole('link', { name: 'Cast' }).click();
      await expect(page).toHaveURL(/#cast$/);
      expect(await done(page), 'nothing reaches the app before it has taken over').toEqual([]);

      await handOver(page);
      // Once, in order; the press whose control reads differently in the app is dropped, not done elsewhere.
      await expect.poll(() => done(page)).toEqual(['click Sat 13', 'city Mumbai', 'submit odette']);
      await page.waitForTimeout(200);
      expect(await done(page)).toEqual(['click Sat 13', 'city Mumbai', 'submit odette']);
      // After the handover the page is the app's alone: a click is not kept.
      await page.locator('#root').getByRole('button', { name: 'Fri 12' }).click();
      expect(await done(page)).toEqual(['click Sat 13', 'city Mumbai', 'submit odette', 'click Fri 12']);
    });

    test('with nothing pressed, the handover does nothing; the held-back scripts start after the load, in their order', async ({ page }) => {
      await page.setContent(PAGE);
      await expect.poll(() => page.evaluate(() => (window as unknown as { started?: string[] }).started)).toEqual(['inline', 'first', 'second']);
      await handOver(page);
      await page.waitForTimeout(100);
      expect(await done(page)).toEqual([]);
    });
  });
}
