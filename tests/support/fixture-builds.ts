/**
 * Builds of a frontend made apart from the checkout's own, as another team's
 * release would be: the app's folder copied to a temporary folder (from the
 * checkout, or from an older commit: an older release), edited, and built
 * there with its real configuration, so a test can point a shell at it through
 * /remotes.json, or serve an older shell.
 */
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root } from '../../scripts/stack.mjs';

export interface FixtureBuild {
  /** The built folder (dist/) to serve. */
  dist: string;
  /** The whole temporary folder. */
  work: string;
}

/** Replaces `from` with `to` in a file of the copy, failing loudly when the source has moved on. */
export function editFile(file: string, from: string, to: string): void {
  const text = readFileSync(file, 'utf8');
  if (!text.includes(from)) throw new Error(`fixture edit: ${file} no longer contains ${JSON.stringify(from)}`);
  writeFileSync(file, text.replace(from, to));
}

function copySource(from: string, to: string): void {
  cpSync(from, to, { recursive: true, filter: (file) => !/[\\/](node_modules|dist)$/.test(file) });
}

/** Links the installed packages of `from` into `to`, with `replace` naming packages to take from elsewhere. */
function linkPackages(from: string, to: string, replace: Record<string, string> = {}): void {
  mkdirSync(to);
  for (const entry of readdirSync(from)) symlinkSync(replace[entry] ?? path.join(from, entry), path.join(to, entry));
}

/** Writes the files of `paths` at `commit` of this repository into `to` (as `git archive` gives them: no node_modules, no builds). */
function extractCommit(commit: string, paths: string[], to: string): void {
  const archive = execFileSync('git', ['-C', root, 'archive', '--format=tar', commit, ...paths], { maxBuffer: 256 * 1024 * 1024 });
  execFileSync('tar', ['-x', '-C', to], { input: archive });
}

function rspackBuild(appDir: string, env: Record<string, string>): Promise<void> {
  const cli = path.join(root, 'customer-mfe/node_modules/@rspack/cli/bin/rspack.js');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, 'build', '--mode', 'production'], { cwd: appDir, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`fixture build of ${appDir} failed (${code}):\n${output}`))));
  });
}

type FrontendFolder = 'shell' | 'customer-mfe' | 'admin-mfe' | 'debug-mfe';

/**
 * Copies `app` (e.g. customer-mfe) from the checkout, or with `commit` from
 * that commit (its shared-ui and booking-service contract too: an older
 * release, built with the checkout's installed packages, which that commit's
 * lockfile shares for the frontends), lets `edit` change its source, and
 * builds it. With `sharedUiVersion`, the copy is built against its own copy of
 * shared-ui carrying that version (an older shared-ui than the shell's).
 * `env` reaches the build (DEPLOYED_SHELL_URL: check against a running shell).
 */
export async function buildFixture({
  app,
  commit,
  edit = () => {},
  sharedUiVersion,
  env = {},
}: {
  app: FrontendFolder;
  commit?: string;
  edit?: (appDir: string) => void;
  sharedUiVersion?: string;
  env?: Record<string, string>;
}): Promise<FixtureBuild> {
  const work = mkdtempSync(path.join(tmpdir(), `${app}-${commit ?? 'fixture'}-`));
  const appDir = path.join(work, app);
  const replace: Record<string, string> = {};
  if (commit) {
    extractCommit(commit, [app, 'shared-ui', 'booking-service', 'pnpm-workspace.yaml'], work);
    for (const own of ['shared-ui', 'booking-service']) {
      symlinkSync(path.join(root, own, 'node_modules'), path.join(work, own, 'node_modules'));
      replace[own] = path.join(work, own);
    }
  } else {
    copySource(path.join(root, app), appDir);
  }
  if (sharedUiVersion) {
    const sharedUi = path.join(work, 'shared-ui');
    if (!commit) {
      copySource(path.join(root, 'shared-ui'), sharedUi);
      symlinkSync(path.join(root, 'shared-ui/node_modules'), path.join(sharedUi, 'node_modules'));
      // federation.mjs reads the catalog from the workspace file beside it.
      cpSync(path.join(root, 'pnpm-workspace.yaml'), path.join(work, 'pnpm-workspace.yaml'));
    }
    const pkg = JSON.parse(readFileSync(path.join(sharedUi, 'package.json'), 'utf8')) as { version: string };
    writeFileSync(path.join(sharedUi, 'package.json'), JSON.stringify({ ...pkg, version: sharedUiVersion }, null, 2));
    replace['shared-ui'] = sharedUi;
  }
  linkPackages(path.join(root, app, 'node_modules'), path.join(appDir, 'node_modules'), replace);
  edit(appDir);
  await rspackBuild(appDir, env);
  return { dist: path.join(appDir, 'dist'), work };
}
