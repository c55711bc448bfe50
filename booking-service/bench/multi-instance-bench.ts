/**
 * `npm run bench` (booking-service part): 1, 2 and 4 instances of the built service on
 * one PostgreSQL database, behind nginx (Debian's package, started and stopped here,
 * listening on loopback only), as a chain runs them on an opening night.
 *
 * For each instance count, on a fresh database:
 *  1. thousands of seat-map streams (server-sent events) are opened through nginx,
 *     spread over many shows; with a quarter, half and all of them open and nothing
 *     booked, the database's transactions per second are sampled (pg_stat_database);
 *  2. a booking rush through nginx on the watched shows (distinct users, a fixed
 *     number in flight, 1-2 seats each, collisions answered 409), while every stream
 *     records when it first saw each seat: the time from a booking's 200 to the
 *     moment the last watcher of its show has it;
 *  3. the seat invariant, read from the database: no seat in two live bookings,
 *     every live booking holds exactly its seats, every 200 stored.
 *
 * Environment (all optional): BENCH_MULTI_INSTANCES (1,2,4), BENCH_MULTI_WATCHERS (2000),
 * BENCH_MULTI_SHOWS (100), BENCH_MULTI_SECONDS (10), BENCH_MULTI_IN_FLIGHT (40),
 * BENCH_MULTI_USERS (400), BENCH_POSTGRES_URL / TEST_POSTGRES_URL (else a throwaway cluster).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeBenchResult } from '../../scripts/bench-results.mjs';
import { startTestSigner, type TestSigner } from '../test/support/signer.ts';
import { builtServiceEnv, freePort, startProcess, stop } from '../test/support/processes.ts';
import { postgresServer, stopPostgresServer, withAdmin, type PostgresServer } from './support/postgres-server.ts';
import { nginxVersion, startNginx } from './support/nginx.ts';
import { percentile, transactions, transactionsPerSecond } from './support/measures.ts';
import { eventBlocks } from './support/event-blocks.ts';

function envNumber(name: string, fallback: number): number {
  const value = Number(process.env[name] || fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

const INSTANCE_COUNTS = (process.env.BENCH_MULTI_INSTANCES || '1,2,4').split(',').map(Number);
const WATCHERS = envNumber('BENCH_MULTI_WATCHERS', 2000);
const SHOWS = envNumber('BENCH_MULTI_SHOWS', 100);
const RUSH_S = envNumber('BENCH_MULTI_SECONDS', 10);
const IN_FLIGHT = envNumber('BENCH_MULTI_IN_FLIGHT', 40);
const USERS = envNumber('BENCH_MULTI_USERS', 400);
const IDLE_SAMPLE_S = 5;
/** How long after the rush the streams may still deliver before a booking counts as never seen. */
const DELIVERY_GRACE_MS = 3_000;
const ALL_SEATS = 'ABCDEFGHIJ'.split('').flatMap((row) => Array.from({ length: 9 }, (_, i) => `${row}${i + 1}`));

// ---------------------------------------------------------------------------------------------
// Watchers: seat-map streams that note when they first saw each seat

interface Watcher {
  showId: string;
  firstSeen: Map<string, number>;
  connected: Promise<void>;
  close(): void;
}

const streamAgent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

/**
 * One moviegoer's seat-map stream. Each watcher comes from its own address (`address`, sent as
 * X-Forwarded-For, which nginx extends and the instances trust), as a crowd of phones would:
 * from one address the service's per-address stream cap would refuse all but the first few.
 */
function watch(origin: string, showId: string, address: string): Watcher {
  const firstSeen = new Map<string, number>();
  let request: http.ClientRequest;
  const connected = new Promise<void>((resolve, reject) => {
    request = http.get(`${origin}/api/booking/seats/${showId}/events`, { agent: streamAgent, headers: { 'x-forwarded-for': address } }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`stream answered ${response.statusCode}`));
      response.setEncoding('utf8');
      response.on(
        'data',
        eventBlocks((_event, data) => {
          const now = performance.now();
          for (const seat of (JSON.parse(data) as { occupiedSeats: string[] }).occupiedSeats) if (!firstSeen.has(seat)) firstSeen.set(seat, now);
          resolve(); // the first map arrived
        }),
      );
      response.on('error', () => {});
    });
    request.on('error', reject);
  });
  // A failure is reported where the batch awaits it; one left unawaited must not end the process.
  connected.catch(() => {});
  return { showId, firstSeen, connected, close: () => request.destroy() };
}

