import path from 'node:path';
import { ConfigError, type Config } from '../config/config.ts';
import { openPglite, openPostgres } from './database.ts';
import { openMongoStore } from './mongo/store.ts';
import { createPostgresStore } from './postgres/store.ts';
import type { Store } from '../store/types.ts';

export type StoreKind = 'mongodb' | 'postgres' | 'pglite';

type StoreConfig = Pick<Config, 'databaseUrl' | 'mongodbUri' | 'dataDir'> & Partial<Pick<Config, 'databasePoolSize' | 'databaseSessionUrl'>>;

/** Which store the configuration selects: MongoDB, a PostgreSQL server, else embedded PGlite. */
export function storeKind(config: Pick<Config, 'databaseUrl' | 'mongodbUri'>): StoreKind {
  if (config.databaseUrl && config.mongodbUri) {
    throw new ConfigError('DATABASE_URL (PostgreSQL) and MONGODB_URI (MongoDB) are both set: set only the one for the store to use');
  }
  if (config.mongodbUri) return 'mongodb';
  return config.databaseUrl ? 'postgres' : 'pglite';
}

/** The embedded database's folder. */
export const pgliteFolder = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'pglite');

/** The database the configuration names, without credentials: the embedded folder, or server and database. */
export function storeLocation(config: StoreConfig): string {
  const server = (url: string) => {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  };
  switch (storeKind(config)) {
    case 'mongodb':
      return server(config.mongodbUri!);
    case 'postgres':
      return server(config.databaseUrl!);
    case 'pglite':
      return pgliteFolder(config);
  }
}

/** Opens the store the configuration selects (see storeKind). */
export async function openStore(config: StoreConfig): Promise<Store> {
  switch (storeKind(config)) {
    case 'mongodb':
      return openMongoStore(config.mongodbUri!, { maxPoolSize: config.databasePoolSize });
    case 'postgres':
      return createPostgresStore(await openPostgres(config.databaseUrl!, config.databasePoolSize, config.databaseSessionUrl));
    case 'pglite': {
      const folder = pgliteFolder(config);
      try {
        return createPostgresStore(await openPglite(folder));
      } catch (error) {
        throw new Error(
          `The embedded database in ${folder} could not be opened (${(error as Error).message}): its files are damaged. ` +
            `Stop the service and restore ${folder} from a backup; or, to start over on fresh sample data, move ${folder} aside.`,
          { cause: error },
        );
      }
    }
  }
}
