import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { serveStatic } from '../../scripts/static-server.mjs';
import { buildFixture, editFile, type FixtureBuild } from '../support/fixture-builds';
import { signInFromPrompt } from '../support/sign-in';
import { DEFAULT_REMOTES, FIXTURE_PORTS, setRemotes, urls } from '../support/test-stack';

/**
 * Independent deploys: the shell build under test stays the same while remotes
 * built from other sources come and go through /remotes.json alone.
 */

const origin = (port: number) => `http://localhost:${port}`;
const NEW_404_TEXT = 'Release 2 of the customer pages could not find this one.';
/** The new page's chunk and first read, as the release's first-page table names them: the shell knows neither. */
const COMING_SOON_CHUNK = 'page-coming-soon';
const COMING_SOON_READ = '/api/config';

let customerNext: FixtureBuild;
let adminOlderSharedUi: FixtureBuild;
const servers: { close(): Promise<unknown> }[] = [];

/**
 * The customer remote's next release: a new page (listed in its first-page
 * table, so the shell's early script starts its read and preloads its chunk),
 * a changed page, and a page that throws while rendering.
 */
function nextCustomerRelease(appDir: string): void {
  const pages = path.join(appDir, 'src/pages');
  editFile(
    path.join(pages, 'not-found-page.tsx'),
    'The page you are looking for does not exist or has moved.',
    NEW_404_TEXT,
  );
  writeFileSync(
    path.join(pages, 'coming-soon-page.tsx'),
    `export function ComingSoonPage() {
  return (
    <div className="ui-page">
      <h1 className="ui-page__title">Coming soon</h1>
      <p>A page added by a customer-only release.</p>
    </div>
  );
}
`,
  );
  writeFileSync(
    path.join(pages, 'throwing-page.tsx'),
    `export function ThrowingPage(): never {
  throw new Error('a page of the customer remote that throws while rendering');
}
`,
  );
  editFile(
    path.join(appDir, 'src/exposes/routes.tsx'),
    "  { path: '*',",
    `  { path: '/coming-soon', title: 'Coming soon', Page: lazy(() => import(/* webpackChunkName: "${COMING_SOON_CHUNK}" */ '../pages/coming-soon-page').then((m) => ({ default: m.ComingSoonPage }))) },
  { path: '/throws', title: 'Throws', Page: lazy(() => import('../pages/throwing-page').then((m) => ({ default: m.ThrowingPage }))) },
  { path: '*',`,
  );
  editFile(
    path.join(appDir, 'src/exposes/first-pages.json'),
    '[\n',
    `[\n  { "path": "/coming-soon", "reads": ["${COMING_SOON_READ}"], "pageChunk": "${COMING_SOON_CHUNK}" },\n`,
  );
}

async function serve(root: string, port: number, overrides: Record<string, string> = {}): Promise<void> {
  servers.push(await serveStatic({ root, port, overrides, spa: false }));
}

async function navigate(page: Page, to: string): Promise<void> {
  await page.evaluate((path) => {
    window.history.pushState({}, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(15 * 60_000);
  // Built as the teams would: the customer build checks its shared imports against the deployed (test) shell.
  customerNext = await buildFixture({ app: 'customer-mfe', edit: nextCustomerRelease, env: { DEPLOYED_SHELL_URL: urls.shell } });
  adminOlderSharedUi = await buildFixture({ app: 'admin-mfe', sharedUiVersion: '0.0.9' });
  await serve(customerNext.dist, FIXTURE_PORTS.customerNext);
  await serve(adminOlderSharedUi.dist, FIXTURE_PORTS.adminOlderSharedUi);
});

test.afterEach(async () => {
  await setRemotes(DEFAULT_REMOTES);
});

test.afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  for (const build of [customerNext, adminOlderSharedUi]) if (build) rmSync(build.work, { recursive: true, force: true });
});

test('a customer release with a new page and a changed page ships by editing remotes.json alone, and rolls back the same way', async ({ page }) => {
  await page.goto('/coming-soon');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('The page you are looking for does not exist or has moved.')).toBeVisible();

  await setRemotes({ ...DEFAULT_REMOTES, customer: `${origin(FIXTURE_PORTS.customerNext)}/mf-manifest.json` });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Coming soon' })).toBeVisible();
  await expect(page).toHaveTitle('Coming soon · Marquee');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  // The existing pages still work, and the changed page shows its new text.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Movies' }).click();
  await expect(page.getByRole('heading', { name: 'Now Showing in Theaters' })).toBeVisible();
  await page.goto('/no-such-page');
  await expect(page.getByText(NEW_404_TEXT)).toBeVisible();

  // Rolling back is the same edit.
  await setRemotes(DEFAULT_REMOTES);
  await page.goto('/coming-soon');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('The page you are looking for does not exist or has moved.')).toBeVisible();
});

