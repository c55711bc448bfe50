/**
 * The engine's own share of the MongoDB store's cost (issue 54, point 1): the waiting room's and a booking's store
 * calls, one at a time on an otherwise idle store, on the MongoDB store (FerretDB 2 over DocumentDB) and on the
 * PostgreSQL store, both on the same PostgreSQL 15 server: the MongoDB lane's engine, the SQL in a database beside
 * DocumentDB's. What differs is the store's design and the engine in front of the tables; the server is the same.
 *
 * Per kind of call: the median and p90 in ms, and the commands each store sent per call (its own tap).
 *
 *   npx tsx bench/engine-share-bench.ts    (BENCH_ENGINE_USERS: moviegoers, 2,000 by default)
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { ensureMongodbEngine, startMongodbEngine } from '../../scripts/mongodb-engine.mjs';
import { builtInChain } from '../src/cinemas/built-in-chain.ts';
import { createBuiltinCatalog } from '../src/catalog/builtin-catalog.ts';
import { newTicketCode } from '../src/bookings/ticket-code.ts';
import { openPostgres } from '../src/db/database.ts';
import { connectMongo, createMongoStore } from '../src/db/mongo/store.ts';
import { createPostgresStore } from '../src/db/postgres/store.ts';
import { seedStore } from '../src/seed/seed.ts';
import type { Store } from '../src/store/types.ts';
import { bookableHallShows } from '../test/support/bookable.ts';
import { median, percentile } from './support/measures.ts';
import { withAdmin } from './support/postgres-server.ts';

const USERS = Number(process.env.BENCH_ENGINE_USERS || 2_000);
/** Admitted (and then claimed, checked, booked, left): at most the seats of the two shows held one each. */
const ADMITTED = 150;

interface Timed {
  ms: number[];
  commands: number;
}

/** Runs `call` for each item one at a time, timing each and counting the store's commands. */
async function timed<T>(store: Store, items: T[], call: (item: T) => Promise<unknown>): Promise<Timed> {
  let commands = 0;
  const stop = store.commands.listen(() => commands++);
  const ms: number[] = [];
  try {
    for (const item of items) {
      const started = performance.now();
      await call(item);
      ms.push(performance.now() - started);
    }
  } finally {
    stop();
  }
  return { ms, commands: commands / Math.max(items.length, 1) };
}