// ---------------------------------------------------------------------------------------------
// Measures

interface Acknowledged {
  id: string;
  sub: string;
  showId: string;
  seats: string[];
  at: number;
  latencyMs: number;
}

interface RushFigures {
  attempts: number;
  ok: Acknowledged[];
  conflicts: number;
  others: Record<string, number>;
}

async function rush(origin: string, showIds: string[], tokens: { sub: string; token: string }[]): Promise<RushFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
  const figures: RushFigures = { attempts: 0, ok: [], conflicts: 0, others: {} };
  const endAt = performance.now() + RUSH_S * 1000;
  let next = 0;
  const book = (token: { sub: string; token: string }, showId: string, seats: string[]) =>
    new Promise<{ status: number; body: string }>((resolve) => {
      const body = JSON.stringify({ showId, selectedSeats: seats });
      const request = http.request(
        `${origin}/api/booking/create`,
        { method: 'POST', agent, headers: { 'content-type': 'application/json', authorization: `Bearer ${token.token}`, 'content-length': Buffer.byteLength(body) } },
        (response) => {
          let text = '';
          response.on('data', (c: Buffer) => (text += c));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        },
      );
      request.on('error', (error) => resolve({ status: 0, body: error.message }));
      request.end(body);
    });
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (performance.now() < endAt) {
        const i = next++;
        const token = tokens[i % tokens.length]!;
        const showId = showIds[i % showIds.length]!;
        const first = Math.floor(Math.random() * ALL_SEATS.length);
        const seats = ALL_SEATS.slice(first, first + 1 + (i % 2));
        const started = performance.now();
        const answer = await book(token, showId, seats);
        const at = performance.now();
        figures.attempts++;
        if (answer.status === 200) {
          const { bookingId } = JSON.parse(answer.body) as { bookingId: string };
          figures.ok.push({ id: bookingId, sub: token.sub, showId, seats, at, latencyMs: at - started });
        } else if (answer.status === 409) figures.conflicts++;
        else figures.others[answer.status] = (figures.others[answer.status] ?? 0) + 1;
      }
    }),
  );
  agent.destroy();
  return figures;
}

/** For each 200: when its show's last watcher had all its seats, after the 200 (null when one never did). */
function deliveryLatencies(ok: Acknowledged[], watchers: Watcher[]): { latencies: number[]; undelivered: number } {
  const byShow = new Map<string, Watcher[]>();
  for (const w of watchers) byShow.set(w.showId, [...(byShow.get(w.showId) ?? []), w]);
  const latencies: number[] = [];
  let undelivered = 0;
  for (const booking of ok) {
    let last = -Infinity;
    for (const w of byShow.get(booking.showId) ?? []) {
      const seen = Math.max(...booking.seats.map((s) => w.firstSeen.get(s) ?? Infinity));
      last = Math.max(last, seen);
    }
    if (last === Infinity) undelivered++;
    else if (last > -Infinity) latencies.push(Math.max(0, last - booking.at));
  }
  return { latencies, undelivered };
}

async function checkInvariant(databaseUrl: string, ok: Acknowledged[]): Promise<string[]> {
  return withAdmin(databaseUrl, async (db) => {
    const problems: string[] = [];
    const double = await db.query(
      `select b.show_id, s.seat from bookings b cross join lateral unnest(b.seats) s(seat)
        where b.status <> 'cancelled' group by 1, 2 having count(*) > 1`,
    );
    if (double.rowCount) problems.push(`${double.rowCount} seat(s) in two live bookings`);
    const inexact = await db.query(
      `select b.id from bookings b where b.status <> 'cancelled'
          and (select count(*) from seat_reservations r where r.booking_id = b.id and r.show_id = b.show_id and r.seat = any(b.seats)) <> cardinality(b.seats)`,
    );
    if (inexact.rowCount) problems.push(`${inexact.rowCount} live booking(s) not holding exactly their seats`);
    const stray = await db.query(
      `select 1 from seat_reservations r left join bookings b on b.id = r.booking_id
        where b.id is null or b.status = 'cancelled' or not (r.seat = any(b.seats))`,
    );
    if (stray.rowCount) problems.push(`${stray.rowCount} ledger row(s) without their live booking`);
    const stored = await db.query(`select id::text from bookings where status <> 'cancelled' and id = any($1::uuid[])`, [ok.map((b) => b.id)]);
    if (stored.rowCount !== ok.length) problems.push(`${ok.length - (stored.rowCount ?? 0)} acknowledged booking(s) not stored live`);
    return problems;
  });
}

