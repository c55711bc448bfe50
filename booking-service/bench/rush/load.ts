/** One rush: the booking warm-up, then readers (own process) and bookers at once. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { packageRoot, stop } from '../../test/support/processes.ts';
import type { ReaderLoadConfig, ReaderLoadResult } from '../support/reader-load.ts';
import { openBookerConnections, runBookers, type Booker, type BookerFigures } from './bookers.ts';
import { ALL_SEATS, DURATION_S, READ_RATE, READER_CONNECTIONS, REGION, SEED, WARMUP_S } from './settings.ts';
import type { Target } from './target.ts';

const tsxBin = path.join(packageRoot, 'node_modules/.bin/tsx');

/** Starts the readers' process; `warm` settles when its warm-up is over and the measured run begins. */
export function startReaders(config: ReaderLoadConfig): { warm: Promise<void>; result: Promise<ReaderLoadResult>; child: ChildProcess } {
  const child = spawn(tsxBin, ['bench/support/reader-load.ts', JSON.stringify(config)], {
    cwd: packageRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let warmed!: () => void;
  const warm = new Promise<void>((resolve) => (warmed = resolve));
  const result = new Promise<ReaderLoadResult>((resolve, reject) => {
    let figures: ReaderLoadResult | null = null;
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line === 'WARM') warmed();
      else if (line.startsWith('RESULT ')) figures = JSON.parse(line.slice('RESULT '.length)) as ReaderLoadResult;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      warmed();
      if (figures) resolve(figures);
      else reject(new Error(`the readers' process exited with ${code} without a result`));
    });
  });
  return { warm, result, child };
}

export interface LoadFigures {
  readers: ReaderLoadResult;
  bookers: BookerFigures;
}

export async function runLoad(origins: string[], target: Target, bookers: Booker[], warmUpBookers: Booker[]): Promise<LoadFigures> {
  const connections = await openBookerConnections(origins);
  // First, other users book on another show for a while: the booking path is compiled and
  // warm before the rush, as in a service that has been up. (Not during the readers' warm-up:
  // their measured run opens new connections, which a busy server would be slow to take in.)
  const warmUpEnds = performance.now() + WARMUP_S * 1000;
  const warmUp = await runBookers(connections, warmUpBookers, target.warmUpShowId, ALL_SEATS, () => performance.now() >= warmUpEnds, SEED + 1);
  if (warmUp.ok === 0 || warmUp.status5xx + warmUp.connectionErrors > 0) {
    for (const agent of connections.agents) agent.destroy();
    throw new Error(`the booking warm-up went wrong: ${warmUp.ok} of ${warmUp.attempts} booked, ${JSON.stringify(warmUp.oddities)}`);
  }
  const readers = startReaders({
    origins,
    paths: ['/api/show/all', `/api/show/${target.movieId}`, `/api/booking/seats/${target.showId}`],
    connections: READER_CONNECTIONS,
    warmupSeconds: WARMUP_S,
    durationSeconds: DURATION_S,
    overallRate: READ_RATE,
  });
  try {
    await readers.warm;
    const deadline = performance.now() + DURATION_S * 1000;
    const bookerFigures = await runBookers(connections, bookers, target.showId, REGION, () => performance.now() >= deadline, SEED);
    return { readers: await readers.result, bookers: bookerFigures };
  } finally {
    for (const agent of connections.agents) agent.destroy();
    if (readers.child.exitCode === null && readers.child.signalCode === null) await stop(readers.child, 5_000);
  }
}
