/**
 * `npm run bench` in booking-service: every benchmark, one after the other (they
 * would only measure each other if run at once), each in its own process. Exits
 * non-zero when any of them failed, after all have run.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { packageRoot } from '../test/support/processes.ts';

const benchmarks = ['bench/read-bench.ts', 'bench/hook-costs-bench.ts', 'bench/rush-bench.ts', 'bench/seat-race-bench.ts', 'bench/store-race-bench.ts', 'bench/multi-instance-bench.ts', 'bench/waiting-room-bench.ts', 'bench/queue-length-bench.ts', 'bench/queue-streams-bench.ts', 'bench/check-in-bench.ts'];
const tsx = path.join(packageRoot, 'node_modules/.bin/tsx');

function run(script: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(tsx, [script], { cwd: packageRoot, stdio: 'inherit' });
    child.once('error', (error) => {
      console.error(`${script}: ${error.message}`);
      resolve(1);
    });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const failed: string[] = [];
for (const script of benchmarks) {
  if ((await run(script)) !== 0) failed.push(script);
}
if (failed.length) {
  console.error(`\nbenchmarks that failed: ${failed.join(', ')}`);
  process.exit(1);
}
