import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { root, runtimeConfig } from '../../scripts/stack.mjs';
import { serveStatic } from '../../scripts/static-server.mjs';
import { buildFixture, editFile, type FixtureBuild } from '../support/fixture-builds';
import { signInFromPrompt } from '../support/sign-in';
import { control, TEST_PORTS, urls } from '../support/test-stack';

/**
 * The deploy command end to end (docs/platform/deploy.md), on
 * builds made apart from the checkout's own, into a site folder that the
 * stack's shell port serves the way `node scripts/static-server.mjs <site>`
 * does: nothing but the files the command writes.
 *
 * The previous shell release is this shell built with one export fewer in its
 * tree-shaken React Query (useQueries, which only the customer remote imports),
 * so the customer remote is too new for it, and rolling the shell back to it
 * would break a live customer remote.
 */

const OLD_404_TEXT = 'The page you are looking for does not exist or has moved.';
const NEW_404_TEXT = 'Release 2 of the customer pages could not find this one.';

const builds: Record<'previousShell' | 'shell' | 'customer' | 'customerNext' | 'customerBroken', FixtureBuild> = {} as never;
/** The live site the commands change (made in beforeAll: the runner also loads this file to list its tests). */
let site: string;
let siteServer: { close(): Promise<unknown> } | null = null;
/** The browsers (contexts) a test opened besides its own page: closed after it, so no connection keeps the site's server open. */
const browsers: BrowserContext[] = [];

async function newBrowser(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: urls.shell });
  browsers.push(context);
  return context.newPage();
}

interface DeployRun {
  status: number;
  stdout: string;
  stderr: string;
}

