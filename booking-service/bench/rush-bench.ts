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
 * .ci/start-postgres.sh); readers and bookers are split across both.
 * Scenario "MongoDB": two service processes with MONGODB_URI on one fresh database of
 * BENCH_MONGODB_URI or TEST_MONGODB_URI, else of FerretDB (scripts/ferretdb.mjs, built
 * once with Go); checked by reading the bookings collection. Where the store does not
 * start on that server (FerretDB 1.x: README "MongoDB deployments") or there is no Go,
 * the scenario is reported as skipped with the reason.
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
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { PGlite } from '@electric-sql/pglite';
import mongoose from 'mongoose';
import pg from 'pg';
import { writeBenchResult } from '../../scripts/bench-results.mjs';
import { ensureFerretdb, FERRETDB_LABEL, startFerretdb, type FerretdbServer } from '../../scripts/ferretdb.mjs';
import { openMongoStore } from '../src/db/mongo/store.ts';
import { startTestSigner, type TestSigner } from '../test/support/signer.ts';
import { postgresServer, stopPostgresServer, withAdmin } from './support/postgres-server.ts';
import { builtServiceEnv, freePort, packageRoot, startProcess, stop } from '../test/support/processes.ts';
import type { ReaderLoadConfig, ReaderLoadResult } from './support/reader-load.ts';

const tsxBin = path.join(packageRoot, 'node_modules/.bin/tsx');

function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number, got "${raw}"`);
  return value;
}

const DURATION_S = envNumber('BENCH_RUSH_SECONDS', 10);
const READER_CONNECTIONS = envNumber('BENCH_RUSH_READERS', 40);
const READ_RATE = envNumber('BENCH_RUSH_READ_RATE', 0);
const USERS = envNumber('BENCH_RUSH_USERS', 400);
const IN_FLIGHT = envNumber('BENCH_RUSH_IN_FLIGHT', 100);
const ROWS = (process.env.BENCH_RUSH_ROWS || 'ABCD').toUpperCase().split('');
const SCENARIOS = (process.env.BENCH_RUSH_SCENARIOS || 'pglite,postgres,mongodb').split(',').map((s) => s.trim());
const SEED = envNumber('BENCH_RUSH_SEED', 1);
const COLD_CONNECTIONS = process.env.BENCH_RUSH_COLD_CONNECTIONS === '1';
const WARMUP_S = 2;
const MAX_SEATS = 4;
const REQUEST_TIMEOUT_MS = 30_000;
const REGION = ROWS.flatMap((row) => Array.from({ length: 9 }, (_, i) => `${row}${i + 1}`));
const ALL_SEATS = 'ABCDEFGHIJ'.split('').flatMap((row) => Array.from({ length: 9 }, (_, i) => `${row}${i + 1}`));
const WARM_UP_USERS = 100;

// ---------------------------------------------------------------------------------------------
// The services

interface Service {
  origin: string;
  child: ChildProcess;
  logFile: string;
}

async function startService(label: string, workDir: string, dataDir: string, jwksUrl: string, databaseUrl: string, mongodbUri = ''): Promise<Service> {
  const port = await freePort();
  const logFile = path.join(workDir, `${label}.log`);
  const env = { ...builtServiceEnv({ port, dataDir, databaseUrl, jwksUrl, logLevel: 'warn' }), MONGODB_URI: mongodbUri };
  const child = await startProcess(process.execPath, ['dist/main.js'], env, `http://127.0.0.1:${port}/api/health`, {
    logFile,
  });
  return { origin: `http://127.0.0.1:${port}`, child, logFile };
}

