import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ALL_SEATS } from '../src/contract/seats/hall.ts';
import { firstBookableSlot, type ShowSlot } from './support/bookable.ts';
import { builtService, builtServiceEnv, freePort, startProcess, stop } from './support/processes.ts';
import { startTestSigner, type TestSigner } from './support/signer.ts';

/**
 * The built service (dist/main.js) as a theatre on MongoDB runs it: MONGODB_URI pointing at a fresh
 * database on the MongoDB lane's server (FerretDB 2 over DocumentDB, or TEST_MONGODB_URI), with tokens
 * from a JWKS over HTTP. The API contract through that process: health names the store, the seeded
 * catalogue, a hold, a second hold of the same seats refused with the seats named, the seat map, the
 * customer's own bookings, and a request without a token refused.
 */
const server = inject('mongoLaneServer');
const skipReason = server.skipReason ?? (existsSync(builtService) ? null : 'the built service is missing (npm run build)');
if (skipReason) console.warn(`Built service on MongoDB skipped: ${skipReason}`);

describe.skipIf(skipReason !== null)(`the built service with MONGODB_URI on ${server.label}`, () => {
  let signer: TestSigner;
  let child: ChildProcess;
  let origin: string;
  let uri: string;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mongodb-built-'));

  beforeAll(async () => {
    signer = await startTestSigner();
    const url = new URL(server.uri!);
    url.pathname = `/built_${randomBytes(5).toString('hex')}`;
    uri = url.toString();
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    const env = { ...builtServiceEnv({ port, dataDir, databaseUrl: '', jwksUrl: signer.jwksUrl, logLevel: 'warn' }), MONGODB_URI: uri };
    child = await startProcess(process.execPath, [builtService], env, `${origin}/api/health`, { timeoutMs: 120_000 });
  }, 180_000);

  afterAll(async () => {
    if (child) await stop(child);
    await signer?.close();
    const connection = await mongoose.createConnection(uri).asPromise().catch(() => null);
    await connection?.dropDatabase().catch(() => {});
    await connection?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function api(method: string, route: string, { token, body }: { token?: string; body?: unknown } = {}) {
    const response = await fetch(`${origin}${route}`, {
      method,
      headers: { ...(token && { authorization: `Bearer ${token}` }), ...(body !== undefined && { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  }

  it('answers the API contract from the MongoDB store', async () => {
    expect(await api('GET', '/api/health')).toEqual({ status: 200, body: { success: true, status: 'ok', database: 'mongodb' } });

    const all = await api('GET', '/api/show/all');
    expect(all.status).toBe(200);
    expect(all.body.shows.length).toBeGreaterThanOrEqual(8);
    const detail = await api('GET', `/api/show/${all.body.shows[0]._id}`);
    expect(detail.status).toBe(200);
    const { showId } = firstBookableSlot(detail.body.dateTime as Record<string, ShowSlot[]>);

    // Free seats of that show: the seed sells a few seats of some upcoming shows (A3-A5 of one), and which show comes
    // first depends on the hour of the run.
    const before = await api('GET', `/api/booking/seats/${showId}`);
    const free = ALL_SEATS.filter((seat) => !(before.body.occupiedSeats as string[]).includes(seat));
    const seats = free.slice(0, 3);
    const alice = await signer.token({ sub: 'auth0|alice', email: 'alice@example.com', name: 'Alice' });
    const bob = await signer.token({ sub: 'auth0|bob', email: 'bob@example.com', name: 'Bob' });
    const held = await api('POST', '/api/booking/create', { token: alice, body: { showId, selectedSeats: seats } });
    expect(held.status).toBe(200);
    expect(held.body).toMatchObject({ success: true, bookingId: expect.any(String) });

    const refused = await api('POST', '/api/booking/create', { token: bob, body: { showId, selectedSeats: [seats[2], free[3]] } });
    expect(refused.status).toBe(409);
    expect(refused.body.takenSeats).toEqual([seats[2]]);

    const map = await api('GET', `/api/booking/seats/${showId}`);
    expect(map.status).toBe(200);
    expect(map.body.occupiedSeats).toEqual(expect.arrayContaining(seats));

    const own = await api('GET', '/api/user/bookings', { token: alice });
    expect(own.status).toBe(200);
    expect(JSON.stringify(own.body)).toContain(held.body.bookingId);

    expect((await api('POST', '/api/booking/create', { body: { showId, selectedSeats: [free[10]] } })).status).toBe(401);
  });
});
