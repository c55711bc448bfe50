/** Figures the benchmarks share: PostgreSQL's transaction counts, percentiles, medians of rounds. */
import { withAdmin } from './postgres-server.ts';

export async function transactions(databaseUrl: string, name: string): Promise<number> {
  return withAdmin(databaseUrl, async (client) => {
    const { rows } = await client.query('select xact_commit + xact_rollback as n from pg_stat_database where datname = $1', [name]);
    return Number(rows[0].n);
  });
}

export async function transactionsPerSecond(databaseUrl: string, name: string, seconds: number): Promise<number> {
  const before = await transactions(databaseUrl, name);
  await new Promise((r) => setTimeout(r, seconds * 1000));
  // The first sample's own transaction is not the service's.
  return ((await transactions(databaseUrl, name)) - before - 1) / seconds;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}


/** The middle value (the upper of the two middles for an even count): the figure several rounds report. */
export function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}