/** Warnings and errors the service logged (its JSON log lines at level warn and above), grouped by message. */
function logSummary(services: Service[]): string[] {
  const groups = new Map<string, number>();
  for (const service of services) {
    if (!existsSync(service.logFile)) continue;
    for (const line of readFileSync(service.logFile, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      let entry: { level?: number; msg?: string; err?: { type?: string; message?: string; code?: string } };
      try {
        entry = JSON.parse(line) as typeof entry;
      } catch {
        groups.set(`(not JSON) ${line.slice(0, 160)}`, (groups.get(`(not JSON) ${line.slice(0, 160)}`) ?? 0) + 1);
        continue;
      }
      if ((entry.level ?? 0) < 40) continue;
      const level = (entry.level ?? 0) >= 50 ? 'error' : 'warn';
      const err = entry.err ? ` — ${entry.err.type ?? 'Error'}${entry.err.code ? ` ${entry.err.code}` : ''}: ${(entry.err.message ?? '').slice(0, 200)}` : '';
      const key = `${level}: ${entry.msg ?? ''}${err}`;
      groups.set(key, (groups.get(key) ?? 0) + 1);
    }
  }
  return [...groups].sort((a, b) => b[1] - a[1]).map(([key, n]) => `${n} × ${key}`);
}

interface Target {
  movieId: string;
  /** The show of the rush. */
  showId: string;
  /** Another show of the movie, where the booking path is warmed up first. */
  warmUpShowId: string;
}

/** The show the fault test uses too: the first movie's first show on its last listed day. */
async function pickShow(origin: string): Promise<Target> {
  const all = (await (await fetch(`${origin}/api/show/all`)).json()) as { shows: { _id: string }[] };
  const movieId = all.shows[0]!._id;
  const detail = (await (await fetch(`${origin}/api/show/${movieId}`)).json()) as { dateTime: Record<string, { showId: string }[]> };
  const days = Object.values(detail.dateTime);
  const showId = days.at(-1)![0]!.showId;
  const warmUpShowId = days.flat().map((s) => s.showId).filter((id) => id !== showId).at(-1);
  if (!warmUpShowId) throw new Error(`movie ${movieId} has only one upcoming show; the bench needs two`);
  return { movieId, showId, warmUpShowId };
}

async function occupiedSeats(origin: string, showId: string): Promise<string[]> {
  const body = (await (await fetch(`${origin}/api/booking/seats/${showId}`)).json()) as { occupiedSeats: string[] };
  return body.occupiedSeats;
}

// ---------------------------------------------------------------------------------------------
// The load

/** A small deterministic generator (mulberry32), so seat choices repeat from run to run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Booker {
  sub: string;
  token: string;
}

interface Ack {
  id: string;
  sub: string;
  seats: string[];
}

interface BookerFigures {
  attempts: number;
  ok: number;
  conflict: number;
  other4xx: number;
  status5xx: number;
  connectionErrors: number;
  /** Status codes other than 200/409, and connection error codes, with counts. */
  oddities: Record<string, number>;
  p50: number;
  p99: number;
  okP50: number;
  okP99: number;
  seconds: number;
  /** Seconds from the start to the last 200. */
  lastOkAt: number;
  acknowledged: Ack[];
  /** Per second of the run: attempts answered, p50 and max latency (ms), 200s. */
  timeline: { second: number; answered: number; p50: number; max: number; ok: number }[];
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** One request on `agent`'s keep-alive connections; `body` makes it a JSON POST. */
function request(agent: http.Agent, origin: string, urlPath: string, body: string | null, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  const url = new URL(urlPath, origin);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        hostname: url.hostname,
        port: url.port,
        path: url.pathname,
        method: body === null ? 'GET' : 'POST',
        headers: body === null ? headers : { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
        timeout: REQUEST_TIMEOUT_MS,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(Object.assign(new Error('no answer in time'), { code: 'TIMEOUT' })));
    request.on('error', reject);
    request.end(body ?? undefined);
  });
}

/** The bookers' connections: loop i of IN_FLIGHT uses instance i mod n, one keep-alive connection each. */
interface BookerConnections {
  origins: string[];
  agents: http.Agent[];
}

/** Opens the bookers' connections (unless BENCH_RUSH_COLD_CONNECTIONS=1), one GET /api/health each. */
async function openBookerConnections(origins: string[]): Promise<BookerConnections> {
  const perOrigin = origins.map((_, o) => Array.from({ length: IN_FLIGHT }, (_, i) => i).filter((i) => i % origins.length === o).length);
  const agents = perOrigin.map((n) => new http.Agent({ keepAlive: true, maxSockets: n, maxFreeSockets: n }));
  if (!COLD_CONNECTIONS) {
    await Promise.all(
      origins.flatMap((origin, o) =>
        Array.from({ length: perOrigin[o]! }, async () => {
          const { status } = await request(agents[o]!, origin, '/api/health', null);
          if (status !== 200) throw new Error(`${origin}/api/health answered ${status}`);
        }),
      ),
    );
  }
  return { origins, agents };
}

