import { rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { checkRemote } from '../../scripts/check-remote.mjs';
import { root, serveFrontend } from '../../scripts/stack.mjs';
import { buildFixture, editFile, type FixtureBuild } from '../support/fixture-builds';
import { config, deployShell, folderOf, liveShellRelease, origin, restoreShell, watchForBreakage } from '../support/shell-swap';
import { signInFromPrompt } from '../support/sign-in';
import { DEFAULT_REMOTES, FIXTURE_PORTS, setRemotes, TEST_PORTS, type RemotesConfig } from '../support/test-stack';

/**
 * The support window (docs/platform/compatibility.md): a build runs with the
 * builds of its own contract release and the one before. Release 0 is the
 * builds from before the contract (3e312cf to 606321c); this checkout is
 * release 1. Older builds are built from their commits, apart from the
 * checkout's own; shells are swapped on the stack's shell port, as a rollback
 * of the shell's deployment does (the service accepts that origin).
 */

/** The oldest build of release 0. */
const RELEASE_0 = '3e312cf';
/** A shell from before release 0: it neither provides the federation runtime nor publishes a contract. */
const BEFORE_RELEASE_0 = 'f1cbe12';

const builds: Record<'release0Shell' | 'release0Customer' | 'release0Admin' | 'release0Debug' | 'olderShell' | 'shellWithoutRuntime', FixtureBuild> = {} as never;
const servers: { close(): Promise<unknown> }[] = [];

const RELEASE_0_REMOTES: RemotesConfig = {
  customer: `${origin(FIXTURE_PORTS.release0Customer)}/mf-manifest.json`,
  admin: `${origin(FIXTURE_PORTS.release0Admin)}/mf-manifest.json`,
  debug: `${origin(FIXTURE_PORTS.release0Debug)}/mf-manifest.json`,
};

/** The three remotes render their first page in the shell: customer, admin (its sign-in prompt) and debug. */
async function expectEveryRemoteRenders(page: Page): Promise<void> {
  await page.goto('/movies');
  await expect(page.getByRole('heading', { name: 'Now Showing in Theaters' })).toBeVisible();
  // The customer remote's links (release 0's has none to give: the shell places its copy of them).
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Releases' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Payment help' })).toBeVisible();
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Theatre staff sign-in' })).toBeVisible();
  await page.goto('/debug');
  await expect(page.getByRole('heading', { name: 'Support desk' })).toBeVisible();
}

// Each test swaps the stack's shell and back (a server closed, another started): more than a page's minute on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(15 * 60_000);
  // One build at a time: the machine is shared.
  builds.release0Shell = await buildFixture({ app: 'shell', commit: RELEASE_0 });
  builds.release0Customer = await buildFixture({ app: 'customer-mfe', commit: RELEASE_0 });
  builds.release0Admin = await buildFixture({ app: 'admin-mfe', commit: RELEASE_0 });
  builds.release0Debug = await buildFixture({ app: 'debug-mfe', commit: RELEASE_0 });
  builds.olderShell = await buildFixture({ app: 'shell', commit: BEFORE_RELEASE_0 });
  // This checkout's shell, built to keep its federation runtime to itself: a page that provides none.
  builds.shellWithoutRuntime = await buildFixture({
    app: 'shell',
    edit: (dir) =>
      editFile(
        path.join(dir, 'rspack.config.mjs'),
        "        ...federationOptions({ development, runtime: 'provide' }),",
        "        ...federationOptions({ development, runtime: 'provide' }),\n        experiments: { optimization: { target: 'web', disableSnapshot: true } },",
      ),
  });
  for (const [name, port] of [['release0Customer', FIXTURE_PORTS.release0Customer], ['release0Admin', FIXTURE_PORTS.release0Admin], ['release0Debug', FIXTURE_PORTS.release0Debug]] as const) {
    servers.push(await serveFrontend({ name, root: builds[name].dist, port, config, remotes: {} }));
  }
});

