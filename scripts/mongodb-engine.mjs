#!/usr/bin/env node
/**
 * The MongoDB lane's engine: DocumentDB (a PostgreSQL extension with MongoDB's
 * document model) in the machine's PostgreSQL 15, with FerretDB 2 in front of it
 * for the wire protocol. MongoDB itself cannot be installed here, and FerretDB
 * 1.x cannot hold the store's guarantees (scripts/ferretdb.mjs, docs/service/mongodb.md).
 *
 * Built once and cached outside the clone, since CI starts from a fresh clone on
 * the same machine: MONGODB_ENGINE_CACHE, else $XDG_CACHE_HOME/movie-booking/
 * mongodb-lane, else /var/cache/movie-booking/mongodb-lane for root (~/.cache/…
 * otherwise), in a folder keyed by the sources' checksums, FerretDB's version,
 * PostgreSQL's major version and RECIPE. The cache holds FerretDB's binary and
 * the extensions' files as `make install DESTDIR=` left them; they are copied
 * into PostgreSQL's folders whenever they differ there (an upgrade of Debian's
 * postgresql-15-cron puts back its older pg_cron).
 *
 * Sources: scripts/mongodb-lane/ holds them (`git archive` of each tag) with
 * SHA256SUMS. Missing there, they are taken from MONGODB_LANE_SOURCES when set,
 * else downloaded from the same tags; all are checked.
 *
 *   node scripts/mongodb-engine.mjs build   builds if missing; prints the cache folder
 *   node scripts/mongodb-engine.mjs check   starts the engine, pings it, stops it; prints the times
 *   node scripts/mongodb-engine.mjs start   eval "$(node scripts/mongodb-engine.mjs start)": exports
 *                                           MONGODB_ENGINE_URI and MONGODB_ENGINE_STOP (kills by PID)
 *
 * Exit code 3: the engine cannot be had on this machine (no Go, not root for missing packages, sources
 * neither vendored nor downloadable); 1: its build failed. Either way the reason is on stderr.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  closeSync,
  chownSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const FERRETDB_VERSION = 'v2.5.0';
export const DOCUMENTDB_TAG = 'v0.106.0-ferretdb-2.5.0';
const PG_MAJOR = '15';
const PG_BIN = `/usr/lib/postgresql/${PG_MAJOR}/bin`;
/** Bumped when the build steps below change, so a cache built another way is not reused. */
const RECIPE = 1;

/** Debian packages the build and the server need (README of the vendored sources). */
const DEBIAN_PACKAGES = [
  `postgresql-${PG_MAJOR}`,
  `postgresql-server-dev-${PG_MAJOR}`,
  'libbson-dev',
  'libpcre2-dev',
  'libintelrdfpmath-dev',
  `postgresql-${PG_MAJOR}-postgis-3`,
  `postgresql-${PG_MAJOR}-rum`,
  'libicu-dev',
  'libkrb5-dev',
  // Only for its packaging (control file, SQL scripts); the 1.6.3 build replaces its library.
  `postgresql-${PG_MAJOR}-cron`,
];

/** Where each source snapshot comes from when it is not vendored beside the clone. */
const SOURCES = {
  'documentdb-0.106.0-ferretdb-2.5.0.tar.gz': `https://github.com/FerretDB/documentdb/archive/refs/tags/${DOCUMENTDB_TAG}.tar.gz`,
  'pg_cron-1.6.3.tar.gz': 'https://github.com/citusdata/pg_cron/archive/refs/tags/v1.6.3.tar.gz',
  'pgvector-0.8.0.tar.gz': 'https://github.com/pgvector/pgvector/archive/refs/tags/v0.8.0.tar.gz',
};

export const MONGODB_ENGINE_LABEL = `FerretDB ${FERRETDB_VERSION} over DocumentDB ${DOCUMENTDB_TAG} on PostgreSQL ${PG_MAJOR}`;

const checksumsFile = path.join(root, 'scripts', 'mongodb-lane', 'SHA256SUMS');
const isRoot = process.getuid?.() === 0;

function cacheRoot() {
  if (process.env.MONGODB_ENGINE_CACHE) return process.env.MONGODB_ENGINE_CACHE;
  if (process.env.XDG_CACHE_HOME) return path.join(process.env.XDG_CACHE_HOME, 'movie-booking', 'mongodb-lane');
  return isRoot ? '/var/cache/movie-booking/mongodb-lane' : path.join(homedir(), '.cache', 'movie-booking', 'mongodb-lane');
}

