import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../src/db/database.ts';
import { connectMongo, createMongoStore } from '../../src/db/mongo/store.ts';
import { createPostgresStore } from '../../src/db/postgres/store.ts';
import type { Store } from '../../src/store/types.ts';
import { laneLeftOut, type LaneName } from './lane-selection.ts';

/**
 * The database lanes every integration and repository contract test runs on:
 * embedded PGlite always, a PostgreSQL server when TEST_POSTGRES_URL points at
 * one (.ci/run starts it), and the MongoDB store on the server that
 * mongodb-server.ts (the global setup) provides: FerretDB, built and started for
 * the run, or a real MongoDB named by TEST_MONGODB_URI. Each test file gets its
 * own fresh, empty database, removed when its store closes.
 */
export interface Lane {
  name: LaneName;
  /** Why the lane does not run here, or null when it does. */
  skipReason: string | null;
  /** A store on a fresh, empty database of this lane; closing it drops that database. */
  openStore(): Promise<Store>;
}

const postgresUrl = process.env.TEST_POSTGRES_URL;
const mongoServer = inject('mongoLaneServer');
const pgliteCopy = inject('pgliteCopy');
const postgresTemplate = inject('postgresTemplate');

function freshName(): string {
  return `test_${randomBytes(6).toString('hex')}`;
}

/**
 * A fresh database on the PostgreSQL server at `adminUrl`: its URL, and how to drop it. Empty, or a copy of
 * `template` (the run's migrated one: migrated-copies.ts).
 */
export async function freshPostgresDatabaseUrl(adminUrl: string, template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = freshName();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

async function freshPostgresDatabase(adminUrl: string): Promise<Database> {
  const fresh = await freshPostgresDatabaseUrl(adminUrl, postgresTemplate ?? undefined);
  const database = await openPostgres(fresh.url, 40);
  return {
    ...database,
    async close() {
      await database.close();
      await fresh.drop();
    },
  };
}

async function freshMongoStore(uri: string): Promise<Store> {
  const connection = await connectMongo(uri, { dbName: freshName() });
  const store = createMongoStore(connection);
  return {
    ...store,
    async close() {
      await connection.dropDatabase().catch(() => {});
      await store.close();
    },
  };
}

/** A new in-memory PGlite database, migrated: started from the run's migrated copy (migrated-copies.ts). */
export function openFreshPglite(): Promise<Database> {
  return unlessLeftOut('pglite', () => openPglite(undefined, { startFrom: pgliteCopy ?? undefined }));
}

/**
 * A store of a lane this run leaves out is a mistake of the test asking for it (its describe must skip on the
 * lane's skipReason): a run split by TEST_LANES (scripts/service-tests.mjs) would otherwise run it twice.
 */
function unlessLeftOut<T>(lane: LaneName, open: () => Promise<T>): Promise<T> {
  const leftOut = laneLeftOut(lane);
  return leftOut ? Promise.reject(new Error(`a test opened a database of the ${lane} lane, which this run leaves out (${leftOut}): skip its describe on the lane's skipReason`)) : open();
}

export const lanes: Lane[] = [
  {
    name: 'pglite',
    skipReason: laneLeftOut('pglite'),
    openStore: async () => createPostgresStore(await openFreshPglite()),
  },
  {
    name: 'postgres',
    skipReason: laneLeftOut('postgres') ?? (postgresUrl
      ? null
      : 'PostgreSQL lane skipped: TEST_POSTGRES_URL is not set (bash .ci/run starts a server and sets it)'),
    openStore: () => unlessLeftOut('postgres', async () => createPostgresStore(await freshPostgresDatabase(postgresUrl!))),
  },
  {
    name: 'mongodb',
    skipReason: mongoServer.skipReason,
    openStore: () => unlessLeftOut('mongodb', () => freshMongoStore(mongoServer.uri!)),
  },
];

for (const lane of lanes) {
  if (lane.skipReason) console.warn(lane.skipReason);
}
