/**
 * One instance at its queue-stream cap (issue 56, point 4): the built service on PostgreSQL, no proxy in the way,
 * holding WAITING_ROOM_STREAMS_TOTAL (20,000) queue streams of one on-sale. It reports each stream's memory (the
 * instance's resident and heap growth over the streams it holds), the instance's event-loop p99 (its own
 * `nodejs_eventloop_lag_p99_seconds`) while admissions move the queue and its progress is sent to every stream, and
 * how long "sold out" takes to reach all of them once the last seat is held. Goals: ≤ 10 KiB a stream, p99 ≤ 50 ms,
 * sold out to all within 3 s.
 *
 * 20,000 sockets on each side need more open files than a shell usually allows: the bench raises its own limit and
 * the instance's to the hard limit (`ulimit -n`); where that is below 20,000 and some, it holds as many streams as the
 * limit lets one process hold, and says so.
 *
 *   npx tsx bench/queue-streams-bench.ts    (BENCH_STREAMS: how many, 20,000 by default)
 */
import type { ChildProcess } from 'node:child_process';
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeBenchResult } from '../../scripts/bench-results.mjs';
import { DEFAULT_SCREEN_ID } from '../src/cinemas/built-in-chain.ts';
import { ALL_SEATS } from '../src/contract/seats/hall.ts';
import { QUEUE_EVENT, type QueueEvent } from '../src/contract/waiting-room.ts';
import { builtServiceEnv, freePort, packageRoot, startProcess, stop } from '../test/support/processes.ts';
import { startTestSigner, type TestSigner } from '../test/support/signer.ts';
import { eventBlocks } from './support/event-blocks.ts';
import { postgresServer, stopPostgresServer, withAdmin } from './support/postgres-server.ts';

/** Open files a process may have here (`ulimit -n`, raised to the hard limit where that is higher). */
const OPEN_FILES = Number(execFileSync('sh', ['-c', 'ulimit -n "$(ulimit -Hn)" 2>/dev/null; ulimit -n'], { encoding: 'utf8' }).trim()) || 1024;
/** Sockets and files besides the streams (the pool, listeners, logs, the bench's own calls). */
const SPARE_FILES = 500;
/** The cap (20,000), or as many as this machine's open-file limit lets one process hold. */
const STREAMS = Math.min(Number(process.env.BENCH_STREAMS || 20_000), OPEN_FILES - SPARE_FILES);
/** Streams opened a second: a crowd arriving, not one burst the listen backlog drops. */
const OPENED_PER_SECOND = 2_000;
/** Admitted moviegoers who hold the show's seats 4 at a time (90 seats: 23 holds sell it out). */
const SHOPPERS = 30;
const SEATS_PER_HOLD = 4;
const GOALS = { bytesPerStream: 10 * 1024, loopP99Ms: 50, soldOutToAllMs: 3_000 };

// Under the raised open-file limit (the bench holds one socket per stream).
if (process.env.BENCH_STREAMS_RAISED !== '1') {
  const tsx = path.join(packageRoot, 'node_modules/.bin/tsx');
  const child = spawn('sh', ['-c', `ulimit -n ${OPEN_FILES} && exec "$0" "$@"`, tsx, fileURLToPath(import.meta.url)], { stdio: 'inherit', env: { ...process.env, BENCH_STREAMS_RAISED: '1' } });
  child.once('exit', (code) => process.exit(code ?? 1));
} else {
  await main();
}

/** The instance's own figures from its Prometheus endpoint (one scrape also resets its event-loop histogram). */
async function scrape(metricsUrl: string): Promise<Map<string, number>> {
  const text = await (await fetch(metricsUrl)).text();
  const figures = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = /^([a-z0-9_]+) ([0-9.e+-]+)$/.exec(line);
    if (match) figures.set(match[1]!, Number(match[2]));
  }
  return figures;
}

