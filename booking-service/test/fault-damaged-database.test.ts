import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPglite, openPostgres, type Database } from '../src/db/database.ts';
import { connectMongo, createMongoStore } from '../src/db/mongo/store.ts';
import { createPostgresStore } from '../src/db/postgres/store.ts';
import type { Store } from '../src/store/types.ts';
import { freshPostgresDatabaseUrl, lanes, type Lane } from './support/databases.ts';
import { createBooking } from './support/payments.ts';
import { builtService, builtServiceEnv, freePort, startProcess, stop } from './support/processes.ts';
import { startTestSigner, type TestSigner } from './support/signer.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Finding 5: damage went unnoticed. A truncated seat table showed every seat free, a truncated
 * bookings table showed no bookings, a deleted database folder started over on sample data, and
 * /api/health said ok throughout; damaged core files failed start-up without naming the folder.
 * Each damage is made here as an operator's mistake or a disk would make it, and must be reported.
 */

/** A store of the lane with a way to damage it underneath the service. */
interface DamageableStore {
  store: Store;
  /** Empties the seat ledger (PostgreSQL: the seat_reservations table; MongoDB: the live flags). */
  truncateSeatLedger(): Promise<void>;
  /** Empties the bookings table. */
  truncateBookings(): Promise<void>;
  close(): Promise<void>;
}

function sqlDamage(database: Database, dropDatabase = async () => {}): DamageableStore {
  const store = createPostgresStore(database);
  return {
    store,
    truncateSeatLedger: async () => void (await database.db.execute(sql`truncate seat_reservations`)),
    truncateBookings: async () => void (await database.db.execute(sql`truncate bookings cascade`)),
    async close() {
      await store.close();
      await dropDatabase();
    },
  };
}

async function openDamageable(lane: Lane): Promise<DamageableStore> {
  switch (lane.name) {
    case 'pglite':
      return sqlDamage(await openPglite(undefined));
    case 'postgres': {
      const fresh = await freshPostgresDatabaseUrl(process.env.TEST_POSTGRES_URL!);
      return sqlDamage(await openPostgres(fresh.url, 10), () => fresh.drop());
    }
    case 'mongodb': {
      const connection = await connectMongo(inject('mongoLaneServer').uri!, { dbName: `damage_${randomBytes(5).toString('hex')}` });
      const store = createMongoStore(connection);
      return {
        store,
        truncateSeatLedger: async () => void (await connection.collection('bookings').updateMany({ status: { $ne: 'cancelled' } }, { $set: { live: false } })),
        truncateBookings: async () => void (await connection.collection('bookings').deleteMany({})),
        async close() {
          await connection.dropDatabase().catch(() => {});
          await store.close();
        },
      };
    }
  }
}

for (const lane of lanes) {
  describe.skipIf(lane.skipReason !== null)(`a database damaged under the running service on ${lane.name}`, () => {
    let damageable: DamageableStore;
    let t: TestApp;
    let clock = Date.now();
    let user: string;

    beforeAll(async () => {
      damageable = await openDamageable(lane);
      t = await startTestApp(lane, { store: damageable.store, seed: true, now: () => new Date(clock) });
      user = await t.tokenFor('damage@example.com');
    });
    afterAll(async () => {
      await t?.close();
      await damageable?.close();
    });

    /** Health once its last report is out of date (it is reused for 5 s). */
    async function health() {
      clock += 10_000;
      return t.api('GET', '/api/health');
    }

    it('a whole database is healthy, and the bookings are counted', async () => {
      await createBooking(t, user, 2);
      const answer = await health();
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ success: true, status: 'ok', database: t.store.driver });
      expect((await t.store.integrity.identity())!.seen.bookings).toBeGreaterThan(0);
    });

    it('a truncated seat ledger: health is 503 naming it and what to do, and no booking is taken', async () => {
      const { showId, seats } = await createBooking(t, user, 2);
      await damageable.truncateSeatLedger();
      const answer = await health();
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ success: false, status: 'unhealthy', database: t.store.driver });
      expect(answer.body.message).toMatch(/held or paid bookings? ha(s|ve) seats missing from the seat ledger/);
      expect(answer.body.message).toContain('restore the database from a backup');
      // The seat that shows as free cannot be sold again while the ledger is damaged.
      const again = await t.api('POST', '/api/booking/create', { token: await t.tokenFor('second@example.com'), body: { showId, selectedSeats: [seats[0]] } });
      expect(again.status).toBe(503);
      expect(again.body).toEqual({ success: false, message: expect.stringContaining('its database is damaged') });
      // Reads still answer (staff can look).
      expect((await t.api('GET', '/api/show/all')).status).toBe(200);
    });

    it('a truncated bookings table: health is 503 saying how many rows were lost', async () => {
      const before = (await t.store.integrity.identity())!.seen.bookings;
      await damageable.truncateBookings();
      const answer = await health();
      expect(answer.status).toBe(503);
      expect(answer.body.message).toContain(`The bookings table holds 0 rows but held ${before}: rows were removed`);
    });
  });
}

