/** When the service's test run re-runs files (scripts/vitest-rerun-crashed.mjs): only when a worker's crash was the run's only fault. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { crashedFilesOnly, failureRecap } from '../vitest-rerun-crashed.mjs';

const CRASH_LINE =
  'Caused by: Error: Worker exited unexpectedly with signal SIGTRAP during started state while running test file /check/work/main/booking-service/test/on-sale-input.test.ts';

function runOutput({ files, tests, errors, crash = true }) {
  return [
    ' ✓ test/overload-shedding.test.ts (3 tests) 22436ms',
    ...(crash ? ['Error: [vitest-pool]: Worker forks emitted error.', CRASH_LINE] : []),
    ` Test Files  ${files}`,
    `      Tests  ${tests}`,
    ...(errors ? [`     Errors  ${errors}`] : []),
    '   Duration  609.55s',
  ].join('\n');
}

test("the CI run's crash (127 of 128 files passed, one error: the crash) re-runs that file", () => {
  assert.deepEqual(crashedFilesOnly(runOutput({ files: '127 passed (128)', tests: '1585 passed | 1 skipped (1638)', errors: '1 error' })), [
    { signal: 'SIGTRAP', file: '/check/work/main/booking-service/test/on-sale-input.test.ts' },
  ]);
});

test('a failed test beside a crash: no re-run, the run fails', () => {
  assert.equal(crashedFilesOnly(runOutput({ files: '1 failed | 126 passed (128)', tests: '1 failed | 1584 passed (1638)', errors: '1 error' })), null);
});

test('another unhandled error beside a crash: no re-run', () => {
  assert.equal(crashedFilesOnly(runOutput({ files: '127 passed (128)', tests: '1585 passed (1638)', errors: '2 errors' })), null);
});

test('a failure without a crash: no re-run', () => {
  assert.equal(crashedFilesOnly(runOutput({ files: '1 failed | 127 passed (128)', tests: '1 failed (1638)', errors: '', crash: false })), null);
});

test('the recap of a failed run names the failing file and test and keeps the summary, and nothing that passed', () => {
  const output = [
    ' ✓ test/overload-shedding.test.ts (3 tests) 22436ms',
    ' ❯ test/seat-race.test.ts (4 tests | 1 failed) 9012ms',
    '   × two buyers of one seat on postgres > one of them gets it 1200ms',
    ' FAIL  test/seat-race.test.ts > two buyers of one seat on postgres > one of them gets it',
    'AssertionError: expected 2 to be 1',
    ' Test Files  1 failed | 126 passed (128)',
    '      Tests  1 failed | 1584 passed (1638)',
    '   Duration  609.55s',
  ].join('\n');
  const recap = failureRecap(output).split('\n');
  assert.deepEqual(recap, [
    '   × two buyers of one seat on postgres > one of them gets it 1200ms',
    ' FAIL  test/seat-race.test.ts > two buyers of one seat on postgres > one of them gets it',
    ' Test Files  1 failed | 126 passed (128)',
    '      Tests  1 failed | 1584 passed (1638)',
  ]);
});
