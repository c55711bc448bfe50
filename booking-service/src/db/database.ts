import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';

/** The query builder both drivers share; repositories are written against it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
}

// src/db or dist/db -> the package's drizzle/ folder.
const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** Any lock id will do as long as every instance uses the same one. */
const MIGRATION_LOCK_ID = 7_240_001;

/**
 * Opens PGlite in process. `dataDir` persists it; undefined keeps it in memory
 * (tests). Migrations run before the handle is returned.
 */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const client = new PGlite(dataDir);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, driver: 'pglite', close: () => client.close() };
}

/**
 * Opens a PostgreSQL server connection pool. Several service instances may start
 * at once against one database, so migrations run under an advisory lock.
 */
export async function openPostgres(url: string, poolSize = 20): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 10_000 });
  // A dropped idle connection (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Nor may a dropped connection that is checked out (a transaction between two statements): the pool
  // only listens while a client is idle, and an 'error' event nobody listens to kills the process. The
  // client's pending and next queries fail instead, and the pool discards it when it is released.
  pool.on('connect', (client) => client.on('error', () => {}));
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(lockClient, { schema }), { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    lockClient.release();
  }
  const db = drizzlePg(pool, { schema });
  return { db: db as unknown as Db, driver: 'postgres', close: () => pool.end() };
}
