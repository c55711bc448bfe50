/** Throughput figures of HTTP targets measured in interleaved rounds (the read and hook-cost benchmarks share them). */
import autocannon from 'autocannon';
import { median } from './measures.ts';

export interface Figure { label: string; rps: number; p50: number; p99: number; errors: number; non2xx: number }

export interface ThroughputSettings { connections: number; durationS: number; rounds: number }

export function throughputSettings(): ThroughputSettings {
  return {
    connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
    durationS: Number(process.env.BENCH_SECONDS ?? 5),
    rounds: Number(process.env.BENCH_ROUNDS ?? 3),
  };
}

async function measure(label: string, url: string, { connections, durationS }: ThroughputSettings): Promise<Figure> {
  // A short warm-up fills caches and lets the JIT settle. Requests carry the Accept-Encoding every browser sends.
  const headers = { 'accept-encoding': 'gzip, deflate, br' };
  await autocannon({ url, headers, connections, duration: 2 });
  const result = await autocannon({ url, headers, connections, duration: durationS });
  return { label, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts, non2xx: result.non2xx };
}

/**
 * Each target once per round, rounds interleaved (two cores serve both the load generator and the servers, so a
 * passing disturbance spreads over all targets), then each target's median; errors and non-2xx are summed.
 */
export async function measureInRounds(targets: readonly (readonly [label: string, url: string])[], settings: ThroughputSettings): Promise<Figure[]> {
  const rounds: Figure[][] = [];
  for (let round = 0; round < settings.rounds; round++) {
    const figures: Figure[] = [];
    for (const [label, url] of targets) figures.push(await measure(label, url, settings));
    rounds.push(figures);
  }
  return rounds[0]!.map((first, i) => ({
    label: first.label,
    rps: median(rounds.map((r) => r[i]!.rps)),
    p50: median(rounds.map((r) => r[i]!.p50)),
    p99: median(rounds.map((r) => r[i]!.p99)),
    errors: rounds.reduce((n, r) => n + r[i]!.errors, 0),
    non2xx: rounds.reduce((n, r) => n + r[i]!.non2xx, 0),
  }));
}