/**
 * IN_FLIGHT loops, each booking 1-MAX_SEATS seats of `seats` again as soon as its
 * answer is in, until `done()` says so.
 */
async function runBookers(
  { origins, agents }: BookerConnections,
  bookers: Booker[],
  showId: string,
  seatChoice: readonly string[],
  done: () => boolean,
  seed: number,
): Promise<BookerFigures> {
  const rand = random(seed);
  // Every user comes once, in a shuffled order, before anyone comes again.
  const order = bookers.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const figures: BookerFigures = {
    attempts: 0, ok: 0, conflict: 0, other4xx: 0, status5xx: 0, connectionErrors: 0, oddities: {},
    p50: 0, p99: 0, okP50: 0, okP99: 0, seconds: 0, lastOkAt: 0, acknowledged: [], timeline: [],
  };
  const latencies: number[] = [];
  // [second the answer came in, latency ms, 200?]
  const answers: [number, number, boolean][] = [];
  const okLatencies: number[] = [];
  const odd = (key: string) => (figures.oddities[key] = (figures.oddities[key] ?? 0) + 1);
  const started = performance.now();
  let next = 0;

  async function loop(_: unknown, loopIndex: number) {
    const instance = loopIndex % origins.length;
    while (!done()) {
      const n = next++;
      const booker = bookers[order[n % order.length]!]!;
      const count = 1 + Math.floor(rand() * MAX_SEATS);
      const seats = new Set<string>();
      while (seats.size < count) seats.add(seatChoice[Math.floor(rand() * seatChoice.length)]!);
      const selectedSeats = [...seats];
      const body = JSON.stringify({ showId, selectedSeats });
      const t0 = performance.now();
      figures.attempts++;
      try {
        const { status, text } = await request(agents[instance]!, origins[instance]!, '/api/booking/create', body, { authorization: `Bearer ${booker.token}` });
        const ms = performance.now() - t0;
        latencies.push(ms);
        answers.push([Math.floor((performance.now() - started) / 1000), ms, status === 200]);
        if (status === 200) {
          figures.ok++;
          okLatencies.push(ms);
          figures.lastOkAt = (performance.now() - started) / 1000;
          const answer = JSON.parse(text) as { bookingId: string };
          figures.acknowledged.push({ id: answer.bookingId, sub: booker.sub, seats: selectedSeats });
        } else if (status === 409) {
          figures.conflict++;
        } else if (status >= 500) {
          figures.status5xx++;
          odd(`${status} ${text.slice(0, 160)}`);
        } else {
          figures.other4xx++;
          odd(`${status} ${text.slice(0, 160)}`);
        }
      } catch (error) {
        latencies.push(performance.now() - t0);
        figures.connectionErrors++;
        const e = error as NodeJS.ErrnoException;
        odd(`connection: ${e.code ?? e.message}`);
      }
    }
  }

  await Promise.all(Array.from({ length: IN_FLIGHT }, loop));
  figures.seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  okLatencies.sort((a, b) => a - b);
  figures.p50 = percentile(latencies, 50);
  figures.p99 = percentile(latencies, 99);
  figures.okP50 = percentile(okLatencies, 50);
  figures.okP99 = percentile(okLatencies, 99);
  for (let second = 0; answers.some(([at]) => at >= second); second++) {
    const inSecond = answers.filter(([at]) => at === second);
    const sorted = inSecond.map(([, latency]) => latency).sort((a, b) => a - b);
    figures.timeline.push({ second, answered: inSecond.length, p50: percentile(sorted, 50), max: sorted.at(-1) ?? 0, ok: inSecond.filter(([, , ok]) => ok).length });
  }
  return figures;
}

