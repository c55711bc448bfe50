import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from '../../src/db/schema.ts';
import { freshPostgresDatabaseUrl } from './databases.ts';

/**
 * A database as an older release left it, for the upgrade tests: the migrations up to one of them (a copy of
 * drizzle/ with the journal cut there) run on a PGlite data folder or a fresh PostgreSQL database, then that
 * release's rows written by the test. The test then opens it with today's code, which runs the rest.
 */

const DRIZZLE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
const folders: string[] = [];

/** Removes the migration copies and data folders made so far (a test file's afterAll). */
export async function removeWrittenAtFolders() {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
}

async function temporaryFolder(prefix: string) {
  const folder = await mkdtemp(path.join(tmpdir(), prefix));
  folders.push(folder);
  return folder;
}

/** A copy of the migrations folder whose journal ends at migration `last`. */
async function migrationsUpTo(last: number): Promise<string> {
  const folder = await temporaryFolder(`drizzle-${String(last).padStart(4, '0')}-`);
  await cp(DRIZZLE, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= last);
  await writeFile(journalPath, JSON.stringify(journal));
  return folder;
}

/** A PGlite data folder migrated up to `last`, holding what `write` adds: its path. */
export async function pgliteWrittenAt(last: number, write: (db: PgliteDatabase<typeof schema>) => Promise<void>): Promise<string> {
  const dataDir = await temporaryFolder(`pglite-${String(last).padStart(4, '0')}-`);
  // btree_gist: migration 0020's exclusion constraint, as the service's PGlite worker loads it (src/db/pglite-worker.ts).
  const before = await PGlite.create(dataDir, { extensions: { btree_gist } });
  try {
    const db = drizzlePglite(before, { schema });
    await migratePglite(db, { migrationsFolder: await migrationsUpTo(last) });
    await write(db);
  } finally {
    await before.close();
  }
  return dataDir;
}

/** A fresh database on the PostgreSQL server at `adminUrl` migrated up to `last`, holding what `write` adds: its URL and how to drop it. */
export async function postgresWrittenAt(adminUrl: string, last: number, write: (db: NodePgDatabase<typeof schema>) => Promise<void>) {
  const fresh = await freshPostgresDatabaseUrl(adminUrl);
  const client = new pg.Client({ connectionString: fresh.url });
  try {
    await client.connect();
    const db = drizzlePg(client, { schema });
    await migratePg(db, { migrationsFolder: await migrationsUpTo(last) });
    await write(db);
  } catch (error) {
    await client.end().catch(() => {});
    await fresh.drop().catch(() => {});
    throw error;
  }
  await client.end();
  return fresh;
}