test("the shell's early script follows the first-page table the live customer release publishes", async ({ page }) => {
  const next = `${origin(FIXTURE_PORTS.customerNext)}/mf-manifest.json`;
  const events: string[] = [];
  page.on('request', (request) => void events.push(request.url()));
  // The checkout's customer build lists no /coming-soon page: nothing for it starts early.
  await page.goto('/coming-soon', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  expect(events.filter((url) => url === `${urls.service}${COMING_SOON_READ}`)).toEqual([]);

  // The next release's table, written into its manifest by its build, is inlined into the shell's page under its manifest URL.
  await setRemotes({ ...DEFAULT_REMOTES, customer: next });
  events.length = 0;
  await page.goto('/coming-soon', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { name: 'Coming soon' })).toBeVisible();
  const inlined = JSON.parse((await page.locator('script[data-runtime-config="/first-pages.json"]').textContent()) ?? '{}') as Record<string, { path: string }[]>;
  expect(inlined[next]?.map(({ path }) => path)).toContain('/coming-soon');
  // Its read starts before the remote's entry is asked for, and its chunk is preloaded with the entry, once.
  const read = events.indexOf(`${urls.service}${COMING_SOON_READ}`);
  expect(read).toBeGreaterThanOrEqual(0);
  expect(read).toBeLessThan(events.indexOf(`${origin(FIXTURE_PORTS.customerNext)}/remoteEntry.js`));
  const chunk = events.filter((url) => new RegExp(`/static/${COMING_SOON_CHUNK}\\.[0-9a-f]+\\.js$`).test(url));
  expect(chunk).toHaveLength(1);
  await expect(page.locator(`link[rel="preload"][as="script"][href="${chunk[0]}"]`)).toHaveCount(1);
});

test('a page that throws while rendering shows the fallback with Retry, and the rest of the site keeps working', async ({ page }) => {
  await setRemotes({ ...DEFAULT_REMOTES, customer: `${origin(FIXTURE_PORTS.customerNext)}/mf-manifest.json` });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/throws');
  await expect(page.getByText('This part of the site is temporarily unavailable')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.locator('footer')).toBeVisible();
  // The same remote's other pages, and the other remotes, still work without a reload.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Movies' }).click();
  await expect(page.getByRole('heading', { name: 'Now Showing in Theaters' })).toBeVisible();
  await navigate(page, '/debug');
  await expect(page.getByRole('heading', { name: 'Support desk' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('an admin remote built against an older shared-ui version still works in the current shell', async ({ page }) => {
  // The build asks for the older shared-ui; the page gets the shell's one shared-ui.
  const manifest = (await (await fetch(`${origin(FIXTURE_PORTS.adminOlderSharedUi)}/mf-manifest.json`)).json()) as { shared: { name: string; requiredVersion: string }[] };
  expect(manifest.shared.find((shared) => shared.name === 'shared-ui')?.requiredVersion).toBe('^0.0.9');
  await setRemotes({ ...DEFAULT_REMOTES, admin: `${origin(FIXTURE_PORTS.adminOlderSharedUi)}/mf-manifest.json` });
  const manifests: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/mf-manifest.json')) manifests.push(request.url());
  });
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Theatre staff sign-in' })).toBeVisible();
  expect(manifests).toContain(`${origin(FIXTURE_PORTS.adminOlderSharedUi)}/mf-manifest.json`);
  await signInFromPrompt(page, 'admin@example.com');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Total Bookings')).toBeVisible();
});

test('a customer build that needs a shared export this shell lacks shows a clear fallback, not a broken page; rolling back restores it', async ({ page }) => {
  // The same build, published as though one of its pages imported useMatch from
  // react-router-dom: what its manifest's contract says when built against a newer shell.
  type Manifest = { metaData: { contract: { treeShakenExports: { imports: Record<string, string[]> } } } };
  const manifest = (await (await fetch(`${origin(FIXTURE_PORTS.customerNext)}/mf-manifest.json`)).json()) as Manifest;
  const needs = manifest.metaData.contract.treeShakenExports.imports;
  expect(needs['react-router-dom']).toContain('Link');
  const newer = structuredClone(manifest);
  newer.metaData.contract.treeShakenExports.imports['react-router-dom']!.push('useMatch');
  await serve(customerNext.dist, FIXTURE_PORTS.customerForNewerShell, { '/mf-manifest.json': JSON.stringify(newer) });
  await setRemotes({ ...DEFAULT_REMOTES, customer: `${origin(FIXTURE_PORTS.customerForNewerShell)}/mf-manifest.json` });

  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await page.goto('/movies');
  await expect(page.getByText('This part of the site is temporarily unavailable')).toBeVisible();
  await expect(page.getByText('does not fit this version of the site yet')).toBeVisible();
  // The shell's navbar stays, without links: they are the remote's (issue 40).
  await expect(page.getByRole('banner').getByRole('link', { name: 'Marquee home' })).toBeVisible();
  expect(consoleErrors.join('\n')).toContain('react-router-dom: useMatch');

  await setRemotes(DEFAULT_REMOTES);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Now Showing in Theaters' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Movies' })).toBeVisible();
});
