import path from 'node:path';
import type { Config } from '../config/config.ts';
import { openPglite, openPostgres } from '../db/database.ts';
import { createPostgresStore } from './postgres/store.ts';
import type { Store } from './types.ts';

/** Chooses the store from configuration: a PostgreSQL server, else embedded PGlite. */
export async function openStore(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Store> {
  const database = config.databaseUrl
    ? await openPostgres(config.databaseUrl)
    : await openPglite(path.join(config.dataDir, 'pglite'));
  return createPostgresStore(database);
}
