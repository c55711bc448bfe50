import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config/config.ts';
import { storeKind } from './open-store.ts';

describe('store selection', () => {
  it('uses MongoDB when MONGODB_URI is set, a PostgreSQL server with DATABASE_URL, else embedded PGlite', () => {
    expect(storeKind({ databaseUrl: undefined, mongodbUri: 'mongodb://127.0.0.1:27017/cinema' })).toBe('mongodb');
    expect(storeKind({ databaseUrl: 'postgres://db/cinema', mongodbUri: undefined })).toBe('postgres');
    expect(storeKind({ databaseUrl: undefined, mongodbUri: undefined })).toBe('pglite');
  });

  it('refuses both at once instead of picking one', () => {
    expect(() => storeKind({ databaseUrl: 'postgres://db/cinema', mongodbUri: 'mongodb://127.0.0.1/cinema' })).toThrow(ConfigError);
  });
});
