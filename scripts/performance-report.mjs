/**
 * Composes docs/performance.md from the results every benchmark of
 * `npm run bench` left in .bench/ (see bench-results.mjs), keeping the file's
 * hand-kept part (below HAND_KEPT) as it is, and prints the missed budgets. Exits non-zero when a budget is missed or a benchmark
 * left no result.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resultsDir } from './bench-results.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** docs/performance.md below this line is kept by hand (one-off measurements, earlier runs): a run rewrites only what is above. */
const HAND_KEPT = '<!-- Kept by hand from here on: npm run bench rewrites only what is above this line. -->';
const EXPECTED = ['10-api-reads', '11-hook-costs', '20-rush', '22-seat-race', '23-store-race', '25-multi-instance', '27-waiting-room', '28-queue-length', '29-queue-streams', '30-frontend', '31-seat-page-inp'];

function gitCommit() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

export function composeReport() {
  const files = readdirSync(resultsDir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => entry.name)
    .sort();
  const results = files.map((file) => ({ name: file.replace(/\.json$/, ''), ...JSON.parse(readFileSync(path.join(resultsDir, file), 'utf8')) }));
  const failures = results.flatMap((r) => r.failures.map((f) => `${r.title}: ${f}`));
  for (const name of EXPECTED) if (!results.some((r) => r.name === name)) failures.push(`${name}: the benchmark left no result (it failed before measuring)`);

  const cpu = os.cpus();
  const lines = [
    '# Performance report',
    '',
    `Written by \`npm run bench\` (scripts/performance-report.mjs) on ${new Date().toISOString()}, commit ${gitCommit()}.`,
    `Machine: ${cpu.length} × ${cpu[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node.js ${process.version}, ${os.platform()} ${os.release()}.`,
    'Every figure below comes from the command named with it; the load generator shares the machine with what it measures.',
    '',
    '## Budgets',
    '',
    failures.length === 0 ? 'Every budget is met.' : ['Missed:', '', ...failures.map((f) => `- ${f}`)].join('\n'),
    '',
  ];
  for (const r of results) {
    lines.push(`## ${r.title}`, '', `Command: \`${r.command}\` · measured ${r.measuredAt}`, '', r.markdown.trim(), '');
  }
  const file = path.join(root, 'docs/performance.md');
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const kept = previous.includes(HAND_KEPT) ? previous.slice(previous.indexOf(HAND_KEPT)) : `${HAND_KEPT}\n`;
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${lines.join('\n')}\n${kept}`);
  return failures;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const failures = composeReport();
  console.log(`\ndocs/performance.md written${failures.length ? `; ${failures.length} budget(s) missed:` : '; every budget met.'}`);
  for (const f of failures) console.log(`  - ${f}`);
  process.exitCode = failures.length ? 1 : 0;
}
