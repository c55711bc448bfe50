#!/usr/bin/env node
/**
 * FerretDB (a MongoDB wire-protocol server over SQLite) for the MongoDB lane of
 * the tests and the rush benchmark: MongoDB itself cannot be installed here.
 *
 * The binary is built once from the Go module in scripts/ferretdb/ (FerretDB
 * v1.24.2 and every dependency pinned by its go.mod and go.sum) into
 * node_modules/.cache/ferretdb/, so later runs start it at once. Without Go the
 * build is refused with the reason, which the callers report as a skipped lane.
 *
 *   node scripts/ferretdb.mjs build     builds if missing; prints the binary's path
 *   node scripts/ferretdb.mjs start     eval "$(node scripts/ferretdb.mjs start)": exports
 *                                       FERRETDB_URI and FERRETDB_STOP (kill by PID)
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, cpSync, existsSync, mkdirSync, mkdtempSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stopChildAndRemove } from './child-process.mjs';
import { freePort } from './free-port.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const moduleDir = path.join(root, 'scripts', 'ferretdb');

export const FERRETDB_VERSION = 'v1.24.2';
/** What the lane runs on, for reports and skip messages. */
export const FERRETDB_LABEL = `FerretDB ${FERRETDB_VERSION} (SQLite backend)`;
export const ferretdbBinary = path.join(root, 'node_modules', '.cache', 'ferretdb', `ferretdb-${FERRETDB_VERSION}`);

/** The go command: on PATH, else where these machines install it; null when there is none. */
export function findGo() {
  for (const candidate of ['go', '/usr/local/go/bin/go']) {
    if (spawnSync(candidate, ['version'], { encoding: 'utf8' }).status === 0) return candidate;
  }
  return null;
}

/**
 * The FerretDB binary, built when missing (a few minutes on two busy cores; the
 * Go build cache makes a rebuild fast). Resolves to { binary } or, when it cannot
 * be had, { skipReason } naming why.
 */
export function ensureFerretdb({ log = (message) => process.stderr.write(`[ferretdb] ${message}\n`) } = {}) {
  if (existsSync(ferretdbBinary)) return { binary: ferretdbBinary };
  const go = findGo();
  if (!go) return { skipReason: `Go is not installed, and FerretDB ${FERRETDB_VERSION} is built with it (.ci/run expects /usr/local/go/bin/go)` };
  log(`building FerretDB ${FERRETDB_VERSION} (once; cached in ${path.relative(root, ferretdbBinary)})`);
  const started = Date.now();
  const cacheDir = path.dirname(ferretdbBinary);
  mkdirSync(cacheDir, { recursive: true });
  const runGo = (args, cwd) => {
    const result = spawnSync(go, args, { cwd, encoding: 'utf8', env: { ...process.env, GOFLAGS: [process.env.GOFLAGS, '-mod=readonly'].filter(Boolean).join(' ') } });
    if (result.status !== 0) {
      const output = `${result.stderr ?? ''}${result.stdout ?? ''}`.trim().split('\n').slice(-15).join('\n');
      throw new Error(`go ${args.join(' ')} (for FerretDB ${FERRETDB_VERSION}) failed with ${result.status ?? result.signal}:\n${output}`);
    }
    return result.stdout;
  };
  // The module's source, checked against scripts/ferretdb/go.sum.
  const { Dir: moduleSource } = JSON.parse(runGo(['mod', 'download', '-json', `github.com/FerretDB/FerretDB@${FERRETDB_VERSION}`], moduleDir));
  // A release build embeds build/version/version.txt (FerretDB's release task writes it; the
  // module has none, and the binary refuses to start without it), so the build runs on a copy.
  const source = mkdtempSync(path.join(cacheDir, 'source-'));
  const partial = `${ferretdbBinary}.${process.pid}.partial`;
  try {
    cpSync(moduleSource, source, { recursive: true });
    spawnSync('chmod', ['-R', 'u+w', source]);
    writeFileSync(path.join(source, 'build', 'version', 'version.txt'), `${FERRETDB_VERSION}\n`);
    runGo(['build', '-o', partial, './cmd/ferretdb'], source);
    // Renamed into place, so a concurrent run never starts a half-written file.
    renameSync(partial, ferretdbBinary);
  } finally {
    rmSync(partial, { force: true });
    rmSync(source, { recursive: true, force: true });
  }
  log(`built in ${Math.round((Date.now() - started) / 1000)} s`);
  return { binary: ferretdbBinary };
}

/**
 * Starts FerretDB on 127.0.0.1 on a free port, its SQLite databases in a fresh
 * temporary folder, and resolves once its readiness probe (a ping through the
 * wire protocol) answers. stop() ends it by PID and removes the folder.
 */
export async function startFerretdb({ binary = ferretdbBinary, timeoutMs = 30_000 } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'ferretdb-'));
  const [port, debugPort] = [await freePort(), await freePort()];
  mkdirSync(path.join(dir, 'data'));
  const logFd = openSync(path.join(dir, 'ferretdb.log'), 'a');
  const child = spawn(
    binary,
    [
      `--listen-addr=127.0.0.1:${port}`,
      `--debug-addr=127.0.0.1:${debugPort}`,
      '--handler=sqlite',
      `--sqlite-url=file:${dir}/data/`,
      `--state-dir=${dir}`,
      '--telemetry=disable',
      '--log-level=warn',
    ],
    { stdio: ['ignore', logFd, logFd] },
  );
  closeSync(logFd);
  const stop = () => stopChildAndRemove(child, dir, 10_000);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`FerretDB exited with ${child.exitCode ?? child.signalCode} before answering (log: ${dir}/ferretdb.log)`);
    }
    try {
      if ((await fetch(`http://127.0.0.1:${debugPort}/debug/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`FerretDB did not answer within ${timeoutMs / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { uri: `mongodb://127.0.0.1:${port}/`, pid: child.pid, dir, stop };
}

async function main(command) {
  switch (command) {
    case 'build': {
      const { binary, skipReason } = ensureFerretdb();
      if (skipReason) {
        process.stderr.write(`[ferretdb] not built: ${skipReason}\n`);
        process.exit(3);
      }
      process.stdout.write(`${binary}\n`);
      break;
    }
    case 'start': {
      const { binary, skipReason } = ensureFerretdb();
      if (skipReason) {
        process.stderr.write(`[ferretdb] not started: ${skipReason}\n`);
        process.exit(3);
      }
      const server = await startFerretdb({ binary });
      // The shell that evals this owns the server from here on; it stops it by PID.
      process.stdout.write(`export FERRETDB_URI=${server.uri}\n`);
      process.stdout.write(`export FERRETDB_STOP='kill ${server.pid}; rm -rf ${server.dir}'\n`);
      process.exit(0);
      break;
    }
    default:
      process.stderr.write('usage: node scripts/ferretdb.mjs build|start\n');
      process.exit(2);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main(process.argv[2]);
