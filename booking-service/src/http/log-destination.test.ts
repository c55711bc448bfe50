import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { batchedDestination } from './log-destination.ts';

const folder = mkdtempSync(path.join(tmpdir(), 'log-destination-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const lineOf = (i: number) => `{"n":${i},"msg":"${'x'.repeat(i % 300)}"}\n`;

describe('the batched log destination', () => {
  it('writes every line in order at a flush, and a few lines within the half-second flush without one', async () => {
    const file = path.join(folder, 'flush.log');
    const fd = openSync(file, 'w');
    const destination = batchedDestination(fd);
    const lines = Array.from({ length: 5_000 }, (_, i) => lineOf(i));
    for (const line of lines) destination.write(line);
    await new Promise<void>((resolve) => destination.flush(() => resolve()));
    expect(readFileSync(file, 'utf8')).toBe(lines.join(''));
    destination.write(lineOf(7));
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(readFileSync(file, 'utf8').endsWith(lineOf(7))).toBe(true);
    closeSync(fd);
  });

  it("writes out what it batched when the process exits without a flush", () => {
    const file = path.join(folder, 'exit.log');
    const module = fileURLToPath(new URL('./log-destination.ts', import.meta.url));
    const script = `
      import { openSync } from 'node:fs';
      import { batchedDestination } from ${JSON.stringify(module)};
      const destination = batchedDestination(openSync(${JSON.stringify(file)}, 'w'));
      for (let i = 0; i < 3; i++) destination.write('{"n":' + i + '}\\n');
      process.exit(0);`;
    const tsx = path.resolve(path.dirname(module), '../../node_modules/.bin/tsx');
    const run = spawnSync(tsx, ['--eval', script], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe('{"n":0}\n{"n":1}\n{"n":2}\n');
  });
});
