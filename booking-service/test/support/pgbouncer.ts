import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, stop } from './processes.ts';

/** Debian's pgbouncer package installs it here (.ci/run installs it); PGBOUNCER names another. */
const binary = process.env.PGBOUNCER ?? '/usr/sbin/pgbouncer';

/** PgBouncer refuses to run as root: as root it drops to the account test-postgres.mjs runs PostgreSQL as. */
const asUser = process.getuid?.() === 0 ? 'postgres' : null;

/** Why the PgBouncer tests cannot run here, or null when they can. */
export function pgbouncerSkipReason(): string | null {
  const found = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  return found.status === 0 ? null : `PgBouncer tests skipped: no pgbouncer binary at ${binary} (apt-get install pgbouncer, or set PGBOUNCER)`;
}

export interface Pgbouncer {
  /** `databaseUrl` (a database of the server PgBouncer stands in front of) reached through PgBouncer instead. */
  through(databaseUrl: string): string;
  stop(): Promise<void>;
}

/**
 * PgBouncer in transaction mode on a free loopback port, in front of the PostgreSQL server of `serverUrl`:
 * any database of that server, by the same name, trusted on loopback as the test server trusts (its
 * connections to the server are `serverPoolSize` per database and user, shared by every client).
 */
export async function startPgbouncer(serverUrl: string, serverPoolSize = 4): Promise<Pgbouncer> {
  const server = new URL(serverUrl);
  const user = decodeURIComponent(server.username);
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'test-pgbouncer-'));
  const config = path.join(dir, 'pgbouncer.ini');
  writeFileSync(path.join(dir, 'userlist.txt'), `"${user}" ""\n`);
  writeFileSync(
    config,
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port}`,
      '[pgbouncer]',
      'pool_mode = transaction',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'userlist.txt')}`,
      `default_pool_size = ${serverPoolSize}`,
      'max_client_conn = 500',
    ].join('\n') + '\n',
  );
  if (asUser) for (const file of [dir, config]) chownSync(file, ...ids(asUser));
  const child = spawn(binary, asUser ? ['-u', asUser, config] : [config], { stdio: ['ignore', 'ignore', 'pipe'] });
  const log: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  const through = (databaseUrl: string) => {
    const url = new URL(databaseUrl);
    url.host = `127.0.0.1:${port}`;
    return url.toString();
  };
  try {
    await answering(through(serverUrl), child, log);
  } catch (error) {
    await stopAndRemove(child, dir);
    throw error;
  }
  return { through, stop: () => stopAndRemove(child, dir) };
}

function ids(user: string): [number, number] {
  const [uid, gid] = ['-u', '-g'].map((flag) => Number(spawnSync('id', [flag, user], { encoding: 'utf8' }).stdout.trim()));
  return [uid!, gid!];
}

/** Resolves once a query through PgBouncer is answered (by the server behind it). */
async function answering(url: string, child: ChildProcess, log: string[], timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited with ${child.exitCode}: ${log.join('')}`);
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`pgbouncer did not answer within ${timeoutMs / 1000} s: ${(error as Error).message}; ${log.join('')}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await client.end().catch(() => {});
    }
  }
}

async function stopAndRemove(child: ChildProcess, dir: string): Promise<void> {
  await stop(child, 5_000);
  rmSync(dir, { recursive: true, force: true });
}
