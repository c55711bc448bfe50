/**
 * The PostgreSQL server the benchmarks create their databases in: BENCH_POSTGRES_URL
 * or TEST_POSTGRES_URL when set, else a throwaway one from scripts/test-postgres.mjs.
 */
import pg from 'pg';
import { startTestPostgres } from '../../../scripts/test-postgres.mjs';

export interface PostgresServer {
  adminUrl: string;
  /** Stops the server and removes its folder, when the bench started it. */
  stop: (() => void) | null;
}

/** A PostgreSQL server to create the bench database in, and how to stop it if the bench started it. */
export async function postgresServer(): Promise<PostgresServer> {
  const given = process.env.BENCH_POSTGRES_URL || process.env.TEST_POSTGRES_URL;
  if (given) return { adminUrl: given, stop: null };
  try {
    const server = await startTestPostgres();
    return { adminUrl: server.url, stop: () => server.stop() };
  } catch (error) {
    throw new Error(`neither BENCH_POSTGRES_URL nor TEST_POSTGRES_URL is set, and no throwaway server could be started: ${(error as Error).message}`);
  }
}

export async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Stops a throwaway server and removes its folder; one that was given is left running. */
export async function stopPostgresServer(server: PostgresServer): Promise<void> {
  server.stop?.();
}