/** `npm run deploy -- …args` on the test's site, as the release bot unless `by` is given. */
function runDeploy(args: string[], by: string | null = 'release-bot'): Promise<DeployRun> {
  const options = ['--site', site, ...(by ? ['--by', by] : [])];
  return promisify(execFile)(process.execPath, [path.join(root, 'scripts/deploy.mjs'), ...args, ...options]).then(
    ({ stdout, stderr }) => ({ status: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ status: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

async function expectDeployed(args: string[], by?: string | null): Promise<DeployRun> {
  const run = await runDeploy(args, by);
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  return run;
}

const readSiteJson = (name: string) => JSON.parse(readFileSync(path.join(site, name), 'utf8')) as Record<string, unknown>;

/** The run-time file (/remotes.json, /first-pages.json) the shell's page carries inline. */
function inlineConfig(url: string): unknown {
  const html = readFileSync(path.join(site, 'index.html'), 'utf8');
  const inline = new RegExp(`<script type="application/json" data-runtime-config="${url}">([^<]*)</script>`).exec(html);
  return inline ? JSON.parse(inline[1]!) : null;
}

const inlineRemotes = () => inlineConfig('/remotes.json');

/** A browser whose kept canary place (shell/src/federation/canary.ts) is `bucket`: inside a share above it, outside one at or below it. */
async function browserAt(browser: Browser, bucket: number): Promise<Page> {
  const page = await newBrowser(browser);
  await page.addInitScript((kept) => {
    if (localStorage.getItem('remote-canary-bucket') === null) localStorage.setItem('remote-canary-bucket', String(kept));
  }, bucket);
  return page;
}

interface RemoteCounts {
  remote: string;
  version: string;
  loads: number;
  failures: number;
}

/** What the shells reported for the customer remote's release `version` (GET /api/remote-events). */
async function countsOf(version: string): Promise<RemoteCounts | undefined> {
  const { versions } = (await (await fetch(`${urls.service}/api/remote-events`)).json()) as { versions: RemoteCounts[] };
  return versions.find((entry) => entry.remote === 'customer' && entry.version === version);
}

/** The counts of `version` once the beacons in flight have arrived (two reads a second apart agree). */
async function settledCounts(version: string): Promise<RemoteCounts> {
  let previous = JSON.stringify(await countsOf(version));
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = JSON.stringify(await countsOf(version));
    if (now === previous && now !== undefined) return JSON.parse(now) as RemoteCounts;
    previous = now;
  }
}

/** The customer remote's pages, as a visitor sees them. */
async function expectCustomerPages(page: Page, notFoundText: string): Promise<void> {
  await page.goto('/movies');
  await expect(page.getByRole('heading', { name: 'Now Showing in Theaters' })).toBeVisible();
  await page.goto('/no-such-page');
  await expect(page.getByText(notFoundText)).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(15 * 60_000);
  // One build at a time: the machine is shared.
  builds.previousShell = await buildFixture({
    app: 'shell',
    // Its own copy of shared-ui, whose federation.mjs holds the tree-shaken lists the shell builds with.
    sharedUiVersion: '0.1.0',
    edit: (dir) => editFile(path.join(dir, '../shared-ui/federation.mjs'), "'useMutation', 'useQueries', 'useQuery'", "'useMutation', 'useQuery'"),
  });
  builds.shell = await buildFixture({ app: 'shell' });
  builds.customer = await buildFixture({ app: 'customer-mfe' });
  builds.customerNext = await buildFixture({
    app: 'customer-mfe',
    edit: (dir) => editFile(path.join(dir, 'src/pages/not-found-page.tsx'), OLD_404_TEXT, NEW_404_TEXT),
  });
  // A release that throws on every page: a canary that must roll itself back.
  builds.customerBroken = await buildFixture({
    app: 'customer-mfe',
    edit: (dir) =>
      editFile(
        path.join(dir, 'src/exposes/routes.tsx'),
        'export default function CustomerRoutes() {\n',
        "export default function CustomerRoutes() {\n  if (window.location.pathname !== '/never') throw new Error('a deliberately broken customer release');\n",
      ),
  });
  // The site's own run-time config: the test stack's service and sign-in.
  site = mkdtempSync(path.join(tmpdir(), 'deploy-site-'));
  writeFileSync(path.join(site, 'app-config.json'), JSON.stringify(runtimeConfig(TEST_PORTS).appConfig));
  await control('stop', 'shell');
  siteServer = await serveStatic({ root: site, port: TEST_PORTS.shell });
});

test.afterEach(async () => {
  await Promise.all(browsers.splice(0).map((context) => context.close()));
});

test.afterAll(async () => {
  await siteServer?.close();
  await control('start', 'shell');
  for (const build of Object.values(builds)) rmSync(build.work, { recursive: true, force: true });
  if (site) rmSync(site, { recursive: true, force: true });
});

test('a remote too new for the live shell is refused, naming the mismatch, and nothing changes', async () => {
  await expectDeployed(['shell', builds.previousShell.dist], null);
  await expectDeployed(['admin', urls.admin]);
  await expectDeployed(['debug', `${urls.debug}/mf-manifest.json`]);
  const remotesBefore = readFileSync(path.join(site, 'remotes.json'), 'utf8');

  const refused = await runDeploy(['customer', builds.customer.dist]);
  expect(refused.status).toBe(1);
  expect(refused.stderr).toContain('refused: deploy of customer');
  expect(refused.stderr).toMatch(/tree-shaken-export \[the live shell [^\]]+\]: tree-shaken @tanstack\/react-query: useQueries is not in the shell's build/);
  expect(readFileSync(path.join(site, 'remotes.json'), 'utf8')).toBe(remotesBefore);
  expect(inlineRemotes()).not.toHaveProperty('customer');
});

test('the next shell, then the customer remote, go live: remotes.json, the inline copy in the page, and what visitors see', async ({ page }) => {
  const shellRun = await expectDeployed(['shell', builds.shell.dist]);
  expect(shellRun.stdout).toMatch(/^deployed shell \S+ \(checked against admin \(http:\/\/localhost:\d+\/mf-manifest.json\), debug /);
  await expectDeployed(['customer', builds.customer.dist]);

  const remotes = readSiteJson('remotes.json');
  expect(remotes.customer).toMatch(/^\/releases\/customer\/0\.1\.0-[0-9a-f]{8}\/mf-manifest\.json$/);
  expect(remotes.admin).toBe(`${urls.admin}/mf-manifest.json`);
  expect(inlineRemotes()).toEqual(remotes);
  // With the first-page table the customer build published (its manifest in the site), under the URL remotes.json names; admin and debug publish none.
  const firstPages = inlineConfig('/first-pages.json') as Record<string, { path: string }[]>;
  expect(Object.keys(firstPages)).toEqual([remotes.customer]);
  expect(firstPages[String(remotes.customer)]!.map(({ path }) => path)).toContain('/movies/:id');

  await expectCustomerPages(page, OLD_404_TEXT);
  // The release's hashed files are served as immutable as at the root, its manifest revalidated.
  const releaseFolder = `${urls.shell}${String(remotes.customer).replace('mf-manifest.json', '')}`;
  const manifest = (await (await fetch(`${releaseFolder}mf-manifest.json`)).json()) as { exposes: { assets: { js: { sync: string[] } } }[] };
  expect((await fetch(`${releaseFolder}mf-manifest.json`)).headers.get('cache-control')).toBe('no-cache');
  expect((await fetch(`${releaseFolder}${manifest.exposes[0]!.assets.js.sync[0]}`)).headers.get('cache-control')).toContain('immutable');
  await page.goto('/debug');
  await expect(page.getByRole('heading', { name: 'Support desk' })).toBeVisible();
});

test('a customer release and its rollback are one command each, and the page follows', async ({ page }) => {
  const before = readSiteJson('remotes.json').customer;
  await expectDeployed(['customer', builds.customerNext.dist]);
  expect(readSiteJson('remotes.json').customer).not.toBe(before);
  await expectCustomerPages(page, NEW_404_TEXT);

  const rolledBack = await expectDeployed(['rollback', 'customer']);
  expect(rolledBack.stdout).toMatch(/^rolled back to customer 0\.1\.0-[0-9a-f]{8} \(checked against the live shell/);
  expect(readSiteJson('remotes.json').customer).toBe(before);
  expect(inlineRemotes()).toEqual(readSiteJson('remotes.json'));
  await expectCustomerPages(page, OLD_404_TEXT);
});

test('a shell rollback that would break the live customer remote is refused, naming the remote and the export; the site keeps working', async ({ page }) => {
  const shellManifest = readFileSync(path.join(site, 'mf-manifest.json'), 'utf8');
  const refused = await runDeploy(['rollback', 'shell']);
  expect(refused.status).toBe(1);
  expect(refused.stderr).toContain('refused: rollback of shell');
  expect(refused.stderr).toMatch(/tree-shaken-export \[customer \(\/releases\/customer\/[^)]+\)\]: tree-shaken @tanstack\/react-query: useQueries is not in the shell's build/);
  // Admin and debug fit the previous shell: only the customer is named.
  expect(refused.stderr).not.toMatch(/\[(admin|debug) /);
  expect(readFileSync(path.join(site, 'mf-manifest.json'), 'utf8')).toBe(shellManifest);
  await expectCustomerPages(page, OLD_404_TEXT);
});

test('the history records every attempt (which build, when, by whom, the check) and is not served to browsers', async () => {
  type Entry = { at: string; by: string; action: string; app: string; release: { id: string; version: string; builtAt: string }; check: { result: string; mismatches: { kind: string; name?: string }[] } };
  const history = JSON.parse(readFileSync(path.join(site, 'deploy-history.json'), 'utf8')) as Entry[];
  expect(history.map(({ action, app, check }) => `${action} ${app} ${check.result}`)).toEqual([
    'deploy shell passed',
    'deploy admin passed',
    'deploy debug passed',
    'deploy customer refused',
    'deploy shell passed',
    'deploy customer passed',
    'deploy customer passed',
    'rollback customer passed',
    'rollback shell refused',
  ]);
  expect(history[0]!.by).toBe(userInfo().username);
  expect(history.slice(1).every(({ by }) => by === 'release-bot')).toBe(true);
  for (const { at, release } of history) {
    expect(Date.now() - Date.parse(at)).toBeLessThan(15 * 60_000);
    expect(release.version).toBe('0.1.0');
    expect(Date.parse(release.builtAt)).not.toBeNaN();
  }
  // The rollback went back to the very build deployed before the next release.
  expect(history[7]!.release.id).toBe(history[5]!.release.id);
  expect(history[6]!.release.id).not.toBe(history[5]!.release.id);
  expect(history[3]!.check.mismatches).toEqual([expect.objectContaining({ kind: 'tree-shaken-export', name: 'useQueries' })]);
  expect(history[8]!.check.mismatches).toEqual([expect.objectContaining({ kind: 'tree-shaken-export', name: 'useQueries' })]);

  expect((await fetch(`${urls.shell}/deploy-history.json`)).status).toBe(404);
  expect((await fetch(`${urls.shell}/remotes.json`)).status).toBe(200);
});

test('a canary serves its share of browsers, each keeping its release; the debug remote shows it with its loads and failures; promote makes it every browser\'s', async ({ browser }) => {
  const started = await expectDeployed(['customer', builds.customerNext.dist, '--canary', '50']);
  expect(started.stdout).toMatch(/^started a canary of customer (0\.1\.0-[0-9a-f]{8}) for 50 % of browsers \(checked against the live shell/);
  const remotes = readSiteJson('remotes.json') as { customer: string; versions: { customer: string }; canary: { customer: { version: string; share: number } } };
  const canaryVersion = remotes.canary.customer.version;
  expect(remotes.canary.customer.share).toBe(0.5);
  expect(remotes.versions.customer).not.toBe(canaryVersion);
  expect(inlineRemotes()).toEqual(remotes);

  const inCanary = await browserAt(browser, 0.1);
  const outside = await browserAt(browser, 0.9);
  await expectCustomerPages(inCanary, NEW_404_TEXT);
  await inCanary.reload();
  await expect(inCanary.getByText(NEW_404_TEXT)).toBeVisible();
  await expectCustomerPages(outside, OLD_404_TEXT);

  // A browser that never had a place draws one and keeps it.
  const fresh = await newBrowser(browser);
  await fresh.goto('/no-such-page');
  const place = Number(await fresh.evaluate(() => localStorage.getItem('remote-canary-bucket')));
  const expected = place < 0.5 ? NEW_404_TEXT : OLD_404_TEXT;
  await expect(fresh.getByText(expected)).toBeVisible();
  await fresh.reload();
  await expect(fresh.getByText(expected)).toBeVisible();

  // Support and platform staff see the live release, the canary's share, and what the shells reported.
  const { loads, failures } = await settledCounts(canaryVersion);
  expect(loads).toBeGreaterThanOrEqual(3);
  await outside.goto('/debug/releases');
  await signInFromPrompt(outside, 'support@example.com');
  const releases = outside.getByRole('table', { name: 'Live releases of the remotes' });
  const canaryRow = releases.getByRole('row').filter({ hasText: canaryVersion });
  await expect(canaryRow).toContainText(`customer${canaryVersion}Canary50 %`);
  // The page shows the counts as the service had them when it read them: at least the settled ones, at most
  // today's (on a loaded machine a browser's last report can land after they looked settled).
  const [shownLoads, shownFailures] = (await canaryRow.getByRole('cell').allInnerTexts()).slice(-2).map(Number);
  const latest = await countsOf(canaryVersion);
  expect(shownLoads).toBeGreaterThanOrEqual(loads);
  expect(shownLoads).toBeLessThanOrEqual(latest!.loads);
  expect(shownFailures).toBeGreaterThanOrEqual(failures);
  expect(shownFailures).toBeLessThanOrEqual(latest!.failures);
  await expect(releases.getByRole('row').filter({ hasText: remotes.versions.customer })).toContainText('Live50 %');

  const promoted = await expectDeployed(['promote', 'customer']);
  expect(promoted.stdout).toContain(`promoted the canary customer ${canaryVersion}`);
  const after = readSiteJson('remotes.json') as { versions: { customer: string }; canary?: unknown };
  expect(after.canary).toBeUndefined();
  expect(after.versions.customer).toBe(canaryVersion);
  await expectCustomerPages(outside, NEW_404_TEXT);
});

test('a broken canary is rolled back by the watch once its failure rate reaches the threshold, and its browsers get the live release again', async ({ browser }) => {
  await expectDeployed(['customer', builds.customerBroken.dist, '--canary', '50']);
  const brokenVersion = (readSiteJson('remotes.json') as { canary: { customer: { version: string } } }).canary.customer.version;
  const watch = runDeploy(['watch', 'customer', '--threshold', '0.9', '--min-loads', '3', '--interval', '0.5', '--timeout', '120']);

  const inCanary = await browserAt(browser, 0.2);
  for (let visit = 0; visit < 3; visit++) {
    await inCanary.goto('/movies');
    await expect(inCanary.getByText('This part of the site is temporarily unavailable')).toBeVisible();
    await expect(inCanary.getByRole('navigation', { name: 'Main' })).toBeVisible();
  }

  const watched = await watch;
  expect(watched.status).toBe(1);
  expect(watched.stdout).toMatch(new RegExp(`rolled back the canary customer ${brokenVersion.replace(/\./g, '\\.')}: failure rate 1\\.00 \\(3 of 3 loads\\) reached the threshold 0\\.9`));
  expect(readSiteJson('remotes.json')).not.toHaveProperty('canary');
  expect(inlineRemotes()).not.toHaveProperty('canary');
  await inCanary.goto('/movies');
  await expect(inCanary.getByRole('heading', { name: 'Now Showing in Theaters' })).toBeVisible();

  type Entry = { action: string; by: string; release: { id: string }; reason: string; counts: RemoteCounts };
  const last = (JSON.parse(readFileSync(path.join(site, 'deploy-history.json'), 'utf8')) as Entry[]).at(-1)!;
  expect(last).toMatchObject({ action: 'canary-rollback', by: 'release-bot', release: { id: brokenVersion }, counts: { loads: 3, failures: 3 } });
});
