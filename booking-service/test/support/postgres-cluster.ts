import { execFile, execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../../scripts/free-port.mjs';
import { postgresBinaries } from '../../../scripts/test-postgres.mjs';

const run = promisify(execFile);

/**
 * A throwaway PostgreSQL server of its own (its own data directory, port and
 * socket directory), for tests that must stop, restart or break the server
 * without touching the shared one in TEST_POSTGRES_URL. Set up like
 * scripts/test-postgres.mjs (the shared lane's server), from the same binaries, and,
 * when the tests run as root, initdb and pg_ctl run as the postgres user.
 */
export interface PostgresCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust authentication). */
  url: string;
  port: number;
  /** Stops the server (`pg_ctl stop -m <mode>`, waiting until it is down). */
  stop(mode?: 'smart' | 'fast' | 'immediate'): Promise<void>;
  /** Starts it again on the same port and data, waiting until it accepts connections. */
  start(): Promise<void>;
  /** `pg_ctl restart -m fast`. */
  restart(): Promise<void>;
  /** The end of the server log, for failure messages. */
  logTail(lines?: number): string;
  /** Stops the server (if running) and removes its directory. Safe to call twice. */
  destroy(): Promise<void>;
}

const isRoot = process.getuid?.() === 0;

/** The command line prefix that runs a server binary as a user initdb accepts. */
function asServerUser(binary: string, args: string[]): [string, string[]] {
  return isRoot ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args];
}

let cachedSkipReason: string | null | undefined;

/** Why a cluster cannot be started here, or null when it can. */
export function postgresClusterSkipReason(): string | null {
  if (cachedSkipReason !== undefined) return cachedSkipReason;
  const bin = postgresBinaries();
  if (!bin) {
    cachedSkipReason = 'no PostgreSQL server binaries (initdb, pg_ctl) on this machine';
  } else if (process.platform === 'win32') {
    cachedSkipReason = 'a throwaway PostgreSQL cluster is only set up on Linux/Unix';
  } else if (isRoot) {
    try {
      execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, 'pg_ctl'), '--version'], { stdio: 'ignore', timeout: 10_000 });
      cachedSkipReason = null;
    } catch {
      cachedSkipReason = 'running as root but cannot run the PostgreSQL binaries as the postgres user (runuser -u postgres failed)';
    }
  } else {
    cachedSkipReason = null;
  }
  return cachedSkipReason;
}

// Clusters still running when the process exits (a crashed or aborted run) are stopped on the way out.
const live = new Set<() => void>();
let exitHookInstalled = false;
function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const stopNow of live) stopNow();
  });
}

/** Creates, starts and returns a fresh cluster (fsync off: its data is thrown away). */
export async function startPostgresCluster(options: { maxConnections?: number } = {}): Promise<PostgresCluster> {
  const reason = postgresClusterSkipReason();
  if (reason) throw new Error(reason);
  const bin = postgresBinaries()!;
  const pgCtl = path.join(bin, 'pg_ctl');
  const dir = mkdtempSync(path.join(tmpdir(), 'test-postgres-'));
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  let port = 0;
  let running = false;
  let destroyed = false;

  const exec = async (binary: string, args: string[], timeout = 60_000) => {
    const [command, argv] = asServerUser(binary, args);
    await run(command, argv, { timeout });
  };
  const serverOptions = () =>
    [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      `-c max_connections=${options.maxConnections ?? 200}`,
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
    ].join(' ');
  const stopNow = () => {
    try {
      const [command, argv] = asServerUser(pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      execFileSync(command, argv, { stdio: 'ignore', timeout: 30_000 });
    } catch {
      // already down
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const cluster: PostgresCluster = {
    get url() {
      return `postgres://postgres@127.0.0.1:${port}/postgres`;
    },
    get port() {
      return port;
    },
    async stop(mode = 'fast') {
      await exec(pgCtl, ['-D', dataDir, '-m', mode, '-w', 'stop']);
      running = false;
    },
    async start() {
      await exec(pgCtl, ['-D', dataDir, '-l', logFile, '-w', '-t', '60', '-o', serverOptions(), 'start']);
      running = true;
    },
    async restart() {
      await exec(pgCtl, ['-D', dataDir, '-l', logFile, '-m', 'fast', '-w', '-t', '60', '-o', serverOptions(), 'restart']);
      running = true;
    },
    logTail(lines = 40) {
      try {
        return readFileSync(logFile, 'utf8').split('\n').slice(-lines).join('\n');
      } catch {
        return '(no server log)';
      }
    },
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      live.delete(stopNow);
      if (running) await exec(pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop'], 30_000).catch(() => {});
      running = false;
      rmSync(dir, { recursive: true, force: true });
    },
  };

  live.add(stopNow);
  installExitHook();
  try {
    if (isRoot) chownSync(dir, uidOf('postgres'), gidOf('postgres'));
    await exec(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync'], 120_000);
    port = await freePort();
    await cluster.start();
  } catch (error) {
    await cluster.destroy();
    throw error;
  }
  return cluster;
}

function idOf(flag: '-u' | '-g', user: string): number {
  return Number(execFileSync('id', [flag, user], { encoding: 'utf8' }).trim());
}
const uidOf = (user: string) => idOf('-u', user);
const gidOf = (user: string) => idOf('-g', user);
