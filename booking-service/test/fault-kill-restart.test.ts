import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSigner, type TestSigner } from './support/signer.ts';
import { builtService, builtServiceEnv, freePort, startProcess } from './support/processes.ts';

const adminUrl = process.env.TEST_POSTGRES_URL;
const skipReason = !adminUrl
  ? 'kill-and-restart fault test skipped: TEST_POSTGRES_URL is not set'
  : !existsSync(builtService)
    ? 'kill-and-restart fault test skipped: the service is not built (npm test builds it first)'
    : null;
if (skipReason) console.warn(skipReason);

/**
 * The built service as its own process, killed with SIGKILL (no shutdown at
 * all) while bookings are in flight, then started again on the same database.
 */
describe.skipIf(skipReason !== null)('the service killed mid-booking and restarted (PostgreSQL)', () => {
  let signer: TestSigner;
  let databaseUrl: string;
  let dbName: string;
  let dataDir: string;
  let port: number;
  let child: ChildProcess | null = null;
  const base = () => `http://127.0.0.1:${port}`;

  async function startService(): Promise<void> {
    const env = builtServiceEnv({ port, dataDir, databaseUrl, jwksUrl: signer.jwksUrl, logLevel: 'error' });
    child = await startProcess(process.execPath, [builtService], env, `${base()}/api/health`);
  }

  beforeAll(async () => {
    signer = await startTestSigner();
    dbName = `fault_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
    dataDir = mkdtempSync(path.join(tmpdir(), 'fault-'));
    port = await freePort();
    await startService();
  });

  afterAll(async () => {
    child?.kill('SIGKILL');
    await signer?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (dbName) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  });

  it('loses no acknowledged booking, leaves no half-booking, and the bookings stay payable', async () => {
    const all = (await (await fetch(`${base()}/api/show/all`)).json()) as { shows: { _id: string }[] };
    const detail = (await (await fetch(`${base()}/api/show/${all.shows[0]!._id}`)).json()) as { dateTime: Record<string, { showId: string }[]> };
    const showId = Object.values(detail.dateTime).at(-1)![0]!.showId;

    const tokens = await Promise.all(Array.from({ length: 150 }, (_, i) => signer.token({ email: `crash${i}@example.com`, sub: `crash|${i}` })));
    const seats = ['A', 'B', 'C', 'D', 'E', 'F'].flatMap((row) => [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `${row}${n}`));
    let firstAck!: () => void;
    const acknowledgedOnce = new Promise<void>((resolve) => (firstAck = resolve));
    const book = (i: number) =>
      fetch(`${base()}/api/booking/create`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens[i % tokens.length]}`, 'content-type': 'application/json' },
        body: JSON.stringify({ showId, selectedSeats: [seats[i % seats.length]!, seats[(i + 7) % seats.length]!] }),
      }).then(
        async (response) => {
          if (response.status === 200) firstAck();
          return { status: response.status, body: (await response.json().catch(() => null)) as { bookingId?: string; url?: string } | null };
        },
        () => ({ status: 0, body: null }),
      );
    const attempts = tokens.map((_, i) => book(i));
    // More keep coming until the kill, so some are surely in flight then: the service answers a burst so fast
    // (one statement for a whole batch) that the first 150 can all be answered before the kill lands.
    const feeder = setInterval(() => attempts.length < 450 && attempts.push(book(attempts.length)), 1);
    // Kill it the moment the first booking is acknowledged, with the rest still in flight.
    await Promise.race([acknowledgedOnce, new Promise((r) => setTimeout(r, 10_000))]);
    clearInterval(feeder);
    child!.kill('SIGKILL');
    const results = await Promise.all(attempts);
    const acknowledged = results.filter((r) => r.status === 200).map((r) => r.body!);
    const cut = results.filter((r) => r.status === 0).length;
    console.info(`[fault] ${results.length} bookings in flight: ${acknowledged.length} acknowledged, ${cut} cut by the kill, ${results.length - acknowledged.length - cut} refused`);
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(cut).toBeGreaterThan(0);

    await startService();
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const bookings = (await db.query('select id, seats, status from bookings where show_id = $1', [showId])).rows as { id: string; seats: string[]; status: string }[];
      const reservations = (await db.query('select seat, booking_id from seat_reservations where show_id = $1', [showId])).rows as { seat: string; booking_id: string }[];
      const ids = new Set(bookings.map((b) => b.id));
      // Every acknowledged booking survived the kill.
      for (const booking of acknowledged) expect(ids.has(booking.bookingId!)).toBe(true);
      // No half-booking: every live booking holds all its seats, and every held seat belongs to a live booking.
      for (const booking of bookings.filter((b) => b.status !== 'cancelled')) {
        expect(reservations.filter((r) => r.booking_id === booking.id).map((r) => r.seat).sort()).toEqual([...booking.seats].sort());
      }
      for (const reservation of reservations) expect(ids.has(reservation.booking_id)).toBe(true);
      expect(new Set(reservations.map((r) => r.seat)).size).toBe(reservations.length);
    } finally {
      await db.end();
    }
    // The restarted service still takes payment for what it acknowledged.
    for (const booking of acknowledged.slice(0, 3)) {
      const page = await fetch(booking.url!, { redirect: 'manual' });
      expect([200, 303]).toContain(page.status);
    }
  });
});