/** Starts the readers' process; `warm` settles when its warm-up is over and the measured run begins. */
function startReaders(config: ReaderLoadConfig): { warm: Promise<void>; result: Promise<ReaderLoadResult>; child: ChildProcess } {
  const child = spawn(tsxBin, ['bench/support/reader-load.ts', JSON.stringify(config)], {
    cwd: packageRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let warmed!: () => void;
  const warm = new Promise<void>((resolve) => (warmed = resolve));
  const result = new Promise<ReaderLoadResult>((resolve, reject) => {
    let figures: ReaderLoadResult | null = null;
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line === 'WARM') warmed();
      else if (line.startsWith('RESULT ')) figures = JSON.parse(line.slice('RESULT '.length)) as ReaderLoadResult;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      warmed();
      if (figures) resolve(figures);
      else reject(new Error(`the readers' process exited with ${code} without a result`));
    });
  });
  return { warm, result, child };
}

interface LoadFigures {
  readers: ReaderLoadResult;
  bookers: BookerFigures;
}

async function runLoad(origins: string[], target: Target, bookers: Booker[], warmUpBookers: Booker[]): Promise<LoadFigures> {
  const connections = await openBookerConnections(origins);
  // First, other users book on another show for a while: the booking path is compiled and
  // warm before the rush, as in a service that has been up. (Not during the readers' warm-up:
  // their measured run opens new connections, which a busy server would be slow to take in.)
  const warmUpEnds = performance.now() + WARMUP_S * 1000;
  const warmUp = await runBookers(connections, warmUpBookers, target.warmUpShowId, ALL_SEATS, () => performance.now() >= warmUpEnds, SEED + 1);
  if (warmUp.ok === 0 || warmUp.status5xx + warmUp.connectionErrors > 0) {
    for (const agent of connections.agents) agent.destroy();
    throw new Error(`the booking warm-up went wrong: ${warmUp.ok} of ${warmUp.attempts} booked, ${JSON.stringify(warmUp.oddities)}`);
  }
  const readers = startReaders({
    origins,
    paths: ['/api/show/all', `/api/show/${target.movieId}`, `/api/booking/seats/${target.showId}`],
    connections: READER_CONNECTIONS,
    warmupSeconds: WARMUP_S,
    durationSeconds: DURATION_S,
    overallRate: READ_RATE,
  });
  try {
    await readers.warm;
    const deadline = performance.now() + DURATION_S * 1000;
    const bookerFigures = await runBookers(connections, bookers, target.showId, REGION, () => performance.now() >= deadline, SEED);
    return { readers: await readers.result, bookers: bookerFigures };
  } finally {
    for (const agent of connections.agents) agent.destroy();
    if (readers.child.exitCode === null && readers.child.signalCode === null) await stop(readers.child, 5_000);
  }
}

// ---------------------------------------------------------------------------------------------
// The invariant, checked in the database

type Query = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

interface InvariantFigures {
  heldBefore: number;
  heldAfter: number;
  regionHeld: number;
  liveBenchBookings: number;
  doubleHeld: number;
  notExactlyHeld: number;
  strayLedgerRows: number;
  acknowledgedMissing: number;
  unacknowledgedLive: number;
  problems: string[];
}