/** The cache folder of this exact build. */
export function engineDir() {
  const key = createHash('sha256')
    .update(JSON.stringify({ sums: readFileSync(checksumsFile, 'utf8'), FERRETDB_VERSION, PG_MAJOR, RECIPE }))
    .digest('hex')
    .slice(0, 16);
  return path.join(cacheRoot(), key);
}

function sha256(file) {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

/** Runs a command; on failure throws with the end of its output. */
function run(command, args, { cwd, env, logFile, what } = {}) {
  const result = spawnSync(command, args, { cwd, env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (logFile) writeFileSync(logFile, `$ ${command} ${args.join(' ')}\n${output}\n`, { flag: 'a' });
  if (result.status !== 0) {
    const tail = output.trim().split('\n').slice(-20).join('\n');
    throw new Error(`${what ?? command} failed (${command} ${args.join(' ')}: ${result.error?.message ?? `exit ${result.status ?? result.signal}`})${logFile ? `; log: ${logFile}` : ''}\n${tail}`);
  }
  return result.stdout;
}

function missingPackages() {
  return DEBIAN_PACKAGES.filter((name) => {
    const status = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' });
    return status.status !== 0 || !status.stdout.includes('install ok installed');
  });
}

function findGo() {
  for (const candidate of ['go', '/usr/local/go/bin/go']) {
    if (spawnSync(candidate, ['version'], { encoding: 'utf8' }).status === 0) return candidate;
  }
  return null;
}

/** The engine cannot be had on this machine (as opposed to a build that failed): the lane is skipped. */
class Unavailable extends Error {}

/** The source snapshots, checked against scripts/mongodb-lane/SHA256SUMS: name → path. */
async function sources(workDir, log) {
  const expected = Object.fromEntries(
    readFileSync(checksumsFile, 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split(/\s+/).reverse()),
  );
  // The copies committed beside the checksums, else MONGODB_LANE_SOURCES, else a download.
  const folders = [path.dirname(checksumsFile), process.env.MONGODB_LANE_SOURCES].filter(Boolean);
  const where = `not in ${folders.join(' nor in ')}`;
  const found = {};
  for (const [name, sum] of Object.entries(expected)) {
    let file = folders.map((folder) => path.join(folder, name)).find((candidate) => existsSync(candidate)) ?? '';
    if (!file) {
      if (!SOURCES[name]) throw new Error(`no download address for ${name}`);
      log(`${name} is ${where}: downloading ${SOURCES[name]}`);
      const response = await fetch(SOURCES[name], { signal: AbortSignal.timeout(120_000) }).catch((error) => {
        throw new Unavailable(`${name} is ${where} (set MONGODB_LANE_SOURCES), and not downloadable: ${error.cause?.message ?? error.message}`);
      });
      if (!response.ok) throw new Unavailable(`${name} is ${where}, and downloading ${SOURCES[name]} answered ${response.status}`);
      file = path.join(workDir, name);
      writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    }
    const actual = sha256(file);
    if (actual !== sum) throw new Error(`${file} has SHA-256 ${actual}, not ${sum} as scripts/mongodb-lane/SHA256SUMS says`);
    found[name] = file;
  }
  return found;
}

/** A pkg-config file for Debian's libintelrdfpmath-dev, which ships none and DocumentDB asks for one. */
function writeIntelMathPc(dir) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'intelmathlib.pc'),
    ['Name: intelmathlib', 'Description: Intel decimal floating-point math library', 'Version: 2.0', 'Libs: -lbidgcc000', 'Cflags: -I/usr/include', ''].join('\n'),
  );
}

/** Every file under dir, as paths relative to it. */
function filesUnder(dir, prefix = '') {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(prefix, entry.name);
    return entry.isDirectory() ? filesUnder(dir, relative) : [relative];
  });
}

/**
 * Copies the cached extension files into PostgreSQL's folders where they differ
 * there. Returns the paths copied, or throws when that needs root.
 */
function installExtensions(stage) {
  const changed = filesUnder(stage).filter((relative) => {
    const target = path.join('/', relative);
    return !existsSync(target) || sha256(target) !== sha256(path.join(stage, relative));
  });
  if (changed.length > 0 && !isRoot) {
    throw new Error(`the extensions are not installed in PostgreSQL ${PG_MAJOR} (${changed[0]} differs) and installing them needs root`);
  }
  for (const relative of changed) {
    const target = path.join('/', relative);
    mkdirSync(path.dirname(target), { recursive: true });
    // Copied beside and renamed, so a running server never loads a half-written library.
    copyFileSync(path.join(stage, relative), `${target}.partial`);
    renameSync(`${target}.partial`, target);
  }
  return changed;
}

