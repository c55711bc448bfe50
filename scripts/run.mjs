#!/usr/bin/env node
/**
 * The root commands (`npm start`, `npm test`, `npm run bench|build|token|typecheck|deploy`).
 * Needs only Node.js and npm: on an older Node it runs itself on the pinned Node 24 (scripts/node-runtime.mjs),
 * it installs pnpm and the workspace's packages when they are missing or out of date, then does the job.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { relaunchOnPinnedNodeIfTooOld } from './node-runtime.mjs';
import { postgresBinaries, startTestPostgres } from './test-postgres.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PNPM_VERSION = '12.21.0';
const dataDir = process.env.DATA_DIR || path.join(root, '.data');

function log(message) {
  process.stderr.write(`[run] ${message}\n`);
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

/** The workspace's packages that have `script`, in the workspace's order. */
function packagesWithScript(script) {
  const [command, ...prefix] = pnpmCommand();
  const listed = spawnSync(command, [...prefix, '-r', 'ls', '--json', '--depth', '-1'], { cwd: root, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`pnpm ls failed: ${listed.stderr}`);
  return JSON.parse(listed.stdout)
    .filter((pkg) => pkg.path !== root && JSON.parse(readFileSync(path.join(pkg.path, 'package.json'), 'utf8')).scripts?.[script])
    .map((pkg) => pkg.name);
}

/** Each step's wall time, printed as a table when the command ends (pass or fail): docs/contributors/ci.md keeps CI's. */
const stepTimes = [];
/** The step under way: a failing step exits the process from inside run(), so the exit handler records it. */
let currentStep = null;
function timed(step, work) {
  currentStep = { step, started: performance.now() };
  const result = work();
  stepTimes.push([step, (performance.now() - currentStep.started) / 1000]);
  currentStep = null;
  return result;
}
process.on('exit', () => {
  if (currentStep) stepTimes.push([`${currentStep.step} (failed)`, (performance.now() - currentStep.started) / 1000]);
  if (stepTimes.length < 2) return;
  const rows = stepTimes.map(([step, seconds]) => `  ${step.padEnd(44)} ${(seconds / 60).toFixed(1).padStart(5)} min`);
  log(`time per step:\n${rows.join('\n')}`);
});

/** The same for an awaited step (a step under way elsewhere, say). */
async function timedAsync(step, work) {
  currentStep = { step, started: performance.now() };
  const result = await work();
  stepTimes.push([step, (performance.now() - currentStep.started) / 1000]);
  currentStep = null;
  return result;
}

/**
 * The contract tests (scripts/contract-test.mjs) started in the background, their output to a file (this process
 * blocks in spawnSync meanwhile, so a pipe would fill and stall them); `finished` prints it once they end and exits
 * like run() when they failed.
 */
function startContractTests() {
  const folder = mkdtempSync(path.join(tmpdir(), 'contract-tests-output-'));
  const output = path.join(folder, 'output.txt');
  const fd = openSync(output, 'w');
  const child = spawn(process.execPath, ['scripts/contract-test.mjs'], { cwd: root, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  const stop = () => child.exitCode === null && child.kill('SIGTERM');
  process.on('exit', stop);
  const finished = new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1))).then((code) => {
    process.off('exit', stop);
    process.stdout.write(`\n${readFileSync(output, 'utf8')}`);
    rmSync(folder, { recursive: true, force: true });
    // Their own length is in their output ("exited with 0 after 90 s"): this process learns of their end only here.
    log(`contract tests (Schemathesis), run beside the packages' tests: ${code === 0 ? 'passed' : 'FAILED'}`);
    if (code !== 0) process.exit(code);
  });
  return { finished };
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
  // Its output goes to stderr: `npm run -s token` prints only the token on stdout.
  pnpm(['install', '--frozen-lockfile'], { stdio: ['inherit', 2, 'inherit'] });
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
  // The same code as the browser test of the dev servers (tests/dev/), which runs them on ports of its own.
  const { startBackend, startDevServers } = await import('./stack.mjs');
  const backend = await startBackend({ dataDir });
  const servers = await startDevServers().catch(async (error) => {
    await backend.stop();
    throw error;
  });
  process.stdout.write('\nDev servers: shell http://localhost:3000 (remotes 3001-3003, API 4000). Ctrl-C stops everything.\n');
  const shutdown = async () => {
    await servers.stop();
    await backend.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

/**
 * The service tests' PostgreSQL lane: the server TEST_POSTGRES_URL names, else a throwaway one started from
 * this machine's PostgreSQL binaries and stopped when this command exits; without either, one line says so.
 */
async function providePostgresLane() {
  if (process.env.TEST_POSTGRES_URL) return;
  const bin = postgresBinaries();
  if (!bin) {
    log('no PostgreSQL server on this machine: the PostgreSQL lane will be skipped (install it, e.g. apt-get install postgresql, or set TEST_POSTGRES_URL)');
    return;
  }
  const server = await startTestPostgres(bin);
  process.on('exit', () => server.stop());
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(128 + constants.signals[signal]));
  process.env.TEST_POSTGRES_URL = server.url;
  log(`PostgreSQL lane: a throwaway server from ${bin} at ${server.url}`);
}

/** The layout's boundaries and typescript-eslint's rules (eslint.config.mjs), then no dead files, exports or dependencies (knip.json). */
function lint() {
  run(path.join(root, 'node_modules/.bin/eslint'), ['--max-warnings=0', '.']);
  run(path.join(root, 'node_modules/.bin/knip'), ['--no-progress']);
}

const [command, ...args] = process.argv.slice(2);
// On a Node older than `engines`, this command runs again on the pinned Node 24 (fetched once per user).
await relaunchOnPinnedNodeIfTooOld();
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
  case 'test': {
    await providePostgresLane();
    timed('typecheck', () => pnpm(['-r', '--if-present', 'run', 'typecheck']));
    timed('lint (eslint, knip)', lint);
    // Every relative link and anchor of README.md and docs/ (remark-validate-links, offline).
    timed('docs links', () => pnpm(['run', 'test:docs']));
    // The root scripts' own tests (node's test runner): the Node bootstrap, the throwaway PostgreSQL.
    timed('root scripts tests', () => run(process.execPath, ['--test', 'scripts/test/*.test.mjs']));
    // The browser tests (tests/) run against the production builds.
    timed('production build', build);
    // Schemathesis mostly waits on the service's answers: it runs beside the packages' tests, its output kept until it ends.
    const contract = startContractTests();
    const [command, ...prefix] = pnpmCommand();
    for (const name of packagesWithScript('test')) timed(`tests of ${name}`, () => run(command, [...prefix, '--filter', name, 'run', 'test']));
    await timedAsync('contract tests: waiting for them after the rest', () => contract.finished);
    break;
  }
  case 'bench': {
    build();
    // Every benchmark runs even when one misses a budget; the report then says which.
    rmSync(path.join(root, '.bench'), { recursive: true, force: true });
    // One pnpm run per package: under `pnpm -r --no-bail` a package whose bench fails skips the benches of the
    // packages that depend on it (the frontends' after the service's missed a budget: 30-frontend left no result).
    const [command, ...prefix] = pnpmCommand();
    for (const name of packagesWithScript('bench')) spawnSync(command, [...prefix, '--filter', name, 'run', 'bench'], { cwd: root, stdio: 'inherit' });
    run(process.execPath, [path.join(root, 'scripts/performance-report.mjs')]);
    break;
  }
  case 'token': {
    // Straight to tsx so that only the token reaches stdout.
    const tsx = path.join(root, 'booking-service', 'node_modules', '.bin', 'tsx');
    run(tsx, ['src/identity/token-cli.ts', ...args], { cwd: path.join(root, 'booking-service'), env: serviceEnv() });
    break;
  }
  case 'db:generate':
    // A migration from the change to booking-service/src/db/schema.ts (drizzle-kit, offline): a new SQL file in
    // booking-service/drizzle/ and its snapshot; `--name=<what it does>` names it. MongoDB needs none.
    pnpm(['--filter', 'booking-service', 'exec', 'drizzle-kit', 'generate', ...args]);
    break;
  case 'deploy':
    // Its exit code is the deploy's: 1 when refused.
    run(process.execPath, [path.join(root, 'scripts/deploy.mjs'), ...args]);
    break;
  default:
    log(`unknown command "${command}"; use start, dev, test, bench, build, token, typecheck, lint, db:generate or deploy`);
    process.exit(2);
}
