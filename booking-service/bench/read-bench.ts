/**
 * `npm run bench` (booking-service part): requests per second and p99 latency of
 * the hot read routes against a bare Fastify route measured in the same run, as
 * ratios. Target: each route at least 0.5 of the bare route's throughput.
 * Both servers run as separate processes (the built service, production mode,
 * embedded PGlite in a temporary data folder); autocannon drives them one at a time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const here = path.dirname(fileURLToPath(import.meta.url));
const packageRoot = path.resolve(here, '..');
const TARGET_RATIO = 0.5;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

function startProcess(command: string, args: string[], env: Record<string, string>, readyUrl: string): Promise<ChildProcess> {
  const child = spawn(command, args, { cwd: packageRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  const deadline = Date.now() + 60_000;
  return new Promise((resolve, reject) => {
    const poll = async () => {
      if (child.exitCode !== null) return reject(new Error(`${args.join(' ')} exited with ${child.exitCode}`));
      try {
        if ((await fetch(readyUrl)).ok) return resolve(child);
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) return reject(new Error(`${readyUrl} did not answer within 60 s`));
      setTimeout(poll, 200);
    };
    void poll();
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

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
    { NODE_ENV: 'development', PORT: servicePort, DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'warn' },
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
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const figures: Figure[] = rounds[0]!.map((first, i) => ({
    label: first.label,
    rps: median(rounds.map((r) => r[i]!.rps)),
    p50: median(rounds.map((r) => r[i]!.p50)),
    p99: median(rounds.map((r) => r[i]!.p99)),
    errors: rounds.reduce((n, r) => n + r[i]!.errors, 0),
    non2xx: rounds.reduce((n, r) => n + r[i]!.non2xx, 0),
  }));

  const bareRps = figures[0]!.rps;
  console.log(`\nAPI read benchmark: autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per route, median of ${ROUNDS} interleaved rounds, browser-like Accept-Encoding, built service on PGlite\n`);
  console.log('| route | req/s | p50 ms | p99 ms | errors | non-2xx | ratio to bare |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  let failed = false;
  for (const f of figures) {
    const ratio = f.rps / bareRps;
    const isBare = f === figures[0];
    const ok = isBare || (ratio >= TARGET_RATIO && f.errors === 0 && f.non2xx === 0);
    if (!ok) failed = true;
    console.log(`| ${f.label} | ${f.rps.toFixed(0)} | ${f.p50} | ${f.p99} | ${f.errors} | ${f.non2xx} | ${isBare ? '1.00' : ratio.toFixed(2)}${ok ? '' : ' BELOW TARGET'} |`);
  }
  console.log(`\nTarget: every API route at least ${TARGET_RATIO} of the bare route's req/s, with no errors.`);
  if (failed) {
    console.error('read benchmark: a route is below its target');
    process.exit(1);
  }
}

await main();
