/**
 * The readers of the rush benchmark, in a process of their own so that
 * autocannon's busy loop does not sit on the event loop that times the bookers.
 *
 * Usage: tsx bench/support/reader-load.ts '<ReaderLoadConfig as JSON>'
 * Prints `WARM` once the warm-up is over and every connection of the measured
 * run has had an answer (so the run's connections are open before the bookers
 * start), then one line `RESULT <ReaderLoadResult as JSON>`.
 */
import autocannon from 'autocannon';

export interface ReaderLoadConfig {
  /** Service origins; autocannon hands the connections out to them in turn. */
  origins: string[];
  /** Paths every connection requests in turn, over and over. */
  paths: string[];
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  /** Requests per second over all connections; 0: as fast as they go. */
  overallRate: number;
}

export interface ReaderLoadResult {
  rps: number;
  total: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
}

const config = JSON.parse(process.argv[2] ?? '{}') as ReaderLoadConfig;

function options(durationSeconds: number): autocannon.Options {
  return {
    // autocannon accepts several URLs (connection i goes to URL i mod n); its types say one.
    url: config.origins as unknown as string,
    connections: config.connections,
    duration: durationSeconds,
    timeout: 10,
    // What every browser sends.
    headers: { 'accept-encoding': 'gzip, deflate, br' },
    requests: config.paths.map((p) => ({ method: 'GET' as const, path: p })),
    ...(config.overallRate > 0 ? { overallRate: config.overallRate } : {}),
  };
}

if (config.warmupSeconds > 0) await autocannon(options(config.warmupSeconds));
// A busy Node.js server accepts new connections slowly (see rush-bench.ts): say WARM when all are in.
const answered = new Set<unknown>();
let warm = false;
const signalWarm = () => {
  if (warm) return;
  warm = true;
  process.stdout.write('WARM\n');
};
const fallback = setTimeout(signalWarm, 2_000);
const result = await new Promise<autocannon.Result>((resolve, reject) => {
  const run = autocannon(options(config.durationSeconds), (error, figures) => (error ? reject(error as Error) : resolve(figures)));
  run.on('response', (client) => {
    answered.add(client);
    if (answered.size >= config.connections) signalWarm();
  });
});
clearTimeout(fallback);
signalWarm();
const statusCodes: Record<string, number> = {};
for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = stat.count ?? 0;
const figures: ReaderLoadResult = {
  rps: result.requests.average,
  total: result.requests.total,
  p50: result.latency.p50,
  p99: result.latency.p99,
  errors: result.errors,
  timeouts: result.timeouts,
  non2xx: result.non2xx,
  statusCodes,
};
process.stdout.write(`RESULT ${JSON.stringify(figures)}\n`);
