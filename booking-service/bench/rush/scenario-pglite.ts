/** Scenario "PGlite": one service on embedded PGlite; checked by opening its data folder after it stopped. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { stop } from '../../test/support/processes.ts';
import type { TestSigner } from '../../test/support/signer.ts';
import type { Booker } from './bookers.ts';
import { checkInvariant, type Query } from './invariant.ts';
import { runLoad } from './load.ts';
import type { ScenarioResult } from './scenario.ts';
import { logSummary, startService, type Service } from './services.ts';
import { occupiedSeats, pickShow } from './target.ts';

export async function pgliteScenario(signer: TestSigner, bookers: Booker[], warmUpBookers: Booker[]): Promise<ScenarioResult> {
  const result: ScenarioResult = { name: 'PGlite', instances: 1, log: [], notes: [], failures: [] };
  const workDir = await mkdtemp(path.join(tmpdir(), 'rush-pglite-'));
  const dataDir = path.join(workDir, 'data');
  let service: Service | null = null;
  try {
    service = await startService('service', workDir, dataDir, signer.jwksUrl, '');
    const target = await pickShow(service.origin);
    const heldBefore = (await occupiedSeats(service.origin, target.showId)).length;
    result.load = await runLoad([service.origin], target, bookers, warmUpBookers);
    // PGlite is single-process: the service lets go of its data folder first.
    if ((await stop(service.child)) === 'killed') result.notes.push('PGlite: the service did not stop within 20 s of SIGTERM and was killed; checked after crash recovery');
    const db = new PGlite(path.join(dataDir, 'pglite'));
    try {
      const query: Query = async (sql, params) => (await db.query<Record<string, unknown>>(sql, params)).rows;
      result.invariant = await checkInvariant(query, target.showId, heldBefore, result.load.bookers.acknowledged);
    } finally {
      await db.close();
    }
  } catch (error) {
    result.failures.push(`PGlite: the scenario did not complete: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    if (service) {
      await stop(service.child);
      result.log = logSummary([service]);
    }
    await rm(workDir, { recursive: true, force: true });
  }
  return result;
}
