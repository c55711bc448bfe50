/**
 * `npm run bench` (booking-service part): the 300-way seat race on the embedded default, twice:
 * - **the whole stack as `npm start` runs it** (bench/support/whole-stack.ts): the service on PGlite with every
 *   default (fsync on, the access log to a file, rate limits, security headers), beside the shell's and the
 *   remotes' servers and the local identity provider; each moviegoer on a loopback address of its own
 *   (127.1.x.y), so the per-address limits count them as the different people they are. The goal is judged here.
 * - **the service alone** (NODE_ENV=development, rate limits off, log level warn), for comparison.
 * 300 signed-in users, each on a keep-alive connection opened beforehand, POST /api/booking/create at the same
 * moment for 2-4 overlapping seats among the first 30 standard or premium seats of one show (most are answered 409). Three rounds on three
 * shows, after a warm-up on a fourth; the report gives each round's p50 / p99 / max and the median round's p99.
 *
 * Environment (optional): BENCH_RACE_CONTENDERS (300), BENCH_RACE_ROUNDS (3), BENCH_RACE_SETUPS (`stack,service`).
 * To compare stores on the same machine, BENCH_RACE_DATABASE_URL (a PostgreSQL database) or
 * BENCH_RACE_MONGODB_URI (a MongoDB database, e.g. on `node scripts/mongodb-engine.mjs start`)
 * runs the service-alone race there; it is then printed only (no result file, no PGlite goal).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeBenchResult } from '../../scripts/bench-results.mjs';
import { layoutSeats, type ScreenLayout } from '../src/contract/seats/layout.ts';
import { startWholeStack } from './support/whole-stack.ts';
import { startTestSigner } from '../test/support/signer.ts';
import { builtServiceEnv, freePort, startProcess, stop } from '../test/support/processes.ts';

const CONTENDERS = Number(process.env.BENCH_RACE_CONTENDERS || 300);
const ROUNDS = Number(process.env.BENCH_RACE_ROUNDS || 3);
const GOAL_P99_MS = 500;
const DATABASE_URL = process.env.BENCH_RACE_DATABASE_URL ?? '';
const MONGODB_URI = process.env.BENCH_RACE_MONGODB_URI ?? '';
const STORE = MONGODB_URI ? 'MongoDB (MONGODB_URI)' : DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'PGlite';
const SETUPS = (process.env.BENCH_RACE_SETUPS || (STORE === 'PGlite' ? 'stack,service' : 'service')).split(',');
/** The seats raced for: the first 30 standard or premium seats of the show's screen (a companion seat alone is a 400), or all of a smaller screen's. */
const RACED_SEATS = 30;
const FEWEST_RACED_SEATS = 10;

