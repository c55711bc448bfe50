/**
 * Child processes for the benchmarks: start one and wait until it answers on a
 * URL, stop it again, find a free port. Shared by read-bench.ts and rush-bench.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
export { freePort } from '../../test/support/free-port.ts';

/** booking-service/: where the built service (dist/) and node_modules/.bin live. */
export const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface StartOptions {
  /** Append the child's stdout (the service's JSON log) to this file instead of discarding it. */
  logFile?: string;
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
    stdio: ['ignore', logFd ?? 'ignore', 'inherit'],
  });
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

