/** Scenario "MongoDB": two services with MONGODB_URI on one fresh database (a given MongoDB, else FerretDB 2 over DocumentDB). */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { ensureMongodbEngine, MONGODB_ENGINE_LABEL, startMongodbEngine, type MongodbEngineServer } from '../../../scripts/mongodb-engine.mjs';
import { openMongoStore } from '../../src/db/mongo/store.ts';
import { stop } from '../../test/support/processes.ts';
import type { TestSigner } from '../../test/support/signer.ts';
import type { Booker } from './bookers.ts';
import { checkMongoInvariant } from './invariant-mongodb.ts';
import { runLoad } from './load.ts';
import type { ScenarioResult } from './scenario.ts';
import { logSummary, startService, type Service } from './services.ts';
import { occupiedSeats, pickShow } from './target.ts';

/** The MongoDB server for the scenario: a given MongoDB, else the lane's engine started for it; or why there is none. */
export async function mongoServer(): Promise<{ uri: string; label: string; engine: MongodbEngineServer | null } | { skipped: string }> {
  const given = process.env.BENCH_MONGODB_URI || process.env.TEST_MONGODB_URI;
  if (given) return { uri: given, label: 'MongoDB', engine: null };
  const built = await ensureMongodbEngine();
  if (built.skipReason !== undefined) return { skipped: built.skipReason };
  const engine = await startMongodbEngine({ ferretdb: built.ferretdb });
  return { uri: engine.uri, label: MONGODB_ENGINE_LABEL, engine };
}

export async function mongoScenario(signer: TestSigner, bookers: Booker[], warmUpBookers: Booker[]): Promise<ScenarioResult> {
  const result: ScenarioResult = { name: 'MongoDB', instances: 2, log: [], notes: [], failures: [] };
  let server: Awaited<ReturnType<typeof mongoServer>>;
  try {
    server = await mongoServer();
  } catch (error) {
    result.failures.push(`MongoDB: the scenario did not run: ${error instanceof Error ? error.message : String(error)}`);
    return result;
  }
  if ('skipped' in server) {
    result.skipped = server.skipped;
    return result;
  }
  result.name = `MongoDB store on ${server.label}`;
  const workDir = await mkdtemp(path.join(tmpdir(), 'rush-mongodb-'));
  const url = new URL(server.uri);
  url.pathname = `/rush_${randomBytes(5).toString('hex')}`;
  const uri = url.toString();
  const services: Service[] = [];
  try {
    // The store's own start-up (indexes first) decides whether the service can run there.
    const refusal = await openMongoStore(uri, { serverSelectionTimeoutMS: 5_000 }).then(
      (store) => store.close().then(() => null),
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    if (refusal) {
      result.skipped = `the store does not start on ${server.label}: ${refusal}`;
      return result;
    }
    const dataDir = path.join(workDir, 'data');
    for (const label of ['mongodb-1', 'mongodb-2']) services.push(await startService(label, workDir, dataDir, signer.jwksUrl, '', uri));
    const origins = services.map((s) => s.origin);
    const target = await pickShow(origins[0]!);
    const heldBefore = (await occupiedSeats(origins[0]!, target.showId)).length;
    result.load = await runLoad(origins, target, bookers, warmUpBookers);
    for (const service of services) {
      if ((await stop(service.child)) === 'killed') result.notes.push(`MongoDB: ${service.origin} did not stop within 20 s of SIGTERM and was killed`);
    }
    result.invariant = await checkMongoInvariant(uri, target.showId, heldBefore, result.load.bookers.acknowledged);
  } catch (error) {
    result.failures.push(`MongoDB: the scenario did not complete: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    for (const service of services) await stop(service.child);
    result.log = logSummary(services);
    await rm(workDir, { recursive: true, force: true });
    if (server.engine) await server.engine.stop();
    else {
      const connection = await mongoose.createConnection(uri).asPromise().catch(() => null);
      await connection?.dropDatabase().catch(() => {});
      await connection?.close();
    }
  }
  return result;
}