async function api<T>(origin: string, method: string, url: string, token: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${origin}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** The streams: each one's first answer, and when it first heard "sold out". */
function openStreams(origin: string, eventId: string) {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const statuses = new Map<number, number>();
  const soldOutAt: number[] = [];
  const requests: http.ClientRequest[] = [];
  const open = () => {
    const request = http.get(`${origin}/api/waiting-room/${eventId}/events`, { agent, headers: { accept: 'text/event-stream' } }, (response) => {
      statuses.set(response.statusCode!, (statuses.get(response.statusCode!) ?? 0) + 1);
      let heard = false;
      response.setEncoding('utf8');
      response.on(
        'data',
        eventBlocks((event, data) => {
          if (heard || event !== QUEUE_EVENT || !(JSON.parse(data) as QueueEvent).soldOut) return;
          heard = true;
          soldOutAt.push(performance.now());
        }),
      );
    });
    request.on('error', () => statuses.set(0, (statuses.get(0) ?? 0) + 1));
    requests.push(request);
  };
  return {
    statuses,
    soldOutAt,
    async openAll(count: number) {
      for (let opened = 0; opened < count; opened += OPENED_PER_SECOND / 10) {
        for (let i = 0; i < Math.min(OPENED_PER_SECOND / 10, count - opened); i++) open();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: () => requests.forEach((request) => request.destroy()),
  };
}

interface Instance {
  origin: string;
  metricsUrl: string;
  child: ChildProcess;
}

async function startInstance(signer: TestSigner, databaseUrl: string, workDir: string): Promise<Instance> {
  const port = await freePort();
  const metricsPort = await freePort();
  const env = {
    METRICS_PORT: String(metricsPort),
    ...builtServiceEnv({ port, dataDir: path.join(workDir, 'data'), databaseUrl, jwksUrl: signer.jwksUrl, logLevel: 'warn' }),
    // One load generator's address holds every stream (the per-address cap is for browsers, not this bench).
    SEAT_STREAMS_PER_ADDRESS: String(STREAMS + 100),
    WAITING_ROOM_STREAMS_TOTAL: String(STREAMS),
  };
  const child = await startProcess('sh', ['-c', `ulimit -n ${OPEN_FILES} && exec "$0" dist/main.js`, process.execPath], env, `http://127.0.0.1:${port}/api/health`, {
    timeoutMs: 120_000,
  });
  return { origin: `http://127.0.0.1:${port}`, metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`, child };
}

/** An on-sale of one show of the spec's hall, opening in `inSeconds`, with `SHOPPERS` in its pre-queue. */
async function onSaleWithShoppers(instance: Instance, signer: TestSigner, inSeconds: number) {
  const admin = await signer.token({ sub: 'staff|bench', email: 'staff@example.com', roles: ['admin'] });
  const { body } = await api<{ shows: { _id: string; screen?: { _id: string }; showDateTime?: string }[] }>(instance.origin, 'GET', '/api/admin/shows?pageSize=100', admin);
  const show = body.shows.find((s) => s.screen?._id === DEFAULT_SCREEN_ID && s.showDateTime !== undefined && Date.parse(s.showDateTime) > Date.now() + 3600_000);
  if (!show) throw new Error("no upcoming show of the spec's hall");
  const onSaleAt = new Date(Date.now() + inSeconds * 1000).toISOString();
  const created = await api<{ event: { id: string } }>(instance.origin, 'POST', '/api/admin/on-sale', admin, {
    name: 'Streams at the cap',
    showIds: [show._id],
    onSaleAt,
    waitingRoom: true,
    shoppingCapacity: SHOPPERS,
  });
  if (created.status !== 200) throw new Error(`the on-sale was refused: ${JSON.stringify(created.body)}`);
  const eventId = created.body.event.id;
  const shoppers = await Promise.all(Array.from({ length: SHOPPERS }, (_, i) => signer.token({ sub: `bench|shopper-${i}`, email: `shopper${i}@example.com`, name: `Shopper ${i}` })));
  for (const token of shoppers) await api(instance.origin, 'POST', `/api/waiting-room/${eventId}/join`, token, {});
  return { eventId, showId: show._id, shoppers, onSaleAt: Date.parse(onSaleAt) };
}

/** Each admitted shopper holds 4 of the show's seats until none is left; when the last hold was answered. */
async function sellOut(origin: string, eventId: string, showId: string, shoppers: string[]): Promise<number> {
  const seats = [...ALL_SEATS];
  let lastHeldAt = 0;
  for (const token of shoppers) {
    if (seats.length === 0) break;
    const me = await api<{ admission: string | null }>(origin, 'GET', `/api/waiting-room/${eventId}/me`, token);
    if (!me.body.admission) continue;
    const chosen = seats.splice(0, SEATS_PER_HOLD);
    const response = await fetch(`${origin}/api/booking/create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'x-admission': me.body.admission, 'content-type': 'application/json' },
      body: JSON.stringify({ showId, selectedSeats: chosen }),
    });
    if (response.status !== 200) throw new Error(`holding ${chosen.join(',')}: ${response.status} ${await response.text()}`);
    lastHeldAt = performance.now();
  }
  if (seats.length > 0) throw new Error(`${seats.length} seats were left unsold: not every shopper was admitted`);
  return lastHeldAt;
}

