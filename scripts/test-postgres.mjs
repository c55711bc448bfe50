#!/usr/bin/env node
/**
 * A throwaway PostgreSQL server for the integration tests' PostgreSQL lane, started from the server
 * binaries on this machine (Debian's /usr/lib/postgresql/<major>/bin, PG_BIN, or initdb on PATH), so
 * `npm test` runs that lane wherever PostgreSQL is installed, as CI does. Durability is off (a test
 * database is thrown away); the folder is removed when the server stops.
 *
 *   node scripts/test-postgres.mjs    starts one and prints `export TEST_POSTGRES_URL=…` and `export PG_STOP=…`
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.mjs';

/** PostgreSQL refuses to run as root: as root the server runs as the `postgres` account the package creates. */
const asUser = process.getuid?.() === 0 ? 'postgres' : null;

function hasInitdb(dir) {
  return Boolean(dir) && existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl'));
}

/** The folder of PostgreSQL's server binaries, or null when this machine has none. */
export function postgresBinaries() {
  if (hasInitdb(process.env.PG_BIN)) return process.env.PG_BIN;
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const majors = readdirSync(debian).filter((major) => /^\d+$/.test(major)).sort((a, b) => Number(b) - Number(a));
    const found = majors.map((major) => path.join(debian, major, 'bin')).find(hasInitdb);
    if (found) return found;
  }
  const onPath = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  return onPath && hasInitdb(path.dirname(onPath)) ? path.dirname(onPath) : null;
}

function runServerTool(bin, tool, args, env) {
  const command = asUser ? ['runuser', ['-u', asUser, '--', path.join(bin, tool), ...args]] : [path.join(bin, tool), args];
  const result = spawnSync(command[0], command[1], { encoding: 'utf8', env });
  if (result.status !== 0) throw new Error(`${tool} failed: ${(result.stderr || result.stdout || result.error?.message || '').trim()}`);
}

/**
 * Starts a server on a free loopback port, its processes with `env`. Returns
 * its admin URL and the shell command that stops it and removes its folder (synchronous through `stop()`,
 * so an exit handler can call it).
 */
export async function startTestPostgres(bin = postgresBinaries(), env = process.env) {
  if (!bin) throw new Error('no PostgreSQL server binaries (initdb, pg_ctl) on this machine');
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'test-postgres-'));
  if (asUser) spawnSync('chown', [asUser, dir]);
  const data = path.join(dir, 'data');
  runServerTool(bin, 'initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync'], env);
  const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=400 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  runServerTool(bin, 'pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-w', '-o', settings, 'start'], env);
  const stopCommand = `${asUser ? `runuser -u ${asUser} -- ` : ''}${path.join(bin, 'pg_ctl')} -D ${data} -m fast stop; rm -rf ${dir}`;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stopCommand,
    stop() {
      spawnSync('sh', ['-c', stopCommand], { stdio: 'ignore' });
    },
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const server = await startTestPostgres();
    process.stdout.write(`export TEST_POSTGRES_URL=${server.url}\nexport PG_STOP='${server.stopCommand}'\n`);
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}