const skipReason = !existsSync(builtService) ? 'damaged-database start-up tests skipped: the service is not built (npm test builds it first)' : null;
if (skipReason) console.warn(skipReason);

/** The built service on embedded PGlite, started on a data folder damaged while it was stopped. */
describe.skipIf(skipReason !== null)('the service started on a damaged data folder (PGlite)', () => {
  let signer: TestSigner;
  let dataDir: string;
  let port: number;
  let child: ChildProcess | null = null;
  const folder = () => path.join(dataDir, 'pglite');

  /** Starts the service; resolves to its exit code and what it wrote when it refused to start, or null once it serves. */
  function start(): Promise<{ code: number | null; output: string } | null> {
    let output = '';
    const env = builtServiceEnv({ port, dataDir, databaseUrl: '', jwksUrl: signer.jwksUrl, logLevel: 'error' });
    return startProcess(process.execPath, [builtService], env, `http://127.0.0.1:${port}/api/health`, {
      pipeOutput: true,
      timeoutMs: 120_000,
      onSpawn: (spawned) => {
        spawned.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
        spawned.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      },
    }).then(
      (started) => {
        child = started;
        return null;
      },
      async (error: Error) => {
        await new Promise((resolve) => setTimeout(resolve, 200)); // the last output
        return { code: 1, output: `${output}\n${error.message}` };
      },
    );
  }

  async function stopService() {
    if (child) await stop(child);
    child = null;
  }

  beforeAll(async () => {
    signer = await startTestSigner();
    dataDir = mkdtempSync(path.join(tmpdir(), 'damaged-'));
    port = await freePort();
    expect(await start()).toBeNull();
    // A health check after the seed has run records how many rows the tables hold.
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    await stopService();
  }, 150_000);

  afterAll(async () => {
    await stopService();
    await signer?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('a truncated seat table: it refuses to start, naming the damage and what to do', async () => {
    const database = await openPglite(folder());
    await database.db.execute(sql`truncate seat_reservations`);
    await database.close();
    const refused = await start();
    expect(refused).not.toBeNull();
    expect(refused!.output).toContain(`Not starting: The database at ${folder()} is damaged`);
    expect(refused!.output).toMatch(/seats missing from the seat ledger.*restore the database from a backup/);
  }, 150_000);

  it('damaged core files: it refuses to start, naming the damaged folder', async () => {
    writeFileSync(path.join(folder(), 'global', 'pg_control'), Buffer.alloc(8192));
    const refused = await start();
    expect(refused).not.toBeNull();
    expect(refused!.output).toContain(`The embedded database in ${folder()} could not be opened`);
    expect(refused!.output).toContain(`restore ${folder()} from a backup`);
  }, 150_000);

  it('a deleted database folder: it refuses to start over on fresh sample data', async () => {
    rmSync(folder(), { recursive: true, force: true });
    const refused = await start();
    expect(refused).not.toBeNull();
    expect(refused!.output).toContain(`Not starting: The database at ${folder()} is missing or empty`);
    expect(refused!.output).toContain(path.join(dataDir, 'store-identity.json'));
    // Refused again on the next try: the empty database it opened is not taken for the real one.
    expect((await start())!.output).toContain('is missing or empty');
  }, 150_000);
});
