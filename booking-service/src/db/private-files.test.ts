import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './database.ts';
import { createPrivateFiles, makePrivate } from './private-files.ts';

/** Every folder and file under `dir` with its permission bits. */
function modes(dir: string): { path: string; dir: boolean; mode: number }[] {
  const found = [{ path: dir, dir: true, mode: statSync(dir).mode & 0o777 }];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const full = path.join(entry.parentPath, entry.name);
    found.push({ path: full, dir: entry.isDirectory(), mode: statSync(full).mode & 0o777 });
  }
  return found;
}

// Finding 4: with DATA_DIR created by the service, 969 of 1,032 database files were 0666 and the folder 0755.
describe('private data files', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'private-files-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('the embedded database the service creates under a permissive umask is 0700 folders and 0600 files', async () => {
    const previous = process.umask(0o000);
    try {
      createPrivateFiles();
      const dataDir = path.join(root, 'fresh', 'data');
      await makePrivate(dataDir);
      const database = await openPglite(path.join(dataDir, 'pglite'));
      await database.close();
      const all = modes(dataDir);
      expect(all.length).toBeGreaterThan(100);
      expect(all.filter((f) => f.dir && f.mode !== 0o700)).toEqual([]);
      expect(all.filter((f) => !f.dir && f.mode !== 0o600)).toEqual([]);
    } finally {
      process.umask(previous);
    }
  });

  it('repairs data written earlier with looser modes', async () => {
    const dataDir = path.join(root, 'old');
    mkdirSync(path.join(dataDir, 'payments'), { recursive: true });
    writeFileSync(path.join(dataDir, 'payments', 'secret'), 'x');
    chmodSync(path.join(dataDir, 'payments', 'secret'), 0o666);
    chmodSync(path.join(dataDir, 'payments'), 0o777);
    chmodSync(dataDir, 0o755);
    await makePrivate(dataDir);
    expect(modes(dataDir).map((f) => [path.relative(root, f.path), f.mode.toString(8)])).toEqual([
      ['old', '700'],
      ['old/payments', '700'],
      ['old/payments/secret', '600'],
    ]);
  });
});