// ---------------------------------------------------------------------------------------------
// One instance count

interface Scenario {
  instances: number;
  idle: { watchers: number; tps: number }[];
  rushTps: number;
  figures?: RushFigures;
  delivery?: { latencies: number[]; undelivered: number };
  watchersOpen: number;
  problems: string[];
}

async function scenario(server: PostgresServer, signer: TestSigner, instances: number, tokens: { sub: string; token: string }[]): Promise<Scenario> {
  const result: Scenario = { instances, idle: [], rushTps: NaN, watchersOpen: 0, problems: [] };
  const name = `multi_${randomBytes(5).toString('hex')}`;
  const workDir = await mkdtemp(path.join(tmpdir(), 'multi-instance-'));
  const children: ChildProcess[] = [];
  const watchers: Watcher[] = [];
  await withAdmin(server.adminUrl, (admin) => admin.query(`create database ${name}`));
  const url = new URL(server.adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  try {
    const ports: number[] = [];
    for (let i = 0; i < instances; i++) {
      const port = await freePort();
      // The bench's clients stand for phones of many addresses: they write X-Forwarded-For themselves, and as they
      // share nginx's loopback address, which is trusted, the instances believe it (never so in production).
      const env = { ...builtServiceEnv({ port, dataDir: path.join(workDir, 'data'), databaseUrl, jwksUrl: signer.jwksUrl, logLevel: 'warn' }), TRUST_PROXY: '127.0.0.1' };
      children.push(await startProcess(process.execPath, ['dist/main.js'], env, `http://127.0.0.1:${port}/api/health`, { timeoutMs: 120_000 }));
      ports.push(port);
    }
    const nginx = await startNginx(workDir, ports);
    children.push(nginx.child);
    const shows = (await withAdmin(databaseUrl, (db) => db.query(`select id::text from shows where starts_at > now() order by starts_at limit $1`, [SHOWS]))).rows.map(
      (r: { id: string }) => r.id,
    );
    result.idle.push({ watchers: 0, tps: await transactionsPerSecond(databaseUrl, name, IDLE_SAMPLE_S) });
    for (const share of [0.25, 0.5, 1]) {
      const target = Math.round(WATCHERS * share);
      const opening: Watcher[] = [];
      for (let i = watchers.length; i < target; i++) opening.push(watch(nginx.origin, shows[i % shows.length]!, `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`));
      // Kept for closing even if a batch fails part way.
      watchers.push(...opening);
      // Opened in batches, as a crowd arrives over a few seconds.
      for (let i = 0; i < opening.length; i += 200) await Promise.all(opening.slice(i, i + 200).map((w) => w.connected));
      await new Promise((r) => setTimeout(r, 1000)); // the opening reads settle
      result.idle.push({ watchers: watchers.length, tps: await transactionsPerSecond(databaseUrl, name, IDLE_SAMPLE_S) });
    }
    result.watchersOpen = watchers.length;
    const before = await transactions(databaseUrl, name);
    const began = performance.now();
    result.figures = await rush(nginx.origin, shows, tokens);
    result.rushTps = ((await transactions(databaseUrl, name)) - before) / ((performance.now() - began) / 1000);
    await new Promise((r) => setTimeout(r, DELIVERY_GRACE_MS));
    result.delivery = deliveryLatencies(result.figures.ok, watchers);
    result.problems.push(...(await checkInvariant(databaseUrl, result.figures.ok)));
  } catch (error) {
    result.problems.push(`did not complete: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    for (const w of watchers) w.close();
    for (const child of children.reverse()) await stop(child);
    await withAdmin(server.adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`)).catch(() => {});
    await rm(workDir, { recursive: true, force: true });
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// The report

const ms = (n: number) => (Number.isNaN(n) ? '–' : n >= 100 ? n.toFixed(0) : n.toFixed(1));

function tables(results: Scenario[]): string {
  const rows = [
    '| instances | streams open | bookings 200 / attempts | 409 | other | booking p50 / p99 ms | booking → every watcher p50 / p99 ms | 200s no watcher saw | DB transactions/s during the rush | invariant |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const r of results) {
    const f = r.figures;
    const lat = f?.ok.map((b) => b.latencyMs) ?? [];
    const d = r.delivery?.latencies ?? [];
    rows.push(
      `| ${r.instances} | ${r.watchersOpen} | ${f ? `${f.ok.length} / ${f.attempts}` : '–'} | ${f?.conflicts ?? '–'} | ${f ? JSON.stringify(f.others) : '–'} | ${ms(percentile(lat, 50))} / ${ms(percentile(lat, 99))} | ${ms(percentile(d, 50))} / ${ms(percentile(d, 99))} | ${r.delivery?.undelivered ?? '–'} | ${ms(r.rushTps)} | ${r.problems.length ? r.problems.join('; ') : 'holds'} |`,
    );
  }
  const levels = results[0]?.idle.map((i) => i.watchers) ?? [];
  const idle = [
    `| instances | ${levels.map((w) => `${w} streams`).join(' | ')} |`,
    `|---:|${levels.map(() => '---:').join('|')}|`,
    ...results.map((r) => `| ${r.instances} | ${r.idle.map((i) => ms(i.tps)).join(' | ')} |`),
  ];
  return `**Booking rush with the streams open**\n\n${rows.join('\n')}\n\n**Database transactions per second with nothing booked**, against open streams (pg_stat_database xact_commit + xact_rollback of the bench database, over ${IDLE_SAMPLE_S} s)\n\n${idle.join('\n')}`;
}

async function main() {
  const signer = await startTestSigner();
  const server = await postgresServer();
  const results: Scenario[] = [];
  try {
    const tokens = await Promise.all(
      Array.from({ length: USERS }, async (_, i) => {
        const sub = `multi|${i}`;
        return { sub, token: await signer.token({ sub, email: `multi${i}@example.com`, name: `Moviegoer ${i}` }) };
      }),
    );
    for (const count of INSTANCE_COUNTS) {
      console.log(`multi-instance: ${count} instance(s)…`);
      results.push(await scenario(server, signer, count, tokens));
    }
  } finally {
    await signer.close();
    await stopPostgresServer(server).catch(() => {});
  }
  const setup =
    `Built service (dist/) on one PostgreSQL 15 database, behind nginx ${await nginxVersion()} (least_conn, proxy_buffering off, loopback). ` +
    `${WATCHERS} seat-map streams over ${SHOWS} shows through nginx, then for ${RUSH_S} s ${IN_FLIGHT} bookings in flight from ${USERS} users ` +
    '(1-2 random seats of a watched show each). The load generator, nginx, the instances and PostgreSQL share the machine\'s 2 cores with other work.';
  const failures = results.flatMap((r) => r.problems.map((p) => `${r.instances} instance(s): ${p}`));
  for (const r of results) {
    if (r.delivery && r.delivery.undelivered > 0) failures.push(`${r.instances} instance(s): ${r.delivery.undelivered} booking(s) never reached every watcher`);
  }
  const markdown = `${setup}\n\n${tables(results)}\n`;
  console.log(`\n${markdown}`);
  writeBenchResult('25-multi-instance', {
    title: 'Several instances behind nginx: seat-map streams and a booking rush',
    command: 'npm run bench (booking-service: tsx bench/multi-instance-bench.ts)',
    markdown,
    failures,
  });
  if (failures.length) {
    console.error(`multi-instance benchmark: ${failures.join('; ')}`);
    process.exit(1);
  }
}

await main();
