import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { checkRemote } from '../../scripts/check-remote.mjs';
import { root, serveFrontend } from '../../scripts/stack.mjs';
import { buildFixture, type FixtureBuild } from '../support/fixture-builds';
import { config, deployShell, folderOf, liveShellRelease, origin, restoreShell, watchForBreakage } from '../support/shell-swap';
import { signInFromPrompt } from '../support/sign-in';
import { DEFAULT_REMOTES, FIXTURE_PORTS, setRemotes } from '../support/test-stack';

/**
 * The support window signed in, on every page (issue 40): the newest shell with the staff remotes of the
 * newest release 0 build (606321c), which call their requests on the shell's shared API client (useApi), and
 * release 0's shell with the newest remotes, which bring their own. Each role signs in and uses each page its
 * remote has; no page may show a failure, a raw JavaScript error or the shell's fallback. A pair that cannot
 * work is refused by the deploy check, naming the missing member, and shows the fallback at run time.
 */

/** The newest build of release 0. */
const RELEASE_0 = '606321c';
/** The last commit whose shell shared an API client without the staff calls release 0's remotes make. */
const SHELL_WITHOUT_STAFF_CALLS = '166065b';

const builds: Record<'release0Shell' | 'release0Admin' | 'release0Debug' | 'shellWithoutStaffCalls', FixtureBuild> = {} as never;
const servers: { close(): Promise<unknown> }[] = [];
const extraFolders: string[] = [];

const release0Admin = `${origin(FIXTURE_PORTS.release0Admin)}/mf-manifest.json`;
const release0Debug = `${origin(FIXTURE_PORTS.release0Debug)}/mf-manifest.json`;

/** What a page must never show: a failure of its reads, a raw error, or the shell's fallback. */
async function expectNoFailureShown(page: Page, seen: { errors: string[] }): Promise<void> {
  await page.waitForLoadState('networkidle');
  const text = await page.locator('body').innerText();
  for (const failure of ['Could not', 'Failed to', 'is not a function', 'temporarily unavailable', 'does not fit', 'Not authorized']) {
    expect(text, `${page.url()} shows "${failure}"; errors: ${seen.errors.join(' | ')}`).not.toContain(failure);
  }
}

/** Opens `path` and waits for `heading`, then checks that nothing failed. */
async function visit(page: Page, seen: { errors: string[] }, pagePath: string, heading: string): Promise<void> {
  await page.goto(pagePath);
  await expect(page.getByRole('heading', { name: heading, exact: true }).first()).toBeVisible({ timeout: 20_000 });
  await expectNoFailureShown(page, seen);
}

// Each test swaps the shell or the remotes: more than a page's minute on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(15 * 60_000);
  // One build at a time: the machine is shared.
  builds.release0Admin = await buildFixture({ app: 'admin-mfe', commit: RELEASE_0 });
  builds.release0Debug = await buildFixture({ app: 'debug-mfe', commit: RELEASE_0 });
  builds.release0Shell = await buildFixture({ app: 'shell', commit: RELEASE_0 });
  builds.shellWithoutStaffCalls = await buildFixture({ app: 'shell', commit: SHELL_WITHOUT_STAFF_CALLS });
  servers.push(await serveFrontend({ name: 'release0Admin', root: builds.release0Admin.dist, port: FIXTURE_PORTS.release0Admin, config, remotes: {} }));
  servers.push(await serveFrontend({ name: 'release0Debug', root: builds.release0Debug.dist, port: FIXTURE_PORTS.release0Debug, config, remotes: {} }));
});

test.afterEach(async ({ page }) => {
  await page.close();
  await restoreShell();
  await setRemotes(DEFAULT_REMOTES);
});

test.afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  for (const build of Object.values(builds)) rmSync(build.work, { recursive: true, force: true });
  for (const folder of extraFolders) rmSync(folder, { recursive: true, force: true });
});

test("the newest shell runs release 0's admin remote signed in, on each of its pages", async ({ page }) => {
  expect(await checkRemote(folderOf(release0Admin), path.join(root, 'shell/dist'))).toEqual([]);
  await setRemotes({ ...DEFAULT_REMOTES, admin: release0Admin });
  const seen = watchForBreakage(page);
  await page.goto('/admin');
  await signInFromPrompt(page, 'admin@example.com');
  await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Active Shows' })).toBeVisible();
  await expectNoFailureShown(page, seen);
  await visit(page, seen, '/admin/add-shows', 'Now Playing Movies');
  await visit(page, seen, '/admin/list-shows', 'List Shows');
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  await visit(page, seen, '/admin/list-bookings', 'List Bookings');
  expect(seen.errors).toEqual([]);
});

