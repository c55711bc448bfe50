import { expect, test, type Page, type Response } from '@playwright/test';
import { FIRST_VISIT_JS_KIB, FIRST_VISIT_SIZES, firstVisitJavaScriptKiB } from '../support/first-visit';
import { signIn } from '../support/sign-in';
import { urls } from '../support/test-stack';

/** A string only the Auth0 SDK's code holds (its client's name). */
const SIGN_IN_SDK_MARKER = 'auth0-spa-js';
/** A string only the federation runtime's code holds (its log prefix). */
const FEDERATION_RUNTIME_MARKER = 'Federation Runtime';
/** A string only the toast library's code holds (the attribute of its container). */
const TOAST_LIBRARY_MARKER = 'data-rht-toaster';

/** Every script the page fetches, with its body, until the home page has rendered and the network is idle. */
async function scriptsOfVisit(page: Page, path: string) {
  const scripts: { url: string; body: string }[] = [];
  const reading: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    reading.push(response.text().then((body) => void scripts.push({ url: response.url(), body }), () => {}));
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await Promise.all(reading);
  return scripts;
}

test.describe('a first anonymous visit', () => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    test(`/ at ${viewport.width}px downloads no sign-in code and one federation runtime, the shell's`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const identityRequests: string[] = [];
      page.on('request', (request) => {
        if (request.url().startsWith(urls.identity)) identityRequests.push(request.url());
      });
      const scripts = await scriptsOfVisit(page, '/');
      await expect(page.getByRole('heading', { name: 'Now Showing' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();

      expect(scripts.length).toBeGreaterThan(3);
      expect(scripts.filter((script) => script.body.includes(SIGN_IN_SDK_MARKER)).map((script) => script.url)).toEqual([]);
      expect(identityRequests).toEqual([]);
      const runtimes = scripts.filter((script) => script.body.includes(FEDERATION_RUNTIME_MARKER)).map((script) => new URL(script.url).origin);
      expect(runtimes).toEqual([urls.shell]);
      // The customer remote did load, with its code, on the shared runtime.
      expect(scripts.some((script) => script.url === `${urls.customer}/remoteEntry.js`)).toBe(true);
    });
  }

  test("the shell's scripts bundle each federation runtime file once, not as both its CommonJS and its ES module build", async ({ page, request }) => {
    const scripts = await scriptsOfVisit(page, '/');
    const runtimeFiles: string[] = [];
    for (const script of scripts.filter((s) => new URL(s.url).origin === urls.shell)) {
      const mapName = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(script.body)?.[1];
      if (!mapName) continue;
      const map = (await (await request.get(new URL(mapName, script.url).href)).json()) as { sources: string[] };
      runtimeFiles.push(...map.sources.filter((source) => source.includes('/@module-federation/')));
    }
    // The runtime core is there (in the ES module build the shell's entry uses) ...
    expect(runtimeFiles.some((file) => /\/runtime-core\/dist\/core\.js$/.test(file))).toBe(true);
    // ... and no file is there twice under two module formats (provideExternalRuntime's plugin once pulled in a CommonJS copy).
    const withoutFormat = runtimeFiles.map((file) => file.replace(/\.(c|m)?js$/, ''));
    expect(runtimeFiles.filter((_, index) => withoutFormat.indexOf(withoutFormat[index]!) !== index)).toEqual([]);
  });

  test('Login loads the sign-in code and goes to the sign-in page', async ({ page }) => {
    const scripts = await scriptsOfVisit(page, '/');
    expect(scripts.some((script) => script.body.includes(SIGN_IN_SDK_MARKER))).toBe(false);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(new RegExp(`^${urls.identity}/`));
  });
});

