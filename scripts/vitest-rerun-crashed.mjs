#!/usr/bin/env node
/**
 * `vitest run` for the service's tests, with one bounded answer to a known V8 fault: Node 24's V8 can abort a
 * process that churns WebAssembly code (PGlite) with a failed CHECK in its JIT-page registry
 * (nodejs/node#64500; here: "Worker exited unexpectedly with signal SIGTRAP ... while running test file
 * test/on-sale-input.test.ts", 127 of 128 files passed, not reproducible in 3 runs of that file alone).
 *
 * When the run failed ONLY because workers died of a signal (no test failed, no other error), the files they
 * were running run once more, alone; the run passes only if they then pass. Every such re-run is printed, so a
 * crash is never hidden. A failing test, or a crash the second time, fails the run as before.
 *
 * Usage: node scripts/vitest-rerun-crashed.mjs [vitest run arguments...] (in the package's folder)
 */
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import path from 'node:path';

const vitest = path.resolve('node_modules/.bin/vitest');
const CRASH = /Worker exited unexpectedly with signal (SIG[A-Z]+)[^\n]*?while running test file (\S+)/g;
const ANSI = /\u001b\[[0-9;]*m/g;

/** Runs vitest with `args`, passing its output through; resolves to its exit code and its output as text. */
function runVitest(args) {
  return new Promise((resolve) => {
    const child = spawn(vitest, ['run', ...args], { stdio: ['inherit', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (process.stdout.write(chunk), (output += chunk)));
    child.stderr.on('data', (chunk) => (process.stderr.write(chunk), (output += chunk)));
    child.on('close', (code, signal) => resolve({ code: code ?? 1, signal, output: output.replace(ANSI, '') }));
  });
}

/**
 * The files whose worker died of a signal, when that is the run's only fault; else null. The summary must show
 * no failed file or test, and as many errors as crashes (vitest counts each crash as one unhandled error).
 */
export function crashedFilesOnly(output) {
  const crashes = [...output.matchAll(CRASH)].map(([, signal, file]) => ({ signal, file }));
  if (crashes.length === 0) return null;
  const summary = output.slice(output.lastIndexOf('Test Files'));
  if (/\bfailed\b/.test(summary)) return null;
  const errors = Number(/Errors\s+(\d+) errors?/.exec(summary)?.[1] ?? 0);
  if (errors !== crashes.length) return null;
  return crashes;
}

/**
 * What failed, in a few lines: the failing files and tests vitest marks (FAIL, ×) and its summary. A long run's
 * failures scroll far above its end, and CI shows the end of the log.
 */
export function failureRecap(output) {
  const marked = output.split('\n').filter((line) => /^\s*(FAIL\b|×|✗)/.test(line) || /^\s*(Test Files|Tests|Errors)\s/.test(line));
  return [...new Set(marked.map((line) => line.trimEnd()))].slice(0, 60).join('\n');
}

/** Appends the recap of a failed run to VITEST_RECAP_FILE when set (scripts/service-tests.mjs prints it last). */
function keepRecap(args, output) {
  const file = process.env.VITEST_RECAP_FILE;
  if (file) appendFileSync(file, `vitest run ${args.join(' ')}\n${failureRecap(output)}\n\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const first = await runVitest(args);
  const crashes = first.code === 0 ? null : crashedFilesOnly(first.output);
  if (first.code !== 0 && !crashes) keepRecap(args, first.output);
  if (!crashes) process.exit(first.code);
  const files = [...new Set(crashes.map((crash) => path.relative(process.cwd(), crash.file)))];
  process.stderr.write(
    `\n[vitest-rerun-crashed] no test failed, but ${crashes.length} worker(s) died of a signal ` +
      `(${crashes.map((c) => `${c.signal} in ${c.file}`).join('; ')}): running ${files.join(', ')} once more\n\n`,
  );
  const second = await runVitest(files);
  if (second.code !== 0) keepRecap(files, second.output);
  process.stderr.write(`\n[vitest-rerun-crashed] the re-run of ${files.join(', ')} ${second.code === 0 ? 'passed' : 'failed'}\n`);
  process.exit(second.code);
}