test.afterEach(async ({ page }) => {
  // The page first: its open connections to the swapped shell's server would hold that server's close.
  await page.close();
  await restoreShell();
  await setRemotes(DEFAULT_REMOTES);
});

test.afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  for (const build of Object.values(builds)) rmSync(build.work, { recursive: true, force: true });
});

test("the newest shell runs the oldest supported remotes (release 0), and provides them the runtime they need", async ({ page }) => {
  for (const remote of Object.values(RELEASE_0_REMOTES)) expect(await checkRemote(folderOf(remote), path.join(root, 'shell/dist'))).toEqual([]);
  await setRemotes(RELEASE_0_REMOTES);
  expect(await liveShellRelease()).toBe(1);
  const seen = watchForBreakage(page);
  await expectEveryRemoteRenders(page);
  expect(seen.errors).toEqual([]);
  expect(seen.runtimeRequests).toEqual([]);
});

test('the oldest supported shell (release 0) runs the newest remotes, which use the runtime it provides', async ({ page }) => {
  await deployShell(builds.release0Shell.dist);
  expect(await liveShellRelease()).toBe(0);
  const seen = watchForBreakage(page);
  await expectEveryRemoteRenders(page);
  // Signed in, the newest admin remote's calls work under it: the staff remotes bring their own request code
  // and take only the config and sign-in state every shell provides (shared-ui/src/staff/use-staff-api.ts).
  await page.goto('/admin/list-shows');
  await signInFromPrompt(page, 'admin@example.com');
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible({ timeout: 20_000 });
  expect(seen.errors).toEqual([]);
  // The page provides the runtime: no remote loads its own (today's bytes).
  expect(seen.runtimeRequests).toEqual([]);
});

test('a shell rolled back to the previous release while the newest remotes stay live keeps the site working; a rollback outside the window is refused by the deploy check', async ({ page }) => {
  const seen = watchForBreakage(page);
  await page.goto('/movies');
  await expect(page.getByRole('heading', { name: 'Now Showing in Theaters' })).toBeVisible();

  // The deploy check first, for each live remote, then the rollback.
  for (const remote of Object.values(DEFAULT_REMOTES)) expect(await checkRemote(folderOf(remote), builds.release0Shell.dist)).toEqual([]);
  await deployShell(builds.release0Shell.dist);
  expect(await liveShellRelease()).toBe(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Now Showing in Theaters' })).toBeVisible();
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Theatre staff sign-in' })).toBeVisible();
  expect(seen.errors).toEqual([]);

  // A shell from before release 0 publishes no contract and lacks shared-ui exports the remotes import.
  const refused = await checkRemote(folderOf(DEFAULT_REMOTES.customer), builds.olderShell.dist);
  expect(refused.map(({ kind }) => kind)).toEqual(['contract-absent']);
});

test('under a shell that provides no federation runtime, each remote loads its own and renders', async ({ page }) => {
  await deployShell(builds.shellWithoutRuntime.dist);
  const seen = watchForBreakage(page);
  await expectEveryRemoteRenders(page);
  expect(seen.errors).toEqual([]);
  expect(seen.runtimeRequests).toEqual(expect.arrayContaining([`${origin(TEST_PORTS.customer)}/federation-runtime.js`, `${origin(TEST_PORTS.admin)}/federation-runtime.js`]));
  expect(seen.errors.join('\n')).not.toContain('setGlobalFederationConstructor');
});

test("forced past the deploy check, a shell from before the window shows its fallback, not a blank page or the runtime's crash", async ({ page }) => {
  await deployShell(builds.olderShell.dist);
  expect(await liveShellRelease()).toBeNull();
  const messages: string[] = [];
  page.on('console', (message) => messages.push(message.text()));
  await page.goto('/movies');
  await expect(page.getByText('This part of the site is temporarily unavailable')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  expect(messages.join('\n')).not.toContain('setGlobalFederationConstructor');
});
