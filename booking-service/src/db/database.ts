import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { CommandTap } from '../metrics/database-commands.ts';
import type { ChangeBus } from '../store/types.ts';
import { countPostgresCommands } from './database-commands.ts';
import { createLocalChangeBus } from './local-change-bus.ts';
import type { PgliteWorkerData, PgliteWorkerMessage } from './pglite-worker.ts';
import { openPostgresChangeBus } from './postgres/change-bus.ts';
import { makePrivate } from './private-files.ts';
import * as schema from './schema.ts';

/** The query builder both drivers share (PGlite too is reached through node-postgres); repositories are written against it. */
export type Db = PgDatabase<NodePgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Changes shared by the instances on this database (see ChangeBus). */
  changes: ChangeBus;
  /** The node-postgres pool the query builder runs on (its use is a metric). */
  pool: pg.Pool;
  /** Each statement the pool runs, as it is answered (the metrics count them by request). */
  commands: CommandTap;
  close(): Promise<void>;
}

// src/db or dist/db -> the package's drizzle/ folder.
const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** The migrations' advisory lock: any id will do as long as every instance uses the same one. */
export const MIGRATION_LOCK_ID = 7_240_001;

/** How openPglite starts an in-memory database. */
export interface PgliteOptions {
  /**
   * A copy written by writeMigratedPgliteCopy to start from, instead of PGlite's initdb (most of the 3 s an open
   * takes, measured 2026-12-07: 0.45 s from a copy): the integration tests open one database per test file.
   * Only for an in-memory database (no `dataDir`).
   */
  startFrom?: string;
}

/**
 * Opens PGlite on a worker thread (see pglite-worker.ts) and connects to it over a
 * Unix socket with one pooled connection: PGlite's work no longer blocks the service's
 * event loop, which keeps answering reads while bookings run. `dataDir` persists it;
 * undefined keeps it in memory (tests). Migrations run before the handle is returned.
 */
export async function openPglite(dataDir: string | undefined, options: PgliteOptions = {}): Promise<Database> {
  return (await openPgliteWorker(dataDir, options)).database;
}

/** Writes a copy of a freshly migrated in-memory database to `file`, for openPglite's `startFrom`. */
export async function writeMigratedPgliteCopy(file: string): Promise<void> {
  const { database, worker } = await openPgliteWorker(undefined, {});
  try {
    await askWorker(worker, { dumpTo: file }, 'dumped');
  } finally {
    await database.close();
  }
}

