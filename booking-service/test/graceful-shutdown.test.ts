import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabaseUrl, lanes } from './support/databases.ts';
import { builtService, builtServiceEnv, freePort, startProcess, stop } from './support/processes.ts';
import { startTestSigner, type TestSigner } from './support/signer.ts';
import { openEvents } from './support/sse.ts';
import { startTestApp } from './support/test-app.ts';
import { bookableHallShows, lastHallShowId } from './support/bookable.ts';

const adminUrl = process.env.TEST_POSTGRES_URL;
const skipReason = !adminUrl
  ? 'graceful shutdown test skipped: TEST_POSTGRES_URL is not set'
  : !existsSync(builtService)
    ? 'graceful shutdown test skipped: the service is not built (npm test builds it first)'
    : null;
if (skipReason) console.warn(skipReason);

const WATCHERS = 20;
/** The bound for a watcher of the stopped instance to be back on the other one. */
const BACK_WITHIN_MS = 2_000;
const SHUTDOWN_TIMEOUT_SECONDS = 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Instance {
  port: number;
  dataDir: string;
  child: ChildProcess | null;
  url: string;
}

/**
 * Two built services as their own processes on one PostgreSQL database, as behind a balancer. One is
 * stopped with SIGTERM while seat-map watchers are connected to it and bookings are in flight, then
 * started again: every watcher is told to reconnect and is back (on the other instance) within 2 s,
 * every acknowledged booking is in the database, and the instance exits on its own, well within its limit.
 */