function buildExtensions(sourceFiles, buildDir, stage, logFile) {
  const pcDir = path.join(buildDir, 'pkgconfig');
  writeIntelMathPc(pcDir);
  const env = {
    PKG_CONFIG_PATH: [pcDir, process.env.PKG_CONFIG_PATH].filter(Boolean).join(':'),
    PG_CONFIG: `${PG_BIN}/pg_config`,
  };
  // with_llvm=no: Debian's settings would compile everything a second time with clang for the JIT.
  // COPT: Debian's libbson (1.23) predates BSON_SUBTYPE_SENSITIVE, and a switch over its enum is incomplete.
  const makeArgs = ['-j2', `PG_CONFIG=${PG_BIN}/pg_config`, 'with_llvm=no', 'COPT=-DBSON_SUBTYPE_SENSITIVE=0x08 -Wno-error=switch'];
  const unpack = (name) => {
    run('tar', ['xzf', sourceFiles[name], '-C', buildDir], { what: `unpacking ${name}` });
    return path.join(buildDir, name.replace(/\.tar\.gz$/, ''));
  };
  for (const name of ['pgvector-0.8.0.tar.gz', 'pg_cron-1.6.3.tar.gz']) {
    const dir = unpack(name);
    run('make', makeArgs, { cwd: dir, env, logFile, what: `building ${name}` });
    run('make', [...makeArgs, `DESTDIR=${stage}`, 'install'], { cwd: dir, env, logFile, what: `installing ${name}` });
  }
  const documentdb = unpack('documentdb-0.106.0-ferretdb-2.5.0.tar.gz');
  for (const part of ['pg_documentdb_core', 'pg_documentdb']) {
    run('make', [...makeArgs, '-C', part], { cwd: documentdb, env, logFile, what: `building DocumentDB's ${part}` });
  }
  run('make', [...makeArgs, `DESTDIR=${stage}`, 'install-no-distributed'], { cwd: documentdb, env, logFile, what: 'installing DocumentDB' });
}

/** Builds FerretDB's binary from its module, with Go ≥ 1.25's stub; returns its path. */
function buildFerretdb(go, buildDir, output, logFile) {
  const moduleDir = path.join(buildDir, 'go-module');
  mkdirSync(moduleDir, { recursive: true });
  // The module's source, checked against the checksum database like any module download.
  const { Dir: moduleSource } = JSON.parse(
    run(go, ['mod', 'download', '-json', `github.com/FerretDB/FerretDB/v2@${FERRETDB_VERSION}`], { cwd: moduleDir, logFile, what: 'downloading FerretDB' }),
  );
  const source = path.join(buildDir, 'ferretdb');
  cpSync(moduleSource, source, { recursive: true });
  run('chmod', ['-R', 'u+w', source]);
  // A release build embeds build/version/version.txt; the module has none and the binary refuses to start without it.
  writeFileSync(path.join(source, 'build', 'version', 'version.txt'), `${FERRETDB_VERSION}\n`);
  // cmd/ferretdb/gomaxprocs.go defines setGOMAXPROCS only before Go 1.25 (which sets GOMAXPROCS
  // from the CPU quota itself), yet main.go calls it on every version.
  writeFileSync(
    path.join(source, 'cmd', 'ferretdb', 'gomaxprocs_go125.go'),
    '//go:build go1.25\n\npackage main\n\nimport "log/slog"\n\nfunc setGOMAXPROCS(*slog.Logger) {}\n',
  );
  run(go, ['build', '-p', '2', '-mod=readonly', '-o', output, './cmd/ferretdb'], { cwd: source, logFile, what: 'building FerretDB' });
}

/**
 * The engine, built when missing (about 6 minutes on two cores, most of it DocumentDB), its
 * extensions put in place. Resolves to { dir, ferretdb } or, when it cannot be had here,
 * { skipReason } naming why.
 */
