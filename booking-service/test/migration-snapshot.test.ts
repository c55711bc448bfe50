import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { laneLeftOut } from './support/lane-selection.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * `npm run db:generate` (drizzle-kit generate) diffs src/db/schema.ts against the newest snapshot in
 * drizzle/meta: when a migration is written by hand without its snapshot, the next contributor's generate
 * writes every change since again (0018-0022 had none). Run on a copy: the schema must need no migration.
 */
it.skipIf(laneLeftOut('pglite') !== null)('the newest migration snapshot is the schema: generating a migration now finds nothing to do', async () => {
  const copy = mkdtempSync(path.join(tmpdir(), 'drizzle-check-'));
  try {
    cpSync(path.join(root, 'drizzle'), path.join(copy, 'drizzle'), { recursive: true });
    const config = path.join(copy, 'drizzle.config.mjs');
    // drizzle-kit takes its paths relative to where it runs.
    const settings = { dialect: 'postgresql', schema: path.relative(copy, path.join(root, 'src/db/schema.ts')), out: './drizzle' };
    writeFileSync(config, `export default ${JSON.stringify(settings)};\n`);
    const { stdout, stderr } = await promisify(execFile)(path.join(root, 'node_modules/.bin/drizzle-kit'), ['generate', `--config=${config}`], { cwd: copy, timeout: 60_000 });
    expect(`${stdout}${stderr}`).toContain('No schema changes');
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
});
