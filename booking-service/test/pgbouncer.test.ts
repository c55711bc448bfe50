import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATION_LOCK_ID } from '../src/db/database.ts';
import { openStore } from '../src/db/open-store.ts';
import type { Store } from '../src/store/types.ts';
import { bookableHallShows } from './support/bookable.ts';
import { freshPostgresDatabaseUrl, lanes } from './support/databases.ts';
import { createBooking, eventually, submitCard } from './support/payments.ts';
import { pgbouncerSkipReason, startPgbouncer, type Pgbouncer } from './support/pgbouncer.ts';
import { openEvents } from './support/sse.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const postgres = lanes.find((lane) => lane.name === 'postgres')!;
const skipReason = postgres.skipReason ?? pgbouncerSkipReason();
if (postgres.skipReason === null && skipReason) console.warn(skipReason);

const MIGRATIONS = (JSON.parse(readFileSync(new URL('../drizzle/meta/_journal.json', import.meta.url), 'utf8')) as { entries: unknown[] }).entries.length;

/** A store as the service opens it from its configuration (src/db/open-store.ts). */
function openConfiguredStore(databaseUrl: string, databaseSessionUrl: string | undefined): Promise<Store> {
  return openStore({ databaseUrl, databaseSessionUrl, mongodbUri: undefined, dataDir: '/nonexistent', databasePoolSize: 10 });
}

/** One query on a connection of its own (straight to the server, or through PgBouncer). */
async function queryOnce<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/**
 * PgBouncer in transaction mode in front of PostgreSQL (docs/operators/pgbouncer.md): two instances whose
 * request pools (DATABASE_URL) go through it, sharing its few server connections, and whose LISTEN and
 * migrations go straight to the server (DATABASE_SESSION_URL). What a moviegoer relies on holds; and with the
 * session URL through PgBouncer too, LISTEN hears nothing, so start-up refuses.
 */
