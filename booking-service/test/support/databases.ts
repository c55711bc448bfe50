import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../../src/db/database.ts';

/**
 * The database lanes every integration test runs on: embedded PGlite always,
 * and a PostgreSQL server when TEST_POSTGRES_URL points at one (.ci/run starts
 * it). Each test file gets its own fresh database.
 */
export interface Lane {
  name: 'pglite' | 'postgres';
  /** Why the lane does not run here, or null when it does. */
  skipReason: string | null;
  open(): Promise<Database>;
}

const postgresUrl = process.env.TEST_POSTGRES_URL;

async function freshPostgresDatabase(adminUrl: string): Promise<Database> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 40);
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export const lanes: Lane[] = [
  { name: 'pglite', skipReason: null, open: () => openPglite(undefined) },
  {
    name: 'postgres',
    skipReason: postgresUrl
      ? null
      : 'PostgreSQL lane skipped: TEST_POSTGRES_URL is not set (bash .ci/run starts a server and sets it)',
    open: () => freshPostgresDatabase(postgresUrl!),
  },
];

for (const lane of lanes) {
  if (lane.skipReason) console.warn(lane.skipReason);
}
