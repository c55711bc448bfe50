/**
 * Vitest global setup: the server behind the MongoDB lane (test/support/databases.ts).
 *
 * TEST_MONGODB_URI, when set, names a real MongoDB and is used as it is. Otherwise
 * the engine of scripts/mongodb-engine.mjs (FerretDB 2 over PostgreSQL with
 * DocumentDB), built once and cached outside the clone, is started for the run on
 * free loopback ports in a temporary folder, and stopped by PID afterwards. The
 * lane runs when the store can open on that server; when it cannot, or when the
 * engine cannot be built here, the lane is skipped and the reason printed: never
 * a green lane that did not run.
 */
import type { TestProject } from 'vitest/node';
import { ensureMongodbEngine, MONGODB_ENGINE_LABEL, startMongodbEngine } from '../../../scripts/mongodb-engine.mjs';
import { connectMongo } from '../../src/db/mongo/store.ts';
import { laneLeftOut } from './lane-selection.ts';

export interface MongoLaneServer {
  /** The server to connect to, or null when there is none. */
  uri: string | null;
  /** What it is, for messages: FerretDB and its version, or the given MongoDB. */
  label: string;
  /** Why the store's lane does not run on it, or null when it does. */
  skipReason: string | null;
}

declare module 'vitest' {
  export interface ProvidedContext {
    mongoLaneServer: MongoLaneServer;
  }
}

/** Whether the store opens on the server (its indexes created); the error's message when not. */
async function storeRefusal(uri: string): Promise<string | null> {
  try {
    const connection = await connectMongo(uri, { dbName: `probe_${process.pid}`, serverSelectionTimeoutMS: 5_000 });
    await connection.dropDatabase();
    await connection.close();
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  const leftOut = laneLeftOut('mongodb');
  if (leftOut) {
    project.provide('mongoLaneServer', { uri: null, label: MONGODB_ENGINE_LABEL, skipReason: leftOut });
    return;
  }
  const given = process.env.TEST_MONGODB_URI;
  if (given) {
    project.provide('mongoLaneServer', { uri: given, label: 'MongoDB at TEST_MONGODB_URI', skipReason: null });
    return;
  }
  const built = await ensureMongodbEngine({ log: (message) => console.info(`[mongodb lane] ${message}`) });
  if (built.skipReason !== undefined) {
    const skipReason = `MongoDB lane skipped: ${built.skipReason}`;
    console.warn(skipReason);
    project.provide('mongoLaneServer', { uri: null, label: MONGODB_ENGINE_LABEL, skipReason });
    return;
  }
  const server = await startMongodbEngine({ ferretdb: built.ferretdb });
  const refusal = await storeRefusal(server.uri);
  const skipReason = refusal && `MongoDB lane skipped: the store does not open on ${MONGODB_ENGINE_LABEL}: ${refusal}`;
  if (skipReason) console.warn(skipReason);
  else console.info(`[mongodb lane] on ${MONGODB_ENGINE_LABEL} at ${server.uri}`);
  project.provide('mongoLaneServer', { uri: server.uri, label: MONGODB_ENGINE_LABEL, skipReason });
  return () => server.stop();
}
