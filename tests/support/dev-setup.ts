import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// The same code `npm run dev` runs.
import { startBackend, startDevServers } from '../../scripts/stack.mjs';
import { DEV_TEST_PORTS } from './dev-stack';

/**
 * Starts what `npm run dev` starts, on ports of its own and fresh data: the built service and identity provider
 * (`npm run build` or the service's own build first), and the four frontends' dev servers, which compile the
 * sources as they are (no production build needed).
 */
export default async function devSetup() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dev-tests-'));
  const ports = { ...DEV_TEST_PORTS };
  const backend = await startBackend({ ports, dataDir, log: false });
  const servers = await startDevServers({ ports, log: Boolean(process.env.DEV_TEST_LOG) }).catch(async (error: unknown) => {
    await backend.stop();
    throw error;
  });
  return async () => {
    await servers.stop();
    await backend.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