/** A show's seats as the race takes them, in row order, from its seat map's layout (the chain's screens differ). */
async function racedSeats(origin: string, showId: string): Promise<string[]> {
  const { layout } = (await (await fetch(`${origin}/api/booking/seats/${showId}`)).json()) as { layout: ScreenLayout };
  const seats = layoutSeats(layout).filter((seat) => seat.type === 'standard' || seat.type === 'premium').map((seat) => seat.id);
  if (seats.length < FEWEST_RACED_SEATS) throw new Error(`show ${showId} has ${seats.length} standard and premium seats; the race needs ${FEWEST_RACED_SEATS}`);
  return seats.slice(0, RACED_SEATS);
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function post(agent: http.Agent, origin: string, token: string, body: unknown): Promise<number> {
  return new Promise((resolve) => {
    const text = JSON.stringify(body);
    const request = http.request(
      `${origin}/api/booking/create`,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'content-length': Buffer.byteLength(text) } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', () => resolve(0));
    request.end(text);
  });
}

interface Round {
  statuses: Record<number, number>;
  p50: number;
  p99: number;
  max: number;
}

interface Racers {
  origin: string;
  tokens: string[];
  /** One keep-alive agent per racer (each on its own loopback address when `ownAddresses`). */
  agents: http.Agent[];
}

/** 127.1.0.1, 127.1.0.2, ...: Linux answers the whole of 127.0.0.0/8 on the loopback interface. */
const loopbackAddress = (i: number) => `127.1.${(i + 1) >> 8}.${(i + 1) & 255}`;

function agentsFor(count: number, ownAddresses: boolean): http.Agent[] {
  return Array.from({ length: count }, (_, i) =>
    new http.Agent({ keepAlive: true, maxSockets: 1, ...(ownAddresses && { localAddress: loopbackAddress(i) }) }),
  );
}

/** The race on `racers`: a warm-up on the first of the show ids, then one round per further show. */
async function race({ origin, tokens, agents }: Racers): Promise<Round[]> {
  const all = (await (await fetch(`${origin}/api/show/all`)).json()) as { shows: { _id: string }[] };
  const detail = (await (await fetch(`${origin}/api/show/${all.shows[0]!._id}`)).json()) as { dateTime: Record<string, { showId: string }[]> };
  const shows = Object.values(detail.dateTime).flat().map((s) => s.showId).slice(-(ROUNDS + 1));
  if (shows.length < ROUNDS + 1) throw new Error(`the first movie has ${shows.length} upcoming shows; the bench needs ${ROUNDS + 1}`);
  // Warm-up on another show: compiles the booking path, signs every racer in once, opens the connections.
  const warmUpSeats = await racedSeats(origin, shows[0]!);
  await Promise.all(tokens.map((token, i) => post(agents[i]!, origin, token, { showId: shows[0], selectedSeats: [warmUpSeats[i % warmUpSeats.length]] })));
  const rounds: Round[] = [];
  for (const showId of shows.slice(1)) {
    const latencies: number[] = [];
    const statuses: Record<number, number> = {};
    const seats = await racedSeats(origin, showId);
    await Promise.all(
      tokens.map(async (token, i) => {
        const start = (i * 7) % (seats.length - 3); // 2-4 seats from `start`, within the seats raced for
        const started = performance.now();
        const status = await post(agents[i]!, origin, token, { showId, selectedSeats: seats.slice(start, start + 2 + (i % 3)) });
        latencies.push(performance.now() - started);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }),
    );
    rounds.push({ statuses, p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: Math.max(...latencies) });
  }
  for (const agent of agents) agent.destroy();
  return rounds;
}

/** The service alone on this bench's store, its tokens from a test signer. */
async function raceServiceAlone(): Promise<Round[]> {
  const signer = await startTestSigner();
  const workDir = await mkdtemp(path.join(tmpdir(), 'seat-race-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = await startProcess(
    process.execPath,
    ['dist/main.js'],
    { ...builtServiceEnv({ port, dataDir: path.join(workDir, 'data'), databaseUrl: DATABASE_URL, jwksUrl: signer.jwksUrl, logLevel: 'warn' }), MONGODB_URI },
    `${origin}/api/health`,
    { timeoutMs: 180_000 },
  );
  try {
    const tokens = await Promise.all(
      Array.from({ length: CONTENDERS }, (_, i) => signer.token({ sub: `racer|${i}`, email: `racer${i}@example.com`, name: `Racer ${i}` })),
    );
    return await race({ origin, tokens, agents: agentsFor(CONTENDERS, false) });
  } finally {
    await stop(child);
    await signer.close();
    await rm(workDir, { recursive: true, force: true });
  }
}

/** The whole stack as `npm start` runs it; each racer its own account at the local identity provider and its own address. */
async function raceWholeStack(): Promise<Round[]> {
  const stack = await startWholeStack();
  try {
    const tokens: string[] = [];
    for (let i = 0; i < CONTENDERS; i += 1) tokens.push(await stack.tokenFor(`racer${i}@example.com`));
    return await race({ origin: stack.apiOrigin, tokens, agents: agentsFor(CONTENDERS, true) });
  } finally {
    await stack.stop();
  }
}

function table(rounds: Round[]): string[] {
  return [
    '| round | answers | p50 ms | p99 ms | max ms |',
    '|---:|---|---:|---:|---:|',
    ...rounds.map((r, i) => `| ${i + 1} | ${Object.entries(r.statuses).map(([s, n]) => `${n} × ${s}`).join(', ')} | ${r.p50.toFixed(0)} | ${r.p99.toFixed(0)} | ${r.max.toFixed(0)} |`),
  ];
}

const medianP99 = (rounds: Round[]) => [...rounds].sort((a, b) => a.p99 - b.p99)[Math.floor(rounds.length / 2)]!.p99;

async function main() {
  const loadAtStart = (await import('node:os')).loadavg().map((l) => l.toFixed(2)).join(' / ');
  const results: { setup: string; title: string; rounds: Round[] }[] = [];
  if (SETUPS.includes('stack') && STORE === 'PGlite') {
    results.push({ setup: 'stack', title: 'The whole stack as `npm start` runs it (every default; goal judged here)', rounds: await raceWholeStack() });
  }
  if (SETUPS.includes('service')) {
    results.push({ setup: 'service', title: `The service alone on ${STORE === 'PGlite' ? 'embedded PGlite' : STORE} (NODE_ENV=development, rate limits off, log level warn)`, rounds: await raceServiceAlone() });
  }
  const loadAtEnd = (await import('node:os')).loadavg().map((l) => l.toFixed(2)).join(' / ');
  const judged = results.find((r) => r.setup === 'stack') ?? results[0]!;
  const failures: string[] = [];
  if (STORE === 'PGlite' && medianP99(judged.rounds) > GOAL_P99_MS) {
    failures.push(`300-way seat race on PGlite (${judged.setup}): p99 ${medianP99(judged.rounds).toFixed(0)} ms (median of ${judged.rounds.length} rounds), goal ≤ ${GOAL_P99_MS} ms`);
  }
  for (const { rounds } of results) {
    for (const r of rounds) if (Object.keys(r.statuses).some((s) => s !== '200' && s !== '409')) failures.push(`seat race: answers other than 200 and 409: ${JSON.stringify(r.statuses)}`);
  }
  const markdown = [
    `Built service (dist/) on ${STORE === 'PGlite' ? 'embedded PGlite (its own worker thread, fsync on)' : STORE}. ${CONTENDERS} signed-in users POST /api/booking/create at once for 2-4 overlapping seats among the first 30 standard or premium seats of one show, on keep-alive connections opened by a warm-up on another show; ${ROUNDS} rounds on ${ROUNDS} shows. The load generator shares the machine with the service. Load average (1 / 5 / 15 min, 2 cores): ${loadAtStart} at the start, ${loadAtEnd} at the end.`,
    ...results.flatMap(({ title, rounds }) => ['', `**${title}**`, '', ...table(rounds), '', `Median round's p99: ${medianP99(rounds).toFixed(0)} ms.`]),
    '',
    `Goal: the median round's p99 ≤ ${GOAL_P99_MS} ms ${judged.setup === 'stack' ? 'with the whole stack running' : '(the whole stack was not run)'}.`,
  ].join('\n');
  console.log(`\n${markdown}\n`);
  if (STORE === 'PGlite') {
    writeBenchResult('22-seat-race', {
      title: 'The 300-way seat race on PGlite',
      command: 'npm run bench (booking-service: tsx bench/seat-race-bench.ts)',
      markdown,
      failures,
    });
  }
  if (failures.length) {
    console.error(failures.join('\n'));
    process.exit(1);
  }
}

await main();
