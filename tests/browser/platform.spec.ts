import { expect, test } from '@playwright/test';
import { seriousA11yViolations } from '../support/a11y';
import { waitForApp } from '../support/app-shown';
import { countReactRenderers, reactRenderers } from '../support/react-renderers';
import { signInFromPrompt } from '../support/sign-in';
import { control, urls } from '../support/test-stack';

test.describe('the shell loads the remotes at run time', () => {
  test('home page shows movies now showing, served by the customer remote from its own origin', async ({ page }) => {
    const manifests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/mf-manifest.json')) manifests.push(request.url());
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Now Showing' })).toBeVisible();
    const cards = page.locator('main article');
    await expect(cards).toHaveCount(4);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Movies' })).toBeVisible();
    expect(manifests).toContain(`${urls.customer}/mf-manifest.json`);
  });

  test('the registry comes from /remotes.json beside the shell, not from its bundle', async ({ request }) => {
    const remotes = await (await request.get('/remotes.json')).json();
    // Each remote's release id as the deploy command writes it (the stack names the builds it serves).
    const releaseId = expect.stringMatching(/^\d+\.\d+\.\d+-[0-9a-f]{8}$/);
    expect(remotes).toEqual({
      customer: `${urls.customer}/mf-manifest.json`,
      admin: `${urls.admin}/mf-manifest.json`,
      debug: `${urls.debug}/mf-manifest.json`,
      versions: { customer: releaseId, admin: releaseId, debug: releaseId },
    });
  });

  test('exactly one React runs in the page with every remote loaded, and every shared library comes from the shell', async ({ page }) => {
    await countReactRenderers(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Now Showing' })).toBeVisible();
    await page.getByRole('link', { name: 'Movies', exact: true }).first().click();
    await expect(page.getByRole('heading', { name: 'Now Showing in Theaters' })).toBeVisible();
    // Client-side navigation into the other remotes, same page, same React.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/debug');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByRole('heading', { name: 'Support desk' })).toBeVisible();
    await page.evaluate(() => {
      window.history.pushState({}, '', '/admin');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByRole('heading', { name: 'Theatre staff sign-in' })).toBeVisible();
    const renderers = await reactRenderers(page);
    expect(renderers.count).toBe(1);
    expect(renderers.versions[0]).toMatch(/^19\./);
    // No remote's own copy of a shared library, and no full build of a tree-shaken one, was fetched.
    const remoteCopies: string[] = [];
    for (const remote of ['customer', 'admin', 'debug'] as const) {
      const manifest = (await (await page.request.get(`${urls[remote]}/mf-manifest.json`)).json()) as { shared: { assets: { js: { sync: string[]; async: string[] } } }[] };
      for (const shared of manifest.shared) remoteCopies.push(...[...shared.assets.js.sync, ...shared.assets.js.async].map((file) => `${urls[remote]}/${file}`));
    }
    expect(remoteCopies.length).toBeGreaterThan(0);
    expect(scripts.some((url) => url.startsWith(urls.customer))).toBe(true);
    expect(scripts.filter((url) => remoteCopies.includes(url) || url.includes('/independent-packages/'))).toEqual([]);
  });

  test('deep links work and unknown paths get the 404 page', async ({ page }) => {
    await page.goto('/movies');
    await expect(page.getByRole('heading', { name: 'Now Showing in Theaters' })).toBeVisible();
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
  });

  test('each remote owns its path space: its route table, its 404 and its page titles', async ({ page }) => {
    await page.goto('/movies');
    await expect(page.getByRole('heading', { name: 'Now Showing in Theaters' })).toBeVisible();
    await expect(page).toHaveTitle('Movies · Marquee');
    // Paths the customer route table does not know get the customer remote's 404, with the shell's navbar.
    for (const path of ['/no-such-page', '/movies/1/2026-01-01/extra', '/administrator']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      await expect(page).toHaveTitle('Page not found · Marquee');
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    }
    await page.goto('/debug');
    await expect(page.getByRole('heading', { name: 'Support desk' })).toBeVisible();
    await expect(page).toHaveTitle('Support desk · Marquee');
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Theatre staff sign-in' })).toBeVisible();
    await expect(page).toHaveTitle('Theatre staff sign-in · Marquee');
  });

  test('navbar and footer are hidden on admin routes', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Theatre staff sign-in' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await expect(page.locator('footer')).toHaveCount(0);
    await page.goto('/movies');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.locator('footer')).toBeVisible();
  });
});

