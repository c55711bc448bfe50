import path from 'node:path';
import { ConfigError, type Config } from '../config/config.ts';
import { openPglite, openPostgres } from './database.ts';
import { openMongoStore } from './mongo/store.ts';
import { createPostgresStore } from './postgres/store.ts';
import type { Store } from '../store/types.ts';

export type StoreKind = 'mongodb' | 'postgres' | 'pglite';

type StoreConfig = Pick<Config, 'databaseUrl' | 'mongodbUri' | 'dataDir'>;

/** Which store the configuration selects: MongoDB, a PostgreSQL server, else embedded PGlite. */
export function storeKind(config: Pick<Config, 'databaseUrl' | 'mongodbUri'>): StoreKind {
  if (config.databaseUrl && config.mongodbUri) {
    throw new ConfigError('DATABASE_URL (PostgreSQL) and MONGODB_URI (MongoDB) are both set: set only the one for the store to use');
  }
  if (config.mongodbUri) return 'mongodb';
  return config.databaseUrl ? 'postgres' : 'pglite';
}

/** Opens the store the configuration selects (see storeKind). */
export async function openStore(config: StoreConfig): Promise<Store> {
  switch (storeKind(config)) {
    case 'mongodb':
      return openMongoStore(config.mongodbUri!);
    case 'postgres':
      return createPostgresStore(await openPostgres(config.databaseUrl!));
    case 'pglite':
      return createPostgresStore(await openPglite(path.join(config.dataDir, 'pglite')));
  }
}