/** The same sale on one store: its calls in the order a presale makes them, each kind timed. */
async function sale(store: Store): Promise<Map<string, Timed>> {
  const now = new Date();
  await store.cinemas.ensure(builtInChain());
  await seedStore(store, createBuiltinCatalog({ now: () => now }), { now });
  const shows = (await bookableHallShows(store)).slice(0, 2);
  if (shows.length < 2) throw new Error(`two bookable shows on the spec's hall are needed; the seed gave ${shows.length}`);
  const accounts = Array.from({ length: USERS }, (_, i) => `bench|moviegoer-${i}`);
  const results = new Map<string, Timed>();
  const wr = store.waitingRoom;
  results.set('account recorded (a join\'s first call per instance)', await timed(store, accounts, (id) => store.users.upsert({ id, name: id, email: `${id.slice(6)}@example.com` })));
  const created = await wr.createEvent({ name: 'Engine share', onSaleAt: new Date(Date.now() + 3_600_000), waitingRoom: true, shoppingCapacity: 100, windowMinutes: 10, showIds: shows.map((s) => s.id), actor: 'bench', now: new Date() });
  if ('refused' in created) throw new Error(`the event was refused: ${created.refused}`);
  const eventId = created.id;
  const [early, late] = [accounts.slice(0, USERS / 2), accounts.slice(USERS / 2)];
  results.set('join, pre-queue', await timed(store, early, (id) => wr.join(eventId, id, new Date())));
  // The on-sale time passes (as the test suites do: the draw is given a later instant).
  const afterSale = () => new Date(Date.now() + 2 * 3_600_000);
  results.set('draw (once)', await timed(store, [0], () => wr.draw(eventId, afterSale())));
  results.set('join, after the draw', await timed(store, late, (id) => wr.join(eventId, id, afterSale())));
  results.set('pulse (each instance, each second)', await timed(store, Array.from({ length: 30 }), () => wr.pulse(eventId, afterSale())));
  results.set('admission run (10 a run)', await timed(store, Array.from({ length: ADMITTED / 10 }), () => wr.admitNext(eventId, afterSale())));
  const admitted = (await Promise.all(accounts.map((id) => wr.entry(eventId, id)))).filter((entry) => entry?.admittedAt).map((entry) => entry!.accountId);
  if (admitted.length === 0) throw new Error('the admission runs admitted nobody');
  const waiting = accounts.filter((id) => !admitted.includes(id)).slice(0, ADMITTED);
  results.set('poll without place token, waiting (reads the entry)', await timed(store, waiting, (id) => wr.entryClaiming(eventId, id, afterSale())));
  results.set('poll on the turn (claims the admission)', await timed(store, admitted, (id) => wr.entryClaiming(eventId, id, afterSale())));
  results.set("booking's admission check", await timed(store, admitted, (id) => wr.admissionEnded(eventId, id, afterSale())));
  const seats = shows.flatMap((show) => 'ABCDEFGHIJ'.split('').flatMap((row) => Array.from({ length: 9 }, (_, i) => ({ showId: show.id, seat: `${row}${i + 1}` }))));
  results.set('booking (hold of one seat)', await timed(store, admitted.slice(0, seats.length).map((id, i) => ({ id, ...seats[i]! })), ({ id, showId, seat }) =>
    store.bookings.create({ id: randomUUID(), userId: id, showId, seats: [seat], amountCents: 1_000, holdExpiresAt: new Date(Date.now() + 600_000), paymentLink: null, createdAt: new Date(), ticketCode: newTicketCode() }),
  ));
  results.set('seat map (occupied seats of a show)', await timed(store, admitted.slice(0, 50), () => store.shows.occupiedSeats(shows[0]!.id)));
  results.set('leave', await timed(store, admitted, (id) => wr.leave(eventId, id, afterSale())));
  return results;
}

const fmt = (ms: number) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(1));

async function main() {
  const built = await ensureMongodbEngine();
  if (built.skipReason !== undefined) throw new Error(`no MongoDB engine here: ${built.skipReason}`);
  const engine = await startMongodbEngine({ ferretdb: built.ferretdb });
  const stores: Store[] = [];
  try {
    const database = 'engine_share_sql';
    await withAdmin(engine.postgresUrl, (admin) => admin.query(`create database ${database}`));
    const url = new URL(engine.postgresUrl);
    url.pathname = `/${database}`;
    const postgres = createPostgresStore(await openPostgres(url.toString()));
    const mongo = createMongoStore(await connectMongo(engine.uri, { dbName: 'engine_share' }));
    stores.push(postgres, mongo);
    const load = loadavg()[0]!.toFixed(2);
    const onMongo = await sale(mongo);
    const onPostgres = await sale(postgres);
    console.log(`\n${USERS} moviegoers; load average at the start ${load}, at the end ${loadavg()[0]!.toFixed(2)}\n`);
    console.log('| store call | MongoDB store on FerretDB + DocumentDB: median / p90 ms, commands | PostgreSQL store, same server: median / p90 ms, commands | median ratio |');
    console.log('|---|---:|---:|---:|');
    for (const [kind, m] of onMongo) {
      const p = onPostgres.get(kind)!;
      const cell = (t: Timed) => t.ms.length === 0 ? '–' : `${fmt(median(t.ms))} / ${fmt(percentile(t.ms, 90))}, ${t.commands.toFixed(2)}`;
      console.log(`| ${kind} (${m.ms.length}, ${p.ms.length}) | ${cell(m)} | ${cell(p)} | ${(median(m.ms) / median(p.ms)).toFixed(1)} |`);
    }
  } finally {
    for (const store of stores) await store.close().catch(() => {});
    await engine.stop();
  }
}

await main();
