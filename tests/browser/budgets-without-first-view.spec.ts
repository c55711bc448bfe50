import { expect, test, type Route } from '@playwright/test';
import { FIRST_VISIT_JS_KIB, FIRST_VISIT_SIZES, firstVisitJavaScriptKiB } from '../support/first-visit';
import { CUSTOMER_FIRST_PAGES, recordShifts, shiftsOf } from '../support/layout-shifts';
import { SCREEN_SIZES } from '../support/screens';
import { setFirstView, urls } from '../support/test-stack';

/**
 * The first visit's budget and CLS 0 (performance.spec.ts, layout-shift.spec.ts) when the page comes without its
 * first view, as the page server sends it when it has none (scripts/first-view.mjs: FIRST_VIEW=off, a release
 * without a server module, a render over its timeout), and what the client waits for comes late: then the pages'
 * skeletons and the shell's header are on screen before the data and the remote's links, which is where a place
 * not held shows.
 */
test.beforeAll(async () => {
  // As an operator turns it off (the page server then sends every page as it sends one it has no view for).
  await setFirstView(false);
});

test.afterAll(async () => {
  await setFirstView(true);
});

const late = async (route: Route) => {
  await new Promise((resolve) => setTimeout(resolve, 600));
  await route.continue();
};

test.describe(`the app alone: a first visit to / downloads at most ${FIRST_VISIT_JS_KIB} KiB gzip of JavaScript`, () => {
  for (const viewport of FIRST_VISIT_SIZES) {
    // Now Showing's skeleton must hold the cards' place, or the Trailers below come within reach of the first screen
    // and their code loads with it (2.2 KiB: issue 44's 142.2 KiB).
    test(`at ${viewport.width}x${viewport.height}, the shows read answering 600 ms late`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.route(`${urls.service}/api/show/all`, late);
      const { kib, scripts } = await firstVisitJavaScriptKiB(page);
      expect(kib, scripts.join('\n')).toBeLessThanOrEqual(FIRST_VISIT_JS_KIB);
    });
  }
});

for (const size of SCREEN_SIZES) {
  test.describe(`the app alone at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    for (const { name, path, ready } of CUSTOMER_FIRST_PAGES) {
      test(`${name}: nothing moves while it loads with the service's reads and the remote's entry 600 ms late (CLS 0)`, async ({ page, request }) => {
        const target = await path(request);
          await page.route((url) => url.origin === urls.service && url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/images/'), late);
        await page.route(`${urls.customer}/remoteEntry.js`, late);
        await recordShifts(page);
        await page.goto(target, { waitUntil: 'networkidle' });
        await expect(ready(page)).toBeVisible();
        const { cls, report } = await shiftsOf(page);
        expect(cls, report).toBe(0);
      });
    }
  });
}