// Without the first view in the page, with the shows read late: budgets-without-first-view.spec.ts.
test.describe(`a first anonymous visit to / downloads at most ${FIRST_VISIT_JS_KIB} KiB gzip of JavaScript, all origins, until the network is idle`, () => {
  for (const viewport of FIRST_VISIT_SIZES) {
    test(`at ${viewport.width}x${viewport.height}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const { kib, scripts } = await firstVisitJavaScriptKiB(page);
      expect(kib, scripts.join('\n')).toBeLessThanOrEqual(FIRST_VISIT_JS_KIB);
    });
  }
});

test.describe('the first page without a waterfall', () => {
  test("the shell's run-time config is in the page: no request for /remotes.json, /app-config.json or /first-pages.json", async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => void requested.push(request.url()));
    await page.goto('/', { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { name: 'Now Showing' })).toBeVisible();
    expect(requested.filter((url) => /\/(remotes|app-config|first-pages)\.json$/.test(new URL(url).pathname))).toEqual([]);
    // Inline, as a deployment writes it (scripts/inline-runtime-config.mjs), with the service's origin to connect to early.
    await expect(page.locator('script[data-runtime-config="/remotes.json"]')).toHaveCount(1);
    // With the first-page table the live customer build publishes in its manifest, under that manifest's URL.
    const firstPages = JSON.parse((await page.locator('script[data-runtime-config="/first-pages.json"]').textContent()) ?? '{}') as Record<string, unknown>;
    expect(Object.keys(firstPages)).toEqual([`${urls.customer}/mf-manifest.json`]);
    await expect(page.locator(`link[rel="preconnect"][href="${urls.service}"]`)).toHaveCount(1);
  });

  test("the home page's shows are asked for once, before the customer remote's entry, and the hero image is preloaded with high priority", async ({ page }) => {
    const events: string[] = [];
    page.on('request', (request) => void events.push(`request ${request.url()}`));
    await page.goto('/', { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { name: 'Now Showing' })).toBeVisible();
    const showsRequests = events.filter((event) => event === `request ${urls.service}/api/show/all`);
    expect(showsRequests).toHaveLength(1);
    // The entry asks as soon as the config is read; the remote's entry can only be asked for once its manifest has arrived.
    expect(events.indexOf(showsRequests[0]!)).toBeLessThan(events.indexOf(`request ${urls.customer}/remoteEntry.js`));
    const shows = (await (await page.request.get(`${urls.service}/api/show/all`)).json()) as { shows: { backdrop_path: string }[] };
    const heroImage = `${urls.service}/api/images${shows.shows[0]!.backdrop_path}`;
    await expect(page.locator(`link[rel="preload"][as="image"][fetchpriority="high"][href="${heroImage}"]`)).toHaveCount(1);
    await expect(page.locator('.c-hero__art').first()).toHaveAttribute('src', heroImage);
    expect(events.filter((event) => event === `request ${heroImage}`)).toHaveLength(1);
  });

  test("a movie's page asks for its show once, before the customer remote's entry", async ({ page, request }) => {
    const all = (await (await request.get(`${urls.service}/api/show/all`)).json()) as { shows: { _id: string; title: string }[] };
    const movie = all.shows[0]!;
    const events: string[] = [];
    page.on('request', (r) => void events.push(`request ${r.url()}`));
    await page.goto(`/movies/${movie._id}`, { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { name: movie.title, level: 1 })).toBeVisible();
    const showRequests = events.filter((event) => event === `request ${urls.service}/api/show/${movie._id}`);
    expect(showRequests).toHaveLength(1);
    expect(events.indexOf(showRequests[0]!)).toBeLessThan(events.indexOf(`request ${urls.customer}/remoteEntry.js`));
    // Its largest paint, the poster, is preloaded with high priority; its page's chunk comes with the remote's entry, once.
    const detail = (await (await request.get(`${urls.service}/api/show/${movie._id}`)).json()) as { movie: { poster_path: string } };
    const poster = `${urls.service}/api/images${detail.movie.poster_path}`;
    await expect(page.locator(`link[rel="preload"][as="image"][fetchpriority="high"][href="${poster}"]`)).toHaveCount(1);
    const pageChunk = events.filter((event) => /\/static\/page-movie-detail\.[0-9a-f]+\.js$/.test(event));
    expect(pageChunk).toHaveLength(1);
    await expect(page.locator(`link[rel="preload"][as="script"][href="${pageChunk[0]!.replace('request ', '')}"]`)).toHaveCount(1);
  });
});

test.describe('what the first screen does not wait for', () => {
  test("index.html names every script the shell's first render loads, each asked for once, and carries its styles", async ({ page, request }) => {
    const html = await (await request.get('/')).text();
    // Preloaded at once; or, in a page that carries its first view, held until the view has painted (scripts/first-view-early.mjs).
    const named = [...html.matchAll(/<link rel="preload" as="script" href="([^"]+)"/g), ...html.matchAll(/<script type="text\/x-after-first-paint" src="([^"]+)"/g)];
    expect(named.length).toBeGreaterThanOrEqual(3);
    const preloaded = new Set(named.map((match) => new URL(match[1]!, urls.shell).href));
    const scripts: string[] = [];
    const styles: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).origin !== urls.shell) return;
      if (r.resourceType() === 'script') scripts.push(r.url());
      if (r.resourceType() === 'stylesheet') styles.push(r.url());
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Now Showing' })).toBeVisible();
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    expect(scripts.filter((url) => !preloaded.has(url))).toEqual([]);
    expect(scripts.filter((url, index) => scripts.indexOf(url) !== index)).toEqual([]);
    // The shell's and shared-ui's styles are in the page, not fetched, and they apply.
    expect(styles).toEqual([]);
    // The app's header (the page's first view, when the page server sends one, has a static copy of it until the app takes over).
    await expect(page.locator('#root:not([hidden]) .shell-header')).toHaveCSS('z-index', '20');
  });

  test('the toast library loads with the first toast, not with the page', async ({ page, request }) => {
    const all = (await (await request.get(`${urls.service}/api/show/all`)).json()) as { shows: { _id: string; title: string }[] };
    const movie = all.shows[0]!;
    const scripts = await scriptsOfVisit(page, `/movies/${movie._id}`);
    await expect(page.getByRole('heading', { name: movie.title, level: 1 })).toBeVisible();
    expect(scripts.filter((script) => script.body.includes(TOAST_LIBRARY_MARKER)).map((script) => script.url)).toEqual([]);
    // Signed out, Favorite asks the visitor to log in, in a toast.
    await page.getByRole('button', { name: 'Favorite' }).first().click();
    await expect(page.getByText('Please login to proceed')).toBeVisible();
  });

  test("on a phone, the home page's Trailers (its code, video reads and images) load when the reader scrolls near them", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const videoReads: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/catalog\/movie\/[^/]+\/videos$/.test(new URL(r.url()).pathname)) videoReads.push(r.url());
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    const trailers = page.getByRole('region', { name: 'Trailers' });
    // Far below the first screen: only its place, held by the skeleton, so nothing shifts when it comes.
    expect(await trailers.evaluate((element) => element.getBoundingClientRect().top)).toBeGreaterThan(844 * 1.5);
    await expect(trailers.getByRole('status', { name: 'Loading trailers' })).toHaveCount(1);
    expect(videoReads).toEqual([]);
    await trailers.scrollIntoViewIfNeeded();
    await expect(trailers.getByRole('list', { name: 'Choose a trailer' }).getByRole('button')).toHaveCount(4);
    expect(videoReads).toHaveLength(4);
  });

  test("on a phone, a movie's page reads the other shows and loads the cast's photos when the reader scrolls near them", async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const all = (await (await request.get(`${urls.service}/api/show/all`)).json()) as { shows: { _id: string; title: string }[] };
    const movie = all.shows[0]!;
    const requested: string[] = [];
    page.on('request', (r) => void requested.push(new URL(r.url()).pathname));
    await page.goto(`/movies/${movie._id}`, { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { name: movie.title, level: 1 })).toBeVisible();
    const cast = page.getByRole('list', { name: 'Cast' });
    const alsoLike = page.getByRole('region', { name: 'You May Also Like' });
    // Both below the first screen, more than the quarter screen ahead that the photos load within:
    // their places are held (names, the skeleton), nothing more.
    expect(await cast.evaluate((element) => element.getBoundingClientRect().top)).toBeGreaterThan(844 * 1.25);
    expect(await cast.getByRole('img').count()).toBe(0);
    await expect(cast.getByRole('listitem').first()).toBeVisible();
    await expect(alsoLike.getByRole('status', { name: 'Loading movies' })).toHaveCount(1);
    expect(requested.filter((path) => path === '/api/show/all' || /\/api\/images\/person-/.test(path))).toEqual([]);
    await cast.scrollIntoViewIfNeeded();
    await expect.poll(() => requested.filter((path) => /\/api\/images\/person-/.test(path)).length).toBeGreaterThan(0);
    await alsoLike.scrollIntoViewIfNeeded();
    await expect(alsoLike.getByRole('article')).toHaveCount(4);
    expect(requested.filter((path) => path === '/api/show/all')).toHaveLength(1);
  });
});

test.describe('served the way a CDN must serve it', () => {
  test('scripts and styles arrive compressed; hashed files are immutable, entry points and config revalidate', async ({ page }) => {
    const responses: Response[] = [];
    page.on('response', (response) => void responses.push(response));
    await page.goto('/', { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { name: 'Now Showing' })).toBeVisible();

    const frontendOrigins = [urls.shell, urls.customer];
    const assets = responses.filter((r) => frontendOrigins.includes(new URL(r.url()).origin) && ['script', 'stylesheet'].includes(r.request().resourceType()));
    expect(assets.length).toBeGreaterThan(3);
    for (const response of assets) {
      // Files under 1 KiB are left plain (shared-ui/build/precompress.mjs): compressing them saves less than it costs.
      if ((await response.body()).length >= 1024) expect.soft(response.headers()['content-encoding'], response.url()).toBe('br');
      const hashed = new URL(response.url()).pathname.startsWith('/static/');
      expect.soft(response.headers()['cache-control'], response.url()).toBe(hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    }
    // The page's preloads also come as a Link header, so the browser starts them before it parses the page.
    const pageResponse = await page.request.get('/movies/1', { headers: { 'accept-encoding': 'br' } });
    expect(pageResponse.headers()['content-encoding']).toBe('br');
    const html = await pageResponse.text();
    const preloads = [...html.matchAll(/<link rel="preload" as="script" href="([^"]+)">/g)].map((match) => `<${match[1]}>; rel=preload; as=script`);
    expect(preloads.length).toBeGreaterThanOrEqual(3);
    expect(pageResponse.headers()['link']).toBe(preloads.join(', '));
    for (const url of [`${urls.shell}/`, `${urls.shell}/remotes.json`, `${urls.shell}/app-config.json`, `${urls.customer}/mf-manifest.json`, `${urls.customer}/remoteEntry.js`]) {
      const response = await page.request.get(url);
      expect.soft(response.headers()['cache-control'], url).toBe('no-cache');
    }
  });

  test('a client that takes only gzip gets gzip, and one that takes neither gets the plain file', async ({ request }) => {
    const gzip = await request.get(`${urls.customer}/remoteEntry.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers()['content-encoding']).toBe('gzip');
    expect(gzip.headers()['vary']).toMatch(/accept-encoding/i);
    const plain = await request.get(`${urls.customer}/remoteEntry.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers()['content-encoding']).toBeUndefined();
    expect(await plain.text()).toContain('customer');
  });
});

test.describe('a signed-in moviegoer', () => {
  test('who reloads stays signed in, and never sees the Login button meanwhile', async ({ page }) => {
    await page.goto('/');
    await signIn(page, 'user@example.com');
    // Records, from the first byte of every document, whether a Login button was ever on screen.
    await page.addInitScript(() => {
      const w = window as unknown as { __loginSeen: boolean };
      w.__loginSeen = false;
      new MutationObserver(() => {
        if (Array.from(document.querySelectorAll('button')).some((button) => button.textContent?.trim() === 'Login')) w.__loginSeen = true;
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.reload();
    await expect(page.locator('.shell-user__button')).toContainText('Maya Moviegoer');
    await expect(page.getByRole('heading', { name: 'Now Showing' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __loginSeen: boolean }).__loginSeen)).toBe(false);
  });
});
