#!/usr/bin/env node
/**
 * The service's tests (booking-service's `npm test`, which the root `npm test` runs): the unit tests, and the
 * integration tests once on each database lane, the PGlite lane at the worst hour of the day.
 *
 * The seed schedules shows at fixed times of the theatre's day and keeps every show that has not started, so
 * between 13:15 and 13:30 the 13:30 show is listed first while its online sales are closed (SALES_CLOSE_MINUTES,
 * 15). A test that books "the first show" passes all day and fails in that quarter hour: CI once failed so. The
 * hour decides which seeded show a test picks, the same on every store, so one lane at that hour keeps every test
 * honest; running all three lanes again there (the former `npm run test:any-hour`) cost 6 minutes of CI's 37.
 *
 *   1. the unit tests, and the integration tests on the PostgreSQL and MongoDB lanes, at the real hour;
 *   2. the integration tests on the PGlite lane (with the files that open no lane's store: test/support/
 *      lane-selection.ts) with the clock of the tests and of PGlite at 13:18 UTC, by Debian's libfaketime;
 *   3. on the PGlite lane at the real hour, the files whose servers hang under libfaketime or whose timers it
 *      sets apart (UNDER_THE_REAL_CLOCK).
 *
 * Only the wall clock is moved: durations (the monotonic clock) stay true. Without libfaketime the second run
 * keeps the real hour and says so in one line; TEST_WORST_HOUR=required (.ci/run) fails instead. Given arguments
 * (files, vitest options) or TEST_LANES, it is one run of vitest with them, at the real hour.
 * Each run goes through scripts/vitest-rerun-crashed.mjs (a file whose worker V8 aborted runs once more).
 * Exit 0 when every run passes.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const service = path.join(root, 'booking-service');
const rerunCrashed = path.join(root, 'scripts/vitest-rerun-crashed.mjs');
/** Where each failed run leaves its recap (scripts/vitest-rerun-crashed.mjs), printed once all runs ended. */
const recapFolder = mkdtempSync(path.join(tmpdir(), 'service-tests-'));
const recapFile = path.join(recapFolder, 'failures.txt');

/**
 * Three minutes into a quarter hour: the seed starts its shows on the quarter hour of each cinema's clock
 * (booking-service/src/seed/seed.ts; the built-in chain's is Asia/Kolkata, UTC+5:30, so 6:48 PM there, before the evening's shows).
 */
const WORST_TIME_UTC = '13:18:00';

/**
 * identity-browser (Chromium) and shared-rate-limits (redis-server) book nothing and their servers hang under
 * libfaketime; fault-confirmation-log times two built instances' detection of a restore by the wall clock, and
 * under libfaketime their timers ran apart (one refused connections).
 */
const UNDER_THE_REAL_CLOCK = ['test/identity-browser.test.ts', 'test/shared-rate-limits.test.ts', 'test/fault-confirmation-log.test.ts'];

function log(message) {
  process.stderr.write(`[service tests] ${message}\n`);
}

/** Runs vitest (through the crash re-runner) in the service's folder with `args` and `env`; true when it passed. */
function vitest(what, args, env) {
  log(what);
  const started = performance.now();
  const result = spawnSync(process.execPath, [rerunCrashed, ...args], { cwd: service, stdio: 'inherit', env: { ...env, VITEST_RECAP_FILE: recapFile } });
  const minutes = ((performance.now() - started) / 60_000).toFixed(1);
  log(`${what}: ${result.status === 0 ? 'passed' : 'FAILED'} in ${minutes} min`);
  return result.status === 0;
}

/** Debian's libfaketime, found by hand: the `faketime` wrapper waits for every descendant, a daemon too. */
function libfaketime() {
  return readdirSync('/usr/lib', { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join('/usr/lib', entry.name, 'faketime/libfaketime.so.1'))
    .find((candidate) => existsSync(candidate));
}

/** The environment of the worst-hour run: the wall clock at WORST_TIME_UTC today, or null without libfaketime. */
function atTheWorstHour(env) {
  const library = libfaketime();
  if (!library) return null;
  const target = Date.parse(`${new Date().toISOString().slice(0, 10)}T${WORST_TIME_UTC}Z`);
  const offsetSeconds = Math.round((target - Date.now()) / 1000);
  log(`the PGlite lane's clock reads ${new Date(target).toISOString()} at its start (libfaketime, offset ${offsetSeconds} s)`);
  return { ...env, LD_PRELOAD: library, FAKETIME: `${offsetSeconds >= 0 ? '+' : ''}${offsetSeconds}`, FAKETIME_DONT_FAKE_MONOTONIC: '1' };
}

/** Prints what failed (the recaps of the failed runs) last, where CI's tail of the log shows it; exits. */
function finish(outcomes) {
  if (existsSync(recapFile)) log(`what failed, run by run:\n${readFileSync(recapFile, 'utf8')}`);
  rmSync(recapFolder, { recursive: true, force: true });
  process.exit(outcomes.every(Boolean) ? 0 : 1);
}

const args = process.argv.slice(2);
if (args.length > 0 || process.env.TEST_LANES) {
  finish([vitest(`vitest run ${args.join(' ')}`.trim(), args, process.env)]);
}

const servers = { ...process.env, TEST_LANES: 'postgres,mongodb' };
// The PGlite runs leave the server lanes' describes to the first run: without TEST_POSTGRES_URL they skip.
const embedded = { ...process.env, TEST_LANES: 'pglite' };
delete embedded.TEST_POSTGRES_URL;

const MISSING = 'libfaketime is not installed (Debian: apt-get install faketime)';
if (!libfaketime() && process.env.TEST_WORST_HOUR === 'required') {
  log(`${MISSING}, and TEST_WORST_HOUR=required: the PGlite lane cannot run at the worst hour`);
  process.exit(1);
}

/** The worst-hour run's environment, its clock set as it starts; the real hour without libfaketime (said so). */
function worstHourEnv() {
  const moved = atTheWorstHour(embedded);
  if (moved) return moved;
  log(`${MISSING}: the PGlite lane runs at the real hour`);
  return embedded;
}

const exclusions = UNDER_THE_REAL_CLOCK.flatMap((file) => ['--exclude', file]);
const outcomes = [
  vitest('unit tests, and integration tests on the PostgreSQL and MongoDB lanes', [], servers),
  vitest(`integration tests on the PGlite lane at ${WORST_TIME_UTC} UTC`, ['--project', 'integration', ...exclusions], worstHourEnv()),
  vitest('integration tests under the real clock on the PGlite lane', ['--project', 'integration', ...UNDER_THE_REAL_CLOCK], embedded),
];
finish(outcomes);