describe.skipIf(skipReason !== null)('PgBouncer in transaction mode in front of PostgreSQL', () => {
  let bouncer: Pgbouncer;
  let database: Awaited<ReturnType<typeof freshPostgresDatabaseUrl>>;
  const stores: Store[] = [];
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    bouncer = await startPgbouncer(process.env.TEST_POSTGRES_URL!);
    // Empty, not the run's migrated template: the instances' start-up migrates it.
    database = await freshPostgresDatabaseUrl(process.env.TEST_POSTGRES_URL!);
    // Both at once, as instances of a deployment start: one migrates, the other waits on the lock.
    stores.push(...(await Promise.all([0, 1].map(() => openConfiguredStore(bouncer.through(database.url), database.url)))));
    a = await startTestApp(postgres, { store: stores[0], seed: true });
    b = await startTestApp(postgres, { store: stores[1] });
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    for (const store of stores) await store.close();
    await database?.drop();
    await bouncer?.stop();
  });

  it('the two instances, started at once, migrated the empty database on the session URL, one after the other, and left no migration lock', async () => {
    const [applied] = await queryOnce<{ count: number }>(database.url, 'select count(*)::int as count from drizzle.__drizzle_migrations');
    expect(applied!.count).toBe(MIGRATIONS);
    const locks = await queryOnce(database.url, `select 1 from pg_locks where locktype = 'advisory' and objid = ${MIGRATION_LOCK_ID}`);
    expect(locks).toEqual([]);
  });

  it('the request pools run through PgBouncer: their server connections are its few, not one per pool connection', async () => {
    // Transaction mode: whatever the pools hold, the server sees at most PgBouncer's pool (4) for them.
    await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).store.movies.ids()));
    const [row] = await queryOnce<{ count: number }>(database.url, `select count(*)::int as count from pg_stat_activity where datname = current_database()`);
    // The two listeners and this query straight to the server; the rest is PgBouncer's.
    expect(row!.count).toBeLessThanOrEqual(4 + 2 + 1);
    const pooled = a.store.figures.poolUse()!.total + b.store.figures.poolUse()!.total;
    expect(pooled).toBeGreaterThan(4 + 2 + 1);
  });

  it('a booking is held on one instance and paid on the other', async () => {
    const { res, booking } = await createBooking(a, await a.tokenFor('bouncer@example.com'));
    expect(booking.status).toBe('held');
    const paid = await submitCard(b, res.body.url);
    expect(paid.status).toBe(303);
    expect(await b.store.bookings.get(booking.id)).toMatchObject({ isPaid: true, status: 'paid' });
  });

  it("a booking on one instance reaches the other's live seat map (NOTIFY through PgBouncer, LISTEN on the session URL)", async () => {
    const show = (await bookableHallShows(a.store)).find((s) => Object.keys(s.occupiedSeats).length === 0)!;
    const stream = await openEvents(`${b.baseUrl}/api/booking/seats/${show.id}/events`);
    try {
      await stream.next((seats) => seats.length === 0, 2_000);
      const booked = await a.api('POST', '/api/booking/create', { token: await a.tokenFor('watched@example.com'), body: { showId: show.id, selectedSeats: ['D4', 'D5'] } });
      expect(booked.status).toBe(200);
      expect(await stream.next((seats) => seats.includes('D4'), 2_000)).toEqual(['D4', 'D5']);
    } finally {
      await stream.close();
    }
  });

  it("the waiting room's admission runs (an advisory transaction lock) on both instances at once admit the capacity once", async () => {
    const admin = await a.tokenFor('staff@example.com', ['admin']);
    const show = (await bookableHallShows(a.store, new Date(Date.now() + 3 * 3600_000))).find((s) => Object.keys(s.occupiedSeats).length === 0)!;
    const created = await a.api('POST', '/api/admin/on-sale', {
      token: admin,
      body: { name: 'Through PgBouncer', showIds: [show.id], onSaleAt: new Date().toISOString(), waitingRoom: true, shoppingCapacity: 2 },
    });
    expect(created.status).toBe(200);
    const eventId = created.body.event.id as string;
    const fans = ['fan1', 'fan2', 'fan3'];
    const me = async (instance: TestApp, fan: string) => instance.api('GET', `/api/waiting-room/${eventId}/me`, { token: await instance.tokenFor(`${fan}@example.com`) });
    // Each instance reads the events afresh at most once a second.
    await eventually(async () => (await me(b, 'fan1')).status === 200, 5_000, 'the other instance knowing the event');
    for (const [i, fan] of fans.entries()) {
      const instance = i % 2 ? b : a;
      const joined = await instance.api('POST', `/api/waiting-room/${eventId}/join`, { token: await instance.tokenFor(`${fan}@example.com`) });
      expect(joined.status).toBe(200);
    }
    const admitted = await Promise.all([a.services.waitingRoom.admitAll(), b.services.waitingRoom.admitAll()]);
    expect(admitted[0] + admitted[1]).toBe(2);
    const states = await Promise.all(fans.map(async (fan) => (await me(b, fan)).body));
    expect(states.filter((state) => typeof state.admission === 'string')).toHaveLength(2);
  });

  describe('with the session URL through PgBouncer too', () => {
    it('LISTEN through PgBouncer hears nothing: the notification goes to whichever client holds that server connection, or nobody', async () => {
      const listener = new pg.Client({ connectionString: bouncer.through(database.url) });
      await listener.connect();
      try {
        const heard: string[] = [];
        listener.on('notification', (message) => heard.push(message.payload ?? ''));
        await listener.query('listen pgbouncer_test');
        // Straight to the server, the same LISTEN hears it at once (the instances above started through that check).
        await queryOnce(bouncer.through(database.url), "select pg_notify('pgbouncer_test', 'sent')");
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        expect(heard).toEqual([]);
      } finally {
        await listener.end();
      }
    });

    it('start-up refuses, naming DATABASE_SESSION_URL, rather than run an instance deaf to the others', async () => {
      const throughBouncer = bouncer.through(database.url);
      // DATABASE_URL alone through PgBouncer is the same mistake (the session URL defaults to it).
      const [bothThrough, onlyOne] = await Promise.allSettled([openConfiguredStore(throughBouncer, throughBouncer), openConfiguredStore(throughBouncer, undefined)]);
      for (const opening of [bothThrough, onlyOne]) {
        if (opening.status === 'fulfilled') stores.push(opening.value);
        expect(opening.status).toBe('rejected');
        expect(String((opening as PromiseRejectedResult).reason)).toMatch(/DATABASE_SESSION_URL.*did not keep a session: a LISTEN on it heard nothing/);
      }
    }, 20_000);
  });
});
