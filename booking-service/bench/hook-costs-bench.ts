/**
 * `npm run bench` (booking-service part): what each per-request hook costs. A bare Fastify route, then the same
 * route with one hook of the service (its own code and settings: bench/hook-server.ts), then with all of the
 * service's server plumbing, tracing off and on; requests per second of each, each row in windows paired with bare
 * Fastify's (support/throughput.ts), medians of rounds,
 * and each row's share of bare Fastify. The log goes to a file, as an operator's would; the rate limits count
 * every request but are set too high to refuse any; tracing exports to a local OTLP receiver that takes the spans.
 */
import { createServer } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { writeBenchResult } from '../../scripts/bench-results.mjs';
import { builtServiceEnv, packageRoot, startProcess, stop } from '../test/support/processes.ts';
import type { HOOKS } from './hook-server.ts';
import { measureAgainstBaseline, throughputSettings, type Figure, type RatioFigure } from './support/throughput.ts';

type Hook = (typeof HOOKS)[number];

/** `path`: the route asked (default /bare); /api/config is one of the cacheable public reads, with their own rate limit. */
const ROWS: { label: string; hook: Hook; env?: Record<string, string>; path?: string }[] = [
  { label: 'bare Fastify', hook: 'none' },
  { label: '+ request id (counter) and X-Request-Id echo', hook: 'request-id' },
  { label: '+ access log, every request (pino to a file)', hook: 'access-log' },
  { label: '+ access log, 1 in 100 (ACCESS_LOG_EVERY=100)', hook: 'access-log', env: { ACCESS_LOG_EVERY: '100' } },
  { label: '+ request metrics (Prometheus histogram)', hook: 'metrics' },
  { label: '+ security headers', hook: 'security-headers' },
  { label: '+ CORS', hook: 'cors' },
  { label: '+ rate limits (counted, in memory)', hook: 'rate-limit' },
  { label: '+ rate limits, a cacheable public read (its own count, in memory)', hook: 'rate-limit', path: '/api/config' },
  { label: '+ load shedding', hook: 'load-shedding' },
  { label: '+ tracing (OpenTelemetry, OTLP export)', hook: 'tracing' },
  { label: "the service's server, all hooks, tracing off", hook: 'service' },
  { label: "the service's server, all hooks, tracing on", hook: 'service', env: { TRACE: 'on' } },
];

/** An OTLP/HTTP receiver that takes the spans and drops them. */
async function startSpanSink(): Promise<{ url: string; close: () => void }> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}

async function main() {
  const settings = throughputSettings();
  const logDir = await mkdtemp(path.join(tmpdir(), 'hook-bench-'));
  const sink = await startSpanSink();
  const servers: ChildProcess[] = [];
  const loadAtStart = loadavg()[0]!;
  let bare: Figure;
  let figures: RatioFigure[];
  try {
    const targets: [string, string][] = [];
    for (const [index, row] of ROWS.entries()) {
      const port = 4910 + index;
      const tracing = row.hook === 'tracing' || row.env?.TRACE === 'on';
      const env = {
        ...builtServiceEnv({ port, dataDir: logDir, databaseUrl: '', logLevel: 'info' }),
        RATE_LIMIT_PER_MINUTE: '10000000',
        PUBLIC_READ_RATE_LIMIT_PER_MINUTE: '100000000',
        OTEL_EXPORTER_OTLP_ENDPOINT: tracing ? sink.url : '',
        HOOK: row.hook,
        ...row.env,
      };
      const logFile = path.join(logDir, `${index}-${row.hook}.log`);
      servers.push(await startProcess(path.join(packageRoot, 'node_modules/.bin/tsx'), ['bench/hook-server.ts'], env, `http://127.0.0.1:${port}/bare`, { logFile }));
      targets.push([row.label, `http://127.0.0.1:${port}${row.path ?? '/bare'}`]);
    }
    ({ baseline: bare, targets: figures } = await measureAgainstBaseline(targets[0]!, targets.slice(1), settings));
  } finally {
    for (const server of servers) await stop(server);
    sink.close();
    await rm(logDir, { recursive: true, force: true });
  }
  const setup =
    `autocannon, ${settings.connections} connections, ${settings.durationS} s per row, each row right after a window of bare Fastify and its share taken against that window, median of ${settings.rounds} rounds, ` +
    `one server process per row on the same route, load average ${loadAtStart.toFixed(2)} at the start and ${loadavg()[0]!.toFixed(2)} at the end`;
  const lines = ['| per-request work | req/s | p50 ms | p99 ms | errors | non-2xx | share of bare |', '|---|---:|---:|---:|---:|---:|---:|'];
  for (const f of [{ ...bare, ratio: 1 }, ...figures]) lines.push(`| ${f.label} | ${f.rps.toFixed(0)} | ${f.p50} | ${f.p99} | ${f.errors} | ${f.non2xx} | ${f.ratio.toFixed(2)} |`);
  console.log(`\nPer-request hook costs: ${setup}\n\n${lines.join('\n')}`);
  const failures = [bare, ...figures].filter((f) => f.errors > 0 || f.non2xx > 0).map((f) => `${f.label}: ${f.errors} errors, ${f.non2xx} non-2xx`);
  writeBenchResult('11-hook-costs', {
    title: 'What each per-request hook costs',
    command: 'npm run bench (booking-service: tsx bench/hook-costs-bench.ts)',
    markdown: `${setup}.\n\n${lines.join('\n')}\n`,
    failures,
  });
  if (failures.length) process.exit(1);
}

await main();
