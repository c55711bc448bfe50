/**
 * The waiting room against the length of its queue (issue 56, points 2 and 3), on the PostgreSQL store: for a line of
 * 1k, 10k, 100k and 1M moviegoers, what the draw takes, what the instance's view of the events (read once a second)
 * and one admission run take, and what a poll with its place token costs in CPU and database commands. A poll must
 * cost the same whatever the line's length (±10% of CPU, 0 commands); the view ≤ 5 ms, an admission run ≤ 20 ms and
 * the draw ≤ 10 s at 1M.
 *
 * The line is written straight into the tables (a million joins over HTTP would take the bench an hour), then the
 * store's own calls are timed one at a time on an otherwise idle database.
 *
 *   npx tsx bench/queue-length-bench.ts    (BENCH_QUEUE_SIZES: comma-separated, 1000,10000,100000,1000000 by default)
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { writeBenchResult } from '../../scripts/bench-results.mjs';
import { builtInChain } from '../src/cinemas/built-in-chain.ts';
import { createBuiltinCatalog } from '../src/catalog/builtin-catalog.ts';
import { openPostgres } from '../src/db/database.ts';
import { createPostgresStore } from '../src/db/postgres/store.ts';
import { seedStore } from '../src/seed/seed.ts';
import type { Store } from '../src/store/types.ts';
import { admissionKey } from '../src/waiting-room/admission-token.ts';
import { readSnapshot } from '../src/waiting-room/snapshot.ts';
import { createWaitingRoom } from '../src/waiting-room/waiting-room.ts';
import { bookableHallShows } from '../test/support/bookable.ts';
import { median } from './support/measures.ts';
import { postgresServer, stopPostgresServer, withAdmin } from './support/postgres-server.ts';

const SIZES = (process.env.BENCH_QUEUE_SIZES || '1000,10000,100000,1000000').split(',').map(Number);
const REPEATS = 15;
const POLLS = 3_000;
/** Batches of POLLS polls whose CPU is measured (the median batch is reported). */
const CPU_BATCHES = 7;
/** Moviegoers whose polls are measured (spread over the line: the first, the middle, the last). */
const POLLERS = 30;
const GOALS = { drawMsAt1M: 10_000, viewMs: 5, admissionRunMs: 20, pollCpuSpread: 0.1 };

interface Row {
  size: number;
  drawMs: number;
  viewMs: number;
  admissionRunMs: number;
  pollCpuMicros: number;
  pollCommands: number;
}

/** A line of `size` accounts in an event's pre-queue, due now: written with one statement. */
async function lineOf(store: Store, url: string, showId: string, size: number, at: Date): Promise<string> {
  const created = await store.waitingRoom.createEvent({
    name: `Line of ${size}`,
    onSaleAt: new Date(at.getTime() + 60_000),
    waitingRoom: true,
    shoppingCapacity: 100,
    windowMinutes: 10,
    showIds: [showId],
    actor: 'bench',
    now: at,
  });
  if ('refused' in created) throw new Error(`the event was refused: ${created.refused}`);
  await withAdmin(url, async (client) => {
    await client.query(`insert into users (id, name) select 'bench|line-' || g, 'Moviegoer ' || g from generate_series(1, $1) g on conflict do nothing`, [size]);
    await client.query(
      // As pre-queue joins write them: no place, a lottery key (src/db/postgres/waiting-room/line.ts).
      `insert into queue_entries (event_id, account_id, joined_at, place, lottery_key) select $1, 'bench|line-' || g, $2, null, random() from generate_series(1, $3) g`,
      [created.id, at, size],
    );
    await client.query(`update on_sale_events set on_sale_at = $2 where id = $1`, [created.id, at]);
    await client.query('analyze queue_entries');
  });
  return created.id;
}

