/** The rush benchmark's settings: the environment's BENCH_RUSH_* values (see rush-bench.ts) and fixed constants. */
export function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number, got "${raw}"`);
  return value;
}

export const DURATION_S = envNumber('BENCH_RUSH_SECONDS', 10);
export const READER_CONNECTIONS = envNumber('BENCH_RUSH_READERS', 40);
export const READ_RATE = envNumber('BENCH_RUSH_READ_RATE', 0);
export const USERS = envNumber('BENCH_RUSH_USERS', 400);
export const IN_FLIGHT = envNumber('BENCH_RUSH_IN_FLIGHT', 100);
export const ROWS = (process.env.BENCH_RUSH_ROWS || 'ABCD').toUpperCase().split('');
export const SCENARIOS = (process.env.BENCH_RUSH_SCENARIOS || 'pglite,postgres,mongodb').split(',').map((s) => s.trim());
export const SEED = envNumber('BENCH_RUSH_SEED', 1);
export const COLD_CONNECTIONS = process.env.BENCH_RUSH_COLD_CONNECTIONS === '1';
export const WARMUP_S = 2;
export const MAX_SEATS = 4;
export const REQUEST_TIMEOUT_MS = 30_000;
export const REGION = ROWS.flatMap((row) => Array.from({ length: 9 }, (_, i) => `${row}${i + 1}`));
export const ALL_SEATS = 'ABCDEFGHIJ'.split('').flatMap((row) => Array.from({ length: 9 }, (_, i) => `${row}${i + 1}`));
export const WARM_UP_USERS = 100;