async function checkInvariant(query: Query, showId: string, heldBefore: number, acknowledged: Ack[]): Promise<InvariantFigures> {
  const problems: string[] = [];
  // Two live bookings listing one seat of one show (or one booking listing it twice).
  const doubleHeld = await query(
    `select b.show_id::text as show_id, s.seat, count(*)::int as n
       from bookings b cross join lateral unnest(b.seats) as s(seat)
      where b.status <> 'cancelled'
      group by b.show_id, s.seat having count(*) > 1`,
  );
  for (const row of doubleHeld.slice(0, 5)) problems.push(`seat ${String(row.seat)} of show ${String(row.show_id)} is listed by ${String(row.n)} live bookings`);
  // A live booking whose seats are not exactly its rows of the ledger.
  const notExactlyHeld = await query(
    `select b.id::text as id, array_to_string(b.seats, ',') as seats,
            (select string_agg(r.seat, ',' order by r.seat) from seat_reservations r where r.booking_id = b.id) as held
       from bookings b
      where b.status <> 'cancelled'
        and (exists (select 1 from unnest(b.seats) as s(seat)
                      where not exists (select 1 from seat_reservations r
                                         where r.show_id = b.show_id and r.seat = s.seat and r.booking_id = b.id))
             or (select count(*) from seat_reservations r where r.booking_id = b.id) <> cardinality(b.seats))`,
  );
  for (const row of notExactlyHeld.slice(0, 5)) problems.push(`live booking ${String(row.id)} lists ${String(row.seats)} but the ledger holds ${String(row.held ?? 'nothing')} for it`);
  // A ledger row no live booking of that show lists.
  const stray = await query(
    `select r.show_id::text as show_id, r.seat, r.booking_id::text as booking_id, b.status
       from seat_reservations r left join bookings b on b.id = r.booking_id
      where b.id is null or b.status = 'cancelled' or b.show_id <> r.show_id or not (r.seat = any(b.seats))`,
  );
  for (const row of stray.slice(0, 5)) problems.push(`ledger row ${String(row.seat)} of show ${String(row.show_id)} belongs to booking ${String(row.booking_id)} (${String(row.status ?? 'missing')}) that does not hold it`);
  // Every acknowledged booking is stored, live, on this show, for this user, with these seats.
  const stored = await query(
    `select b.id::text as id, b.user_id, b.show_id::text as show_id, b.status, array_to_string(b.seats, ',') as seats
       from bookings b where b.id in (select value::uuid from jsonb_array_elements_text($1::jsonb))`,
    [JSON.stringify(acknowledged.map((a) => a.id))],
  );
  const byId = new Map(stored.map((row) => [String(row.id), row]));
  let acknowledgedMissing = 0;
  for (const ack of acknowledged) {
    const row = byId.get(ack.id);
    const wanted = [...ack.seats].sort().join(',');
    const problem = !row
      ? 'is not in the database'
      : row.status === 'cancelled'
        ? 'is cancelled'
        : row.show_id !== showId || row.user_id !== ack.sub || String(row.seats).split(',').sort().join(',') !== wanted
          ? `is stored as ${String(row.user_id)} / ${String(row.show_id)} / ${String(row.seats)}`
          : null;
    if (problem) {
      acknowledgedMissing++;
      if (acknowledgedMissing <= 5) problems.push(`acknowledged booking ${ack.id} (${ack.sub}, ${wanted}) ${problem}`);
    }
  }
  // Bookings the rush left live that nobody was told about.
  const live = await query(`select id::text as id from bookings where show_id = $1 and user_id like 'rush|%' and status <> 'cancelled'`, [showId]);
  const acked = new Set(acknowledged.map((a) => a.id));
  const unacknowledged = live.filter((row) => !acked.has(String(row.id)));
  if (unacknowledged.length) problems.push(`${unacknowledged.length} live booking(s) of the rush were never acknowledged with 200, e.g. ${String(unacknowledged[0]!.id)}`);
  const held = (await query(`select seat from seat_reservations where show_id = $1`, [showId])).map((row) => String(row.seat));
  const region = new Set(REGION);
  return {
    heldBefore,
    heldAfter: held.length,
    regionHeld: held.filter((seat) => region.has(seat)).length,
    liveBenchBookings: live.length,
    doubleHeld: doubleHeld.length,
    notExactlyHeld: notExactlyHeld.length,
    strayLedgerRows: stray.length,
    acknowledgedMissing,
    unacknowledgedLive: unacknowledged.length,
    problems,
  };
}

// ---------------------------------------------------------------------------------------------
// The scenarios

interface ScenarioResult {
  name: string;
  instances: number;
  /** Why the scenario could not run here (no failure: reported as skipped). */
  skipped?: string;
  load?: LoadFigures;
  invariant?: InvariantFigures;
  log: string[];
  notes: string[];
  failures: string[];
}

function judge(result: ScenarioResult): void {
  const { name, load, invariant, failures } = result;
  if (load) {
    const r = load.readers;
    if (r.errors + r.timeouts > 0) failures.push(`${name}: readers had ${r.errors} errors and ${r.timeouts} timeouts`);
    if (r.non2xx > 0) failures.push(`${name}: readers got ${r.non2xx} non-2xx answers (${JSON.stringify(r.statusCodes)})`);
    const b = load.bookers;
    const odd = Object.entries(b.oddities).map(([k, n]) => `${n} × ${k}`).join('; ');
    if (b.status5xx > 0) failures.push(`${name}: ${b.status5xx} booking attempts answered 5xx (${odd})`);
    if (b.connectionErrors > 0) failures.push(`${name}: ${b.connectionErrors} booking attempts failed to connect or timed out (${odd})`);
    if (b.other4xx > 0) failures.push(`${name}: ${b.other4xx} booking attempts answered a 4xx other than 409 (${odd})`);
    if (b.ok === 0) failures.push(`${name}: no booking succeeded`);
  }
  if (invariant) for (const problem of invariant.problems) failures.push(`${name}: invariant broken: ${problem}`);
}

