import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureFerretdb, FERRETDB_LABEL, findGo, startFerretdb, type FerretdbServer } from '../../scripts/ferretdb.mjs';
import { openMongoStore } from '../src/db/mongo/store.ts';
import { builtService, builtServiceEnv, freePort, packageRoot } from './support/processes.ts';
import { laneLeftOut } from './support/lane-selection.ts';

/**
 * The MongoDB store pointed at FerretDB v1.24.2, the MongoDB-protocol server the
 * tests can run here. FerretDB 1.x cannot hold the store's guarantees
 * (docs/service/mongodb.md: no partial indexes, a unique index on an array compares
 * whole arrays, conditional updates are read-then-write), so the store must
 * refuse to start there rather than serve and sell seats twice. These tests hold
 * it to that, on a FerretDB 1.x of their own (built once with Go, scripts/ferretdb.mjs);
 * the MongoDB lane of the other tests runs on FerretDB 2 over DocumentDB
 * (scripts/mongodb-engine.mjs), where the store opens.
 */
const skipReason = laneLeftOut('mongodb') ?? (findGo() ? null : `FerretDB refusal tests skipped: Go is not installed, and ${FERRETDB_LABEL} is built with it`);
if (skipReason) console.warn(skipReason);
let server: FerretdbServer | undefined;

const REFUSAL =
  'The server refused the indexes of the bookings collection: Index option "partialFilterExpression" is not implemented yet. ' +
  'The store needs unique and partial indexes on array fields';

function databaseUri(): string {
  const url = new URL(server!.uri);
  url.pathname = `/refusal_${randomBytes(4).toString('hex')}`;
  return url.toString();
}

describe.skipIf(skipReason !== null)(`the MongoDB store on ${FERRETDB_LABEL}`, () => {
  beforeAll(async () => {
    const built = ensureFerretdb({ log: (message) => console.info(`[ferretdb 1.x] ${message}`) });
    if (built.skipReason !== undefined) throw new Error(built.skipReason);
    server = await startFerretdb({ binary: built.binary });
  }, 900_000); // a first build with a cold Go cache takes minutes
  afterAll(() => server?.stop());

  it('refuses to open, naming the index the server refused and what the store needs', async () => {
    await expect(openMongoStore(databaseUri(), { serverSelectionTimeoutMS: 5_000 })).rejects.toThrow(REFUSAL);
  });

  it.skipIf(!existsSync(builtService))('the built service started with MONGODB_URI there exits with that reason and never listens', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ferretdb-refusal-'));
    try {
      const env = { ...builtServiceEnv({ port, dataDir, databaseUrl: '', logLevel: 'error' }), MONGODB_URI: databaseUri() };
      const child = spawn(process.execPath, [builtService], { cwd: packageRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(output).toContain(REFUSAL);
      await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
