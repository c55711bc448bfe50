/**
 * `npm run bench` (booking-service part): 20 doors scanning at once. The built service on PGlite
 * (a temporary DATA_DIR); paid tickets of shows admitting now, made through the API (support/door-tickets.ts).
 * 20 door attendants, each on a keep-alive connection, scan their tickets one after another as fast as the
 * answers come (a door scans its next ticket when the last one is answered): first every ticket is admitted
 * (200), then every ticket is scanned again (409 already-admitted, the answer that reads the earlier
 * admission). The report gives each phase's p50 / p99 / max against the goal: p99 within 150 ms.
 *
 * Environment (optional): BENCH_DOORS (20), BENCH_SCANS_PER_DOOR (10). BENCH_CHECK_IN_DATABASE_URL (a PostgreSQL
 * database) runs the same scans there, to compare stores on the same machine: printed only (no result file).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { writeBenchResult } from '../../scripts/bench-results.mjs';
import { startTestSigner } from '../test/support/signer.ts';
import { builtServiceEnv, freePort, startProcess, stop } from '../test/support/processes.ts';
import { paidDoorTickets } from './support/door-tickets.ts';
import { percentile } from './support/measures.ts';

const DOORS = Number(process.env.BENCH_DOORS || 20);
const SCANS_PER_DOOR = Number(process.env.BENCH_SCANS_PER_DOOR || 10);
const GOAL_P99_MS = 150;
const DATABASE_URL = process.env.BENCH_CHECK_IN_DATABASE_URL ?? '';
const STORE = DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite';

interface Phase { name: string; expected: number; statuses: Record<number, number>; p50: number; p99: number; max: number }

function scan(agent: http.Agent, origin: string, token: string, body: unknown): Promise<number> {
  return new Promise((resolve) => {
    const text = JSON.stringify(body);
    const request = http.request(
      `${origin}/api/admin/check-in`,
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

/** Every door scans its share of `codes` in turn, all doors at once; the latencies and answers. */
async function phase(name: string, expected: number, doors: string[], codes: string[], send: (token: string, body: unknown) => Promise<number>): Promise<Phase> {
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  await Promise.all(
    doors.map(async (token, door) => {
      for (let k = 0; k < SCANS_PER_DOOR; k++) {
        const started = performance.now();
        const status = await send(token, { code: `TICKET:${codes[door * SCANS_PER_DOOR + k]}`, door: `Door ${door + 1}` });
        latencies.push(performance.now() - started);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  return { name, expected, statuses, p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: Math.max(...latencies) };
}

async function measure(): Promise<Phase[]> {
  const signer = await startTestSigner();
  const workDir = await mkdtemp(path.join(tmpdir(), 'check-in-bench-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = await startProcess(
    process.execPath,
    ['dist/main.js'],
    builtServiceEnv({ port, dataDir: path.join(workDir, 'data'), databaseUrl: DATABASE_URL, jwksUrl: signer.jwksUrl, logLevel: 'warn' }),
    `${origin}/api/health`,
    { timeoutMs: 180_000 },
  );
  try {
    const codes = await paidDoorTickets(origin, signer, DOORS * SCANS_PER_DOOR + DOORS);
    const doors = await Promise.all(Array.from({ length: DOORS }, (_, i) => signer.token({ sub: `bench|door${i}`, name: `Door Staff ${i}`, email: `door${i}@example.com`, roles: ['door'] })));
    const agent = new http.Agent({ keepAlive: true, maxSockets: DOORS });
    const send = (token: string, body: unknown) => scan(agent, origin, token, body);
    // Warm-up: each door admits one ticket of its own (the last DOORS codes), opening its connection.
    await Promise.all(doors.map((token, i) => send(token, { code: codes[DOORS * SCANS_PER_DOOR + i], door: `Door ${i + 1}` })));
    const phases = [await phase('admit', 200, doors, codes, send), await phase('again', 409, doors, codes, send)];
    agent.destroy();
    return phases;
  } finally {
    await stop(child);
    await signer.close();
    await rm(workDir, { recursive: true, force: true });
  }
}

async function main() {
  const phases = await measure();
  const load = loadavg().map((l) => l.toFixed(2)).join(', ');
  const failures: string[] = [];
  for (const p of phases) {
    if (p.p99 > GOAL_P99_MS) failures.push(`check-in, 20 doors (${p.name}): p99 ${p.p99.toFixed(0)} ms, goal ≤ ${GOAL_P99_MS} ms`);
    if (Object.keys(p.statuses).some((s) => Number(s) !== p.expected)) failures.push(`check-in (${p.name}): answers other than ${p.expected}: ${JSON.stringify(p.statuses)}`);
  }
  const markdown = [
    `Built service (dist/) on ${STORE}, NODE_ENV=development. ${DOORS} door attendants scan at once, each its next ticket as soon as the last is answered, ${SCANS_PER_DOOR} tickets each, on keep-alive connections opened by a warm-up: first every ticket is admitted, then every ticket is scanned again (409 already admitted). The load generator shares the machine with the service and with other work; load average after the run: ${load}.`,
    '',
    '| phase | answers | p50 ms | p99 ms | max ms |',
    '|---|---|---:|---:|---:|',
    ...phases.map((p) => `| ${p.name} | ${Object.entries(p.statuses).map(([s, n]) => `${n} × ${s}`).join(', ')} | ${p.p50.toFixed(0)} | ${p.p99.toFixed(0)} | ${p.max.toFixed(0)} |`),
    '',
    `Goal: p99 ≤ ${GOAL_P99_MS} ms in each phase.`,
  ].join('\n');
  console.log(`\n${markdown}\n`);
  if (!DATABASE_URL) writeBenchResult('26-check-in', { title: 'Check-in: 20 doors scanning at once', command: 'npm run bench (booking-service: tsx bench/check-in-bench.ts)', markdown, failures });
  if (failures.length) {
    console.error(failures.join('\n'));
    process.exit(1);
  }
}

await main();
