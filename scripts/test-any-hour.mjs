#!/usr/bin/env node
/**
 * The service's integration tests at the worst hour of the day (`npm run test:any-hour`, run by .ci/run).
 *
 * The seed schedules shows at fixed times of the theatre's day and keeps every show that has not started,
 * so between 13:15 and 13:30 the 13:30 show is listed first while its online sales are closed
 * (SALES_CLOSE_MINUTES, 15). A test that books "the first show" passes all day and fails in that quarter
 * hour: CI once failed so. This run puts the clock of the tests and of PGlite at 13:18 UTC today with
 * libfaketime (Debian's faketime) and runs booking-service/test there, on the PGlite lane alone (TEST_LANES).
 *
 * Only the wall clock is moved: durations (the monotonic clock) stay true. Left out, as they book nothing and
 * their servers hang under libfaketime: identity-browser.test.ts (Chromium) and shared-rate-limits.test.ts
 * (redis-server).
 * Exit 0 when every test passes, 1 otherwise or when faketime is missing (never a green run that did not run).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { relaunchOnPinnedNodeIfTooOld } from './node-runtime.mjs';

await relaunchOnPinnedNodeIfTooOld();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/**
 * Three minutes into a quarter hour: the seed starts its shows on the quarter hour of each cinema's clock
 * (booking-service/src/seed/seed.ts; the built-in chain's is Asia/Kolkata, UTC+5:30, so 6:48 PM there, before the evening's shows).
 */
const WORST_TIME_UTC = '13:18:00';

function fail(message) {
  process.stderr.write(`[test:any-hour] ${message}\n`);
  process.exit(1);
}

/** Debian's libfaketime, preloaded by hand: the `faketime` wrapper waits for every descendant, a daemon too. */
const library = readdirSync('/usr/lib', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => path.join('/usr/lib', entry.name, 'faketime/libfaketime.so.1'))
  .find((candidate) => existsSync(candidate));
if (!library) fail('needs libfaketime: apt-get install faketime');

const target = Date.parse(`${new Date().toISOString().slice(0, 10)}T${WORST_TIME_UTC}Z`);
const offsetSeconds = Math.round((target - Date.now()) / 1000);
// PGlite alone (TEST_LANES): the hour decides which seeded show a test picks, the same on every store; the three
// lanes at the real hour run in npm test. Every lane here took about 8 minutes, PGlite alone about a third.
const env = {
  ...process.env,
  LD_PRELOAD: library,
  FAKETIME: `${offsetSeconds >= 0 ? '+' : ''}${offsetSeconds}`,
  FAKETIME_DONT_FAKE_MONOTONIC: '1',
  TEST_LANES: 'pglite',
};
delete env.TEST_POSTGRES_URL;

process.stderr.write(`[test:any-hour] the tests' clock reads ${new Date(target).toISOString()} at the start (offset ${env.FAKETIME} s)\n`);
// fault-confirmation-log restores a PostgreSQL dump under two built instances and times their detection by the wall
// clock: the hour changes nothing in it, and under libfaketime its instances' timers ran apart (one refused connections).
// Through the service's test command's runner (scripts/vitest-rerun-crashed.mjs: a file whose worker V8 aborted runs once more).
const tests = spawnSync(process.execPath, [path.join(root, 'scripts/vitest-rerun-crashed.mjs'), 'test/', '--exclude', 'test/identity-browser.test.ts', '--exclude', 'test/shared-rate-limits.test.ts', '--exclude', 'test/fault-confirmation-log.test.ts'], {
  cwd: path.join(root, 'booking-service'),
  stdio: 'inherit',
  env,
});
process.exit(tests.status ?? 1);