export async function ensureMongodbEngine({ log = (message) => process.stderr.write(`[mongodb engine] ${message}\n`) } = {}) {
  const dir = engineDir();
  const stamp = path.join(dir, 'built.json');
  const ferretdb = path.join(dir, `ferretdb-${FERRETDB_VERSION}`);
  const stage = path.join(dir, 'stage');
  try {
    const missing = missingPackages();
    if (missing.length > 0) {
      if (!isRoot) return { skipReason: `the Debian packages ${missing.join(', ')} are missing, and installing them needs root` };
      log(`installing Debian packages: ${missing.join(' ')}`);
      run('apt-get', ['update', '-qq'], { what: 'apt-get update' });
      run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { env: { DEBIAN_FRONTEND: 'noninteractive' }, what: 'apt-get install' });
    }
    if (!existsSync(stamp)) {
      const go = findGo();
      if (!go) return { skipReason: `Go is not installed, and FerretDB ${FERRETDB_VERSION} is built with it (.ci/run expects /usr/local/go/bin/go)` };
      log(`building ${MONGODB_ENGINE_LABEL} (once; cached in ${dir})`);
      const started = Date.now();
      mkdirSync(path.dirname(dir), { recursive: true });
      // Built in a scratch folder renamed into place at the end, so a failed or concurrent build leaves no half cache.
      const scratch = mkdtempSync(`${dir}.building-`);
      try {
        const buildDir = path.join(scratch, 'build');
        mkdirSync(buildDir);
        const logFile = path.join(scratch, 'build.log');
        buildExtensions(await sources(buildDir, log), buildDir, path.join(scratch, 'stage'), logFile);
        buildFerretdb(go, buildDir, path.join(scratch, `ferretdb-${FERRETDB_VERSION}`), logFile);
        rmSync(buildDir, { recursive: true, force: true });
        const seconds = Math.round((Date.now() - started) / 1000);
        writeFileSync(path.join(scratch, 'built.json'), `${JSON.stringify({ label: MONGODB_ENGINE_LABEL, seconds, at: new Date().toISOString() })}\n`);
        if (existsSync(stamp)) rmSync(scratch, { recursive: true, force: true });
        else {
          rmSync(dir, { recursive: true, force: true });
          renameSync(scratch, dir);
        }
        log(`built in ${seconds} s`);
      } catch (error) {
        if (error instanceof Unavailable) rmSync(scratch, { recursive: true, force: true });
        else log(`build failed; its files are kept in ${scratch}`);
        throw error;
      }
    }
    const copied = installExtensions(stage);
    if (copied.length > 0) log(`put ${copied.length} extension files in place in PostgreSQL ${PG_MAJOR}`);
    return { dir, ferretdb };
  } catch (error) {
    if (error instanceof Unavailable) return { skipReason: `the engine (${MONGODB_ENGINE_LABEL}) cannot be built here: ${error.message}` };
    // failed: it should have been had here; the caller may treat that as an error rather than a skip.
    return { failed: true, skipReason: `the engine (${MONGODB_ENGINE_LABEL}) could not be built: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** uid and gid of the postgres user, for root (PostgreSQL refuses to run as root); none otherwise. */
function serverUser() {
  if (!isRoot) return {};
  const id = (flag) => Number(run('id', [flag, 'postgres'], { what: 'looking up the postgres user' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

async function waitFor(what, child, probe, timeoutMs, logFile) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${what} exited with ${child.exitCode ?? child.signalCode} before answering (log: ${logFile})`);
    if (await probe()) return;
    if (Date.now() > deadline) throw new Error(`${what} did not answer within ${timeoutMs / 1000} s (log: ${logFile})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function stopChild(child, signal) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}

/**
 * Starts PostgreSQL with DocumentDB and FerretDB in front of it, both on 127.0.0.1 on
 * free ports, the data in a fresh temporary folder; resolves once FerretDB's readiness
 * probe answers. stop() ends both by PID and removes the folder.
 */
export async function startMongodbEngine({ ferretdb = path.join(engineDir(), `ferretdb-${FERRETDB_VERSION}`), timeoutMs = 60_000 } = {}) {
  const user = serverUser();
  const dir = mkdtempSync(path.join(tmpdir(), 'mongodb-engine-'));
  const data = path.join(dir, 'data');
  if (isRoot) chownSync(dir, user.uid, user.gid);
  const asServer = { uid: user.uid, gid: user.gid };
  const children = [];
  const stop = async () => {
    // FerretDB first (it holds the connections), then PostgreSQL with a fast shutdown.
    for (const [child, signal] of [...children].reverse()) await stopChild(child, signal);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const initdb = spawnSync(`${PG_BIN}/initdb`, ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8'], {
      ...asServer,
      encoding: 'utf8',
    });
    if (initdb.status !== 0) throw new Error(`initdb failed: ${initdb.stderr || initdb.error?.message}`);
    const [pgPort, port, debugPort] = [await freePort(), await freePort(), await freePort()];
    const pgLog = path.join(dir, 'postgresql.log');
    const settings = {
      listen_addresses: '127.0.0.1',
      unix_socket_directories: dir,
      port: pgPort,
      max_connections: 300,
      shared_preload_libraries: 'pg_cron,pg_documentdb_core,pg_documentdb',
      'cron.database_name': 'postgres',
      // DocumentDB's index-build job runs every 2 s; its two log lines each time are noise here.
      'cron.log_run': 'off',
      'cron.log_statement': 'off',
      // A throwaway server for tests: durability buys nothing here.
      fsync: 'off',
      synchronous_commit: 'off',
      full_page_writes: 'off',
    };
    const logFd = openSync(pgLog, 'a');
    const postgres = spawn(`${PG_BIN}/postgres`, ['-D', data, ...Object.entries(settings).flatMap(([key, value]) => ['-c', `${key}=${value}`])], {
      ...asServer,
      stdio: ['ignore', logFd, logFd],
    });
    closeSync(logFd);
    children.push([postgres, 'SIGINT']);
    const psql = (sql) =>
      spawnSync(`${PG_BIN}/psql`, ['-h', '127.0.0.1', '-p', String(pgPort), '-U', 'postgres', '-d', 'postgres', '-v', 'ON_ERROR_STOP=1', '-qAtc', sql], {
        encoding: 'utf8',
      });
    await waitFor('PostgreSQL', postgres, async () => psql('select 1').status === 0, timeoutMs, pgLog);
    const created = psql('CREATE EXTENSION IF NOT EXISTS documentdb CASCADE');
    if (created.status !== 0) throw new Error(`CREATE EXTENSION documentdb failed: ${created.stderr.trim()} (log: ${pgLog})`);

    const ferretLog = path.join(dir, 'ferretdb.log');
    const ferretFd = openSync(ferretLog, 'a');
    const ferret = spawn(
      ferretdb,
      [
        `--postgresql-url=postgres://postgres@127.0.0.1:${pgPort}/postgres`,
        `--listen-addr=127.0.0.1:${port}`,
        `--debug-addr=127.0.0.1:${debugPort}`,
        `--state-dir=${dir}`,
        '--no-auth',
        '--telemetry=disable',
        '--log-level=warn',
      ],
      { stdio: ['ignore', ferretFd, ferretFd] },
    );
    closeSync(ferretFd);
    children.push([ferret, 'SIGTERM']);
    const ready = async () => {
      try {
        return (await fetch(`http://127.0.0.1:${debugPort}/debug/readyz`)).ok;
      } catch {
        return false; // not listening yet
      }
    };
    await waitFor('FerretDB', ferret, ready, timeoutMs, ferretLog);
    return {
      uri: `mongodb://127.0.0.1:${port}/`,
      postgresUrl: `postgres://postgres@127.0.0.1:${pgPort}/postgres`,
      pids: { postgres: postgres.pid, ferretdb: ferret.pid },
      dir,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function main(command) {
  const started = Date.now();
  const engine = await ensureMongodbEngine();
  if (engine.skipReason) {
    process.stderr.write(`[mongodb engine] not available: ${engine.skipReason}\n`);
    process.exit(engine.failed ? 1 : 3);
  }
  const ensured = Date.now();
  switch (command) {
    case 'build':
      process.stdout.write(`${engine.dir}\n`);
      break;
    case 'check': {
      const server = await startMongodbEngine({ ferretdb: engine.ferretdb });
      const answered = Date.now();
      await server.stop();
      process.stdout.write(
        `${MONGODB_ENGINE_LABEL}: ready in ${((ensured - started) / 1000).toFixed(1)} s (build or cache check), ` +
          `started and answering in ${((answered - ensured) / 1000).toFixed(1)} s, stopped in ${((Date.now() - answered) / 1000).toFixed(1)} s\n`,
      );
      break;
    }
    case 'start': {
      const server = await startMongodbEngine({ ferretdb: engine.ferretdb });
      // The shell that evals this owns the servers from here on; it stops them by PID.
      process.stdout.write(`export MONGODB_ENGINE_URI=${server.uri}\n`);
      process.stdout.write(
        `export MONGODB_ENGINE_STOP='kill ${server.pids.ferretdb}; sleep 1; kill -INT ${server.pids.postgres}; sleep 2; rm -rf ${server.dir}'\n`,
      );
      process.exit(0);
      break;
    }
    default:
      process.stderr.write('usage: node scripts/mongodb-engine.mjs build|check|start\n');
      process.exit(2);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main(process.argv[2]);
