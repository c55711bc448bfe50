#!/usr/bin/env node
/**
 * Stripe's own API mock, stripe-mock, for the payments tests: an HTTP server that
 * answers from Stripe's OpenAPI specification (embedded in the binary) and refuses
 * requests that do not match it (an unknown parameter, a wrong type, a value outside
 * an enumeration). The Stripe adapter's every call is made against it in `npm test`.
 *
 * Built once from its Go module and cached outside the clone, as the MongoDB lane's
 * engine is (scripts/mongodb-engine.mjs): STRIPE_MOCK_CACHE, else $XDG_CACHE_HOME/
 * movie-booking/stripe-mock, else /var/cache/movie-booking/stripe-mock for root
 * (~/.cache/movie-booking/stripe-mock otherwise), in a folder named by the version.
 *
 * Checked, not trusted: the module's source is downloaded through the Go module proxy
 * with the checksum database on (GOSUMDB is never off here, GONOSUMDB/GONOSUMCHECK/
 * GOPRIVATE/GOINSECURE cleared), and its files on disk, wherever they came from (the
 * module cache may be older than this run), are hashed the way `go mod verify` does
 * (dirhash h1) and compared with MODULE_SUM, pinned below from sum.golang.org. Its
 * dependencies are built with -mod=readonly against the module's own go.sum (which that
 * hash covers), so each is checked as it is downloaded.
 *
 *   node scripts/stripe-mock.mjs build   builds if missing; prints the binary's path
 *   node scripts/stripe-mock.mjs check   starts it, asks one call, stops it; prints the times
 *   node scripts/stripe-mock.mjs start   eval "$(node scripts/stripe-mock.mjs start)": exports
 *                                        STRIPE_MOCK_URL and STRIPE_MOCK_STOP (kills by PID)
 *
 * Exit code 3: it cannot be had on this machine (no Go); 1: the build or a check failed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stopChildAndRemove } from './child-process.mjs';

export const STRIPE_MOCK_VERSION = 'v0.203.0';
const MODULE = 'github.com/stripe/stripe-mock';
/** The module's h1 sum, as sum.golang.org records it (proxy.golang.org/sumdb/sum.golang.org/lookup/<module>@<version>). */
const MODULE_SUM = 'h1:EzW7nb/fphqcAkgVRHAaC88OaAZo6SBWSl54cflDTio=';
export const STRIPE_MOCK_LABEL = `stripe-mock ${STRIPE_MOCK_VERSION}`;

const isRoot = process.getuid?.() === 0;

function cacheRoot() {
  if (process.env.STRIPE_MOCK_CACHE) return process.env.STRIPE_MOCK_CACHE;
  if (process.env.XDG_CACHE_HOME) return path.join(process.env.XDG_CACHE_HOME, 'movie-booking', 'stripe-mock');
  return isRoot ? '/var/cache/movie-booking/stripe-mock' : path.join(homedir(), '.cache', 'movie-booking', 'stripe-mock');
}

/** The cached binary of this version. */
export function stripeMockBinary() {
  return path.join(cacheRoot(), STRIPE_MOCK_VERSION, 'stripe-mock');
}

/** The OpenAPI specification the binary embeds, kept beside it for the tests' shape checks. */
export function stripeMockSpec() {
  return path.join(cacheRoot(), STRIPE_MOCK_VERSION, 'spec3.json');
}

function findGo() {
  for (const candidate of ['go', '/usr/local/go/bin/go']) {
    if (spawnSync(candidate, ['version'], { encoding: 'utf8' }).status === 0) return candidate;
  }
  return null;
}

/** The environment for go: the checksum database on, nothing exempted from it, no local module edits. */
function goEnvironment() {
  const env = { ...process.env, GOFLAGS: '-mod=readonly', GONOSUMDB: '', GONOSUMCHECK: '', GONOSUMIGNORE: '', GOPRIVATE: '', GOINSECURE: '' };
  if (env.GOSUMDB === 'off') delete env.GOSUMDB;
  return env;
}

function run(command, args, { cwd, logFile, what }) {
  const result = spawnSync(command, args, { cwd, env: goEnvironment(), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  writeFileSync(logFile, `$ ${command} ${args.join(' ')}\n${result.stdout ?? ''}${result.stderr ?? ''}\n`, { flag: 'a' });
  if (result.status !== 0) {
    const tail = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n').slice(-15).join('\n');
    throw new Error(`${what} failed (${result.error?.message ?? `exit ${result.status ?? result.signal}`}; log: ${logFile})\n${tail}`);
  }
  return result.stdout;
}

/** Every file under dir, relative to it with '/' separators. */
function filesUnder(dir, prefix = '') {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    return entry.isDirectory() ? filesUnder(dir, relative) : [relative];
  });
}

/** Go's dirhash Hash1 of a module's files (what go.sum and the checksum database record). */
export function moduleDirHash(dir, modulePrefix) {
  const names = filesUnder(dir).map((relative) => ({ relative, name: `${modulePrefix}/${relative}` }));
  names.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const summary = createHash('sha256');
  for (const { relative, name } of names) {
    summary.update(`${createHash('sha256').update(readFileSync(path.join(dir, relative))).digest('hex')}  ${name}\n`);
  }
  return `h1:${summary.digest('base64')}`;
}

