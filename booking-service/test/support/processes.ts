/**
 * Child processes for the fault tests and the benchmarks: the built service
 * (or any command) started and awaited until it answers on a URL, stopped
 * again, and the environment that isolates the service from the caller's.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_ISSUER } from './signer.ts';
export { freePort } from '../../../scripts/free-port.mjs';

/** booking-service/: where the built service (dist/) and node_modules/.bin live. */
export const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The production build of the service, which `npm test` and `npm run bench` build first. */
export const builtService = path.join(packageRoot, 'dist/main.js');

export interface BuiltServiceSettings {
  port: number;
  dataDir: string;
  /** Empty selects embedded PGlite. */
  databaseUrl: string;
  /** The test signer's JWKS; without it the service runs with its default sign-in settings. */
  jwksUrl?: string;
  logLevel: 'error' | 'warn' | 'info';
}

/**
 * The built service's environment: rate limits off, every remote service
 * emptied so the caller's shell cannot redirect it, and NODE_ENV=development:
 * production refuses to start without Stripe keys and with the local issuer
 * the test signer's tokens carry. The mode changes nothing else in the service:
 * same build, same code paths, with the local checkout (sessions in the same
 * database) in place of Stripe's API.
 */
export function builtServiceEnv({ port, dataDir, databaseUrl, jwksUrl, logLevel }: BuiltServiceSettings): Record<string, string> {
  return {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    DATABASE_SESSION_URL: '',
    MONGODB_URI: '',
    PUBLIC_URL: '',
    AUTH0_DOMAIN: '',
    ...(jwksUrl && { AUTH_ISSUER: TEST_ISSUER, AUTH_JWKS_URL: jwksUrl }),
    STRIPE_SECRET_KEY: '',
    STRIPE_WEBHOOK_SECRET: '',
    SMTP_URL: '',
    TMDB_API_KEY: '',
    RATE_LIMIT_PER_MINUTE: '0',
    BOOKING_RATE_LIMIT_PER_MINUTE: '10000',
    LOG_LEVEL: logLevel,
  };
}

export interface StartOptions {
  /** Append the child's stdout (the service's JSON log) to this file instead of discarding it. */
  logFile?: string;
  /** Pipe stdout and stderr to the caller (read them in onSpawn) instead of discarding and inheriting them. */
  pipeOutput?: boolean;
  /** Called right after the spawn, before waiting: attach output and exit listeners here. */
  onSpawn?: (child: ChildProcess) => void;
  /** How long to wait for readyUrl to answer 2xx (default 60 s). */
  timeoutMs?: number;
}

/** Spawns a process in booking-service/ and resolves once `readyUrl` answers 2xx. */
export function startProcess(
  command: string,
  args: string[],
  env: Record<string, string>,
  readyUrl: string,
  options: StartOptions = {},
): Promise<ChildProcess> {
  const logFd = options.logFile ? openSync(options.logFile, 'a') : null;
  const child = spawn(command, args, {
    cwd: packageRoot,
    env: { ...process.env, ...env },
    stdio: options.pipeOutput ? ['ignore', 'pipe', 'pipe'] : ['ignore', logFd ?? 'ignore', 'inherit'],
  });
  options.onSpawn?.(child);
  // The child holds its own copy of the descriptor.
  if (logFd !== null) closeSync(logFd);
  const timeoutMs = options.timeoutMs ?? 60_000;
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const poll = async () => {
      if (child.exitCode !== null || child.signalCode !== null) {
        return reject(new Error(`${args.join(' ')} exited with ${child.exitCode ?? child.signalCode}`));
      }
      try {
        if ((await fetch(readyUrl)).ok) return resolve(child);
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        return reject(new Error(`${readyUrl} did not answer within ${timeoutMs / 1000} s`));
      }
      setTimeout(poll, 200);
    };
    void poll();
  });
}

/**
 * Stops a child with SIGTERM (the service closes its server and its database)
 * and resolves when it has exited; SIGKILL if it is still there after `graceMs`.
 * Resolves to how it ended.
 */
export function stop(child: ChildProcess, graceMs = 20_000): Promise<'exited' | 'killed'> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve('exited');
    let killed = false;
    const timer = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(killed ? 'killed' : 'exited');
    });
    child.kill('SIGTERM');
  });
}