async function main() {
  const load = loadavg().map((n) => n.toFixed(2)).join(' / ');
  const workDir = await mkdtemp(path.join(tmpdir(), 'queue-streams-'));
  const signer = await startTestSigner();
  const server = await postgresServer();
  const name = `queue_streams_${randomBytes(5).toString('hex')}`;
  await withAdmin(server.adminUrl, (admin) => admin.query(`create database ${name}`));
  const url = new URL(server.adminUrl);
  url.pathname = `/${name}`;
  const instance = await startInstance(signer, url.toString(), workDir);
  try {
    const { eventId, showId, shoppers, onSaleAt } = await onSaleWithShoppers(instance, signer, Math.ceil(STREAMS / OPENED_PER_SECOND) + 15);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const before = await scrape(instance.metricsUrl);
    const streams = openStreams(instance.origin, eventId);
    await streams.openAll(STREAMS);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const holding = await scrape(instance.metricsUrl);
    // From the on-sale time: the draw, then admissions moving the queue, its progress sent to every stream.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, onSaleAt - Date.now()) + 5_000));
    const underProgress = await scrape(instance.metricsUrl);
    const lastHeldAt = await sellOut(instance.origin, eventId, showId, shoppers);
    const deadline = Date.now() + 15_000;
    while (streams.soldOutAt.length < (streams.statuses.get(200) ?? 0) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    const afterSoldOut = await scrape(instance.metricsUrl);
    streams.close();
    const figures = {
      opened: streams.statuses.get(200) ?? 0,
      refusedOrFailed: STREAMS - (streams.statuses.get(200) ?? 0),
      statuses: Object.fromEntries(streams.statuses),
      residentPerStream: ((holding.get('process_resident_memory_bytes') ?? 0) - (before.get('process_resident_memory_bytes') ?? 0)) / STREAMS,
      heapPerStream: ((holding.get('nodejs_heap_size_used_bytes') ?? 0) - (before.get('nodejs_heap_size_used_bytes') ?? 0)) / STREAMS,
      loopP99MsUnderProgress: (underProgress.get('nodejs_eventloop_lag_p99_seconds') ?? NaN) * 1000,
      loopP99MsAtSoldOut: (afterSoldOut.get('nodejs_eventloop_lag_p99_seconds') ?? NaN) * 1000,
      soldOutHeard: streams.soldOutAt.length,
      soldOutToAllMs: streams.soldOutAt.length ? Math.max(...streams.soldOutAt) - lastHeldAt : NaN,
    };
    console.log(JSON.stringify(figures));
    report(figures, load);
  } finally {
    await stop(instance.child);
    await signer.close();
    await withAdmin(server.adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`)).catch(() => {});
    await stopPostgresServer(server).catch(() => {});
    await rm(workDir, { recursive: true, force: true });
  }
}

function report(f: { opened: number; residentPerStream: number; heapPerStream: number; loopP99MsUnderProgress: number; loopP99MsAtSoldOut: number; soldOutHeard: number; soldOutToAllMs: number; statuses: object }, load: string) {
  const failures: string[] = [];
  if (f.opened < STREAMS) failures.push(`only ${f.opened} of ${STREAMS} streams opened (${JSON.stringify(f.statuses)})`);
  if (f.residentPerStream > GOALS.bytesPerStream) failures.push(`${(f.residentPerStream / 1024).toFixed(1)} KiB resident a stream (goal ≤ 10)`);
  if (!(f.loopP99MsUnderProgress <= GOALS.loopP99Ms)) failures.push(`event-loop p99 ${f.loopP99MsUnderProgress.toFixed(0)} ms under the queue's progress (goal ≤ ${GOALS.loopP99Ms})`);
  if (f.soldOutHeard < f.opened) failures.push(`"sold out" reached ${f.soldOutHeard} of ${f.opened} streams`);
  if (!(f.soldOutToAllMs <= GOALS.soldOutToAllMs)) failures.push(`"sold out" took ${(f.soldOutToAllMs / 1000).toFixed(2)} s to reach every stream (goal ≤ 3)`);
  const markdown =
    `The built service, one instance on PostgreSQL, no proxy, holding ${STREAMS.toLocaleString('en')} queue streams of one on-sale opened ${OPENED_PER_SECOND.toLocaleString('en')} a second ` +
    `from this machine (load average at the start: ${load}; open files a process may have here: ${OPEN_FILES.toLocaleString('en')}` +
    `${STREAMS < 20_000 ? ', so not the 20,000 of the cap' : ''}).\n\n` +
    '| Streams open | Resident a stream | Heap a stream | Event-loop p99, admissions moving | Event-loop p99, sold out | "Sold out" to every stream |\n|---:|---:|---:|---:|---:|---:|\n' +
    `| ${f.opened.toLocaleString('en')} | ${(f.residentPerStream / 1024).toFixed(1)} KiB | ${(f.heapPerStream / 1024).toFixed(1)} KiB | ${f.loopP99MsUnderProgress.toFixed(0)} ms | ` +
    `${f.loopP99MsAtSoldOut.toFixed(0)} ms | ${(f.soldOutToAllMs / 1000).toFixed(2)} s (${f.soldOutHeard.toLocaleString('en')} heard it) |\n\n` +
    'Goals: ≤ 10 KiB a stream (resident), event-loop p99 ≤ 50 ms, "sold out" to all within 3 s of the last seat held.';
  console.log(`\n${markdown}\n`);
  for (const failure of failures) console.log(`MISSED: ${failure}`);
  writeBenchResult('29-queue-streams', { title: 'One instance at its queue-stream cap', command: 'npx tsx bench/queue-streams-bench.ts', markdown, failures });
}
