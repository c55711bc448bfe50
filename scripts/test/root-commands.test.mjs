/**
 * The root commands on the machine as it comes (issue 39): on a Node older than `engines` they fetch the
 * pinned Node 24 from the npm registry into a per-user cache and run on it, without root; `npm test`'s
 * PostgreSQL lane gets a throwaway server from the machine's binaries. Run by `npm test` (node --test).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { isSupportedNode, PINNED_NODE_VERSION } from '../node-runtime.mjs';
import { postgresBinaries, startTestPostgres } from '../test-postgres.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A node on this machine older than `engines` (Debian's or the image's own), to put first on PATH. */
function olderNode() {
  for (const candidate of ['/usr/bin/node', '/usr/local/bin/node']) {
    if (!existsSync(candidate)) continue;
    const version = spawnSync(candidate, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim();
    if (version && !isSupportedNode(version)) return { dir: path.dirname(candidate), version };
  }
  return null;
}

const older = olderNode();
const runuser = spawnSync('sh', ['-c', 'command -v runuser'], { encoding: 'utf8' }).stdout.trim();

/**
 * As root, the commands run as an ordinary account (fetching the runtime needs no root), where that account
 * can read the checkout: a clone in a private folder (mktemp -d) cannot be, and then they run as root.
 */
function ordinaryAccount() {
  if (process.getuid?.() !== 0 || !runuser || spawnSync('id', ['-u', 'nobody']).status !== 0) return null;
  const reads = spawnSync(runuser, ['-u', 'nobody', '--', 'test', '-r', path.join(root, 'booking-service/package.json')]);
  return reads.status === 0 ? 'nobody' : null;
}
const ordinaryUser = ordinaryAccount();

test('on an older Node, a root command fetches the pinned Node 24 once, runs on it, and reuses it', { skip: older ? false : 'no Node older than engines on this machine' }, () => {
  const home = mkdtempSync(path.join(tmpdir(), 'root-commands-'));
  chmodSync(home, 0o777);
  const env = {
    PATH: `${older.dir}:/usr/bin:/bin`,
    HOME: home,
    XDG_CACHE_HOME: path.join(home, 'cache'),
    DATA_DIR: path.join(home, 'data'),
    npm_config_cache: path.join(home, 'npm-cache'),
  };
  if (process.env.NODE_EXTRA_CA_CERTS) env.NODE_EXTRA_CA_CERTS = process.env.NODE_EXTRA_CA_CERTS;
  const token = () => {
    const command = ['npm', 'run', '-s', 'token', '--', 'newcomer@example.com'];
    const [file, args] = ordinaryUser ? [runuser, ['-u', ordinaryUser, '--', ...command]] : [command[0], command.slice(1)];
    return spawnSync(file, args, { cwd: root, env, encoding: 'utf8', timeout: 240_000 });
  };
  try {
    const first = token();
    assert.equal(first.status, 0, first.stderr);
    assert.match(first.stdout.trim(), /^eyJ[\w-]+\.[\w-]+\.[\w-]+$/, 'stdout holds only the access token');
    assert.match(first.stderr, new RegExp(`Node.js v${older.version} is older than .*fetching Node.js ${PINNED_NODE_VERSION} from the npm registry`));
    assert.ok(existsSync(path.join(env.XDG_CACHE_HOME, 'movie-booking', `node-v${PINNED_NODE_VERSION}-${process.platform}-${process.arch}`, 'bin', 'node')));

    const second = token();
    assert.equal(second.status, 0, second.stderr);
    assert.doesNotMatch(second.stderr, /fetching/);
    assert.match(second.stderr, new RegExp(`running on Node.js ${PINNED_NODE_VERSION}`));
    assert.equal(second.stderr.trim().split('\n').length, 1, `one line about the runtime, nothing else: ${second.stderr}`);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('on a supported Node the command runs on it as it is, with nothing printed about Node', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'root-commands-'));
  try {
    const result = spawnSync(process.execPath, ['scripts/run.mjs', 'token', 'newcomer@example.com'], { cwd: root, env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' });
    assert.equal(result.status, 0, result.stderr);
    assert.doesNotMatch(result.stderr, /\[node\]/);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

function accepts(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

test('the PostgreSQL lane gets a throwaway server that answers, and is gone after stop()', { skip: postgresBinaries() ? false : 'no PostgreSQL server binaries on this machine' }, async () => {
  const server = await startTestPostgres();
  const port = Number(new URL(server.url).port);
  const psql = path.join(postgresBinaries(), 'psql');
  try {
    const answer = spawnSync(existsSync(psql) ? psql : 'psql', ['-At', '-d', server.url, '-c', 'select 40 + 2'], { encoding: 'utf8' });
    assert.equal(answer.stdout.trim(), '42', answer.stderr);
  } finally {
    server.stop();
  }
  assert.equal(await accepts(port), false);
  const folder = /-D (\S+)\/data /.exec(server.stopCommand)[1];
  assert.equal(existsSync(folder), false);
});
