/**
 * The whole product on one machine: the booking service, the identity
 * provider when built, the shell and the three remotes, each on its own port.
 * `npm start` and the browser tests start it the same way.
 */
import { spawn } from 'node:child_process';
import { existsSync, openSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeBuild } from './deploy/site.mjs';
import { FIRST_PAGES_URL, firstPagesJson, manifestReader } from './first-pages.mjs';
import { firstViewEnabled, firstViewRenderer, switchedFirstView } from './first-view.mjs';
import { serveStatic } from './static-server.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const DEFAULT_PORTS = { shell: 3000, customer: 3001, admin: 3002, debug: 3003, service: 4000, identity: 4400 };
export const FRONTENDS = { shell: 'shell', customer: 'customer-mfe', admin: 'admin-mfe', debug: 'debug-mfe' };

const origin = (port) => `http://localhost:${port}`;

/** The run-time files a deployment edits: where the remotes live, and how to reach the API and sign-in. */
export function runtimeConfig(ports) {
  return {
    remotes: {
      customer: `${origin(ports.customer)}/mf-manifest.json`,
      admin: `${origin(ports.admin)}/mf-manifest.json`,
      debug: `${origin(ports.debug)}/mf-manifest.json`,
    },
    appConfig: {
      apiBaseUrl: origin(ports.service),
      imageBaseUrl: `${origin(ports.service)}/api/images`,
      auth: { domain: origin(ports.identity), clientId: 'movie-app-local', audience: 'https://movie-app/api' },
    },
  };
}

/**
 * Serves a frontend's build folder on `port` as a deployment does: its
 * app-config.json from `config`, and for the shell its remotes.json (`remotes`:
 * an object, or a function read on each request), both also inline in its page
 * (scripts/inline-runtime-config.mjs) with the first-page tables the remotes
 * it names publish (read from their manifests on each request: first-pages.mjs).
 */
export function serveFrontend({ name, root: dist, port, config, remotes, firstView = firstViewEnabled }) {
  const overrides = { '/app-config.json': JSON.stringify(config.appConfig, null, 2) };
  const liveRemotes = () => (typeof remotes === 'function' ? remotes() : remotes);
  if (name === 'shell') {
    overrides['/remotes.json'] = () => JSON.stringify(liveRemotes(), null, 2);
    overrides[FIRST_PAGES_URL] = () => firstPagesJson(liveRemotes(), manifestReader(dist));
  }
  const inlineIntoHtml = name === 'shell' ? ['/remotes.json', '/app-config.json', FIRST_PAGES_URL] : [];
  // The shell's page carries the requested page's first view, as the live remote release renders it (first-view.mjs).
  // `firstView`: whether it sends them now (on unless FIRST_VIEW=off; the test stack can switch it for a spec).
  const renderFirstView = name === 'shell' ? switchedFirstView(firstViewRenderer({ site: dist, readManifest: manifestReader(dist) }), firstView) : undefined;
  return serveStatic({ root: dist, port, overrides, inlineIntoHtml, renderFirstView });
}

