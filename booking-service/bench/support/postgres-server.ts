/**
 * The PostgreSQL server the benchmarks create their databases in: BENCH_POSTGRES_URL
 * or TEST_POSTGRES_URL when set, else a throwaway cluster from .ci/start-postgres.sh.
 */
import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { packageRoot } from '../../test/support/processes.ts';

const repoRoot = path.resolve(packageRoot, '..');

export interface PostgresServer {
  adminUrl: string;
  /** How to stop the server, when the bench started it. */
  stopCommand: string | null;
}

const exec = promisify(execFile);

/** A PostgreSQL server to create the bench database in, and how to stop it if the bench started it. */
export async function postgresServer(): Promise<PostgresServer> {
  const given = process.env.BENCH_POSTGRES_URL || process.env.TEST_POSTGRES_URL;
  if (given) return { adminUrl: given, stopCommand: null };
  let stdout: string;
  try {
    ({ stdout } = await exec('bash', ['.ci/start-postgres.sh'], { cwd: repoRoot, timeout: 120_000 }));
  } catch (error) {
    const e = error as { stderr?: string; message: string };
    throw new Error(
      `neither BENCH_POSTGRES_URL nor TEST_POSTGRES_URL is set, and .ci/start-postgres.sh could not start a server: ${(e.stderr || e.message).trim()}`,
    );
  }
  const adminUrl = /^export TEST_POSTGRES_URL=(.+)$/m.exec(stdout)?.[1];
  const stopCommand = /^export PG_STOP='(.+)'$/m.exec(stdout)?.[1];
  if (!adminUrl || !stopCommand) throw new Error(`.ci/start-postgres.sh printed no URL and stop command: ${stdout}`);
  return { adminUrl, stopCommand };
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
  if (!server.stopCommand) return;
  await exec('bash', ['-c', server.stopCommand], { cwd: repoRoot, timeout: 60_000 });
  // The cluster's folder, made by start-postgres.sh under /tmp.
  const folder = /-D (\/tmp\/ci-postgres\.[A-Za-z0-9]+)\/data /.exec(server.stopCommand)?.[1];
  if (folder) await rm(folder, { recursive: true, force: true });
}
