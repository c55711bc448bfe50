/**
 * The contract tests: Schemathesis 4.32.0 (`st run --checks all`) against the built
 * booking service's OpenAPI document (/docs/json), with an admin+support+door token
 * from the local identity provider. Settings and the per-operation exceptions (each
 * with the rule OpenAPI cannot state) live in schemathesis.toml at the root.
 * Builds nothing: run the production build first (`npm test` does).
 * The first run makes a venv under node_modules/.cache/schemathesis-4.32.0 (python3 -m venv, pip from PyPI).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.mjs';
import { root, startBackend } from './stack.mjs';

const VERSION = '4.32.0';
const venv = path.join(root, 'node_modules/.cache', `schemathesis-${VERSION}`);
const st = path.join(venv, 'bin/st');

function fail(line) {
  process.stderr.write(`contract tests: ${line}\n`);
  process.exit(1);
}

function ensureSchemathesis() {
  if (existsSync(st)) return;
  const probe = spawnSync('python3', ['-m', 'venv', '--help'], { stdio: 'ignore' });
  if (probe.error || probe.status !== 0) fail('python3 -m venv is not available: install it (apt-get install python3-venv)');
  rmSync(venv, { recursive: true, force: true });
  const made = spawnSync('python3', ['-m', 'venv', venv], { stdio: 'inherit' });
  // Debian's python3 without python3-venv has the module but cannot make a venv with pip (ensurepip missing).
  if (made.status !== 0 || !existsSync(path.join(venv, 'bin/pip'))) {
    rmSync(venv, { recursive: true, force: true });
    fail('python3 -m venv could not make a venv with pip: install it (apt-get install python3-venv)');
  }
  const pip = spawnSync(path.join(venv, 'bin/pip'), ['install', '--quiet', `schemathesis==${VERSION}`], { stdio: 'inherit' });
  if (pip.status !== 0) {
    rmSync(venv, { recursive: true, force: true });
    fail(`pip install schemathesis==${VERSION} failed (see above)`);
  }
}

function tokenFor(dataDir, identityPort) {
  const result = spawnSync(process.execPath, ['dist/identity/token-cli.js', 'contract-tests@example.com', '--role', 'admin', '--role', 'support', '--role', 'door'], {
    cwd: path.join(root, 'booking-service'),
    env: { ...process.env, DATA_DIR: dataDir, IDENTITY_PORT: String(identityPort) },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`no token: ${result.stderr.trim()}`);
  return result.stdout.trim();
}

let child = null;
let backend = null;
let dataDir = null;

async function stopAll() {
  if (child && child.exitCode === null) child.kill('SIGTERM');
  await backend?.stop();
  backend = null;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = null;
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    void stopAll().finally(() => process.exit(130));
  });
}

async function main() {
  for (const file of ['booking-service/dist/main.js', 'booking-service/dist/identity/provider-main.js']) {
    if (!existsSync(path.join(root, file))) fail(`${file} is missing: build first (npm run build)`);
  }
  ensureSchemathesis();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'contract-tests-'));
  const [service, identity] = [await freePort(), await freePort()];
  const ports = { shell: await freePort(), customer: 0, admin: 0, debug: 0, service, identity };
  // The per-address limits off and the per-user booking limit at its top: thousands of requests from one address and
  // one account are the point here, and 429s would leave the logic behind them untested. Event streams (the seat map's,
  // the waiting room's) end after 5 s, the shortest the service allows, instead of 10 minutes: Schemathesis reads an
  // answer to its end, and a run that opened streams of real shows sat idle for minutes (291 s against 94 s).
  // Load shedding off: the tests check answers, not speed, beside the other tests (npm test runs them together), and a
  // shed request's 503 would read as a server error.
  const env = { RATE_LIMIT_PER_MINUTE: '0', BOOKING_RATE_LIMIT_PER_MINUTE: '10000', SEAT_STREAM_MAX_SECONDS: '5', LOAD_SHED_EVENT_LOOP_DELAY_MS: '0' };
  backend = await startBackend({ ports, dataDir, log: false, env });
  const token = tokenFor(dataDir, identity);
  const started = Date.now();
  // filter_too_much is Hypothesis's check of its own generator (too many drawn values thrown away, as dates of
  // `format: date` and a years pattern are), not of the service; seed by seed it failed a different operation.
  const args = ['--config-file', path.join(root, 'schemathesis.toml'), 'run', `http://localhost:${service}/docs/json`, '--checks', 'all', '--suppress-health-check', 'filter_too_much', '--header', `Authorization: Bearer ${token}`];
  child = spawn(st, args, { cwd: root, stdio: 'inherit' });
  const code = await new Promise((resolve) => child.once('exit', (status, signal) => resolve(status ?? (signal ? 1 : 0))));
  process.stdout.write(`contract tests: Schemathesis exited with ${code} after ${Math.round((Date.now() - started) / 1000)} s\n`);
  return code;
}

let code = 1;
try {
  code = await main();
} catch (error) {
  process.stderr.write(`contract tests: ${error instanceof Error ? error.message : String(error)}\n`);
} finally {
  await stopAll();
}
process.exit(code === 0 ? 0 : 1);