async function pgliteScenario(signer: TestSigner, bookers: Booker[], warmUpBookers: Booker[]): Promise<ScenarioResult> {
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

async function postgresScenario(signer: TestSigner, bookers: Booker[], warmUpBookers: Booker[]): Promise<ScenarioResult> {
  const result: ScenarioResult = { name: 'PostgreSQL', instances: 2, log: [], notes: [], failures: [] };
  let server: { adminUrl: string; stopCommand: string | null };
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

/** The MongoDB server for the scenario: a given MongoDB, else FerretDB started for it; or why there is none. */
async function mongoServer(): Promise<{ uri: string; label: string; ferretdb: FerretdbServer | null } | { skipped: string }> {
  const given = process.env.BENCH_MONGODB_URI || process.env.TEST_MONGODB_URI;
  if (given) return { uri: given, label: 'MongoDB', ferretdb: null };
  const built = ensureFerretdb();
  if (built.skipReason !== undefined) return { skipped: built.skipReason };
  const ferretdb = await startFerretdb({ binary: built.binary });
  return { uri: ferretdb.uri, label: FERRETDB_LABEL, ferretdb };
}

/**
 * The invariant on the MongoDB store, from the bookings collection: there the live
 * bookings' seat lists are the ledger (no separate rows), so the ledger columns are 0
 * by construction and the checks are seats in two live bookings and acknowledgements.
 */
async function checkMongoInvariant(uri: string, showId: string, heldBefore: number, acknowledged: Ack[]): Promise<InvariantFigures> {
  const connection = await mongoose.createConnection(uri).asPromise();
  try {
    const bookings = connection.collection<{ _id: string; userId: string; showId: string; seats: string[]; live: boolean; status: string }>('bookings');
    const problems: string[] = [];
    const live = await bookings.find({ live: true }, { projection: { userId: 1, showId: 1, seats: 1 } }).toArray();
    const holders = new Map<string, number>();
    for (const booking of live) for (const seat of booking.seats) holders.set(`${booking.showId} ${seat}`, (holders.get(`${booking.showId} ${seat}`) ?? 0) + 1);
    const doubleHeld = [...holders].filter(([, n]) => n > 1);
    for (const [key, n] of doubleHeld.slice(0, 5)) problems.push(`seat ${key.split(' ')[1]} of show ${key.split(' ')[0]} is listed by ${n} live bookings`);
    const stored = new Map((await bookings.find({ _id: { $in: acknowledged.map((a) => a.id) } }).toArray()).map((doc) => [doc._id, doc]));
    let acknowledgedMissing = 0;
    for (const ack of acknowledged) {
      const doc = stored.get(ack.id);
      const wanted = [...ack.seats].sort().join(',');
      const problem = !doc
        ? 'is not in the database'
        : !doc.live
          ? `is ${doc.status}`
          : doc.showId !== showId || doc.userId !== ack.sub || [...doc.seats].sort().join(',') !== wanted
            ? `is stored as ${doc.userId} / ${doc.showId} / ${doc.seats.join(',')}`
            : null;
      if (problem) {
        acknowledgedMissing++;
        if (acknowledgedMissing <= 5) problems.push(`acknowledged booking ${ack.id} (${ack.sub}, ${wanted}) ${problem}`);
      }
    }
    const acked = new Set(acknowledged.map((a) => a.id));
    const rushLive = live.filter((b) => b.showId === showId && b.userId.startsWith('rush|'));
    const unacknowledged = rushLive.filter((b) => !acked.has(b._id));
    if (unacknowledged.length) problems.push(`${unacknowledged.length} live booking(s) of the rush were never acknowledged with 200, e.g. ${unacknowledged[0]!._id}`);
    const held = live.filter((b) => b.showId === showId).flatMap((b) => b.seats);
    const region = new Set(REGION);
    return {
      heldBefore,
      heldAfter: held.length,
      regionHeld: held.filter((seat) => region.has(seat)).length,
      liveBenchBookings: rushLive.length,
      doubleHeld: doubleHeld.length,
      notExactlyHeld: 0,
      strayLedgerRows: 0,
      acknowledgedMissing,
      unacknowledgedLive: unacknowledged.length,
      problems,
    };
  } finally {
    await connection.close();
  }
}

async function mongoScenario(signer: TestSigner, bookers: Booker[], warmUpBookers: Booker[]): Promise<ScenarioResult> {
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
    if (server.ferretdb) await server.ferretdb.stop();
    else {
      const connection = await mongoose.createConnection(uri).asPromise().catch(() => null);
      await connection?.dropDatabase().catch(() => {});
      await connection?.close();
    }
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// The report

const fixed = (n: number, digits = 0) => n.toFixed(digits);
const ms = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));

function tables(results: ScenarioResult[]): string {
  const lines: string[] = [];
  const notRun = (r: ScenarioResult, columns: number) =>
    `| ${r.name} | ${r.skipped ? 'skipped (see the notes)' : 'did not run (see failures)'} |${' |'.repeat(columns - 2)}`;
  lines.push('**Readers** (autocannon; GET /api/show/all, /api/show/:id, /api/booking/seats/:showId in turn)', '');
  lines.push('| scenario | instances | connections | req/s | p50 ms | p99 ms | errors + timeouts | non-2xx |');
  lines.push('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    if (!r.load) {
      lines.push(notRun(r, 8));
      continue;
    }
    const x = r.load.readers;
    lines.push(`| ${r.name} | ${r.instances} | ${READER_CONNECTIONS} | ${fixed(x.rps)} | ${x.p50} | ${x.p99} | ${x.errors + x.timeouts} | ${x.non2xx} |`);
  }
  lines.push('', `**Bookers** (POST /api/booking/create, ${USERS} users, ${IN_FLIGHT} in flight, 1-${MAX_SEATS} seats from ${REGION.length} seats: rows ${ROWS.join('')}, seats 1-9, of one show)`, '');
  lines.push('| scenario | attempts | attempts/s | 200 | 409 | other 4xx | 5xx | conn. errors | p50 ms | p99 ms | 200s: p50 / p99 ms | last 200 at | bookings/s to last 200 |');
  lines.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    if (!r.load) {
      lines.push(notRun(r, 13));
      continue;
    }
    const b = r.load.bookers;
    const bookingRate = b.lastOkAt > 0 ? b.ok / b.lastOkAt : 0;
    lines.push(
      `| ${r.name} | ${b.attempts} | ${fixed(b.attempts / b.seconds)} | ${b.ok} | ${b.conflict} | ${b.other4xx} | ${b.status5xx} | ${b.connectionErrors} | ${ms(b.p50)} | ${ms(b.p99)} | ${ms(b.okP50)} / ${ms(b.okP99)} | ${fixed(b.lastOkAt, 2)} s | ${fixed(bookingRate, 1)} |`,
    );
  }
  lines.push('', '**Invariant**, checked in the database after the load', '');
  lines.push('| scenario | seats held on the show: before → after | region held | live rush bookings / 200s | seats in 2 live bookings | live bookings not holding exactly their seats | ledger rows without their live booking | 200s not stored as acknowledged | verdict |');
  lines.push('|---|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const r of results) {
    if (!r.invariant || !r.load) {
      lines.push(notRun(r, 9));
      continue;
    }
    const i = r.invariant;
    lines.push(
      `| ${r.name} | ${i.heldBefore} → ${i.heldAfter} | ${i.regionHeld} / ${REGION.length} | ${i.liveBenchBookings} / ${r.load.bookers.ok} | ${i.doubleHeld} | ${i.notExactlyHeld} | ${i.strayLedgerRows} | ${i.acknowledgedMissing} | ${i.problems.length ? 'BROKEN' : 'holds'} |`,
    );
  }
  return lines.join('\n');
}

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
    'MongoDB: two instances with MONGODB_URI on one database (a given MongoDB, else FerretDB), split likewise. ' +
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
