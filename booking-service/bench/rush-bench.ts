/**
 * `npm run bench` (booking-service part): a ticket rush against the built service.
 *
 * For ~10 s, at the same time:
 *  - readers: autocannon (own process) cycling GET /api/show/all, /api/show/:id and
 *    /api/booking/seats/:showId with a browser's Accept-Encoding;
 *  - bookers: hundreds of distinct signed-in users (tokens from the test signer, each
 *    its own sub and email), ~100 requests in flight, each POSTing /api/booking/create
 *    with 1-4 seats drawn from a small region of ONE show, so most attempts collide
 *    (a taken seat is answered 409).
 * Before the rush, 100 other users book on another show of the movie for 2 s, so that the
 * booking path is compiled and warm as in a service that has been up for a while (the
 * rush's own users are all new to the service); then the readers warm up for 2 s.
 * Then, with the load over, the database itself is checked: no seat held by two live
 * bookings, every live booking holds exactly its seats in the ledger, no ledger row
 * without a live booking that lists it, every acknowledged (200) booking stored.
 *
 * Scenario "PGlite": one service process on embedded PGlite in a temporary DATA_DIR;
 * checked by opening that data folder with PGlite after the service has stopped.
 * Scenario "PostgreSQL": two service processes on different ports sharing one fresh
 * database (BENCH_POSTGRES_URL or TEST_POSTGRES_URL, else a throwaway cluster from
 * scripts/test-postgres.mjs); readers and bookers are split across both.
 * Scenario "MongoDB": two service processes with MONGODB_URI on one fresh database of
 * BENCH_MONGODB_URI or TEST_MONGODB_URI, else of FerretDB 2 over PostgreSQL with
 * DocumentDB (scripts/mongodb-engine.mjs, built once and cached); checked by reading the
 * bookings collection. Where the store does not start on that server (FerretDB 1.x:
 * docs/service/mongodb.md) or the engine cannot be built, the scenario is reported as
 * skipped with the reason.
 *
 * Environment (all optional): BENCH_RUSH_SECONDS (10), BENCH_RUSH_READERS (40
 * connections), BENCH_RUSH_READ_RATE (0 = unthrottled, else req/s), BENCH_RUSH_USERS
 * (400), BENCH_RUSH_IN_FLIGHT (100), BENCH_RUSH_ROWS (ABCD: the contested region is
 * these rows, seats 1-9), BENCH_RUSH_SCENARIOS (pglite,postgres,mongodb), BENCH_RUSH_SEED (1),
 * BENCH_RUSH_COLD_CONNECTIONS (unset: see below).
 *
 * The bookers' keep-alive connections are opened before the load starts, as a browser
 * that has just loaded the seat map has its connection open. BENCH_RUSH_COLD_CONNECTIONS=1
 * opens them when the rush starts instead: a busy Node.js 20 server takes in one pending
 * connection per event-loop turn (one accept4 per turn under strace), and with PGlite's
 * queries running on the service's event loop a turn lasts 100-200 ms under this load,
 * so new connections wait in the kernel's accept queue for seconds (`ss -ltn` showed
 * 85 pending) and their first requests show it as latency (p99 6-10 s).
 *
 * This file runs the scenarios and writes the report; each part has its module in rush/:
 * settings.ts (the environment), services.ts (service processes, their logs), target.ts (the
 * show booked), bookers.ts and load.ts (the load), invariant.ts and invariant-mongodb.ts (the
 * checks in the database), scenario-pglite.ts, scenario-postgres.ts, scenario-mongodb.ts (one
 * per store), scenario.ts (what a scenario reports and must pass), report.ts (the tables).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { writeBenchResult } from '../../scripts/bench-results.mjs';
import { packageRoot } from '../test/support/processes.ts';
import { startTestSigner } from '../test/support/signer.ts';
import type { Booker } from './rush/bookers.ts';
import { ms, tables } from './rush/report.ts';
import { judge, type ScenarioResult } from './rush/scenario.ts';
import { mongoScenario } from './rush/scenario-mongodb.ts';
import { pgliteScenario } from './rush/scenario-pglite.ts';
import { postgresScenario } from './rush/scenario-postgres.ts';
import { COLD_CONNECTIONS, DURATION_S, IN_FLIGHT, READ_RATE, READER_CONNECTIONS, SCENARIOS, USERS, WARM_UP_USERS, WARMUP_S } from './rush/settings.ts';

async function main() {
  const began = performance.now();
  if (!existsSync(path.join(packageRoot, 'dist/main.js'))) {
    throw new Error('dist/main.js is missing: build the service first (pnpm run build)');
  }
  const signer = await startTestSigner();
  const results: ScenarioResult[] = [];
  try {
    const mint = (prefix: string, count: number): Promise<Booker[]> =>
      Promise.all(
        Array.from({ length: count }, async (_, i) => {
          const sub = `${prefix}|${i}`;
          return { sub, token: await signer.token({ sub, email: `${prefix}${i}@example.com`, name: `${prefix} ${i}` }) };
        }),
      );
    const bookers = await mint('rush', USERS);
    const warmUpBookers = await mint('warmup', WARM_UP_USERS);
    for (const scenario of SCENARIOS) {
      if (scenario === 'pglite') results.push(await pgliteScenario(signer, bookers, warmUpBookers));
      else if (scenario === 'postgres') results.push(await postgresScenario(signer, bookers, warmUpBookers));
      else if (scenario === 'mongodb') results.push(await mongoScenario(signer, bookers, warmUpBookers));
      else throw new Error(`BENCH_RUSH_SCENARIOS: unknown scenario "${scenario}" (pglite, postgres, mongodb)`);
    }
  } finally {
    await signer.close();
  }
  for (const result of results) judge(result);

  const setup =
    `Built service (dist/), NODE_ENV=development, rate limits off. For ${DURATION_S} s at once: ${READER_CONNECTIONS} reader connections ` +
    `(${READ_RATE > 0 ? `${READ_RATE} req/s in all` : 'unthrottled'}) and ${USERS} signed-in users booking with ${IN_FLIGHT} requests in flight, ` +
    `on ${COLD_CONNECTIONS ? 'connections opened as the rush starts' : 'keep-alive connections opened beforehand'}; ` +
    `before that, ${WARM_UP_USERS} other users book on another show for ${WARMUP_S} s, then the readers warm up for ${WARMUP_S} s. ` +
    'PGlite: one instance on embedded PGlite. PostgreSQL: two instances on one database, readers and bookers split across them. ' +
    'MongoDB: two instances with MONGODB_URI on one database (a given MongoDB, else FerretDB 2 over DocumentDB on PostgreSQL 15), split likewise. ' +
    'Load generator, services and database share the machine.';
  const notes = results.flatMap((r) => [
    ...(r.skipped ? [`${r.name}: skipped: ${r.skipped}`] : []),
    ...r.notes,
    ...(r.log.length ? [`${r.name} service log (warn and above): ${r.log.slice(0, 6).join('; ')}${r.log.length > 6 ? `; … ${r.log.length - 6} more kinds` : ''}`] : []),
  ]);
  const failures = results.flatMap((r) => r.failures);
  const body = tables(results);
  const markdown = `${setup}\n\n${body}\n${notes.length ? `\n${notes.map((n) => `- ${n}`).join('\n')}\n` : ''}`;
  const seconds = (performance.now() - began) / 1000;

  console.log(`\nRush benchmark (${seconds.toFixed(0)} s in all)\n\n${setup}\n\n${body}\n`);
  for (const note of notes) console.log(`- ${note}`);
  for (const r of results.filter((x) => x.load)) {
    console.log(`\n${r.name} bookers, second by second (answers, p50 / max ms, 200s):`);
    console.log(r.load!.bookers.timeline.map((t) => `  ${t.second}s: ${t.answered}, ${ms(t.p50)} / ${ms(t.max)}, ${t.ok}`).join('\n'));
  }
  writeBenchResult('20-rush', {
    title: 'Rush: readers and overlapping bookings at once',
    command: 'npm run bench (booking-service: tsx bench/rush-bench.ts)',
    markdown,
    failures,
  });
  if (failures.length) {
    console.error(`\nrush benchmark: ${failures.length} failure(s)`);
    for (const failure of failures) console.error(`  - ${failure}`);
    process.exit(1);
  }
  const skipped = results.filter((r) => r.skipped).map((r) => r.name);
  console.log(`\nrush benchmark: every check passed${skipped.length ? ` (skipped, see the notes: ${skipped.join(', ')})` : ''}`);
}

await main();