test.describe('isolation: a remote that is down does not take the site down', () => {
  test.afterEach(async () => {
    await control('start', 'customer').catch(() => {});
  });

  test('shows the fallback, keeps the shell and other remotes working, and Retry loads it without a reload', async ({ page }) => {
    await control('stop', 'customer');
    await page.goto('/');
    await expect(page.getByText('This part of the site is temporarily unavailable')).toBeVisible();
    // The shell still works: its navbar is there (without links: they are the remote's, issue 40) and the admin remote still loads.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Marquee home' })).toBeVisible();
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
      window.history.pushState({}, '', '/admin');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByRole('heading', { name: 'Theatre staff sign-in' })).toBeVisible();
    await page.evaluate(() => {
      window.history.pushState({}, '', '/');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByText('This part of the site is temporarily unavailable')).toBeVisible();

    await control('start', 'customer');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'Now Showing' })).toBeVisible();
    // Loaded, the remote gives the navbar its links.
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Movies' })).toBeVisible();
    // Same document: no page reload happened.
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });
});

test.describe('loading resilience: transient failures are retried before the fallback shows', () => {
  test("a customer manifest and a chunk of its routes that each fail once still load, without a fallback", async ({ page }) => {
    const failedOnce = new Set<string>();
    const requests: string[] = [];
    await page.route(`${urls.customer}/**`, async (route) => {
      const url = route.request().url();
      requests.push(url);
      const kind = url.endsWith('/mf-manifest.json') ? 'manifest' : /__federation_expose_routes\.[0-9a-f]+\.js$/.test(url) ? 'routes chunk' : null;
      if (kind && !failedOnce.has(kind)) {
        failedOnce.add(kind);
        await route.fulfill({ status: 503, body: 'busy' });
        return;
      }
      await route.continue();
    });
    await page.goto('/movies');
    await expect(page.getByRole('heading', { name: 'Now Showing in Theaters' })).toBeVisible();
    // The page's first view comes with the HTML: the remote has loaded once it gives the navbar its links.
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Movies' })).toBeVisible();
    await expect(page.getByText('This part of the site is temporarily unavailable')).toHaveCount(0);
    expect([...failedOnce].sort()).toEqual(['manifest', 'routes chunk']);
    expect(requests.filter((url) => url.endsWith('/mf-manifest.json')).length).toBeGreaterThanOrEqual(2);
  });
});

test.describe('accessibility', () => {
  for (const path of ['/', '/movies', '/no-such-page', '/admin', '/debug']) {
    test(`${path} has no serious or critical axe violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('main h1, main h2').first()).toBeVisible();
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
  }

  test('every control is reachable by keyboard and the skip link goes to the content', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Now Showing' })).toBeVisible();
    // The app's page: focus on the first view's skip link went with the view when the app took over between Tab and Enter.
    await waitForApp(page);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
  });
});

test.describe('each remote also runs standalone for its team', () => {
  test('customer, admin and debug render on their own pages, with sign-in', async ({ page }) => {
    await page.goto(`${urls.customer}/movies`);
    await expect(page.getByRole('heading', { name: 'Now Showing in Theaters' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0); // no shell chrome

    await page.goto(`${urls.admin}/`);
    await expect(page).toHaveURL(`${urls.admin}/admin`);
    await expect(page.getByRole('heading', { name: 'Theatre staff sign-in' })).toBeVisible();
    await signInFromPrompt(page, 'admin@example.com');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

    // The identity provider's session signs the admin in here too (silent sign-in); admins are not support staff:
    // turned away as admin turns away non-admins, to the standalone page's home.
    await page.goto(`${urls.debug}/debug`);
    await expect(page.getByText('You are not authorized to access the support desk')).toBeVisible();
    await expect(page).toHaveURL(`${urls.debug}/`);
    await expect(page.getByRole('heading', { name: 'Marquee support desk' })).toBeVisible();
  });
});
