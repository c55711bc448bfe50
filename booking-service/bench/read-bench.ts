/**
 * `npm run bench` (booking-service part): requests per second and p99 latency of
 * the hot read routes against a bare Fastify route measured in the same run, as
 * ratios. Target: each route at least 0.5 of the bare route's throughput.
 * Both servers run as separate processes (the built service from dist/, with
 * NODE_ENV=development because production refuses to start without Stripe keys
 * and a real identity provider; embedded PGlite in a temporary data folder);
 * autocannon drives them one at a time.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { writeBenchResult } from '../../scripts/bench-results.mjs';
import { builtServiceEnv, packageRoot, startProcess, stop } from '../test/support/processes.ts';
import { median } from './support/measures.ts';

const TARGET_RATIO = 0.5;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

interface Figure { label: string; rps: number; p50: number; p99: number; errors: number; non2xx: number }

async function measure(label: string, url: string): Promise<Figure> {
  // A short warm-up fills caches and lets the JIT settle.
  // Requests carry the Accept-Encoding every browser sends.
  const headers = { 'accept-encoding': 'gzip, deflate, br' };
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S });
  return {
    label,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-data-'));
  const servicePort = '4900';
  const barePort = '4901';
  const service = await startProcess(
    process.execPath,
    ['dist/main.js'],
    // The embedded store even when the caller's shell points elsewhere.
    builtServiceEnv({ port: Number(servicePort), dataDir, databaseUrl: '', logLevel: 'warn' }),
    `http://127.0.0.1:${servicePort}/api/health`,
  );
  const bare = await startProcess(path.join(packageRoot, 'node_modules/.bin/tsx'), ['bench/bare-server.ts'], { PORT: barePort }, `http://127.0.0.1:${barePort}/bare`);
  const rounds: Figure[][] = [];
  try {
    const base = `http://127.0.0.1:${servicePort}`;
    const all = (await (await fetch(`${base}/api/show/all`)).json()) as { shows: { _id: string }[] };
    const movieId = all.shows[0]!._id;
    const detail = (await (await fetch(`${base}/api/show/${movieId}`)).json()) as { dateTime: Record<string, { showId: string }[]> };
    const showId = Object.values(detail.dateTime)[0]![0]!.showId;
    const targets: [string, string][] = [
      ['bare Fastify route', `http://127.0.0.1:${barePort}/bare`],
      ['GET /api/show/all', `${base}/api/show/all`],
      ['GET /api/show/:id', `${base}/api/show/${movieId}`],
      ['GET /api/booking/seats/:showId', `${base}/api/booking/seats/${showId}`],
    ];
    // Two cores serve both the load generator and the server: interleave rounds and keep medians.
    for (let round = 0; round < ROUNDS; round++) {
      const figures: Figure[] = [];
      for (const [label, url] of targets) figures.push(await measure(label, url));
      rounds.push(figures);
    }
  } finally {
    await stop(bare);
    await stop(service);
    await rm(dataDir, { recursive: true, force: true });
  }
  const figures: Figure[] = rounds[0]!.map((first, i) => ({
    label: first.label,
    rps: median(rounds.map((r) => r[i]!.rps)),
    p50: median(rounds.map((r) => r[i]!.p50)),
    p99: median(rounds.map((r) => r[i]!.p99)),
    errors: rounds.reduce((n, r) => n + r[i]!.errors, 0),
    non2xx: rounds.reduce((n, r) => n + r[i]!.non2xx, 0),
  }));

  const bareRps = figures[0]!.rps;
  const setup = `autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per route, median of ${ROUNDS} interleaved rounds, browser-like Accept-Encoding, built service on PGlite`;
  const lines = [
    '| route | req/s | p50 ms | p99 ms | errors | non-2xx | ratio to bare |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ];
  const failures: string[] = [];
  for (const f of figures) {
    const ratio = f.rps / bareRps;
    const isBare = f === figures[0];
    const ok = isBare || (ratio >= TARGET_RATIO && f.errors === 0 && f.non2xx === 0);
    if (!ok) {
      failures.push(
        `${f.label}: ${f.rps.toFixed(0)} req/s is ${ratio.toFixed(2)} of the bare route (target ${TARGET_RATIO}), ${f.errors} errors, ${f.non2xx} non-2xx`,
      );
    }
    lines.push(`| ${f.label} | ${f.rps.toFixed(0)} | ${f.p50} | ${f.p99} | ${f.errors} | ${f.non2xx} | ${isBare ? '1.00' : ratio.toFixed(2)}${ok ? '' : ' BELOW TARGET'} |`);
  }
  const target = `Target: every API route at least ${TARGET_RATIO} of the bare route's req/s, with no errors.`;
  console.log(`\nAPI read benchmark: ${setup}\n`);
  console.log(lines.join('\n'));
  console.log(`\n${target}`);
  writeBenchResult('10-api-reads', {
    title: 'API reads against bare Fastify',
    command: 'npm run bench (booking-service: tsx bench/read-bench.ts)',
    markdown: `${setup}.\n\n${lines.join('\n')}\n\n${target}\n`,
    failures,
  });
  if (failures.length) {
    console.error('read benchmark: a route is below its target');
    process.exit(1);
  }
}

await main();