async function waitFor(url, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the process exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** `log`: true to the terminal, false to nowhere, or a file descriptor (the log as an operator keeps it). */
function startNode(script, env, log) {
  const child = spawn(process.execPath, [script], {
    cwd: path.join(root, 'booking-service'),
    env: { ...process.env, ...env },
    stdio: ['ignore', typeof log === 'number' ? log : log ? 'inherit' : 'ignore', 'inherit'],
  });
  return child;
}

function stopChild(child) {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts the booking service and, when built, the local identity provider, and
 * resolves once both answer. The frontends at `frontendOrigins` may call them.
 */
export async function startBackend({ ports = DEFAULT_PORTS, dataDir = path.join(root, '.data'), log = true, env = {} } = {}) {
  const frontendOrigins = Object.keys(FRONTENDS).map((name) => origin(ports[name]));
  const identityScript = path.join(root, 'booking-service/dist/identity/provider-main.js');
  const withIdentity = existsSync(identityScript);
  const commonEnv = { DATA_DIR: dataDir, SHELL_URL: origin(ports.shell), ...(withIdentity ? { AUTH_ISSUER: `${origin(ports.identity)}/` } : {}), ...env };
  const children = {};
  const stop = () => Promise.all(Object.values(children).map(stopChild));
  try {
    if (withIdentity) {
      children.identity = startNode(identityScript, { ...commonEnv, IDENTITY_PORT: String(ports.identity), IDENTITY_REDIRECT_ORIGINS: frontendOrigins.join(',') }, log);
    }
    children.service = startNode('dist/main.js', {
      ...commonEnv,
      PORT: String(ports.service),
      PUBLIC_URL: origin(ports.service),
      CORS_ORIGINS: frontendOrigins.join(','),
    }, log);
    await waitFor(`${origin(ports.service)}/api/health`, children.service);
    if (children.identity) await waitFor(`${origin(ports.identity)}/.well-known/openid-configuration`, children.identity);
    return { stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The four frontends' dev servers (`rspack serve --mode development`, hot reload) on `ports`, as `npm run dev`
 * runs them: each app's port by its *_PORT variable, and the shell's /remotes.json and every app's /app-config.json
 * pointing at `ports` (DEV_RUNTIME_CONFIG, shared-ui/federation.mjs' developmentOptions). Resolves once each
 * serves its page (a remote: its mf-manifest.json); `stop()` ends them. `log`: false drops their output.
 */
export async function startDevServers({ ports = DEFAULT_PORTS, log = true, timeoutMs = 120_000 } = {}) {
  const env = {
    ...process.env,
    ...Object.fromEntries(Object.keys(FRONTENDS).map((name) => [`${name.toUpperCase()}_PORT`, String(ports[name])])),
    DEV_RUNTIME_CONFIG: JSON.stringify(runtimeConfig(ports)),
  };
  const children = {};
  const stop = () => Promise.all(Object.values(children).map(stopChild));
  try {
    for (const [name, dir] of Object.entries(FRONTENDS)) {
      children[name] = spawn(path.join(root, dir, 'node_modules/.bin/rspack'), ['serve', '--mode', 'development'], {
        cwd: path.join(root, dir),
        env,
        stdio: ['ignore', log ? 'inherit' : 'ignore', log ? 'inherit' : 'ignore'],
      });
    }
    await Promise.all(Object.entries(children).map(([name, child]) => waitFor(`${origin(ports[name])}/${name === 'shell' ? '' : 'mf-manifest.json'}`, child, timeoutMs)));
    return { ports, urls: Object.fromEntries(Object.keys(FRONTENDS).map((name) => [name, origin(ports[name])])), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Each remote's release id (`<version>-<hash>`, scripts/deploy/site.mjs) from its production build. */
async function releaseIdsOf(names) {
  const builds = await Promise.all(names.map((name) => describeBuild(name, path.join(root, FRONTENDS[name], 'dist'))));
  return Object.fromEntries(builds.map((build) => [build.app, build.id]));
}

/**
 * Starts everything from the production builds (run the builds first) and
 * resolves once each part answers. `stop()` ends all of it.
 */
export async function startStack({ ports = DEFAULT_PORTS, dataDir = path.join(root, '.data'), log = true, env = {} } = {}) {
  const config = runtimeConfig(ports);
  // What the shell's /remotes.json says; a deployment (or a test) edits it to ship or roll back a remote. It names
  // each build's release id as the deploy command does, so the shell's load reports and the support desk's
  // Releases page say which release runs (not "unknown").
  let remotes = { ...config.remotes, versions: await releaseIdsOf(['customer', 'admin', 'debug']) };
  let firstViewOn = firstViewEnabled();
  const servers = {};
  let backend = null;

  const stop = async () => {
    await Promise.all(Object.values(servers).map((server) => server.close()));
    await backend?.stop();
  };

  try {
    const startFrontend = async (name) => {
      servers[name] = await serveFrontend({ name, root: path.join(root, FRONTENDS[name], 'dist'), port: ports[name], config, remotes: () => remotes, firstView: () => firstViewOn });
    };
    for (const name of Object.keys(FRONTENDS)) await startFrontend(name);
    backend = await startBackend({ ports, dataDir, log, env });

    return {
      ports,
      urls: Object.fromEntries(Object.keys(ports).map((name) => [name, origin(ports[name])])),
      config,
      stop,
      /** Stops one frontend's server (to prove the others keep working). */
      async stopFrontend(name) {
        await servers[name].close();
        delete servers[name];
      },
      startFrontend,
      /** Stops the service and the identity provider (a graceful shutdown), as an operator does to restore a backup. */
      async stopBackend() {
        await backend?.stop();
        backend = null;
      },
      /** Starts them again on the same DATA_DIR; rejects if the service refuses to start. */
      async startBackend() {
        backend = await startBackend({ ports, dataDir, log, env });
      },
      /** Serves a new /remotes.json from the same shell build: the whole of shipping or rolling back a remote. */
      async setRemotes(next) {
        remotes = next;
      },
      /** Turns the shell's first views on or off (FIRST_VIEW's default at start). */
      setFirstView(on) {
        firstViewOn = on;
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The stack in a process of its own, as `npm start` runs it, for a measuring
 * driver (Lighthouse, a browser) that must not share an event loop with the
 * servers it measures: a busy driver would answer for them late, and
 * Lighthouse reads those late answers as server latency. Resolves once every
 * part answers, with the URLs and `stop()`. `logFile`: append the service's and the identity provider's logs
 * there (by default they are dropped).
 */
export async function startStackProcess({ ports = DEFAULT_PORTS, dataDir, logFile = '' }) {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url)], {
    env: { ...process.env, STACK_PORTS: JSON.stringify(ports), DATA_DIR: dataDir, STACK_LOG_FILE: logFile },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const urls = await new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (data) => {
      output += data;
      const ready = output.split('\n').find((line) => line.startsWith('{'));
      if (ready) resolve(JSON.parse(ready).urls);
    });
    child.once('exit', (code) => reject(new Error(`the stack process exited with code ${code} before it was up`)));
  });
  child.stdout.resume();
  return { ports, urls, stop: () => stopChild(child) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const log = process.env.STACK_LOG_FILE ? openSync(process.env.STACK_LOG_FILE, 'a') : false;
  const stack = await startStack({ ports: process.env.STACK_PORTS ? JSON.parse(process.env.STACK_PORTS) : DEFAULT_PORTS, dataDir: process.env.DATA_DIR, log });
  process.stdout.write(`${JSON.stringify({ urls: stack.urls })}\n`);
  process.once('SIGTERM', () => void stack.stop().then(() => process.exit(0)));
}