async function openPgliteWorker(dataDir: string | undefined, { startFrom }: PgliteOptions): Promise<{ database: Database; worker: Worker }> {
  if (dataDir && startFrom) throw new Error('openPglite: startFrom is for an in-memory database, not one in a data folder');
  if (dataDir) await mkdir(dataDir, { recursive: true, mode: 0o700 });
  // A private folder for the socket (0700), short enough for the 107-byte socket path limit.
  const socketDir = await mkdtemp(path.join(tmpdir(), 'pglite-'));
  const worker = await startPgliteWorker({ dataDir, startFrom, socketPath: path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`) });
  const stopWorker = async () => {
    await stopPgliteWorker(worker);
    await rm(socketDir, { recursive: true, force: true });
  };
  try {
    // The pool never closes its idle connection: the server takes one client at a time.
    const pool = new pg.Pool({ host: socketDir, port: SOCKET_PORT, user: 'postgres', database: 'postgres', max: 1, idleTimeoutMillis: 0 });
    keepOpenOnDroppedConnections(pool);
    const commands = countPostgresCommands(pool);
    const db = await migratedOnItsConnection(pool);
    // PGlite sets its files' modes itself (0666), whatever the umask: make them private once open and
    // again once closed. In between, the 0700 folder keeps everyone else out of files it adds.
    if (dataDir) await makePrivate(dataDir);
    // Only one process can open the data folder, so the in-process bus reaches every watcher.
    const close = async () => {
      await pool.end();
      await stopWorker();
      if (dataDir) await makePrivate(dataDir);
    };
    return { database: { db, driver: 'pglite', changes: createLocalChangeBus(), pool, commands, close }, worker };
  } catch (error) {
    await stopWorker();
    throw error;
  }
}

/** PGlite takes one client at a time: the migrations run on the pool's only connection. */
async function migratedOnItsConnection(pool: pg.Pool): Promise<Db> {
  const client = await pool.connect();
  try {
    await migrateUnderLock(client);
  } finally {
    client.release();
  }
  return queryBuilder(pool);
}

/** The port number only names the socket file (`.s.PGSQL.<port>`), as libpq does. */
const SOCKET_PORT = 5432;

/**
 * The worker's entry: pglite-worker.js next to this file once built. Tests and benchmarks
 * run the .ts source, which a worker can only load through tsx's API (a loader given
 * in a worker's execArgv is not applied to it on Node.js 20).
 */
function createWorker(workerData: PgliteWorkerData): Worker {
  const extension = path.extname(fileURLToPath(import.meta.url));
  const entry = new URL(`./pglite-worker${extension}`, import.meta.url);
  if (extension !== '.ts') return new Worker(entry, { workerData });
  const tsxApi = pathToFileURL(tsxModuleEntry('./esm/api')).href;
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((tsx) => tsx.tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(entry.href)}))`;
  return new Worker(bootstrap, { eval: true, workerData });
}

/** The ES module file behind one of tsx's exports (require.resolve would give its CommonJS twin). */
function tsxModuleEntry(subpath: string): string {
  const manifestPath = createRequire(import.meta.url).resolve('tsx/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  return path.join(path.dirname(manifestPath), manifest.exports[subpath]!.import.default);
}

function startPgliteWorker(workerData: PgliteWorkerData): Promise<Worker> {
  const worker = createWorker(workerData);
  return new Promise((resolve, reject) => {
    const failed = (error: Error) => reject(error);
    const exited = (code: number) => reject(new Error(`the PGlite worker exited with ${code} before it was ready`));
    worker.once('error', failed);
    worker.once('exit', exited);
    worker.once('message', () => {
      worker.off('error', failed);
      worker.off('exit', exited);
      resolve(worker);
    });
  });
}

/** Asks the worker to close PGlite (a clean shutdown: no recovery at the next start), then ends it. */
async function stopPgliteWorker(worker: Worker): Promise<void> {
  await new Promise<void>((resolve) => {
    worker.once('message', () => resolve());
    worker.once('exit', () => resolve());
    worker.once('error', () => resolve());
    worker.postMessage('close');
  });
  await worker.terminate();
}

/** Sends the worker `message` and waits for its `done` answer (or the error it answers with). */
function askWorker(worker: Worker, message: PgliteWorkerMessage, done: string): Promise<void> {
  return new Promise((resolve, reject) => {
    worker.once('message', (answer: unknown) => (answer === done ? resolve() : reject(new Error(`the PGlite worker answered ${String(answer)}`))));
    worker.postMessage(message);
  });
}

/**
 * Opens a PostgreSQL server connection pool on `url`, and on `sessionUrl` (the same database, by default
 * reached the same way) what needs one server connection for its whole life: the connection listening for
 * the changes other instances publish (see postgres/change-bus.ts) and the migrations under their lock.
 * `url` may then go through PgBouncer in transaction mode (docs/operators/pgbouncer.md): every query of the
 * pool is a statement or a transaction of its own.
 */
export async function openPostgres(url: string, poolSize = 20, sessionUrl = url): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 10_000 });
  keepOpenOnDroppedConnections(pool);
  const commands = countPostgresCommands(pool);
  const session: pg.ClientConfig = { connectionString: sessionUrl, connectionTimeoutMillis: 10_000 };
  try {
    // The listener first: a session URL that keeps no session is refused before the migrations' lock could be
    // taken on a pooled server connection and never given back.
    const changes = await openPostgresChangeBus(session, (channel, payload) => pool.query('select pg_notify($1, $2)', [channel, payload]));
    try {
      await migrateOnSession(session);
    } catch (error) {
      await changes.close();
      throw error;
    }
    const close = async () => {
      await changes.close();
      await pool.end();
    };
    return { db: queryBuilder(pool), driver: 'postgres', changes, pool, commands, close };
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
}

/** The migrations on a connection of their own, closed after: its session holds their lock. */
async function migrateOnSession(session: pg.ClientConfig): Promise<void> {
  const client = new pg.Client(session);
  client.on('error', () => {});
  await client.connect();
  try {
    await migrateUnderLock(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Runs the migrations under a session-level advisory lock (several instances may start at once): `client`
 * must be one server connection throughout, never a transaction-mode pooler's.
 */
async function migrateUnderLock(client: pg.Client | pg.PoolClient): Promise<void> {
  await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
  try {
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
  }
}

function keepOpenOnDroppedConnections(pool: pg.Pool): void {
  // A dropped idle connection (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Nor may a dropped connection that is checked out (a transaction between two statements): the pool
  // only listens while a client is idle, and an 'error' event nobody listens to kills the process. The
  // client's pending and next queries fail instead, and the pool discards it when it is released.
  pool.on('connect', (client) => client.on('error', () => {}));
}

function queryBuilder(pool: pg.Pool): Db {
  return drizzlePg(pool, { schema }) as unknown as Db;
}