/** Median ms of `repeats` calls, one at a time. */
async function medianMs(repeats: number, call: (i: number) => Promise<unknown>): Promise<number> {
  const ms: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const started = performance.now();
    await call(i);
    ms.push(performance.now() - started);
  }
  return median(ms);
}

/** One line's figures: the draw, the view, admission runs, then polls with place tokens on a frozen clock. */
async function measure(store: Store, url: string, showId: string, size: number): Promise<Row> {
  let clock = new Date();
  const eventId = await lineOf(store, url, showId, size, clock);
  const repository = store.waitingRoom;
  // The draw: since issue 56 point 1, the pre-queue's close (the order is the lottery keys the joins drew).
  const drawStarted = performance.now();
  if (!(await repository.draw(eventId, clock))) throw new Error('the draw did not run');
  const drawMs = performance.now() - drawStarted;

  const viewMs = await medianMs(REPEATS, () => readSnapshot(repository, clock, () => {}));
  // Each run a ramp's second later, so every run admits (10 a run, up to the capacity of 100).
  const admissionRunMs = await medianMs(8, () => repository.admitNext(eventId, (clock = new Date(clock.getTime() + 1_000))));

  const room = createWaitingRoom({ repository, admissionKey: admissionKey('queue-length-bench'), now: () => clock, log: { warn: () => {} }, joinBacklog: 2_000 });
  // Moviegoers still waiting (an admitted one's poll reads its entry: the turn has come), spread along the line.
  const candidates = Array.from({ length: POLLERS * 2 }, (_, i) => `bench|line-${Math.max(1, Math.round(((i + 1) / (POLLERS * 2)) * size))}`);
  const waiting = (await Promise.all(candidates.map(async (account) => ({ account, status: await room.status(eventId, account, null) }))))
    .filter(({ status }) => status?.state === 'waiting' && status.placeToken)
    .slice(0, POLLERS);
  const pollers = waiting.map(({ account }) => account);
  const tokens = waiting.map(({ status }) => status!.placeToken);
  // The view read once; then every poll is answered from it (the clock stands still: no second read is due). A
  // pass unmeasured first: the first line's polls otherwise ran before the JIT had compiled them (179 µs at 1k, 132 at 100k).
  for (let i = 0; i < POLLS; i++) await room.status(eventId, pollers[i % pollers.length]!, tokens[i % pollers.length] ?? null);
  let commands = 0;
  const stop = store.commands.listen(() => commands++);
  // The median of several batches: one batch's CPU moved ±15% with the machine's other work and garbage collection.
  const batchMicros: number[] = [];
  for (let batch = 0; batch < CPU_BATCHES; batch++) {
    const cpuBefore = process.cpuUsage();
    for (let i = 0; i < POLLS; i++) await room.status(eventId, pollers[i % pollers.length]!, tokens[i % pollers.length] ?? null);
    const cpu = process.cpuUsage(cpuBefore);
    batchMicros.push((cpu.user + cpu.system) / POLLS);
  }
  stop();
  // Gone before the next line: the view reads every live event's pulse, so an earlier line's event would count in its time.
  await withAdmin(url, async (client) => {
    for (const table of ['queue_entries', 'waiting_room_actions', 'on_sale_event_shows']) await client.query(`delete from ${table} where event_id = $1`, [eventId]);
    await client.query('delete from on_sale_events where id = $1', [eventId]);
  });
  return { size, drawMs, viewMs, admissionRunMs, pollCpuMicros: median(batchMicros), pollCommands: commands / (POLLS * CPU_BATCHES) };
}

/** The shows the lines are put on: one of the spec's hall per size (a show belongs to one live event). */
async function seededStore(url: string): Promise<{ store: Store; shows: string[] }> {
  const store = createPostgresStore(await openPostgres(url));
  const now = new Date();
  await store.cinemas.ensure(builtInChain());
  await seedStore(store, createBuiltinCatalog({ now: () => now }), { now });
  const shows = (await bookableHallShows(store)).map((show) => show.id);
  if (shows.length < SIZES.length) throw new Error(`one show per line is needed; the seed gave ${shows.length}`);
  return { store, shows };
}

