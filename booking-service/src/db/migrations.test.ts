import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const folder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as { entries: { idx: number; when: number; tag: string }[] };

describe('migrations journal', () => {
  // drizzle's migrator applies a migration only when its `when` is later than the last one applied:
  // a migration listed after another but dated before it would never run on a database that has the other.
  it('dates every migration after the one before it', () => {
    const entries = [...journal.entries].sort((a, b) => a.idx - b.idx);
    entries.forEach((entry, i) => expect(entry.idx).toBe(i));
    for (let i = 1; i < entries.length; i++) expect(entries[i]!.when, entries[i]!.tag).toBeGreaterThan(entries[i - 1]!.when);
  });

  it('has the SQL file of every entry', () => {
    for (const entry of journal.entries) expect(existsSync(path.join(folder, `${entry.tag}.sql`)), entry.tag).toBe(true);
  });
});
