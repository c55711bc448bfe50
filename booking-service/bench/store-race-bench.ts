/**
 * `npm run bench` (booking-service part): the 300-way seat race on PostgreSQL and on the MongoDB store, side by
 * side (the goal: the MongoDB store's median p99 within 2x of PostgreSQL's). Each run is bench/seat-race-bench.ts
 * (the service alone) on a database of its own, created fresh for the run: a database whose seats an earlier run took
 * answers every booking 409, a different race. Runs alternate between the stores so a change of the machine's load
 * falls on both; the goal is judged on the medians of the runs.
 *
 * Servers: BENCH_POSTGRES_URL / TEST_POSTGRES_URL (else a throwaway PostgreSQL) and BENCH_MONGODB_URI / TEST_MONGODB_URI
 * (else the MongoDB lane's engine, FerretDB over DocumentDB). BENCH_STORE_RACE_RUNS: runs per store (3).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { writeBenchResult } from '../../scripts/bench-results.mjs';
import { packageRoot } from '../test/support/processes.ts';
import { mongoServer } from './rush/scenario-mongodb.ts';
import { median } from './support/measures.ts';
import { postgresServer, stopPostgresServer, withAdmin } from './support/postgres-server.ts';

const RUNS = Number(process.env.BENCH_STORE_RACE_RUNS || 3);
const GOAL_RATIO = 2;
const tsx = path.join(packageRoot, 'node_modules/.bin/tsx');

type StoreEnv = { BENCH_RACE_DATABASE_URL: string } | { BENCH_RACE_MONGODB_URI: string };

interface Run {
  load: string;
  p99: number;
  output: string;
}

const load = () => loadavg()[0]!.toFixed(2);

/** One seat race (the service alone) on the store `env` names; its median round's p99, from its report. */
function seatRace(env: StoreEnv): Promise<Run> {
  const atStart = load();
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, ['bench/seat-race-bench.ts'], { cwd: packageRoot, env: { ...process.env, ...env, BENCH_RACE_SETUPS: 'service' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      const p99 = Number(/Median round's p99: (\d+) ms/.exec(output)?.[1]);
      if (code !== 0 || !Number.isFinite(p99)) reject(new Error(`the seat race failed (exit ${code}):\n${output}`));
      else resolve({ load: atStart, p99, output });
    });
  });
}

function withDatabase(uri: string, database: string): string {
  const url = new URL(uri);
  url.pathname = `/${database}`;
  return url.href;
}

async function main() {
  const postgres = await postgresServer();
  const mongo = await mongoServer();
  if ('skipped' in mongo) {
    await stopPostgresServer(postgres);
    console.log(`The store race is skipped: ${mongo.skipped}`);
    return;
  }
  const tag = randomBytes(3).toString('hex');
  const created: string[] = [];
  const runs: { postgres: Run; mongo: Run }[] = [];
  try {
    for (let i = 1; i <= RUNS; i += 1) {
      const database = `race_${tag}_${i}`;
      await withAdmin(postgres.adminUrl, (client) => client.query(`CREATE DATABASE ${database}`));
      created.push(database);
      const onPostgres = await seatRace({ BENCH_RACE_DATABASE_URL: withDatabase(postgres.adminUrl, database) });
      const onMongo = await seatRace({ BENCH_RACE_MONGODB_URI: withDatabase(mongo.uri, database) });
      runs.push({ postgres: onPostgres, mongo: onMongo });
    }
  } finally {
    if (!mongo.engine) await dropMongoDatabases(mongo.uri, created);
    await mongo.engine?.stop().catch(() => {});
    if (!postgres.stop) await withAdmin(postgres.adminUrl, async (client) => { for (const database of created) await client.query(`DROP DATABASE IF EXISTS ${database}`); });
    await stopPostgresServer(postgres);
  }
  report(runs, mongo.label);
}

/** A given MongoDB is left as found. */
async function dropMongoDatabases(uri: string, databases: string[]) {
  for (const database of databases) {
    const connection = await mongoose.createConnection(withDatabase(uri, database)).asPromise();
    await connection.dropDatabase();
    await connection.close();
  }
}

function report(runs: { postgres: Run; mongo: Run }[], mongoLabel: string) {
  const postgresP99 = median(runs.map((r) => r.postgres.p99));
  const mongoP99 = median(runs.map((r) => r.mongo.p99));
  const ratio = mongoP99 / postgresP99;
  const failures = ratio > GOAL_RATIO ? [`the MongoDB store's seat race p99 is ${ratio.toFixed(2)}x PostgreSQL's (medians of ${runs.length} runs: ${mongoP99} against ${postgresP99} ms), goal within ${GOAL_RATIO}x`] : [];
  const markdown = [
    `The 300-way seat race (bench/seat-race-bench.ts, the built service alone, NODE_ENV=development, rate limits off), on PostgreSQL and on the MongoDB store (${mongoLabel}), alternating, each run on a database created for it. Median round's p99 of each run, the 1-minute load (2 cores) at its start:`,
    '',
    '| run | PostgreSQL p99 ms (load) | MongoDB store p99 ms (load) | ratio |',
    '|---:|---:|---:|---:|',
    ...runs.map((r, i) => `| ${i + 1} | ${r.postgres.p99} (${r.postgres.load}) | ${r.mongo.p99} (${r.mongo.load}) | ${(r.mongo.p99 / r.postgres.p99).toFixed(2)}x |`),
    '',
    `Medians: PostgreSQL ${postgresP99} ms, the MongoDB store ${mongoP99} ms: **${ratio.toFixed(2)}x** (goal: within ${GOAL_RATIO}x).`,
  ].join('\n');
  console.log(`\n${markdown}\n`);
  writeBenchResult('23-store-race', { title: 'The seat race, MongoDB store against PostgreSQL', command: 'npm run bench (booking-service: tsx bench/store-race-bench.ts)', markdown, failures });
  if (failures.length) {
    console.error(failures.join('\n'));
    process.exit(1);
  }
}

await main();