function report(rows: Row[], load: string): { markdown: string; failures: string[] } {
  const failures: string[] = [];
  const cpu = rows.map((row) => row.pollCpuMicros);
  const spread = (Math.max(...cpu) - Math.min(...cpu)) / Math.min(...cpu);
  if (spread > GOALS.pollCpuSpread * 2) failures.push(`a poll's CPU varies ${(spread * 100).toFixed(0)}% across the lines' lengths (goal: within ±10%)`);
  for (const row of rows) {
    if (row.pollCommands > 0) failures.push(`polls at ${row.size} sent ${row.pollCommands.toFixed(3)} database commands each (goal 0)`);
    if (row.viewMs > GOALS.viewMs) failures.push(`the view of the events took ${row.viewMs.toFixed(1)} ms at ${row.size} (goal ≤ ${GOALS.viewMs})`);
    if (row.admissionRunMs > GOALS.admissionRunMs) failures.push(`an admission run took ${row.admissionRunMs.toFixed(1)} ms at ${row.size} (goal ≤ ${GOALS.admissionRunMs})`);
  }
  const million = rows.find((row) => row.size === 1_000_000);
  if (million && million.drawMs > GOALS.drawMsAt1M) failures.push(`the draw of 1M took ${(million.drawMs / 1000).toFixed(1)} s (goal ≤ 10 s)`);
  const table = [
    '| In line | Draw | View of the events (median) | Admission run (median) | Poll CPU (µs) | Commands per poll |',
    '|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (row) =>
        `| ${row.size.toLocaleString('en')} | ${(row.drawMs / 1000).toFixed(2)} s | ${row.viewMs.toFixed(1)} ms | ${row.admissionRunMs.toFixed(1)} ms | ${row.pollCpuMicros.toFixed(0)} | ${row.pollCommands.toFixed(3)} |`,
    ),
  ].join('\n');
  const markdown =
    `PostgreSQL store, one instance's calls on an idle database, a line written straight into the tables; ${CPU_BATCHES} batches of ${POLLS.toLocaleString('en')} polls (the median batch) with ` +
    `place tokens of ${POLLERS} moviegoers spread along the line, answered from the instance's view. Load average at the start: ${load}.\n\n${table}\n\n` +
    `Goals: a poll's CPU within ±10% and 0 commands at every length (spread here: ${(spread * 100).toFixed(0)}%), the view ≤ ${GOALS.viewMs} ms and ` +
    `an admission run ≤ ${GOALS.admissionRunMs} ms at every length, the draw of 1M ≤ 10 s.`;
  return { markdown, failures };
}

const load = loadavg().map((n) => n.toFixed(2)).join(' / ');
const server = await postgresServer();
const database = `queue_length_${randomUUID().slice(0, 8)}`;
await withAdmin(server.adminUrl, (admin) => admin.query(`create database ${database}`));
const url = new URL(server.adminUrl);
url.pathname = `/${database}`;
const { store, shows } = await seededStore(url.toString());
const rows: Row[] = [];
try {
  for (const [i, size] of SIZES.entries()) {
    rows.push(await measure(store, url.toString(), shows[i]!, size));
    console.log(`[queue length] ${JSON.stringify(rows.at(-1))}`);
  }
} finally {
  await store.close();
  await withAdmin(server.adminUrl, (admin) => admin.query(`drop database ${database}`)).catch(() => {});
  await stopPostgresServer(server);
}
const { markdown, failures } = report(rows, load);
console.log(`\n${markdown}\n`);
for (const failure of failures) console.log(`MISSED: ${failure}`);
writeBenchResult('28-queue-length', { title: 'The waiting room against the length of its queue', command: 'npx tsx bench/queue-length-bench.ts', markdown, failures });
