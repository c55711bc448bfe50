import mongoose from 'mongoose';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { BUILT_IN_TIME_ZONE, builtInChain, DEFAULT_SCREEN_ID } from '../src/cinemas/built-in-chain.ts';
import type { Cinema } from '../src/cinemas/cinema.ts';
import { openPglite, type Db } from '../src/db/database.ts';
import { connectMongo, createMongoStore } from '../src/db/mongo/store.ts';
import { createCinemaRepository } from '../src/db/postgres/cinema-repository.ts';
import { createPostgresStore } from '../src/db/postgres/store.ts';
import * as schema from '../src/db/schema.ts';
import type { Store } from '../src/store/types.ts';
import { sampleMovie } from './support/mongo-fixtures.ts';
import { laneLeftOut } from './support/lane-selection.ts';
import { pgliteWrittenAt, removeWrittenAtFolders } from './support/written-at.ts';

/**
 * Issue 52 part 3's migration: a database holding the built-in chain on THEATRE_TIMEZONE's clock (UTC, as every start
 * wrote it before) comes out with its cinemas on India's clock, a cinema of its own left on its clock, and every
 * stored show at the instant it had: nothing sold moves.
 */

const LAST_BEFORE_CLOCKS = 20;
const mongoServer = inject('mongoLaneServer');
afterAll(removeWrittenAtFolders);

/** The chain as a start before this change wrote it (THEATRE_TIMEZONE UTC), and an operator's own cinema in London. */
const OLD_CHAIN: Cinema[] = builtInChain().map((cinema) => ({ ...cinema, timeZone: 'UTC' }));
const OWN: Cinema = { ...builtInChain()[1]!, id: 'own-london', name: 'Own London', timeZone: 'Europe/London', screens: [] };
const movie = sampleMovie({ id: '880021', title: 'The Clock Film', runtime: 100 });
/** A show entered as 7:30 PM on UTC's clock: 1:00 AM in Mumbai, and it stays at that instant. */
const startsAt = new Date(`${new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)}T19:30:00Z`);

async function expectOnTheirClocks(store: Store) {
  const cinemas = await store.cinemas.list();
  for (const cinema of OLD_CHAIN) expect(cinemas.find((c) => c.id === cinema.id)?.timeZone, cinema.id).toBe(BUILT_IN_TIME_ZONE);
  expect(cinemas.find((c) => c.id === OWN.id)?.timeZone).toBe('Europe/London');
  const shows = await store.shows.upcomingForMovie(movie.id, new Date(0));
  expect(shows.map((show) => ({ startsAt: show.startsAt, screenId: show.screenId }))).toEqual([{ startsAt, screenId: DEFAULT_SCREEN_ID }]);
}

describe.skipIf(laneLeftOut('pglite') !== null)('migration 0021 on PGlite: the built-in chain on its own clock, shows at their instant', () => {
  it('migrates a PGlite data folder written at 0020', async () => {
    const dataDir = await pgliteWrittenAt(LAST_BEFORE_CLOCKS, async (db) => {
      await createCinemaRepository(db as unknown as Db).ensure([...OLD_CHAIN, OWN]);
      await db.insert(schema.movies).values({ id: movie.id, title: movie.title });
      await db.insert(schema.shows).values({ id: '00000000-0000-4000-8000-000000000021', movieId: movie.id, startsAt, priceCents: 1250, screenId: DEFAULT_SCREEN_ID });
      expect((await db.select().from(schema.cinemas)).every((c) => c.timeZone !== BUILT_IN_TIME_ZONE)).toBe(true);
    });

    const store = createPostgresStore(await openPglite(dataDir));
    try {
      await expectOnTheirClocks(store);
    } finally {
      await store.close();
    }
  });
});

describe.skipIf(mongoServer.skipReason !== null)('the built-in chain on its own clock on MongoDB, at connect', () => {
  it('moves cinemas stored on UTC to India, leaves the others and every show', async () => {
    const dbName = `clocks_${Date.now()}`;
    const raw = await mongoose.createConnection(mongoServer.uri!, { dbName }).asPromise();
    await raw.collection('cinemas').insertMany([...OLD_CHAIN, OWN].map(({ id, ...cinema }, position) => ({ _id: id, ...cinema, position, createdAt: new Date() })) as never[]);
    await raw.close();
    const store = createMongoStore(await connectMongo(mongoServer.uri!, { dbName }));
    try {
      await store.movies.upsert(movie);
      await store.shows.addMany(movie.id, [{ startsAt, priceCents: 1250, screenId: DEFAULT_SCREEN_ID }]);
      await expectOnTheirClocks(store);
    } finally {
      await store.close();
    }
  });
});
