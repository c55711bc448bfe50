import type { LaunchOptions, Page } from '@playwright/test';
import config from '../playwright.config';
import { urls } from './test-stack';

const launchOptions = config.use?.launchOptions ?? {};
/**
 * The browser for tests that use withoutFirstView: Chromium counts a document the test fulfils as a public one and
 * refuses it the stack's loopback origins (Local Network Access), so that check is off; the rest as configured.
 */
export const LAUNCH_OPTIONS_FOR_REWRITTEN_PAGES: LaunchOptions = {
  ...launchOptions,
  args: [...(launchOptions.args ?? []), '--disable-features=LocalNetworkAccessChecks'],
};

/**
 * The shell's pages arrive as the page server sends them when it has no first view to put in (a release without a
 * server module, a render over its timeout: scripts/first-view.mjs): the view's frame hidden, its reads left out,
 * the app's root shown, so the client renders the page from its own reads, skeletons first. The page server's
 * answer is fetched and its insertion (insertFirstView) undone, so everything else in it stays as served. Use it
 * with LAUNCH_OPTIONS_FOR_REWRITTEN_PAGES.
 */
export async function withoutFirstView(page: Page): Promise<void> {
  await page.route(
    (url) => url.origin === urls.shell,
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.continue();
      const response = await route.fetch();
      const html = (await response.text())
        .replace('<div id="first-view">', '<div id="first-view" hidden>')
        .replace(/<script type="application\/json" id="first-view-state">[\s\S]*?<\/script>/, '')
        .replace('<div id="root" hidden>', '<div id="root">');
      // The body is read decoded: sent on without the compression headers it came with.
      const headers = Object.fromEntries(Object.entries(response.headers()).filter(([name]) => !['content-encoding', 'content-length'].includes(name)));
      await route.fulfill({ status: response.status(), headers, body: html });
    },
  );
}