describe.skipIf(skipReason !== null)('graceful shutdown of one of two instances (PostgreSQL)', () => {
  let signer: TestSigner;
  let database: Awaited<ReturnType<typeof freshPostgresDatabaseUrl>>;
  const instances: Instance[] = [];

  async function start(instance: Instance) {
    const env = {
      ...builtServiceEnv({ port: instance.port, dataDir: instance.dataDir, databaseUrl: database.url, jwksUrl: signer.jwksUrl, logLevel: 'error' }),
      SHUTDOWN_TIMEOUT_SECONDS: String(SHUTDOWN_TIMEOUT_SECONDS),
    };
    instance.child = await startProcess(process.execPath, [builtService], env, `${instance.url}/api/health/ready`);
  }

  beforeAll(async () => {
    signer = await startTestSigner();
    database = await freshPostgresDatabaseUrl(adminUrl!);
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      instances.push({ port, dataDir: mkdtempSync(path.join(tmpdir(), 'shutdown-')), child: null, url: `http://127.0.0.1:${port}` });
    }
    // One after the other: the first seeds the empty database.
    for (const instance of instances) await start(instance);
  });

  afterAll(async () => {
    for (const instance of instances) {
      if (instance.child) await stop(instance.child, 2_000);
      rmSync(instance.dataDir, { recursive: true, force: true });
    }
    await signer?.close();
    await database?.drop();
  });

  it('tells watchers to reconnect, finishes the bookings in flight, loses none, and exits well within its limit', async () => {
    const [leaving, staying] = instances as [Instance, Instance];
    const showId = await lastHallShowId(staying.url);
    const streamPath = `/api/booking/seats/${showId}/events`;

    // Watchers on the instance that will leave; each goes to the other one when told to reconnect.
    const watchers = await Promise.all(
      Array.from({ length: WATCHERS }, async () => {
        const stream = await openEvents(`${leaving.url}${streamPath}`);
        await stream.next(() => true, 5_000);
        const back = (async () => {
          await stream.ended;
          const cut = Date.now();
          const told = stream.toldToReconnect();
          const again = await openEvents(`${staying.url}${streamPath}`);
          await again.next(() => true, 5_000);
          return { told, afterMs: Date.now() - cut, stream: again };
        })();
        return { stream, back };
      }),
    );

    // Bookings in flight all along: one seat each, each by its own account, on the leaving instance first and
    // on the other when the leaving one refuses (503 while it closes) or no longer accepts connections.
    const seats = ['A', 'B', 'C', 'D', 'E', 'F'].flatMap((row) => [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `${row}${n}`));
    const acknowledged: { seat: string; bookingId: string }[] = [];
    const failures: string[] = [];
    let next = 0;
    let sigtermSent = false;
    async function book(seat: string) {
      const token = await signer.token({ email: `drain-${seat}@example.com`, sub: `drain|${seat}` });
      for (const instance of [leaving, staying]) {
        let response: Response;
        try {
          response = await fetch(`${instance.url}/api/booking/create`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ showId, selectedSeats: [seat] }),
          });
        } catch (error) {
          if (instance === leaving && sigtermSent) continue; // refused: it has stopped accepting connections
          throw error;
        }
        if (response.status === 503 && instance === leaving && sigtermSent) continue;
        const body = (await response.json()) as { bookingId?: string; message?: string };
        if (response.status === 200) return void acknowledged.push({ seat, bookingId: body.bookingId! });
        return void failures.push(`${seat} on ${instance === leaving ? 'the leaving' : 'the staying'} instance: ${response.status} ${body.message}`);
      }
    }
    async function booker() {
      while (next < seats.length) {
        await book(seats[next++]!);
        await sleep(20);
      }
    }
    const bookers = Promise.all(Array.from({ length: 4 }, booker));

    await sleep(300);
    const acknowledgedBeforeStop = acknowledged.length;
    sigtermSent = true;
    const stoppedAt = Date.now();
    const exit = new Promise<number | null>((resolve) => leaving.child!.once('exit', (code) => resolve(code)));
    const ended = await stop(leaving.child!, (SHUTDOWN_TIMEOUT_SECONDS + 5) * 1000);
    const exitCode = await exit;
    const stoppedInMs = Date.now() - stoppedAt;
    leaving.child = null;
    await bookers;

    expect(ended).toBe('exited');
    expect(exitCode).toBe(0);
    expect(stoppedInMs).toBeLessThan(SHUTDOWN_TIMEOUT_SECONDS * 1000);
    expect(acknowledgedBeforeStop).toBeGreaterThan(0);
    expect(failures).toEqual([]);
    expect(acknowledged.map((a) => a.seat).sort()).toEqual([...seats].sort());

    // Every watcher was told to reconnect (not just cut off) and is back on the other instance within 2 s.
    const backs = await Promise.all(watchers.map((w) => w.back));
    for (const back of backs) {
      expect(back.told).toBe(true);
      expect(back.afterMs).toBeLessThan(BACK_WITHIN_MS);
    }

    // No acknowledged booking was lost: the other instance's seat map and each booking's own record.
    const map = (await (await fetch(`${staying.url}/api/booking/seats/${showId}`)).json()) as { occupiedSeats: string[] };
    expect(map.occupiedSeats).toEqual(expect.arrayContaining(seats));

    // Started again, the instance serves the same bookings; the moved watchers still follow changes.
    await start(leaving);
    const again = (await (await fetch(`${leaving.url}/api/booking/seats/${showId}`)).json()) as { occupiedSeats: string[] };
    expect(again.occupiedSeats).toEqual(expect.arrayContaining(seats));
    const lastSeat = 'G1';
    const late = await fetch(`${leaving.url}/api/booking/create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await signer.token({ email: 'late@example.com', sub: 'drain|late' })}`, 'content-type': 'application/json' },
      body: JSON.stringify({ showId, selectedSeats: [lastSeat] }),
    });
    expect(late.status).toBe(200);
    await Promise.all(backs.map((back) => back.stream.next((seen) => seen.includes(lastSeat), BACK_WITHIN_MS)));
    await Promise.all(backs.map((back) => back.stream.close()));
  });
});

describe.skipIf(lanes[0]!.skipReason !== null)(`closing the app on ${lanes[0]!.name}`, () => {
  it('tells each open seat stream to reconnect soon (retry 200 ms, event: reconnect) before ending it, and closes', async () => {
    const t = await startTestApp(lanes[0]!);
    const showId = (await bookableHallShows(t.store))[0]!.id;
    const response = await fetch(`${t.baseUrl}/api/booking/seats/${showId}/events`);
    const reader = response.body!.getReader();
    let text = '';
    while (!text.includes('event: seats')) text += new TextDecoder().decode((await reader.read()).value);
    await t.close();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    expect(text).toMatch(/retry: 200\nevent: reconnect\ndata: \{\}\n\n$/);
  });
});
