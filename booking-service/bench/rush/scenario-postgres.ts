/** Scenario "PostgreSQL": two services on one fresh database of a PostgreSQL server. */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { stop } from '../../test/support/processes.ts';
import type { TestSigner } from '../../test/support/signer.ts';
import { postgresServer, stopPostgresServer, withAdmin, type PostgresServer } from '../support/postgres-server.ts';
import type { Booker } from './bookers.ts';
import { checkInvariant, type Query } from './invariant.ts';
import { runLoad } from './load.ts';
import type { ScenarioResult } from './scenario.ts';
import { logSummary, startService, type Service } from './services.ts';
import { occupiedSeats, pickShow } from './target.ts';

export async function postgresScenario(signer: TestSigner, bookers: Booker[], warmUpBookers: Booker[]): Promise<ScenarioResult> {
  const result: ScenarioResult = { name: 'PostgreSQL', instances: 2, log: [], notes: [], failures: [] };
  let server: PostgresServer;
  try {
    server = await postgresServer();
  } catch (error) {
    result.failures.push(`PostgreSQL: the scenario did not run: ${error instanceof Error ? error.message : String(error)}`);
    return result;
  }
  const workDir = await mkdtemp(path.join(tmpdir(), 'rush-postgres-'));
  const dbName = `rush_${randomBytes(5).toString('hex')}`;
  const services: Service[] = [];
  let created = false;
  try {
    await withAdmin(server.adminUrl, (admin) => admin.query(`create database ${dbName}`));
    created = true;
    const url = new URL(server.adminUrl);
    url.pathname = `/${dbName}`;
    const databaseUrl = url.toString();
    // One after the other: the first migrates and seeds, the second finds it done (as a rolling start would).
    const dataDir = path.join(workDir, 'data');
    for (const label of ['service-1', 'service-2']) services.push(await startService(label, workDir, dataDir, signer.jwksUrl, databaseUrl));
    const origins = services.map((s) => s.origin);
    const target = await pickShow(origins[0]!);
    const heldBefore = (await occupiedSeats(origins[0]!, target.showId)).length;
    result.load = await runLoad(origins, target, bookers, warmUpBookers);
    for (const service of services) {
      if ((await stop(service.child)) === 'killed') result.notes.push(`PostgreSQL: ${service.origin} did not stop within 20 s of SIGTERM and was killed`);
    }
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const query: Query = async (sql, params) => (await db.query(sql, params)).rows as Record<string, unknown>[];
      result.invariant = await checkInvariant(query, target.showId, heldBefore, result.load.bookers.acknowledged);
    } finally {
      await db.end();
    }
  } catch (error) {
    result.failures.push(`PostgreSQL: the scenario did not complete: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    for (const service of services) await stop(service.child);
    result.log = logSummary(services);
    await rm(workDir, { recursive: true, force: true });
    if (created) {
      await withAdmin(server.adminUrl, (admin) => admin.query(`drop database if exists ${dbName} with (force)`)).catch((error: unknown) =>
        result.notes.push(`PostgreSQL: could not drop ${dbName}: ${String(error)}`),
      );
    }
    await stopPostgresServer(server).catch((error: unknown) => result.notes.push(`PostgreSQL: stopping the throwaway server failed: ${String(error)}`));
  }
  return result;
}