function build(go, binary, log) {
  const started = Date.now();
  mkdirSync(path.dirname(path.dirname(binary)), { recursive: true });
  // Built in a scratch folder renamed into place at the end: a failed or concurrent build leaves no half cache.
  const scratch = mkdtempSync(`${path.dirname(binary)}.building-`);
  const logFile = path.join(scratch, 'build.log');
  try {
    const download = JSON.parse(run(go, ['mod', 'download', '-json', `${MODULE}@${STRIPE_MOCK_VERSION}`], { cwd: scratch, logFile, what: `downloading ${MODULE}@${STRIPE_MOCK_VERSION}` }));
    const onDisk = moduleDirHash(download.Dir, `${MODULE}@${STRIPE_MOCK_VERSION}`);
    if (download.Sum !== MODULE_SUM || onDisk !== MODULE_SUM) {
      throw new Error(`${MODULE}@${STRIPE_MOCK_VERSION} does not match its pinned sum ${MODULE_SUM}: go reports ${download.Sum}, its files hash to ${onDisk}`);
    }
    // The module ships vendor/modules.txt without the vendored files: build in module mode, each dependency checked against its go.sum.
    run(go, ['build', '-mod=readonly', '-p', '2', '-trimpath', '-o', path.join(scratch, 'stripe-mock'), '.'], { cwd: download.Dir, logFile, what: `building ${STRIPE_MOCK_LABEL}` });
    copyFileSync(path.join(download.Dir, 'embedded', 'openapi', 'spec3.json'), path.join(scratch, 'spec3.json'));
    const seconds = Math.round((Date.now() - started) / 1000);
    writeFileSync(path.join(scratch, 'built.json'), `${JSON.stringify({ label: STRIPE_MOCK_LABEL, sum: MODULE_SUM, seconds, at: new Date().toISOString() })}\n`);
    if (existsSync(binary) && existsSync(stripeMockSpec())) rmSync(scratch, { recursive: true, force: true });
    else {
      rmSync(path.dirname(binary), { recursive: true, force: true });
      renameSync(scratch, path.dirname(binary));
    }
    log(`built in ${seconds} s`);
  } catch (error) {
    log(`build failed; its files are kept in ${scratch}`);
    throw error;
  }
}

/**
 * The binary, built when missing (about a minute on two cores). Resolves to { binary, spec } or,
 * when it cannot be had here, { skipReason } (with failed: true when a build was tried and failed).
 */
export async function ensureStripeMock({ log = (message) => process.stderr.write(`[stripe-mock] ${message}\n`) } = {}) {
  const binary = stripeMockBinary();
  const spec = stripeMockSpec();
  if (existsSync(binary) && existsSync(spec)) return { binary, spec };
  const go = findGo();
  if (!go) return { skipReason: `Go is not installed, and ${STRIPE_MOCK_LABEL} is built with it (.ci/run expects /usr/local/go/bin/go)` };
  log(`building ${STRIPE_MOCK_LABEL} (once; cached in ${path.dirname(binary)})`);
  try {
    build(go, binary, log);
    return { binary, spec };
  } catch (error) {
    return { failed: true, skipReason: `${STRIPE_MOCK_LABEL} could not be built: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/**
 * Starts stripe-mock on 127.0.0.1, HTTP and HTTPS each on a port the system picks (read back
 * from its log, a file in a temporary folder), and resolves once it listens. stop() ends it
 * by PID and removes the folder.
 */
export async function startStripeMock({ binary = stripeMockBinary(), timeoutMs = 30_000 } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'stripe-mock-'));
  const logFile = path.join(dir, 'stripe-mock.log');
  const logFd = openSync(logFile, 'a');
  // Its own process group and a log file, not a pipe: `start` leaves it running after this process exits.
  const child = spawn(binary, ['-http-addr', '127.0.0.1:', '-https-addr', '127.0.0.1:'], { stdio: ['ignore', logFd, logFd], detached: true });
  closeSync(logFd);
  child.unref();
  const stop = () => stopChildAndRemove(child, dir, 5_000);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const log = readFileSync(logFile, 'utf8');
    const listening = /Listening for HTTP at address: 127\.0\.0\.1:(\d+)/.exec(log);
    if (listening) {
      const port = Number(listening[1]);
      return { url: `http://127.0.0.1:${port}`, port, pid: child.pid, dir, stop };
    }
    const exited = child.exitCode ?? child.signalCode;
    if (exited !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`${STRIPE_MOCK_LABEL} ${exited !== null ? `exited with ${exited}` : `did not listen within ${timeoutMs / 1000} s`}:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function main(command) {
  const started = Date.now();
  const ensured = await ensureStripeMock();
  if (ensured.skipReason) {
    process.stderr.write(`[stripe-mock] not available: ${ensured.skipReason}\n`);
    process.exit(ensured.failed ? 1 : 3);
  }
  const ready = Date.now();
  switch (command) {
    case 'build':
      process.stdout.write(`${ensured.binary}\n`);
      break;
    case 'check': {
      const server = await startStripeMock({ binary: ensured.binary });
      const answer = await fetch(`${server.url}/v1/checkout/sessions/cs_test_check`, { headers: { authorization: 'Bearer sk_test_check' } });
      const answered = Date.now();
      await server.stop();
      if (!answer.ok) throw new Error(`${STRIPE_MOCK_LABEL} answered ${answer.status}`);
      process.stdout.write(
        `${STRIPE_MOCK_LABEL}: ready in ${((ready - started) / 1000).toFixed(1)} s (build or cache check), started and answering in ${((answered - ready) / 1000).toFixed(1)} s\n`,
      );
      break;
    }
    case 'start': {
      const server = await startStripeMock({ binary: ensured.binary });
      // The shell that evals this owns the server from here on; it stops it by PID.
      process.stdout.write(`export STRIPE_MOCK_URL=${server.url}\nexport STRIPE_MOCK_STOP='kill ${server.pid}; rm -rf ${server.dir}'\n`);
      process.exit(0);
      break;
    }
    default:
      process.stderr.write('usage: node scripts/stripe-mock.mjs build|check|start\n');
      process.exit(2);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main(process.argv[2]);
