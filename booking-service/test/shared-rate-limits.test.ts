import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRateLimitRedis } from '../src/http/shared-rate-limits.ts';
import { lanes } from './support/databases.ts';
import { freePort } from './support/processes.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const redisAbsent = spawnSync('redis-server', ['--version']).error !== undefined;
const skipReason = redisAbsent ? 'shared rate limits skipped: redis-server is not installed (Debian package redis-server; .ci/run installs it)' : null;
if (skipReason) console.warn(skipReason);

const lane = lanes[0]!;
const PER_MINUTE = 10;

/** A throwaway redis-server on a free loopback port, nothing written to disk. */
async function startRedis(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const deadline = Date.now() + 10_000;
  for (;;) {
    const listening = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(!!socket.end()));
      socket.on('error', () => resolve(false));
    });
    if (listening) break;
    if (Date.now() > deadline) throw new Error('redis-server did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** `count` calls of a limited (not cacheable) route, alternating between the instances; their statuses in order. */
async function alternate(instances: TestApp[], count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const instance = instances[i % instances.length]!;
    statuses.push((await instance.api('GET', '/api/user/bookings', { token: await instance.tokenFor('counted@example.com') })).status);
  }
  return statuses;
}

describe.skipIf(skipReason !== null || lane.skipReason !== null)('per-address rate limits across two instances', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  const apps: TestApp[] = [];

  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await redis?.stop();
  });

  async function twoInstances(env: Record<string, string>) {
    const pair = [await startTestApp(lane, { env }), await startTestApp(lane, { env })];
    apps.push(...pair);
    return pair;
  }

  it('with REDIS_URL the limit counts both instances together', async () => {
    const pair = await twoInstances({ RATE_LIMIT_PER_MINUTE: String(PER_MINUTE), REDIS_URL: redis.url });
    const statuses = await alternate(pair, PER_MINUTE + 4);
    expect(statuses.slice(0, PER_MINUTE)).toEqual(Array(PER_MINUTE).fill(200));
    expect(statuses.slice(PER_MINUTE)).toEqual([429, 429, 429, 429]);
  });

  it('without REDIS_URL each instance counts alone: a client gets the limit on each', async () => {
    const pair = await twoInstances({ RATE_LIMIT_PER_MINUTE: String(PER_MINUTE) });
    const statuses = await alternate(pair, 2 * PER_MINUTE + 2);
    expect(statuses.slice(0, 2 * PER_MINUTE)).toEqual(Array(2 * PER_MINUTE).fill(200));
    expect(statuses.slice(2 * PER_MINUTE)).toEqual([429, 429]);
  });

  it('refuses to start when REDIS_URL does not answer, without repeating its password', async () => {
    const port = await freePort();
    const connecting = connectRateLimitRedis(`redis://:hunter2@127.0.0.1:${port}`, () => {});
    await expect(connecting).rejects.toThrow(/^REDIS_URL: Redis did not answer/);
    await expect(connecting).rejects.not.toThrow(/hunter2/);
  });

  it('serves without the shared limit while Redis is down, rather than refusing', async () => {
    const own = await startRedis();
    const [instance] = await twoInstances({ RATE_LIMIT_PER_MINUTE: String(PER_MINUTE), REDIS_URL: own.url });
    await own.stop();
    const statuses = await alternate([instance!], 3);
    expect(statuses).toEqual([200, 200, 200]);
  });
});
