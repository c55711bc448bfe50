/** The test servers' processes (FerretDB, stripe-mock), started by scripts/ferretdb.mjs and scripts/stripe-mock.mjs. */
import { rmSync } from 'node:fs';

/**
 * Stops `child` (SIGTERM, then SIGKILL after `graceMs`), then removes its scratch folder `dir`; resolves
 * once both are done. Safe to call when the process has already exited.
 */
export function stopChildAndRemove(child, dir, graceMs) {
  return new Promise((resolve) => {
    const done = () => {
      rmSync(dir, { recursive: true, force: true });
      resolve();
    };
    if (child.exitCode !== null || child.signalCode !== null) return done();
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    child.kill('SIGTERM');
  });
}
