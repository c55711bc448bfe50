/** Throughput figures of HTTP targets against a baseline, in paired windows (the read and hook-cost benchmarks share them). */
import autocannon from 'autocannon';
import { median } from './measures.ts';

export interface Figure { label: string; rps: number; p50: number; p99: number; errors: number; non2xx: number }

/** A target's figures and its throughput as a share of the baseline's, window by window. */
export interface RatioFigure extends Figure {
  /** Median over the rounds of (this window's req/s / the baseline window's just before it). */
  ratio: number;
}

export interface ThroughputSettings { connections: number; durationS: number; rounds: number }

export function throughputSettings(): ThroughputSettings {
  return {
    connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
    durationS: Number(process.env.BENCH_SECONDS ?? 3),
    rounds: Number(process.env.BENCH_ROUNDS ?? 5),
  };
}

// Requests carry the Accept-Encoding every browser sends.
const HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

async function measure(label: string, url: string, { connections, durationS }: ThroughputSettings): Promise<Figure> {
  const result = await autocannon({ url, headers: HEADERS, connections, duration: durationS });
  return { label, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts, non2xx: result.non2xx };
}

function medianFigure(label: string, figures: readonly Figure[]): Figure {
  return {
    label,
    rps: median(figures.map((f) => f.rps)),
    p50: median(figures.map((f) => f.p50)),
    p99: median(figures.map((f) => f.p99)),
    errors: figures.reduce((n, f) => n + f.errors, 0),
    non2xx: figures.reduce((n, f) => n + f.non2xx, 0),
  };
}

/**
 * Each target measured right after a window of the baseline, in every round (baseline, A, baseline, B, …), and its
 * ratio taken against that baseline window, then the median over the rounds. This 2-core virtual machine's speed
 * drifts by a fifth or more within a minute (the same server's CPU per request measured 90 to 205 µs in 3-second
 * windows, 2026-12-01, docs/performance.md): a ratio of medians taken half a minute apart measured the drift as
 * much as the server. Each server is warmed up once (2 s: caches filled, the JIT settled); errors and non-2xx are summed.
 */
export async function measureAgainstBaseline(
  baseline: readonly [label: string, url: string],
  targets: readonly (readonly [label: string, url: string])[],
  settings: ThroughputSettings,
): Promise<{ baseline: Figure; targets: RatioFigure[] }> {
  for (const [, url] of [baseline, ...targets]) await autocannon({ url, headers: HEADERS, connections: settings.connections, duration: 2 });
  const baselineWindows: Figure[] = [];
  const windows: Figure[][] = targets.map(() => []);
  const ratios: number[][] = targets.map(() => []);
  for (let round = 0; round < settings.rounds; round++) {
    for (const [i, [label, url]] of targets.entries()) {
      const before = await measure(baseline[0], baseline[1], settings);
      const figure = await measure(label, url, settings);
      baselineWindows.push(before);
      windows[i]!.push(figure);
      ratios[i]!.push(figure.rps / before.rps);
    }
  }
  return {
    baseline: medianFigure(baseline[0], baselineWindows),
    targets: targets.map(([label], i) => ({ ...medianFigure(label, windows[i]!), ratio: median(ratios[i]!) })),
  };
}
