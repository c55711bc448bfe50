import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtService, builtServiceEnv, freePort, startProcess, stop } from './support/processes.ts';
import { laneLeftOut } from './support/lane-selection.ts';

const skipReason = existsSync(builtService) ? null : 'access log shutdown test skipped: the service is not built (npm test builds it first)';
if (skipReason) console.warn(skipReason);

const REQUESTS = 400;

/**
 * The log is written in batches (src/http/log-destination.ts). The built service, stopped with SIGTERM right after a
 * burst of requests, has written every access line of them before it exits: a graceful stop loses none.
 */
describe.skipIf(skipReason !== null || laneLeftOut('pglite') !== null)('the access log at a graceful stop', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'access-log-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('holds a line for every request answered before SIGTERM, and the closing line after them', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const logFile = path.join(dataDir, 'service.log');
    const env = { ...builtServiceEnv({ port, dataDir, databaseUrl: '', logLevel: 'info' }), ACCESS_LOG_EVERY: '1' };
    const child = await startProcess(process.execPath, [builtService], env, `${base}/api/health/ready`, { logFile });
    let exit: string;
    try {
      const ids = Array.from({ length: REQUESTS }, (_, i) => `burst-${i}`);
      const statuses = await Promise.all(
        ids.map(async (id, i) => (await fetch(`${base}${i % 10 === 9 ? '/api/no-such-route' : '/api/show/all'}`, { headers: { 'x-request-id': id } })).status),
      );
      expect(statuses.filter((status) => status === 200)).toHaveLength(REQUESTS * 0.9);
    } finally {
      exit = await stop(child);
    }
    expect(exit).toBe('exited');
    const lines = readFileSync(logFile, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
    const access = lines.filter((line) => line.msg === 'request' && String(line.reqId).startsWith('burst-'));
    expect(new Set(access.map((line) => line.reqId)).size).toBe(REQUESTS);
    expect(access.filter((line) => line.status === 404)).toHaveLength(REQUESTS / 10);
    expect(lines.at(-1)).toMatchObject({ msg: 'SIGTERM: closed' });
  });
});