test("the newest shell runs release 0's support remote signed in, its one page with every panel", async ({ page }) => {
  expect(await checkRemote(folderOf(release0Debug), path.join(root, 'shell/dist'))).toEqual([]);
  await setRemotes({ ...DEFAULT_REMOTES, debug: release0Debug });
  const seen = watchForBreakage(page);
  await page.goto('/debug');
  await signInFromPrompt(page, 'support@example.com');
  await expect(page.getByRole('heading', { name: 'Payment support' })).toBeVisible({ timeout: 20_000 });
  for (const panel of ['Unpaid bookings', 'All bookings', 'Refunds', 'Outbox']) await expect(page.getByRole('heading', { name: panel, exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'All bookings' })).toBeVisible();
  await expectNoFailureShown(page, seen);
  expect(seen.errors).toEqual([]);
});

test("release 0's shell runs the newest staff remotes signed in, on each of their pages", async ({ page }) => {
  await deployShell(builds.release0Shell.dist);
  expect(await liveShellRelease()).toBe(0);
  for (const remote of [DEFAULT_REMOTES.admin, DEFAULT_REMOTES.debug]) expect(await checkRemote(folderOf(remote), builds.release0Shell.dist)).toEqual([]);
  const seen = watchForBreakage(page);
  await page.goto('/admin');
  await signInFromPrompt(page, 'admin@example.com');
  for (const [pagePath, title] of [['/admin', 'Admin dashboard'], ['/admin/add-shows', 'Add shows'], ['/admin/list-shows', 'List shows'], ['/admin/list-bookings', 'List bookings'], ['/admin/on-sale', 'On sale']] as const) {
    await page.goto(pagePath);
    await expect(page).toHaveTitle(new RegExp(title));
    await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible({ timeout: 20_000 });
    await expectNoFailureShown(page, seen);
  }
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto('/debug');
  await signInFromPrompt(page, 'support@example.com');
  for (const [pagePath, title] of [['/debug', 'Support desk'], ['/debug/refunds', 'Refunds'], ['/debug/outbox', 'Outbox'], ['/debug/releases', 'Live releases'], ['/debug/waiting-room', 'Waiting room'], ['/debug/integrity', 'Integrity']] as const) {
    await page.goto(pagePath);
    await expect(page).toHaveTitle(new RegExp(title));
    await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible({ timeout: 20_000 });
    await expectNoFailureShown(page, seen);
  }
  expect(seen.errors).toEqual([]);
});

test("a shell whose API client lacks release 0's staff calls is refused by the deploy check, naming each missing member", async () => {
  const refused = await checkRemote(folderOf(release0Admin), builds.shellWithoutStaffCalls.dist);
  expect(refused.filter(({ kind }) => kind === 'shared-ui-member').map(({ message }) => message)).toContain("shared-ui: useApi()'s answer has no isAdmin in the shell's shared-ui");
  expect(await checkRemote(folderOf(release0Debug), builds.shellWithoutStaffCalls.dist)).toEqual(
    expect.arrayContaining([expect.objectContaining({ kind: 'shared-ui-member', message: "shared-ui: useApi()'s answer has no unpaidBookings in the shell's shared-ui" })]),
  );
});

test("forced past the deploy check, a remote needing a member the shell's client lacks shows the fallback naming it, never a raw error", async ({ page }) => {
  // The newest admin build, its manifest saying it calls a member no shell provides.
  const folder = mkdtempSync(path.join(tmpdir(), 'admin-needs-member-'));
  extraFolders.push(folder);
  cpSync(path.join(root, 'admin-mfe/dist'), folder, { recursive: true });
  const manifestFile = path.join(folder, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  manifest.metaData.contract.sharedUiMembers = { imports: { useApi: ['aCallNoShellHas'] } };
  writeFileSync(manifestFile, JSON.stringify(manifest));
  rmSync(`${manifestFile}.gz`, { force: true });
  rmSync(`${manifestFile}.br`, { force: true });
  servers.push(await serveFrontend({ name: 'adminNeedsMember', root: folder, port: FIXTURE_PORTS.adminOlderSharedUi, config, remotes: {} }));
  const remote = `${origin(FIXTURE_PORTS.adminOlderSharedUi)}/mf-manifest.json`;
  expect((await checkRemote(folderOf(remote), path.join(root, 'shell/dist'))).map(({ kind }) => kind)).toEqual(['shared-ui-member']);

  await setRemotes({ ...DEFAULT_REMOTES, admin: remote });
  const messages: string[] = [];
  page.on('console', (message) => messages.push(message.text()));
  const seen = watchForBreakage(page);
  await page.goto('/admin');
  await expect(page.getByText('does not fit this version of the site yet')).toBeVisible({ timeout: 20_000 });
  expect(messages.join('\n')).toContain("useApi()'s answer has no aCallNoShellHas");
  expect(seen.errors.filter((error) => !error.startsWith('[shell]'))).toEqual([]);
});
