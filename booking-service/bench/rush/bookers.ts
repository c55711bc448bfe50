/** The bookers: signed-in users booking overlapping seats on keep-alive connections, and their figures. */
import http from 'node:http';
import { COLD_CONNECTIONS, IN_FLIGHT, MAX_SEATS, REQUEST_TIMEOUT_MS } from './settings.ts';

/** A small deterministic generator (mulberry32), so seat choices repeat from run to run. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Booker {
  sub: string;
  token: string;
}

export interface Ack {
  id: string;
  sub: string;
  seats: string[];
}

export interface BookerFigures {
  attempts: number;
  ok: number;
  conflict: number;
  other4xx: number;
  status5xx: number;
  connectionErrors: number;
  /** Status codes other than 200/409, and connection error codes, with counts. */
  oddities: Record<string, number>;
  p50: number;
  p99: number;
  okP50: number;
  okP99: number;
  seconds: number;
  /** Seconds from the start to the last 200. */
  lastOkAt: number;
  acknowledged: Ack[];
  /** Per second of the run: attempts answered, p50 and max latency (ms), 200s. */
  timeline: { second: number; answered: number; p50: number; max: number; ok: number }[];
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** One request on `agent`'s keep-alive connections; `body` makes it a JSON POST. */
export function request(agent: http.Agent, origin: string, urlPath: string, body: string | null, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  const url = new URL(urlPath, origin);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        hostname: url.hostname,
        port: url.port,
        path: url.pathname,
        method: body === null ? 'GET' : 'POST',
        headers: body === null ? headers : { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
        timeout: REQUEST_TIMEOUT_MS,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(Object.assign(new Error('no answer in time'), { code: 'TIMEOUT' })));
    request.on('error', reject);
    request.end(body ?? undefined);
  });
}

/** The bookers' connections: loop i of IN_FLIGHT uses instance i mod n, one keep-alive connection each. */
export interface BookerConnections {
  origins: string[];
  agents: http.Agent[];
}

/** Opens the bookers' connections (unless BENCH_RUSH_COLD_CONNECTIONS=1), one GET /api/health each. */
export async function openBookerConnections(origins: string[]): Promise<BookerConnections> {
  const perOrigin = origins.map((_, o) => Array.from({ length: IN_FLIGHT }, (_, i) => i).filter((i) => i % origins.length === o).length);
  const agents = perOrigin.map((n) => new http.Agent({ keepAlive: true, maxSockets: n, maxFreeSockets: n }));
  if (!COLD_CONNECTIONS) {
    await Promise.all(
      origins.flatMap((origin, o) =>
        Array.from({ length: perOrigin[o]! }, async () => {
          const { status } = await request(agents[o]!, origin, '/api/health', null);
          if (status !== 200) throw new Error(`${origin}/api/health answered ${status}`);
        }),
      ),
    );
  }
  return { origins, agents };
}

/**
 * IN_FLIGHT loops, each booking 1-MAX_SEATS seats of `seats` again as soon as its
 * answer is in, until `done()` says so.
 */
export async function runBookers(
  { origins, agents }: BookerConnections,
  bookers: Booker[],
  showId: string,
  seatChoice: readonly string[],
  done: () => boolean,
  seed: number,
): Promise<BookerFigures> {
  const rand = random(seed);
  // Every user comes once, in a shuffled order, before anyone comes again.
  const order = bookers.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const figures: BookerFigures = {
    attempts: 0, ok: 0, conflict: 0, other4xx: 0, status5xx: 0, connectionErrors: 0, oddities: {},
    p50: 0, p99: 0, okP50: 0, okP99: 0, seconds: 0, lastOkAt: 0, acknowledged: [], timeline: [],
  };
  const latencies: number[] = [];
  // [second the answer came in, latency ms, 200?]
  const answers: [number, number, boolean][] = [];
  const okLatencies: number[] = [];
  const odd = (key: string) => (figures.oddities[key] = (figures.oddities[key] ?? 0) + 1);
  const started = performance.now();
  let next = 0;

  async function loop(_: unknown, loopIndex: number) {
    const instance = loopIndex % origins.length;
    while (!done()) {
      const n = next++;
      const booker = bookers[order[n % order.length]!]!;
      const count = 1 + Math.floor(rand() * MAX_SEATS);
      const seats = new Set<string>();
      while (seats.size < count) seats.add(seatChoice[Math.floor(rand() * seatChoice.length)]!);
      const selectedSeats = [...seats];
      const body = JSON.stringify({ showId, selectedSeats });
      const t0 = performance.now();
      figures.attempts++;
      try {
        const { status, text } = await request(agents[instance]!, origins[instance]!, '/api/booking/create', body, { authorization: `Bearer ${booker.token}` });
        const ms = performance.now() - t0;
        latencies.push(ms);
        answers.push([Math.floor((performance.now() - started) / 1000), ms, status === 200]);
        if (status === 200) {
          figures.ok++;
          okLatencies.push(ms);
          figures.lastOkAt = (performance.now() - started) / 1000;
          const answer = JSON.parse(text) as { bookingId: string };
          figures.acknowledged.push({ id: answer.bookingId, sub: booker.sub, seats: selectedSeats });
        } else if (status === 409) {
          figures.conflict++;
        } else if (status >= 500) {
          figures.status5xx++;
          odd(`${status} ${text.slice(0, 160)}`);
        } else {
          figures.other4xx++;
          odd(`${status} ${text.slice(0, 160)}`);
        }
      } catch (error) {
        latencies.push(performance.now() - t0);
        figures.connectionErrors++;
        const e = error as NodeJS.ErrnoException;
        odd(`connection: ${e.code ?? e.message}`);
      }
    }
  }

  await Promise.all(Array.from({ length: IN_FLIGHT }, loop));
  figures.seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  okLatencies.sort((a, b) => a - b);
  figures.p50 = percentile(latencies, 50);
  figures.p99 = percentile(latencies, 99);
  figures.okP50 = percentile(okLatencies, 50);
  figures.okP99 = percentile(okLatencies, 99);
  for (let second = 0; answers.some(([at]) => at >= second); second++) {
    const inSecond = answers.filter(([at]) => at === second);
    const sorted = inSecond.map(([, latency]) => latency).sort((a, b) => a - b);
    figures.timeline.push({ second, answered: inSecond.length, p50: percentile(sorted, 50), max: sorted.at(-1) ?? 0, ok: inSecond.filter(([, , ok]) => ok).length });
  }
  return figures;
}
